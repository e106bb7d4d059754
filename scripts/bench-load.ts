// The load generator of `npm run bench`: `connections` clients calling one URL back to back for `duration` seconds.
// autocannon for ordinary answers; for large ones (over LARGE_ANSWER_BYTES on the wire) Node's own HTTP client,
// because autocannon's JavaScript HTTP parser reads about 75 MB/s on one core here and would measure itself
// (a bare route sending a 230 KB answer: autocannon 160-330 req/s at 100 % client CPU; Node's native parser
// several thousand). Each result says which client made it and how much CPU the client used.
import http from 'node:http';
import autocannon from 'autocannon';

export interface Timing {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

export interface Figures extends Timing {
  /** Bytes on the wire per answer (autocannon: headers included; Node's client: body only). */
  bytes: number;
  client: 'autocannon' | 'node:http';
  /** The load generator's CPU time over the run, as % of one core: near 100 means it, not the app, set the pace. */
  clientCpu: number;
}

export const LARGE_ANSWER_BYTES = 64 * 1024;

export async function load(url: string, headers: Record<string, string>, connections: number, duration: number): Promise<Figures> {
  const probe = await once(url, headers);
  return probe.bytes > LARGE_ANSWER_BYTES ? loadWithNodeHttp(url, headers, connections, duration) : loadWithAutocannon(url, headers, connections, duration);
}

async function loadWithAutocannon(url: string, headers: Record<string, string>, connections: number, duration: number): Promise<Figures> {
  const cpu = process.cpuUsage();
  const r = await autocannon({ url, connections, duration, headers });
  return {
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.non2xx + r.errors,
    bytes: r.requests.total ? r.throughput.total / r.requests.total : 0,
    client: 'autocannon',
    clientCpu: cpuPercent(process.cpuUsage(cpu), duration),
  };
}

async function loadWithNodeHttp(url: string, headers: Record<string, string>, connections: number, duration: number): Promise<Figures> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const latencies: number[] = [];
  let errors = 0;
  let bytes = 0;
  const cpu = process.cpuUsage();
  const end = performance.now() + duration * 1000;
  try {
    await Promise.all(
      Array.from({ length: connections }, async () => {
        while (performance.now() < end) {
          const t = performance.now();
          const r = await once(url, headers, agent).catch(() => ({ status: 0, bytes: 0 }));
          latencies.push(performance.now() - t);
          bytes += r.bytes;
          if (r.status < 200 || r.status > 299) errors++;
        }
      }),
    );
  } finally {
    agent.destroy();
  }
  latencies.sort((a, b) => a - b);
  const at = (p: number) => Math.round(latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))] ?? 0);
  return {
    rps: latencies.length / duration,
    p50: at(0.5),
    p99: at(0.99),
    errors,
    bytes: latencies.length ? bytes / latencies.length : 0,
    client: 'node:http',
    clientCpu: cpuPercent(process.cpuUsage(cpu), duration),
  };
}

/** One call, its body read to the end (not decoded): its status and size. */
function once(url: string, headers: Record<string, string>, agent?: http.Agent): Promise<{ status: number; bytes: number }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers, agent }, (res) => {
        let bytes = 0;
        res.on('data', (chunk: Buffer) => (bytes += chunk.length));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, bytes }));
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

const cpuPercent = (used: NodeJS.CpuUsage, seconds: number) => Math.round(((used.user + used.system) / 1e6 / seconds) * 100);

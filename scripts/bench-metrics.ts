// What the metrics hook and the request log cost per request (docs/observability.md, "Cost"): autocannon against a
// cheap parametric route of a bare Fastify server, in its own process, without the hook, with it, and with the
// logger on (the default, no line per request, and LOG_REQUESTS=true), rounds interleaved so drift hits every variant.
// The figure is the server process's CPU time per request (user + system, from process.cpuUsage), which a busy
// shared machine disturbs far less than requests/s. First, the hook's own work in a tight loop on a real request.
// Usage: npx tsx scripts/bench-metrics.ts [-- --duration 10 --connections 10 --rounds 3]
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import autocannon from 'autocannon';
import Fastify, { type FastifyRequest } from 'fastify';
import { Histogram } from 'prom-client';
import type { Database } from '../src/server/db/client';
import { registerMetrics } from '../src/server/platform/metrics';
import { RequestLogController, serializeRequest } from '../src/server/platform/request-log';

const VARIANTS = ['bare', 'metrics', 'metrics+log', 'metrics+log-every-request'] as const;
type Variant = (typeof VARIANTS)[number];

function arg(name: string, def: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : def;
}

async function serve(variant: Variant) {
  const logged = variant.includes('log');
  const app = Fastify({
    logger: logged ? { level: 'info', serializers: { req: serializeRequest }, stream: fs.createWriteStream('/dev/null') } : false,
    logController: new RequestLogController(variant === 'metrics+log-every-request'),
  });
  // No database: the hook and the endpoint only; the backlog is read only when scraped.
  if (variant !== 'bare') registerMetrics(app, { database: {} as Database, config: { METRICS_TOKEN: undefined } });
  app.get('/api/items/:id', async (request) => ({ id: (request.params as { id: string }).id, ok: true }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  process.on('message', () => process.send?.(process.cpuUsage()));
  process.send?.(typeof address === 'object' && address ? address.port : 0);
}

async function measure(variant: Variant, duration: number, connections: number) {
  const child = spawn(process.execPath, ['--import', 'tsx', import.meta.filename, '--serve', variant], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const port = await new Promise<number>((resolve) => child.once('message', (m) => resolve(Number(m))));
  try {
    let n = 0;
    const opts = { url: `http://127.0.0.1:${port}`, connections, requests: [{ setupRequest: (r: autocannon.Request) => ({ ...r, path: `/api/items/${n++ % 1000}` }) }] };
    await autocannon({ ...opts, duration: 2 }); // warm-up: JIT, series created
    const cpu = () =>
      new Promise<NodeJS.CpuUsage>((resolve) => {
        child.once('message', (m) => resolve(m as NodeJS.CpuUsage));
        child.send('cpu');
      });
    const before = await cpu();
    const r = await autocannon({ ...opts, duration });
    const after = await cpu();
    const cpuUs = after.user - before.user + (after.system - before.system);
    return { rps: r.requests.average, cpuPerRequest: cpuUs / r.requests.total, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.non2xx };
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
}

/** CPU time of one call of fn, in ns, over n calls after a warm-up. */
function cpuNs(fn: () => void, n = 2_000_000): number {
  for (let i = 0; i < 100_000; i++) fn();
  const before = process.cpuUsage();
  for (let i = 0; i < n; i++) fn();
  const used = process.cpuUsage(before);
  return ((used.user + used.system) * 1000) / n;
}

/** The metrics hook's steps on a real Fastify request: the route pattern, the series lookup, the observation. */
async function hookInALoop() {
  const app = Fastify();
  let captured: FastifyRequest | undefined;
  app.get('/api/items/:id', async (request) => {
    captured = request;
    return {};
  });
  await app.inject({ url: '/api/items/1' });
  const request = captured!;
  const histogram = new Histogram({ name: 'h', help: 'h', labelNames: ['method', 'route', 'status_class'], buckets: [0.001, 0.01, 0.1, 1], registers: [] });
  const child = histogram.labels('GET', '/api/items/:id', '2xx');
  const series = new Map([['GET/api/items/:id', [child, child, child, child, child, child]]]);
  let chars = 0;
  const route = cpuNs(() => {
    chars += request.routeOptions.url?.length ?? 0;
  });
  const observe = cpuNs(() => child.observe(0.0123));
  const whole = cpuNs(() => {
    const pattern = request.routeOptions.url ?? 'unmatched';
    series.get(request.method + pattern)![Math.min(5, Math.floor(200 / 100))].observe(0.0123);
  });
  await app.close();
  console.log(`hook in a loop: route pattern ${route.toFixed(0)} ns, observation ${observe.toFixed(0)} ns, whole hook ${whole.toFixed(0)} ns (${chars > 0 ? 'pattern read' : 'no pattern'})\n`);
}

const serveAt = process.argv.indexOf('--serve');
if (serveAt > 0) {
  await serve(process.argv[serveAt + 1] as Variant);
} else {
  const duration = arg('duration', 10);
  const connections = arg('connections', 10);
  const rounds = arg('rounds', 3);
  await hookInALoop();
  const results = new Map<Variant, { rps: number; cpuPerRequest: number; p50: number; p99: number; errors: number }[]>(VARIANTS.map((v) => [v, []]));
  for (let round = 1; round <= rounds; round++) {
    for (const v of VARIANTS) {
      const r = await measure(v, duration, connections);
      results.get(v)!.push(r);
      console.log(`round ${round} ${v.padEnd(26)} ${r.cpuPerRequest.toFixed(1)} µs CPU/request  ${Math.round(r.rps)} req/s  p50 ${r.p50} ms  p99 ${r.p99} ms${r.errors ? `  errors ${r.errors}` : ''}`);
    }
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const bare = median(results.get('bare')!.map((r) => r.cpuPerRequest));
  console.log(`\nmedian of ${rounds} rounds, ${duration} s each, ${connections} connections (server CPU per request):`);
  for (const v of VARIANTS) {
    const cpu = median(results.get(v)!.map((r) => r.cpuPerRequest));
    const rps = median(results.get(v)!.map((r) => r.rps));
    const added = v === 'bare' ? '' : `  ${cpu - bare >= 0 ? '+' : ''}${(cpu - bare).toFixed(1)} µs (${(((cpu - bare) / bare) * 100).toFixed(1)} %)`;
    console.log(`${v.padEnd(26)} ${cpu.toFixed(1)} µs${added}  ${Math.round(rps)} req/s`);
  }
}

// The app under `npm run bench:mixed`: its own Node process, as in production (NODE_ENV=production, a local SMTP
// sink for its mail), so every figure includes the HTTP stack. Its memory is read from /proc while it runs.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { startSmtpSink } from '../src/server/test/smtp-sink';

export interface AppServer {
  base: string;
  child: ChildProcess;
  /** Resident memory now, in MB (undefined where /proc is missing). */
  rssMb: () => number | undefined;
  /** The highest resident memory since the process started (VmHWM), in MB. */
  peakRssMb: () => number | undefined;
  /** CPU time the process has used so far (user + system), in seconds. */
  cpuSeconds: () => number | undefined;
  stop: () => Promise<void>;
}

export interface AppOptions {
  /** A throwaway PostgreSQL database, or else the PGlite data directory. */
  dbUrl?: string;
  dataDir?: string;
}

function procStatusMb(pid: number | undefined, field: 'VmRSS' | 'VmHWM'): number | undefined {
  if (!pid) return undefined;
  try {
    const line = fs.readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((l) => l.startsWith(`${field}:`));
    return line ? Math.round(Number(line.replace(/\D+/g, '')) / 1024) : undefined;
  } catch {
    return undefined;
  }
}

/** utime + stime of /proc/PID/stat, in clock ticks of 1/100 s (Linux's USER_HZ). */
function procCpuSeconds(pid: number | undefined): number | undefined {
  if (!pid) return undefined;
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return undefined;
  }
}

/**
 * CPU seconds of every process of this machine named `name` (PostgreSQL's server and backends: `postgres`), for the
 * share of the two cores the database takes; undefined where /proc is missing. Backends that exit meanwhile are lost,
 * but the app's pool keeps its connections for the run.
 */
export function processesCpuSeconds(name: string): number | undefined {
  let dirs: string[];
  try {
    dirs = fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d));
  } catch {
    return undefined;
  }
  let total = 0;
  for (const pid of dirs) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      if (stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')) !== name) continue;
      const fields = stat.slice(stat.lastIndexOf(') ') + 2).split(' ');
      total += (Number(fields[11]) + Number(fields[12])) / 100;
    } catch {
      // gone meanwhile
    }
  }
  return total;
}

export async function startApp(options: AppOptions): Promise<AppServer> {
  const mail = await startSmtpSink();
  mail.unref();
  // A port of its own in a range the other benchmarks (4100-5000, 3900-3990) do not use.
  const port = 5100 + Math.floor(Math.random() * 800);
  const base = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    SMTP_URL: mail.url,
    APP_URL: base,
    // Every public booking comes from 127.0.0.1, far past one client's hourly limit (docs/public-endpoints.md).
    PUBLIC_LIMIT_SCALE: '1000',
    // Production needs a key for credentials at rest (platform/app-secret.ts).
    APP_SECRET: 'tradebook-bench-app-secret-0123456789abcdef',
    DATABASE_URL: options.dbUrl ?? '',
  };
  if (!options.dbUrl) env.DATA_DIR = options.dataDir;
  // BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" profiles the app alone (written when it stops).
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  // The server as `npm start` runs it (built, without a TypeScript loader in the process, whose memory and module
  // loading would count as the app's); BENCH_FROM_SOURCE=1 runs src/ through tsx instead, so a CPU profile names
  // the app's own files (scripts/bench-mixed-profile.ts sorts them by kind).
  const fromSource = process.env.BENCH_FROM_SOURCE === '1';
  if (!fromSource) {
    const built = spawnSync(process.execPath, ['scripts/build-if-stale.mjs'], { stdio: 'inherit' });
    if (built.status !== 0) throw new Error('building the app failed');
  }
  const entry = fromSource ? ['--import', 'tsx', 'src/server/main.ts'] : ['dist/server/main.js'];
  // Through npm start's own script (its memory settings; it execs node, so the child is the server itself).
  const child = spawn('sh', ['scripts/start-server.sh', ...nodeArgs, ...entry], { env, stdio: ['ignore', 'ignore', 'inherit'] });
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
    await mail.close();
  };
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the app exited with ${child.exitCode} before answering`);
    const up = await fetch(`${base}/api/health`).then((r) => r.ok, () => false);
    if (up) return { base, child, rssMb: () => procStatusMb(child.pid, 'VmRSS'), peakRssMb: () => procStatusMb(child.pid, 'VmHWM'), cpuSeconds: () => procCpuSeconds(child.pid), stop };
    await new Promise((r) => setTimeout(r, 100));
  }
  await stop();
  throw new Error('the app did not answer /api/health within 120 s');
}

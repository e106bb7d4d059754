// Measures how long `npm start`'s server takes to serve its first request on an existing data directory.
// Usage: npm run bench:startup [-- --runs 5]
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const runs = Number(process.argv[process.argv.indexOf('--runs') + 1]) || 5;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tradebook-startup-'));
const port = 3400 + Math.floor(Math.random() * 500);
// What `npm start` runs after its build step.
const build = spawnSync(process.execPath, ['scripts/build-if-stale.mjs'], { stdio: 'inherit' });
if (build.status !== 0) process.exit(1);

async function once(): Promise<number> {
  const started = performance.now();
  // Through npm start's own script, with its memory settings (it execs node, so the child is the server itself).
  const child = spawn('sh', ['scripts/start-server.sh', 'dist/server/main.js'], {
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: 'ignore',
  });
  try {
    for (;;) {
      try {
        const res = await fetch(`http://127.0.0.1:${port}/login`);
        if (res.ok) return performance.now() - started;
      } catch {
        // not listening yet
      }
      if (performance.now() - started > 60_000) throw new Error('server did not start within 60 s');
      await new Promise((r) => setTimeout(r, 20));
    }
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
}

const first = await once(); // creates, migrates and seeds the data directory
const times: number[] = [];
for (let i = 0; i < runs; i++) times.push(await once());
times.sort((a, b) => a - b);
const fmt = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
console.log(`fresh data directory (create + migrate + seed): ${fmt(first)}`);
console.log(`existing data directory, ${runs} runs: min ${fmt(times[0])}, median ${fmt(times[Math.floor(runs / 2)])}, max ${fmt(times[runs - 1])}`);
fs.rmSync(dataDir, { recursive: true, force: true });

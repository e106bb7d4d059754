// Runs the browser tests as parallel shards, each with its own app server, database and Chromium
// (e2e/fixtures/global-setup.ts). The suite waits on the browser and the app far more than it computes (half of one
// core when run whole), so shards on two cores finish well before one run would. Usage:
//   node scripts/run-e2e-shards.mjs [shards=2] [extra vitest arguments]
import { spawn } from 'node:child_process';

const shards = Number(process.argv[2] ?? process.env.E2E_SHARDS ?? 2);
const extra = process.argv.slice(3);

function run(index) {
  return new Promise((resolve) => {
    const args = ['vitest', 'run', '--config', 'vitest.e2e.config.ts', `--shard=${index}/${shards}`, ...extra];
    const child = spawn('npx', args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, FORCE_COLOR: '0' } });
    const prefix = `[e2e ${index}/${shards}] `;
    const relay = (stream, out) => {
      let rest = '';
      stream.on('data', (chunk) => {
        const lines = (rest + chunk.toString()).split('\n');
        rest = lines.pop() ?? '';
        for (const line of lines) out.write(prefix + line + '\n');
      });
      stream.on('end', () => rest && out.write(prefix + rest + '\n'));
    };
    relay(child.stdout, process.stdout);
    relay(child.stderr, process.stderr);
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

const codes = await Promise.all(Array.from({ length: shards }, (_, i) => run(i + 1)));
const failed = codes.map((c, i) => (c === 0 ? null : i + 1)).filter((x) => x !== null);
if (failed.length > 0) {
  console.error(`Browser test shard(s) ${failed.join(', ')} of ${shards} failed`);
  process.exit(1);
}
console.log(`All ${shards} browser test shards passed`);

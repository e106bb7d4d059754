// Runs the browser tests (e2e/) as parallel shards, each with its own app server, database and Chromium
// (e2e/fixtures/global-setup.ts). The suite waits on the browser and the app far more than it computes (half of one
// core when run whole), so shards on two cores finish well before one run would.
//
// Files are dealt to shards by how long each took last time (e2e/durations.json), longest first to the shard with
// the least so far, so the shards end together: vitest's own --shard deals by count, and one shard used to run two
// minutes past the others. A file not in the table counts as the median. `--record` rewrites the table from this run.
// Usage:
//   node scripts/run-e2e-shards.mjs [shards=3] [--record] [--dry-run]
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const DURATIONS = path.join(ROOT, 'e2e/durations.json');
const SUITE = { name: 'e2e', dir: 'e2e', config: 'vitest.e2e.config.ts' };

const args = process.argv.slice(2);
const flag = (name) => args.includes(name);
const shards = Number(args.find((a) => /^\d+$/.test(a)) ?? process.env.E2E_SHARDS ?? 3);

function specFiles(dir) {
  const out = [];
  const walk = (d) => {
    for (const entry of fs.readdirSync(path.join(ROOT, d), { withFileTypes: true })) {
      const rel = `${d}/${entry.name}`;
      if (entry.isDirectory()) walk(rel);
      else if (entry.name.endsWith('.spec.ts')) out.push(rel);
    }
  };
  walk(dir);
  return out.sort();
}

function readDurations() {
  try {
    return JSON.parse(fs.readFileSync(DURATIONS, 'utf8'));
  } catch {
    return {};
  }
}

/** Longest file first, each to the shard with the least time so far. */
function deal(files, durations, count) {
  const known = files.map((f) => durations[f]).filter((d) => typeof d === 'number').sort((a, b) => a - b);
  const median = known.length ? known[Math.floor(known.length / 2)] : 10;
  const weighed = files.map((file) => ({ file, seconds: durations[file] ?? median }));
  weighed.sort((a, b) => b.seconds - a.seconds || a.file.localeCompare(b.file));
  const out = Array.from({ length: count }, () => ({ seconds: 0, files: [] }));
  for (const w of weighed) {
    const least = out.reduce((min, s) => (s.seconds < min.seconds ? s : min));
    least.files.push(w.file);
    least.seconds += w.seconds;
  }
  return out;
}

const durations = readDurations();
const files = specFiles(SUITE.dir);
const plan = deal(files, durations, shards);
for (const [i, s] of plan.entries()) console.log(`[shard ${i + 1}/${shards}] ${s.files.length} files, ~${Math.round(s.seconds)} s by last run`);
if (flag('--dry-run')) {
  for (const [i, s] of plan.entries()) console.log(`[shard ${i + 1}/${shards}]\n  ${s.files.join('\n  ')}`);
  process.exit(0);
}

const reportDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tradebook-e2e-report-'));

function vitest(index, suite, list) {
  return new Promise((resolve) => {
    const report = path.join(reportDir, `${suite.name}-${index}.json`);
    const vitestArgs = ['vitest', 'run', '--config', suite.config, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`];
    const child = spawn('npx', [...vitestArgs, ...list.map((f) => path.join(ROOT, f))], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, FORCE_COLOR: '0' },
    });
    const prefix = `[${suite.name} ${index}/${shards}] `;
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

/** One shard: its files in one vitest run, with one app server. */
const runShard = (index, shard) => vitest(index, SUITE, shard.files);

function measured() {
  const out = {};
  for (const name of fs.readdirSync(reportDir)) {
    const report = JSON.parse(fs.readFileSync(path.join(reportDir, name), 'utf8'));
    for (const r of report.testResults ?? []) {
      out[path.relative(ROOT, r.name)] = Math.round((r.endTime - r.startTime) / 100) / 10;
    }
  }
  return out;
}

const started = Date.now();
const codes = await Promise.all(plan.map((shard, i) => runShard(i + 1, shard)));
const took = measured();
const seconds = plan.map((s) => s.files.reduce((sum, f) => sum + (took[f] ?? 0), 0));
console.log(`Shards took ${seconds.map((s) => `${Math.round(s)} s`).join(', ')} of tests; ${Math.round((Date.now() - started) / 1000)} s in all`);
if (flag('--record')) {
  const sorted = Object.fromEntries(Object.entries({ ...durations, ...took }).filter(([f]) => fs.existsSync(path.join(ROOT, f))).sort(([a], [b]) => a.localeCompare(b)));
  fs.writeFileSync(DURATIONS, `${JSON.stringify(sorted, null, 2)}\n`);
  console.log(`Recorded ${Object.keys(took).length} files' durations in ${path.relative(ROOT, DURATIONS)}`);
}
fs.rmSync(reportDir, { recursive: true, force: true });
const failed = codes.map((c, i) => (c === 0 ? null : i + 1)).filter((x) => x !== null);
if (failed.length > 0) {
  console.error(`Browser test shard(s) ${failed.join(', ')} of ${shards} failed`);
  process.exit(1);
}
console.log(`All ${shards} browser test shards passed`);

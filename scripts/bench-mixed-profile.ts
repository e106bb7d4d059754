// Where the app's CPU goes under `npm run bench:mixed`: reads the .cpuprofile files Node writes with
//   BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=DIR" npm run bench:mixed -- --cache off
// and prints the share of busy CPU per kind of work (the first kind, in the order below, found anywhere on a
// sample's stack takes the sample, so "zod" includes everything zod calls) and the top functions by own time.
//   npx tsx scripts/bench-mixed-profile.ts DIR/*.cpuprofile [--requests N]
import fs from 'node:fs';

interface ProfileNode {
  id: number;
  parent?: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

type Frame = ProfileNode['callFrame'];
/** Kinds of work, most specific first. */
const KINDS: [string, (f: Frame) => boolean][] = [
  ['zod (request and response checks)', (f) => f.url.includes('/node_modules/zod/')],
  ['compression (br, gzip)', (f) => f.url.includes('platform/compression') || /brotli|gzip|zlib/i.test(f.url) || /^(?:brotli|gzip|deflate)/i.test(f.functionName)],
  ['PGlite (WASM PostgreSQL)', (f) => f.url.includes('@electric-sql/pglite') || f.url.startsWith('wasm://')],
  ['pg driver (protocol, parsing rows)', (f) => /\/node_modules\/(pg|pg-protocol|pg-types|pg-pool)\//.test(f.url)],
  ['Drizzle (query building, row mapping)', (f) => f.url.includes('/node_modules/drizzle-orm/')],
  ['session, guard, permissions, tenancy', (f) => /platform\/(guard|sessions|context|tenancy|permissions|csrf|rate|client-limit)/.test(f.url)],
  ['response cache', (f) => /platform\/(response-cache|read-cache)/.test(f.url)],
  ['JSON parse/stringify', (f) => f.url === '' && /^(stringify|parse|JSONStringify|JSONParse)$/.test(f.functionName)],
  ['Fastify and its plugins', (f) => /\/node_modules\/(fastify|@fastify|find-my-way|light-my-request|avvio|fast-json-stringify)/.test(f.url)],
  ['app code (services, routes)', (f) => f.url.includes('/src/')],
  ['Node internals (HTTP, streams, timers)', (f) => f.url.startsWith('node:')],
];

function breakdown(profile: Profile) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  for (const n of profile.nodes) for (const c of n.children ?? []) byId.get(c)!.parent = n.id;
  const kinds = new Map<string, number>();
  const own = new Map<string, number>();
  let busy = 0;
  let idle = 0;
  profile.samples.forEach((id, i) => {
    const dt = profile.timeDeltas[i] ?? 0;
    const leaf = byId.get(id)!;
    const name = leaf.callFrame.functionName;
    if (name === '(idle)') return void (idle += dt);
    busy += dt;
    let kind = name === '(garbage collector)' ? 'garbage collection' : name === '(program)' ? '(program: native, unattributed)' : undefined;
    if (!kind) {
      const stack: Frame[] = [];
      for (let n: ProfileNode | undefined = leaf; n; n = n.parent === undefined ? undefined : byId.get(n.parent)) stack.push(n.callFrame);
      kind = KINDS.find(([, test]) => stack.some(test))?.[0] ?? 'other';
    }
    kinds.set(kind, (kinds.get(kind) ?? 0) + dt);
    const where = `${name || '(anonymous)'} ${leaf.callFrame.url.replace(/^.*\/(node_modules|src)\//, '$1/')}:${leaf.callFrame.lineNumber + 1}`;
    own.set(where, (own.get(where) ?? 0) + dt);
  });
  return { kinds, own, busy, idle };
}

const files = process.argv.slice(2).filter((a) => a.endsWith('.cpuprofile'));
const requestsAt = process.argv.indexOf('--requests');
const requests = requestsAt > 0 ? Number(process.argv[requestsAt + 1]) : undefined;
for (const file of files) {
  const { kinds, own, busy, idle } = breakdown(JSON.parse(fs.readFileSync(file, 'utf8')) as Profile);
  const ms = (us: number) => us / 1000;
  console.log(`\n${file}: busy ${ms(busy).toFixed(0)} ms, idle ${ms(idle).toFixed(0)} ms${requests ? `; ${(ms(busy) / requests).toFixed(2)} ms of CPU per request over ${requests} requests` : ''}`);
  console.log('| kind of work | CPU ms | share of busy |' + (requests ? ' ms per request |' : ''));
  console.log('|---|---:|---:|' + (requests ? '---:|' : ''));
  for (const [kind, t] of [...kinds].sort((a, b) => b[1] - a[1])) {
    console.log(`| ${kind} | ${ms(t).toFixed(0)} | ${((t / busy) * 100).toFixed(1)} % |` + (requests ? ` ${(ms(t) / requests).toFixed(2)} |` : ''));
  }
  console.log('\ntop functions by own time:');
  for (const [where, t] of [...own].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log(`  ${((t / busy) * 100).toFixed(1).padStart(5)} %  ${where}`);
}

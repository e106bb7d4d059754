// Where the app's CPU goes under `npm run bench:mixed`: reads the .cpuprofile files Node writes with
//   BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=DIR" npm run bench:mixed -- --cache off
// and prints the share of busy CPU per kind of work (kindOf below) and the top functions by own time. On a loaded
// machine "busy" includes time the process waited for a core inside a system call (a socket write that wakes a
// PostgreSQL backend), so compare it with the app's CPU time that bench:mixed prints.
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
/** Libraries, most specific first: one anywhere on a sample's stack takes the sample (its callees included). */
const LIBRARIES: [string, (f: Frame) => boolean][] = [
  ['zod (request and response checks)', (f) => f.url.includes('/node_modules/zod/')],
  ['compression (br, gzip)', (f) => f.url.includes('platform/compression') || f.url.includes('@fastify/compress') || f.url === 'node:zlib'],
  ['PGlite (WASM PostgreSQL)', (f) => f.url.includes('@electric-sql/pglite') || f.url.startsWith('wasm://')],
  ['pg driver (protocol, parsing rows, socket writes)', (f) => /\/node_modules\/(pg|pg-protocol|pg-types|pg-pool)\//.test(f.url)],
  ['Drizzle (query building, row mapping)', (f) => f.url.includes('/node_modules/drizzle-orm/')],
  ['Fastify and its plugins', (f) => /\/node_modules\/(fastify|@fastify|find-my-way|light-my-request|avvio|fast-json-stringify|fastify-type-provider-zod)/.test(f.url)],
];
/** Otherwise the nearest frame of the app's own code names the kind. */
const APP_PARTS: [string, RegExp][] = [
  ['session, guard, permissions, tenancy', /platform\/(guard|sessions|context|tenancy|permissions|client-limit)/],
  ['app code (services, routes, JSON shaping)', /\/src\//],
];

function kindOf(stack: Frame[]): string {
  const library = LIBRARIES.find(([, test]) => stack.some(test));
  if (library) return library[0];
  const own = stack.find((f) => f.url.includes('/src/'));
  if (own) return APP_PARTS.find(([, re]) => re.test(own.url))![0];
  return stack.some((f) => f.url.startsWith('node:')) ? 'Node internals (HTTP, streams, module loading)' : 'other';
}

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
      kind = kindOf(stack);
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

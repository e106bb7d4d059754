// Reports the gzipped size of the JavaScript the first page loads (entry + its static imports) and of each lazy chunk.
// Usage: npm run build && npm run bench:bundle
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const dist = path.resolve('dist/web');
const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
const initial = new Set([...html.matchAll(/(?:src|href)="\/?(assets\/[^"]+\.js)"/g)].map((m) => m[1]));
// Follow static imports of the initial chunks (modulepreload covers them, but be sure).
const queue = [...initial];
while (queue.length) {
  const file = queue.pop();
  const code = fs.readFileSync(path.join(dist, file), 'utf8');
  for (const m of code.matchAll(/(?:^|[;\n}])import\s*(?:[^'"()]*?from\s*)?["']\.\/([^"']+\.js)["']/g)) {
    const dep = `assets/${m[1]}`;
    if (!initial.has(dep)) {
      initial.add(dep);
      queue.push(dep);
    }
  }
}
const gz = (f) => zlib.gzipSync(fs.readFileSync(path.join(dist, f)), { level: 9 }).length;
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
let total = 0;
for (const f of initial) total += gz(f);
const all = fs.readdirSync(path.join(dist, 'assets')).filter((f) => f.endsWith('.js')).map((f) => `assets/${f}`);
console.log(`first page JavaScript (gzip): ${kb(total)} in ${initial.size} files (budget 150 KB)`);
for (const f of [...initial].sort()) console.log(`  ${f}  ${kb(gz(f))}`);
console.log(`lazy chunks: ${all.length - initial.size}, largest:`);
for (const f of all.filter((x) => !initial.has(x)).sort((a, b) => gz(b) - gz(a)).slice(0, 8)) console.log(`  ${f}  ${kb(gz(f))}`);
process.exit(total <= 150 * 1024 ? 0 : 1);

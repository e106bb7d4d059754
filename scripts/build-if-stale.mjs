// Builds what `npm start` runs, only when it is missing or older than its sources, so a second start is fast:
// the web app (Vite -> dist/web) and the server (esbuild -> dist/server/main.js and its photo worker, packages left
// external).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');

function newest(p) {
  const full = path.join(root, p);
  if (!fs.existsSync(full)) return 0;
  const st = fs.statSync(full);
  if (!st.isDirectory()) return st.mtimeMs;
  let max = st.mtimeMs;
  for (const e of fs.readdirSync(full)) max = Math.max(max, newest(path.join(p, e)));
  return max;
}

const builtAt = (file) => (fs.existsSync(path.join(root, file)) ? fs.statSync(path.join(root, file)).mtimeMs : 0);
const stale = (output, sources) => builtAt(output) < Math.max(...sources.map(newest));

if (stale('dist/web/index.html', ['src/web', 'src/contracts', 'vite.config.ts', 'package-lock.json'])) {
  console.log('Building the web app...');
  const r = spawnSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

if (stale('dist/server/main.js', ['src/server', 'src/contracts', 'package-lock.json'])) {
  console.log('Building the server...');
  const { build } = await import('esbuild');
  await build({
    // The photo worker is a thread's own entry, started from beside main.js (features/work-order-attachments/photo-thread.ts).
    entryPoints: {
      main: path.join(root, 'src/server/main.ts'),
      'photo-worker': path.join(root, 'src/server/features/work-order-attachments/photo-worker.ts'),
    },
    outdir: path.join(root, 'dist/server'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
  });
}

import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const r = (p: string) => fileURLToPath(new URL(p, import.meta.url));

// Hostile-input fuzzing of every API route against the in-process app (fuzz/README.md).
// FUZZ_RUNS (cases per route) and FUZZ_SEED change the run; the defaults reproduce exactly.
export default defineConfig({
  resolve: {
    alias: {
      '@contracts': r('./src/contracts'),
      '@': r('./src/web'),
    },
  },
  test: {
    include: ['fuzz/**/*.test.ts'],
    globalSetup: ['./src/server/test/global-setup.ts', './fuzz/totals.ts'],
    testTimeout: 600_000,
    hookTimeout: 120_000,
    pool: 'forks',
    maxWorkers: 2,
  },
});

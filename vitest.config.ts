import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const r = (p: string) => fileURLToPath(new URL(p, import.meta.url));

export default defineConfig({
  resolve: {
    alias: {
      '@contracts': r('./src/contracts'),
      '@': r('./src/web'),
    },
  },
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          include: ['src/server/**/*.test.ts', 'scripts/**/*.test.ts'],
          globalSetup: ['./src/server/test/global-setup.ts'],
          // Each file builds its own app on its own copy of the template database and closes it, so the files of a
          // worker share loaded modules instead of importing the whole server again for every file: importing was
          // more than half of each file's time (docs/decisions/037-test-module-sharing.md).
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'web',
          // Some of these mock modules (vi.mock), which needs a module graph of each file's own.
          include: ['src/web/**/*.test.ts', 'src/contracts/**/*.test.ts'],
        },
      },
    ],
  },
});

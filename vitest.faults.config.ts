import { defineConfig } from 'vitest/config';

// Fault tests start and kill the real app (and a private PostgreSQL server) as child processes.
export default defineConfig({
  test: {
    include: ['faults/**/*.test.ts'],
    testTimeout: 240_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});

import { defineConfig } from 'vitest/config';

// Accessibility checks (axe in Chromium, keyboard-only flows) against the real app with the demo data,
// started once by the same global setup as the browser tests.
export default defineConfig({
  test: {
    include: ['a11y/**/*.spec.ts'],
    globalSetup: ['./e2e/fixtures/global-setup.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});

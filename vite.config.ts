import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

const r = (p: string) => fileURLToPath(new URL(p, import.meta.url));

export default defineConfig(({ command }) => ({
  root: r('./src/web'),
  publicDir: r('./src/web/public'),
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: [
      { find: '@contracts', replacement: r('./src/contracts') },
      { find: '@', replacement: r('./src/web') },
      // react-router's export map only names its development build; production builds take the lean one.
      ...(command === 'build' ? [{ find: /^react-router$/, replacement: r('./node_modules/react-router/dist/production/index.mjs') }] : []),
    ],
  },
  build: {
    outDir: r('./dist/web'),
    emptyOutDir: true,
    sourcemap: false,
    // No preload lists in the entry: with one lazy chunk per screen they had grown to ~2.5 KB gzipped of file
    // names that every first page paid for. A screen's chunk fetches its own imports as it parses.
    modulePreload: false,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Everything the entry imports statically stays in the entry. Left to itself, Rolldown gave the modules the
          // entry shares with the lazy screens (React, the JSX runtime, clsx, the lucide icon factory, the field
          // words...) a small chunk each, which every page then fetched apart: about 2 KB gzipped more per first page.
          groups: [{ name: 'index', tags: ['$initial'] }],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': 'http://localhost:3000',
      '/uploads': 'http://localhost:3000',
      '/s/': 'http://localhost:3000',
    },
  },
}));

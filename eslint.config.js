import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import tradebook from './eslint-rules/feature-boundaries.js';

// Dependency rules of docs/ARCHITECTURE.md: web and server may import contracts; neither imports the other;
// contracts import nothing of ours; web features do not import each other (shared pieces live in components and lib);
// the server's invoices and customer-portal share through features/documents.
const restrict = (patterns) => ['error', { patterns }];

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'drizzle', 'data', '.e2e-data', 'screenshots'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, tradebook },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      'no-restricted-imports': restrict([{ group: ['**/server/**', '../server/*'], message: 'The web app talks to the server over HTTP only.' }]),
      'tradebook/feature-boundaries': [
        'error',
        { features: 'src/web/features', shared: ['src/web/components', 'src/web/lib'], alias: { '@/': 'src/web/' } },
      ],
    },
  },
  {
    files: ['src/server/**/*.ts'],
    plugins: { tradebook },
    rules: {
      'no-restricted-imports': restrict([{ group: ['**/web/**', '@/*'], message: 'The server never imports the web app.' }]),
      'tradebook/feature-boundaries': ['error', { features: 'src/server/features', apart: ['invoices', 'customer-portal'] }],
    },
  },
  {
    files: ['src/contracts/**/*.ts'],
    rules: {
      'no-restricted-imports': restrict([
        { group: ['**/server/**', '**/web/**', '@/*'], message: 'contracts import nothing of ours.' },
      ]),
    },
  },
);

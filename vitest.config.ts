import path from 'node:path';
import {defineConfig} from 'vitest/config';
import react from '@vitejs/plugin-react';

const stubs = path.resolve(__dirname, 'tests/stubs');

const siteAliases = [
  {find: /^@site\/(.*)$/, replacement: path.resolve(__dirname, '$1')},
  {find: /^@docusaurus\/(.*)$/, replacement: `${stubs}/docusaurus/$1.tsx`},
  {find: /^@theme\/(.*)$/, replacement: `${stubs}/theme/$1.tsx`},
  {find: /^@theme-original\/(.*)$/, replacement: `${stubs}/theme/$1.tsx`},
  {find: /^@generated\/(.*)$/, replacement: `${stubs}/generated/$1.ts`},
];

// Integration suites run once per database kind: PGlite in memory and a PostgreSQL server.
const integration = (db: 'pglite' | 'postgres') => ({
  test: {
    name: `integration-${db}`,
    include: ['tests/integration/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['tests/integration/globalSetup.ts'],
    env: {BACKEND_DB: db},
    testTimeout: 30_000,
    hookTimeout: 90_000,
    fileParallelism: false,
  },
});

export default defineConfig({
  test: {
    projects: [
      {
        plugins: [react()],
        resolve: {alias: siteAliases},
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['tests/unit/setup.ts'],
          // jsdom renders slowly on a busy 2-core machine; a hang still fails, just not at 5 s.
          testTimeout: 15_000,
          globals: true,
          css: {modules: {classNameStrategy: 'non-scoped'}},
        },
      },
      {
        // The emulator's, the functions' and the shared modules' own tests: no DOM, so no jsdom.
        test: {
          name: 'backend',
          include: ['local-supabase/**/*.test.ts', 'supabase/functions/**/*.test.ts', 'shared/**/*.test.ts'],
          environment: 'node',
          testTimeout: 15_000,
        },
      },
      {
        test: {
          name: 'content',
          include: ['tests/content/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        // The meta-analysis engine against R's metafor (skips with a message without R).
        test: {
          name: 'analysis',
          include: ['tests/analysis/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 240_000,
        },
      },
      {
        // After the production build only (scripts/test.ts): reads build/.
        test: {
          name: 'build',
          include: ['tests/build/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
        },
      },
      integration('pglite'),
      integration('postgres'),
    ],
  },
});

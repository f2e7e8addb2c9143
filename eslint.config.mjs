// Plain ESM rather than TypeScript: ESLint needs jiti 2 to load a .ts config, and Docusaurus pins jiti 1.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import react from 'eslint-plugin-react';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  {ignores: ['build/**', '.docusaurus/**', 'node_modules/**', '.data*/**', 'test-results/**', 'supabase/functions/*/index.ts']},
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: {globals: {...globals.browser, ...globals.node}},
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', {argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_'}],
    },
  },
  {
    // Scripts Deno runs (supabase/functions/deno.test.ts).
    files: ['tests/deno/**/*.ts'],
    languageOptions: {globals: {Deno: 'readonly'}},
  },
  {
    files: ['src/**/*.tsx', 'tests/unit/**/*.tsx', 'tests/stubs/**/*.tsx'],
    plugins: {react, 'react-hooks': reactHooks},
    settings: {react: {version: '19'}},
    rules: {
      ...react.configs.recommended.rules,
      ...react.configs['jsx-runtime'].rules,
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
);

import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'dist/',
      'node_modules/',
      'test-results/',
      'playwright-report/',
      'bench/results/',
      'demo/frameworks/**/dist/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      // `interface X extends Y {}` is how declarations merge into the DOM's event maps.
      '@typescript-eslint/no-empty-object-type': ['error', { allowInterfaces: 'with-single-extends' }],
      'no-console': ['error', { allow: ['warn', 'error', 'info', 'debug'] }],
    },
  },
  {
    files: ['scripts/**', 'bench/**', 'e2e/**', 'demo/**'],
    rules: { 'no-console': 'off' },
  },
  {
    // React 19 declares JSX as a namespace: its typings are augmented inside `declare module 'react'`.
    files: ['src/frameworks/**'],
    rules: { '@typescript-eslint/no-namespace': ['error', { allowDeclarations: true }] },
  },
);

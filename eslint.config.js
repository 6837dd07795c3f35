import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * The layers of src/, lowest first (docs/architecture.md). A module may import from its own layer
 * and the ones below it, never from a layer above: data flows one way, response → model → state →
 * template → events/beacons. `server/` is never imported by browser code.
 */
const LAYERS = [
  ['events'],
  ['model'],
  ['options'],
  ['client'],
  ['consent', 'i18n'],
  ['tracking', 'sanitize', 'hosts'],
  ['elements'],
  ['frameworks', 'script-api'],
];

const layerRules = LAYERS.map((folders, level) => {
  const above = [...LAYERS.slice(level + 1).flat(), 'server'];
  return {
    files: folders.map((folder) => `src/${folder}/**/*.ts`),
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: above.map((folder) => `**/${folder}/*`),
              message: `A layer imports only from itself and the layers below it (docs/architecture.md); ${folders.join('/')} is below ${above.join(', ')}.`,
            },
          ],
        },
      ],
    },
  };
});

export default tseslint.config(
  {
    ignores: [
      'dist/',
      'node_modules/',
      'test-results/',
      'playwright-report/',
      'bench/results/',
      'demo/frameworks/**/dist/',
      'demo/frameworks/**/.next/',
      'demo/frameworks/**/next-env.d.ts',
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
    // The hostile pages reproduce old libraries in their own style (`var self = this`, control
    // characters in a JSON escape) and call the libraries they load (SES, zone.js).
    files: ['e2e/pages/hostile/**'],
    languageOptions: { globals: { lockdown: 'readonly', Zone: 'readonly' } },
    rules: { '@typescript-eslint/no-this-alias': 'off', 'no-control-regex': 'off' },
  },
  ...layerRules,
  {
    // The core (errors, the debug log, the built-ins) imports nothing of the SDK.
    files: ['src/errors.ts', 'src/debug.ts', 'src/built-ins.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [{ group: ['./*', '../*'], message: 'The core imports nothing of the SDK.' }],
        },
      ],
    },
  },
  {
    // React 19 declares JSX as a namespace: its typings are augmented inside `declare module 'react'`.
    files: ['src/frameworks/**'],
    rules: { '@typescript-eslint/no-namespace': ['error', { allowDeclarations: true }] },
  },
);

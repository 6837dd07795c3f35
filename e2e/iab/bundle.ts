import { copyFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { build } from 'rolldown';

/**
 * Writes the IAB's CMP code for the test pages into `dir`, served at `/iab/` by ./fixtures.ts:
 * `tcf-cmp.js` (window.IabTcf) and `gpp-cmp.js` (window.IabGpp), bundled from the packages' ESM
 * builds, and `tcf-stub.js`, the `@iabtechlabtcf/stub` file as published (a page drops it in as
 * is). Test-only: nothing here is part of the SDK's build (vite.config.ts builds src/ alone).
 */
export async function bundleIabCmps(dir: string): Promise<void> {
  for (const [name, global] of [
    ['tcf-cmp', 'IabTcf'],
    ['gpp-cmp', 'IabGpp'],
  ] as const) {
    await build({
      input: join(import.meta.dirname, `${name}.ts`),
      output: { file: join(dir, `${name}.js`), format: 'iife', name: global },
      write: true,
      logLevel: 'warn',
    });
  }
  const stub = createRequire(import.meta.url).resolve('@iabtechlabtcf/stub');
  await copyFile(stub, join(dir, 'tcf-stub.js'));
}

// Build step after `tsc -p tsconfig.build.json`: replaces dist/elements/adpx-offers/lit-hydrate.js
// (in the sources a re-export of `hydrate` from `@lit-labs/ssr-client`) with that function bundled
// from the installed `@lit-labs/ssr-client`, its `lit-html` imports pointed at `lit` (which
// re-exports lit-html, `_$LH` included, so the page keeps one lit-html), and its declaration with
// one that names no optional package. The published package then imports `@lit-labs/ssr-client`
// nowhere: users of `adpx-offers/define` and `adpx-offers/hydrate` install lit and dompurify only,
// and their bundler never has to resolve it (decision 011). Lit's BSD-3-Clause notice is kept.
//
//   node scripts/lit-hydrate.mjs [dist]
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { rolldown } from 'rolldown';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const dist = resolve(process.argv[2] ?? join(ROOT, 'dist'));
const target = join(dist, 'elements/adpx-offers/lit-hydrate.js');
const client = join(ROOT, 'node_modules/@lit-labs/ssr-client');
const { version } = JSON.parse(readFileSync(join(client, 'package.json'), 'utf8'));

/** lit-html's public modules, by the `lit` module that re-exports each. */
const TO_LIT = {
  'lit-html': 'lit',
  'lit-html/directive.js': 'lit/directive.js',
  'lit-html/directive-helpers.js': 'lit/directive-helpers.js',
};

const bundle = await rolldown({
  input: join(client, 'index.js'),
  platform: 'browser',
  plugins: [
    {
      name: 'lit-html-through-lit',
      resolveId(source, importer) {
        if (source in TO_LIT) return { id: TO_LIT[source], external: true };
        // private-ssr-support.js (bundled) reads lit-html's `_$LH`, which `lit` exports too.
        if (source === './lit-html.js' && importer?.includes('lit-html'))
          return { id: 'lit', external: true };
        if (source === 'lit' || source.startsWith('lit/')) return { id: source, external: true };
        return null;
      },
    },
  ],
});
const { output } = await bundle.generate({ format: 'esm', minify: true });
await bundle.close();
if (output.length !== 1) throw new Error(`lit-hydrate: expected one chunk, got ${output.length}`);
const code = output[0].code;
const foreign = [...code.matchAll(/from\s*"([^"]+)"/g)]
  .map((m) => m[1])
  .filter((s) => s !== 'lit' && !s.startsWith('lit/'));
if (foreign.length) throw new Error(`lit-hydrate: the bundle still imports ${foreign.join(', ')}`);
if (!/\bhydrate\b/.test(code)) throw new Error('lit-hydrate: the bundle exports no hydrate');

const notice = `/**
 * hydrate() from @lit-labs/ssr-client ${version}, bundled by scripts/lit-hydrate.mjs.
 * @license
 * Copyright 2019 Google LLC
 * SPDX-License-Identifier: BSD-3-Clause
 */
`;
writeFileSync(target, notice + code);
writeFileSync(
  target.replace(/\.js$/, '.d.ts'),
  `import type { RenderOptions } from 'lit';
/** Lit's \`hydrate\` (@lit-labs/ssr-client ${version}): adopts server-rendered DOM for \`rootValue\`. */
export declare function hydrate(rootValue: unknown, container: Element | DocumentFragment, userOptions?: Partial<RenderOptions>): void;
`,
);
// tsc's maps describe the re-export that is no longer there.
rmSync(`${target}.map`, { force: true });
rmSync(target.replace(/\.js$/, '.d.ts.map'), { force: true });
console.log(`lit-hydrate: @lit-labs/ssr-client ${version} bundled, ${code.length} B (imports lit only)`);

// Size of the builds: the script-tag files as shipped (min, gzip, brotli): the first file, the
// sanitizer file it loads where the browser has no HTML Sanitizer API, and the single-file variant;
// and the ESM build's own
// code without its dependencies: `dist/index.js` (every export) and `dist/define.js` (the elements
// registered) each bundled and minified by Vite with lit and dompurify left external, as an app's
// bundler would add them.
import { readFileSync } from 'node:fs';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { build } from 'vite';

const EXTERNAL = /^(lit|lit-html|lit-element|@lit\/[^/]+|dompurify)(\/|$)/;

export function compressed(code) {
  return {
    min: Buffer.byteLength(code),
    gzip: gzipSync(code, { level: 9 }).length,
    brotli: brotliCompressSync(code, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
  };
}

async function ownCode(entry, root) {
  const result = await build({
    configFile: false,
    logLevel: 'silent',
    root,
    build: {
      write: false,
      minify: true,
      target: 'es2020',
      lib: { entry, formats: ['es'], fileName: () => 'entry.js' },
      rollupOptions: { external: (id) => EXTERNAL.test(id) },
    },
  });
  const outputs = (Array.isArray(result) ? result : [result]).flatMap((r) => r.output);
  const code = outputs
    .filter((o) => o.type === 'chunk')
    .map((o) => o.code)
    .join('\n');
  return compressed(code);
}

export async function measureSizes(distDir, root) {
  const iife = compressed(readFileSync(`${distDir}/adpx-offers.iife.js`));
  const sanitizer = compressed(readFileSync(`${distDir}/adpx-offers.sanitizer.iife.js`));
  const single = compressed(readFileSync(`${distDir}/adpx-offers.single.iife.js`));
  const esmIndex = await ownCode(`${distDir}/index.js`, root);
  const esmDefine = await ownCode(`${distDir}/define.js`, root);
  return { iife, sanitizer, single, esmIndex, esmDefine };
}

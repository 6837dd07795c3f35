// Builds the framework examples into demo/frameworks/<name>/dist/ (Vite) or .next/ (Next.js):
//   node demo/frameworks/build.mjs            all five
//   node demo/frameworks/build.mjs vue react  some of them
// The SDK is imported as a publisher would (`adpx-offers/define`, `adpx-offers`), resolved to the
// repository's src/ so the examples always run the code under test. The Next.js app imports
// `adpx-offers/react` through the package's own name and exports, i.e. the built dist/ (`npm run
// build` first), as an installed package.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { svelte } from '@sveltejs/vite-plugin-svelte';
import vue from '@vitejs/plugin-vue';
import { build } from 'vite';

const here = (path) => fileURLToPath(new URL(path, import.meta.url));
const FRAMEWORKS = ['react', 'vue', 'svelte', 'angular', 'next'];

/**
 * The environment of every `next` command: no telemetry, and no request off the machine
 * (demo/frameworks/next/offline.cjs).
 */
export const nextEnv = () => ({
  ...process.env,
  NEXT_TELEMETRY_DISABLED: '1',
  NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --require ${here('./next/offline.cjs')}`.trim(),
});

/** `next build` of demo/frameworks/next (Turbopack) into its .next/. */
function buildNext() {
  const next = fileURLToPath(new URL('../../node_modules/next/dist/bin/next', import.meta.url));
  const run = spawnSync(process.execPath, [next, 'build', here('./next/')], {
    stdio: 'inherit',
    env: nextEnv(),
  });
  if (run.status !== 0) throw new Error(`next build failed (exit ${run.status})`);
}

const plugins = {
  react: () => [], // React 19 JSX: Vite's own automatic JSX transform, no plugin needed
  vue: () => [vue({ template: { compilerOptions: { isCustomElement: (tag) => tag.startsWith('adpx-') } } })],
  svelte: () => [svelte()],
  angular: () => [], // JIT: @angular/compiler is bundled and compiles the template in the browser
};

/** The Vite config of one example. */
export function frameworkConfig(name) {
  return {
    configFile: false,
    root: here(`./${name}/`),
    base: './',
    logLevel: 'warn',
    resolve: {
      alias: [
        { find: /^adpx-offers\/define$/, replacement: here('../../src/define.ts') },
        { find: /^adpx-offers\/react$/, replacement: here('../../src/frameworks/react.ts') },
        { find: /^adpx-offers$/, replacement: here('../../src/index.ts') },
      ],
    },
    plugins: plugins[name](),
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      target: 'es2022',
      reportCompressedSize: false,
      chunkSizeWarningLimit: 2000,
    },
  };
}

/** Builds the named examples (all by default), one after the other, and reports the time taken. */
export async function buildFrameworks(names = FRAMEWORKS) {
  for (const name of names) {
    if (!FRAMEWORKS.includes(name)) throw new Error(`unknown framework ${name}: ${FRAMEWORKS.join(', ')}`);
  }
  const started = performance.now();
  for (const name of names) {
    const t = performance.now();
    if (name === 'next') buildNext();
    else await build(frameworkConfig(name));
    console.info(`built demo/frameworks/${name} in ${Math.round(performance.now() - t)} ms`);
  }
  console.info(`framework examples built in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const wanted = process.argv.slice(2);
  await buildFrameworks(wanted.length > 0 ? wanted : FRAMEWORKS);
}

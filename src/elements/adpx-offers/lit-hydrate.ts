/**
 * Lit's `hydrate` (`@lit-labs/ssr-client`), which the take-over (take-over.ts) calls. In the
 * sources it is the package itself; in the published ESM build (dist/) this module is replaced by
 * a copy of that function bundled at build time (scripts/lit-hydrate.mjs, Lit's BSD-3-Clause
 * notice kept), which imports only `lit`. So `adpx-offers/define` and `adpx-offers/hydrate` need
 * no `@lit-labs/ssr-client` installed, and a bundler never looks for it (decision 011).
 */
export { hydrate } from '@lit-labs/ssr-client';

// Preloaded (`node --require`) into `next build`, `next start` and `next dev` by
// demo/frameworks/build.mjs and e2e/nextjs.spec.ts: nothing leaves the machine. `next dev` asks
// registry.npmjs.org for Next's latest version whenever a browser connects (its staleness
// indicator; telemetry is off by NEXT_TELEMETRY_DISABLED=1): such a fetch fails at once, as
// offline, and Next carries on without it. Loopback addresses (the mock service) pass.
'use strict';
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]', '::1']);
const online = globalThis.fetch;
globalThis.fetch = function offlineFetch(input, init) {
  const url = new URL(typeof input === 'string' || input instanceof URL ? String(input) : input.url);
  if (LOOPBACK.has(url.hostname)) return online(input, init);
  if (process.env.ADPX_OFFLINE_LOG) process.stderr.write(`[offline] refused ${url.origin}\n`);
  return Promise.reject(new TypeError(`offline: ${url.origin} refused (demo/frameworks/next/offline.cjs)`));
};

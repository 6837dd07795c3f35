/**
 * `adpx-offers/proxy`: the publisher's server side of proxy connect. Server side only; never in the
 * browser bundle. The handler is fetch-standard code (Node, Deno, Bun, edge workers, framework
 * route handlers); `toNodeHandler` adapts it to Node `http` and Express-style middleware and
 * imports nothing from Node at run time.
 */
export { createOffersProxy } from './handler.js';
export { toNodeHandler, toRequest, type NodeProxyListener } from './node.js';
export { DEFAULT_MAX_BODY_BYTES, DEFAULT_PROXY_TIMEOUT_MS } from './options.js';
export { clientIp, normalizeIp } from './client-ip.js';
export { ProxyOutcome } from './types.js';
export type {
  BodyTransform,
  OffersProxyHandler,
  OffersProxyOptions,
  ProxyContext,
  ProxyLogEntry,
  ProxyRequestInfo,
} from './types.js';

import type { RouteContext } from './context.js';
import { send, sendError } from './http.js';
import { BeaconKind, type BeaconHit } from './types.js';

/** A 1x1 transparent GIF. */
const PIXEL_GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

const BEACON_PATH = /^\/beacon\/([a-z_]+)\/(\d{1,15})$/;
const CLICK_PATH = /^\/click\/(\d{1,15})$/;

/** The kinds a `/beacon/` URL may name: all but `click`, which the click redirect records. */
const BEACON_KINDS: ReadonlySet<string> = new Set(
  Object.values(BeaconKind).filter((kind) => kind !== BeaconKind.Click),
);

function hit(ctx: RouteContext, kind: BeaconKind, offerId: number): BeaconHit {
  const q = ctx.url.searchParams;
  const dev = q.get('dev');
  const h: BeaconHit = {
    kind,
    offerId,
    sessionId: q.get('s') ?? '',
    at: Date.now(),
    dev: dev === '1' || dev === 'true',
    url: ctx.req.url ?? ctx.url.pathname + ctx.url.search,
  };
  if (ctx.req.headers['user-agent'] !== undefined) h.userAgent = ctx.req.headers['user-agent'];
  if (ctx.req.headers.cookie !== undefined) h.cookie = ctx.req.headers.cookie;
  return h;
}

/**
 * `GET /beacon/{kind}/{offerId}?s=…[&dev=1]`: records the hit and answers a transparent GIF.
 * HEAD is answered but not recorded. While `failBeacons` is above zero a GET destroys the socket
 * instead, unrecorded (a network failure to the client), so that a client's retry and its kept
 * beacons can be proved.
 */
export function handleBeacon(ctx: RouteContext): void {
  const m = BEACON_PATH.exec(ctx.url.pathname);
  if (!m?.[1] || !m[2] || !BEACON_KINDS.has(m[1])) {
    sendError(ctx.res, 404, `Unknown beacon: ${ctx.url.pathname}`);
    return;
  }
  if (ctx.req.method === 'GET') {
    if (ctx.state.failBeacons > 0) {
      ctx.state.failBeacons -= 1;
      ctx.req.socket.destroy();
      return;
    }
    ctx.state.beacons.push(hit(ctx, m[1] as BeaconKind, Number(m[2])));
  }
  send(ctx.res, 200, PIXEL_GIF, { 'Content-Type': 'image/gif', 'Cache-Control': 'no-store' });
}

/** `GET /click/{offerId}?s=…`: records a `click` and redirects to the mock landing page. */
export function handleClick(ctx: RouteContext): void {
  const id = CLICK_PATH.exec(ctx.url.pathname)?.[1];
  if (id === undefined) {
    sendError(ctx.res, 404, `Unknown click URL: ${ctx.url.pathname}`);
    return;
  }
  if (ctx.req.method === 'GET') ctx.state.beacons.push(hit(ctx, BeaconKind.Click, Number(id)));
  send(ctx.res, 302, '', { Location: `/landing?offer=${id}`, 'Cache-Control': 'no-store' });
}

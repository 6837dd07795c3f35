import type { Route, RouteContext } from './context.js';
import { CONTROL_ROUTES } from './control.js';
import { sendError } from './http.js';
import { handleImage } from './images/route.js';
import { handleOffers, OFFERS_PATHS } from './offers/handler.js';
import { handlePage } from './pages.js';
import { serveStatic } from './static-files.js';
import { handleBeacon, handleClick } from './tracking.js';

const GET_HEAD = ['GET', 'HEAD'] as const;
const PAGES = new Set(['/landing', '/privacy', '/offerwall']);

/** The API routes, tried in order before the static folders. */
const ROUTES: readonly Route[] = [
  { matches: (p) => OFFERS_PATHS.has(p), methods: ['POST'], handle: handleOffers },
  { matches: (p) => p.startsWith('/beacon/'), methods: GET_HEAD, handle: handleBeacon },
  { matches: (p) => p.startsWith('/click/'), methods: GET_HEAD, handle: handleClick },
  { matches: (p) => p.startsWith('/img/'), methods: GET_HEAD, handle: handleImage },
  { matches: (p) => PAGES.has(p), methods: GET_HEAD, handle: handlePage },
  ...CONTROL_ROUTES,
];

/**
 * Sends one request to its route: 405 (with `Allow`) on a wrong method, the static folders for
 * GET/HEAD when no API route matches, 404 JSON otherwise.
 */
export async function dispatch(ctx: RouteContext): Promise<void> {
  const method = ctx.req.method ?? 'GET';
  const route = ROUTES.find((r) => r.matches(ctx.url.pathname));
  if (route) {
    if (route.methods.includes(method)) await route.handle(ctx);
    else {
      sendError(ctx.res, 405, `Method ${method} is not allowed on ${ctx.url.pathname}`, {
        Allow: [...route.methods, 'OPTIONS'].join(', '),
      });
    }
    return;
  }
  if ((method === 'GET' || method === 'HEAD') && (await serveStatic(ctx))) return;
  sendError(ctx.res, 404, `Nothing at ${ctx.url.pathname}`);
}

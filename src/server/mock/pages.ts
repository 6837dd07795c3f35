import type { RouteContext } from './context.js';
import { escapeHtml, send } from './http.js';

function page(title: string, body: string, attrs: string): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem;color:#1f2330}</style></head>
<body ${attrs}>
<h1>${escapeHtml(title)}</h1>
${body}
<p><small>Served by the adpx-offers mock service.</small></p>
</body>
</html>
`;
}

async function landing(ctx: RouteContext): Promise<string> {
  const id = ctx.url.searchParams.get('offer') ?? '';
  const section = ctx.url.searchParams.get('section') === 'terms' ? 'terms' : 'offer';
  const offer = /^\d{1,15}$/.test(id)
    ? (await ctx.config.fixtures(ctx.base)).find((o) => o.id === Number(id))
    : undefined;
  const title = offer ? `${offer.advertiser_name}: ${offer.title}` : 'Offer landing page';
  const text =
    section === 'terms' ? 'Full terms and conditions of the offer.' : 'Thanks for accepting the offer.';
  return page(
    title,
    `<p id="landing-message">${escapeHtml(text)}</p>`,
    `data-page="landing" data-offer-id="${escapeHtml(id)}" data-section="${section}"`,
  );
}

/**
 * Tiny HTML pages behind the URLs the mock hands out: `/landing?offer=` (click target and full
 * terms), `/privacy` (privacy_url) and `/offerwall?offer=` (offerwall_url).
 */
export async function handlePage(ctx: RouteContext): Promise<void> {
  let html: string;
  if (ctx.url.pathname === '/landing') html = await landing(ctx);
  else if (ctx.url.pathname === '/privacy') {
    html = page(
      'Privacy policy',
      '<p>The mock service keeps nothing beyond its own memory.</p>',
      'data-page="privacy"',
    );
  } else {
    const id = ctx.url.searchParams.get('offer') ?? '';
    html = page(
      'More offers',
      '<p>The offer wall would list more offers here.</p>',
      `data-page="offerwall" data-offer-id="${escapeHtml(id)}"`,
    );
  }
  send(ctx.res, 200, html, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
}

/**
 * A unit rendered on the server (`renderOffers`) and taken over, in Firefox and WebKit (the same
 * flow in Chromium: e2e/ssr.spec.ts), by each script that can: the file for server-rendered pages,
 * and the usual tag (its first file sees the server's unit and loads the rest file with the
 * take-over, decision 016). The publisher's server (e2e/ssr-server.ts) holds the script back: the
 * card is on screen before any script runs; once the script is let through, the unit keeps the
 * server's nodes (the same objects), sends no request, fires its pixel only once the card is seen,
 * and its CTA sends `ad_taken` and the click. Declarative shadow DOM needs Firefox 123+ and Safari 16.4+ (WebKitGTK
 * 2.40+): an engine without it skips, saying so, and never passes.
 */
import { startSsrPage, type SsrPage } from '../e2e/ssr-server.js';
import type { EngineBrowser, EnginePage } from './driver.js';
import { eventTypes, expect, expectHits, hits, POLL, recorded, test } from './fixtures.js';
import { clickOn, scrollCardIntoView, waitForLog } from './page-helpers.js';
import { launchWebKit } from './webkit.js';

let site: SsrPage | undefined;
/** WebKit's own session for this flow (the suite's waits for load events: webkit.ts `open`). */
let own: EngineBrowser | undefined;
test.afterEach(async () => {
  await site?.close();
  site = undefined;
  await own?.close();
  own = undefined;
});

const NODES = 'section, [part~="offer"], [part~="headline"], [part~="accept"]';

/** The headline's text when the unit's (declarative) shadow root shows one; '' before. */
function headlineText(): string {
  const root = document.querySelector('adpx-offers')?.shadowRoot;
  const headline = [...(root?.querySelectorAll<HTMLElement>('[part~="headline"]') ?? [])].find(
    (el) => el.getClientRects().length > 0,
  );
  return headline?.textContent?.trim() ?? '';
}

/** Keeps the card's nodes for a later identity check; returns how many. */
function keepNodes(ep: EnginePage): Promise<number> {
  return ep.evaluate((selector) => {
    const nodes = [...(document.querySelector('adpx-offers')?.shadowRoot?.querySelectorAll(selector) ?? [])];
    (window as unknown as { kept: Element[] }).kept = nodes;
    return nodes.length;
  }, NODES);
}

/** True when every node kept before the script is still the one in the unit, in the document. */
function sameNodes(ep: EnginePage): Promise<boolean> {
  return ep.evaluate((selector) => {
    const now = [...(document.querySelector('adpx-offers')?.shadowRoot?.querySelectorAll(selector) ?? [])];
    const kept = (window as unknown as { kept: Element[] }).kept;
    return kept.length === now.length && kept.every((node, i) => node === now[i] && node.isConnected);
  }, NODES);
}

/** The script-tag files that take a server-rendered unit over, and the rest file each runs it with. */
const SCRIPTS = [
  ['adpx-offers.ssr.iife.js', 'adpx-offers.ssr.iife.js'],
  ['adpx-offers.iife.js', 'adpx-offers.rest-ssr.iife.js'],
] as const;

for (const [script, takesOver] of SCRIPTS)
  test(`${script}: a server-rendered unit: the card before the script, then the same nodes, one pixel when seen, the CTA`, async ({
    ep: suitePage,
    engine,
    mock,
  }) => {
    own = engine === 'webkit' ? await launchWebKit({ pageLoadStrategy: 'none' }) : undefined;
    const ep = own ? await own.newPage() : suitePage;
    site = await startSsrPage(mock, {
      script,
      above: 1400,
      attributes: { debug: true },
      head: `<script src="${mock.url}/engines/record.js"></script>`,
    });
    const served = mock.requests().length;
    await ep.open(site.url);
    const declarative = await ep.evaluate(() => 'shadowRootMode' in HTMLTemplateElement.prototype);
    const version = test.info().annotations.find((a) => a.type === 'engine')?.description ?? 'this engine';
    test.skip(!declarative, `${version} has no declarative shadow DOM (Firefox 123+, Safari 16.4+)`);

    // Before any script: the card is painted from the HTML, the element is not even defined.
    await expect.poll(() => ep.evaluate(headlineText), POLL).not.toBe('');
    expect(await ep.evaluate(() => customElements.get('adpx-offers') === undefined)).toBe(true);
    expect(site.scriptRequests()).toBe(1);
    expect(await keepNodes(ep)).toBe(5); // the unit, the card, its wide and narrow headlines, its CTA
    await scrollCardIntoView(ep);
    expect(await ep.evaluate(headlineText)).not.toBe('');
    await ep.evaluate(() => window.scrollTo(0, 0));

    site.release();
    await expect
      .poll(
        () =>
          ep.evaluate(async () => {
            await customElements.whenDefined('adpx-offers');
            return (await document.querySelector('adpx-offers')?.updateComplete) === true;
          }),
        POLL,
      )
      .toBe(true);
    expect(await sameNodes(ep)).toBe(true);
    await waitForLog(ep, /S1|taken over/);
    // The usual tag's first file saw the server's unit: the rest file with the take-over.
    const files = site.requested().map((path) => path.slice(path.lastIndexOf('/') + 1));
    expect(files).toContain(takesOver);
    expect(files).not.toContain('adpx-offers.rest.iife.js');
    // The response came with the HTML: no request of the unit's own, and out of view no pixel.
    expect(mock.requests().length).toBe(served);
    expect(hits(mock, 'pixel')).toHaveLength(0);

    await scrollCardIntoView(ep);
    await expectHits(mock, 'pixel', 1);
    const firstId = hits(mock, 'pixel')[0]?.offerId;
    expect(await eventTypes(ep)).toContain('adpx-impression');
    expect(await sameNodes(ep)).toBe(true);

    await clickOn(ep, '[part~="accept"]');
    await expectHits(mock, 'click', 1, firstId);
    expect(await eventTypes(ep)).toContain('adpx-ad-taken');
    expect(hits(mock, 'pixel', firstId)).toHaveLength(1);
    expect(mock.requests().length).toBe(served);
    expect((await recorded(ep)).errors).toEqual([]);
  });

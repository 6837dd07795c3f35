/**
 * The unit in a box whose width comes from its content, in Firefox and WebKit (issue 38; every
 * kind of box in Chromium in src/elements/adpx-offers/content-sized.browser.test.ts): a sidebar
 * `aside`, a flex row's item beside the order summary, and the page's own modal `<dialog>`. The
 * card is a size container, which gives its box no width: the unit used to be 42 px wide there, its
 * headline one letter a line. It now takes the card's natural width (25em, 400 px of card), and
 * counts its impression once.
 */
import type { EnginePage } from './driver.js';
import { expect, expectHits, POLL, test } from './fixtures.js';

interface Widths {
  unit: number;
  card: number;
  box: number;
  headlineLines: number;
  pageWidth: number;
}

/** The unit's and its visible card's widths, once the card's headline shows; null before. */
function widths(): Widths | null {
  const unit = document.getElementById('unit');
  const root = unit?.shadowRoot;
  const visible = (selector: string) =>
    [...(root?.querySelectorAll<HTMLElement>(selector) ?? [])].find((el) => el.getClientRects().length > 0);
  const card = visible('[part~="offer"]');
  const headline = visible('[part~="headline"]');
  const box = document.getElementById('box');
  if (!unit || !card || !headline || !box) return null;
  return {
    unit: Math.round(unit.getBoundingClientRect().width),
    card: Math.round(card.getBoundingClientRect().width),
    box: Math.round(box.getBoundingClientRect().width),
    headlineLines: Math.round(
      headline.getBoundingClientRect().height / parseFloat(getComputedStyle(headline).lineHeight),
    ),
    pageWidth: document.documentElement.scrollWidth,
  };
}

async function shownWidths(ep: EnginePage): Promise<Widths> {
  await expect.poll(() => ep.evaluate(widths), POLL).not.toBeNull();
  return (await ep.evaluate(widths)) as Widths;
}

for (const box of ['flex', 'dialog'] as const) {
  test(`the unit in ${box === 'flex' ? 'a sidebar beside the order summary' : 'the page’s own dialog'}: the card’s natural width`, async ({
    ep,
    mock,
  }) => {
    await ep.goto(`${mock.url}/boxes.html?box=${box}`);
    const measured = await shownWidths(ep);
    expect(measured.card).toBe(400);
    expect(measured.unit).toBeLessThanOrEqual(measured.box);
    expect(measured.headlineLines).toBeLessThanOrEqual(3);
    expect(measured.pageWidth).toBeLessThanOrEqual(1280);
    await expectHits(mock, 'pixel', 1);
  });
}

/**
 * The page's CSS in Firefox and WebKit: a root font size and inherited text properties (uppercase,
 * `white-space`, letter spacing, line height, italic, `text-align`…) leave the computed text
 * styles of the unit, a standalone card and standalone terms as on a clean page
 * (src/elements/shared.styles.ts, `hostReset`; e2e/page-css.spec.ts in Chromium); a page's box
 * sizing, which reaches the unit's element itself, leaves every box inside it as it was.
 */
import {
  HOST_CSS,
  HOSTILE_CSS,
  partBoxes,
  setPageCss,
  TEXT_PARTS,
  textStyles,
} from '../e2e/cases/page-css.js';
import type { EnginePage } from './driver.js';
import { expect, POLL, test } from './fixtures.js';

/** Opens the first terms found through shadow roots, once it is there. */
async function openTerms(ep: EnginePage): Promise<void> {
  const click = () =>
    ep.evaluate(() => {
      const find = (root: ParentNode): HTMLElement | undefined => {
        const here = root.querySelector<HTMLElement>('[part~="terms-toggle"]');
        if (here) return here;
        for (const el of root.querySelectorAll('*')) {
          const inner = el.shadowRoot && find(el.shadowRoot);
          if (inner) return inner;
        }
        return undefined;
      };
      const toggle = find(document);
      toggle?.click();
      return !!toggle;
    });
  await expect.poll(click, POLL).toBe(true);
}

/** The text styles with each hostile sheet equal those without, `shown` among the parts. */
async function expectUnchangedByPageCss(ep: EnginePage, shown: string[]): Promise<void> {
  const partsShown = async () => {
    const styles = await ep.evaluate(textStyles, TEXT_PARTS);
    const parts = new Set(Object.keys(styles).map((key) => key.split(' ')[0]));
    return shown.filter((part) => !parts.has(part));
  };
  await expect.poll(partsShown, POLL).toEqual([]);
  const clean = await ep.evaluate(textStyles, TEXT_PARTS);
  for (const css of HOSTILE_CSS) {
    await ep.evaluate(setPageCss, css);
    expect(await ep.evaluate(() => getComputedStyle(document.body).whiteSpace)).not.toBe('normal');
    expect(await ep.evaluate(textStyles, TEXT_PARTS), css).toEqual(clean);
  }
  await ep.evaluate(setPageCss, null);
}

const CARD = ['headline', 'description', 'accept', 'terms-toggle', 'terms-content'];

test('the unit: the page’s root size and inherited text properties do not reach it', async ({ ep, mock }) => {
  await ep.goto(`${mock.url}/engines/unit.html`);
  await openTerms(ep);
  await expectUnchangedByPageCss(ep, [...CARD, 'progress']);
});

test('standalone cards (320 and 720 px) and standalone terms: the page’s CSS does not reach them', async ({
  ep,
  mock,
}) => {
  await ep.goto(`${mock.url}/card.html?offers=1001,1002&widths=320,720`);
  await ep.evaluate(() => (window as unknown as { cardsReady: Promise<number> }).cardsReady);
  await openTerms(ep);
  await expectUnchangedByPageCss(ep, CARD);

  await ep.goto(`${mock.url}/terms.html`);
  await ep.evaluate(() => {
    const terms = document.createElement('adpx-terms');
    terms.html = '<p>Terms apply.</p><ul><li>One per household.</li></ul>';
    document.getElementById('slot')?.append(terms);
  });
  await openTerms(ep);
  await expectUnchangedByPageCss(ep, ['terms-toggle', 'terms-content']);
});

test('the unit: a page’s box-sizing reaches its element, not the boxes inside', async ({ ep, mock }) => {
  await ep.goto(`${mock.url}/engines/unit.html`);
  const boxes = () => ep.evaluate(partBoxes);
  await expect.poll(async () => Object.keys(await boxes()).length > 10, POLL).toBe(true);
  const clean = await boxes();
  for (const css of HOST_CSS) {
    await ep.evaluate(setPageCss, css);
    const sizing = () => getComputedStyle(document.querySelector('adpx-offers') ?? document.body).boxSizing;
    expect(await ep.evaluate(sizing), `${css}: the sheet applies to the unit's element`).toBe('content-box');
    await expect.poll(boxes, POLL).toEqual(clean);
  }
  await ep.evaluate(setPageCss, null);
});

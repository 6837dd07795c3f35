import { afterEach, describe, expect, test } from 'vitest';
import { commands } from 'vitest/browser';
import '../../define.js';
import type { OffersResponse } from '../../model/types.js';
import { contrastRatio } from '../../../test/components/contrast.js';
import {
  clearStage,
  deepQueryAll,
  offersResponse,
  renderUnit,
  shownAll,
  stage,
} from '../../../test/components/dom.js';

/**
 * A `transparent` unit shows the page through, so its text takes the page's colour, not the
 * response's (chosen for the response's own background, which is not painted): docs/theming.md.
 * Every text of the unit is read against what is painted behind it, as the browser composes it.
 */

type Unit = HTMLElement & { response?: unknown };

afterEach(async () => {
  clearStage();
  await commands.emulateMedia({ colorScheme: null });
});

const DARK_PAGE = { background: 'rgb(17, 20, 28)', color: 'rgb(232, 234, 240)' };
const LIGHT_PAGE = { background: 'rgb(255, 255, 255)', color: 'rgb(20, 20, 20)' };

/** The mock's response: its colours are #1f2330 text on #ffffff, a #5b3df5 primary; a loyalty boost on its first offer. */
const response = (change?: (r: OffersResponse) => void): OffersResponse => {
  const r = offersResponse((offers) => {
    Object.assign(offers[0] ?? {}, { is_loyaltyboost: true, loyaltyboost_requirements: 'Two orders' });
  });
  change?.(r);
  return r;
};

async function renderOn(
  page: { background: string; color: string },
  attributes: Record<string, string>,
  r: OffersResponse = response(),
): Promise<{ unit: Unit; box: HTMLElement }> {
  const box = stage(600);
  box.style.background = page.background;
  box.style.color = page.color;
  box.style.padding = '16px';
  const unit = await renderUnit<Unit>(attributes, { parent: box, response: r });
  return { unit, box };
}

/** A colour as the browser paints it over `under` (an opaque colour): sRGB channels 0–255. */
function painted(color: string, under: string): [number, number, number] {
  const context = document.createElement('canvas').getContext('2d', { willReadFrequently: true });
  if (!context) throw new Error('no 2d context');
  context.fillStyle = under;
  context.fillRect(0, 0, 1, 1);
  context.fillStyle = color;
  context.fillRect(0, 0, 1, 1);
  const [r, g, b] = context.getImageData(0, 0, 1, 1).data;
  return [r ?? 0, g ?? 0, b ?? 0];
}

const contrast = contrastRatio;

/** The element's parent, through a shadow root to its host. */
const up = (el: Element): Element | null =>
  el.parentElement ?? ((el.getRootNode() as ShadowRoot).host as Element | undefined) ?? null;

/** What is painted behind `el`: its backgrounds up to the page's, composed over it. */
function backdrop(el: Element, pageBackground: string): [number, number, number] {
  const layers: string[] = [];
  for (let node: Element | null = el; node; node = up(node)) {
    if (node.matches('[data-testid^="stage-"]')) break;
    const bg = getComputedStyle(node).backgroundColor;
    if (bg !== 'rgba(0, 0, 0, 0)' && bg !== 'transparent') layers.unshift(bg);
  }
  let rgb = painted(pageBackground, '#000');
  for (const layer of layers) rgb = painted(layer, `rgb(${rgb.join(', ')})`);
  return rgb;
}

/**
 * Every visible text of the unit (an element with a text node of its own, through the shadow
 * roots), and its contrast with what is painted behind it. A disabled control is left out: WCAG
 * asks no contrast of it.
 */
function textContrasts(unit: Element, pageBackground: string): Array<{ text: string; ratio: number }> {
  return deepQueryAll(unit, '*')
    .filter(
      (el) =>
        el.getClientRects().length > 0 &&
        !el.closest('.visually-hidden, [aria-disabled="true"]') &&
        [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent?.trim()),
    )
    .map((el) => {
      const behind = backdrop(el, pageBackground);
      const text = painted(getComputedStyle(el).color, `rgb(${behind.join(', ')})`);
      return { text: el.textContent?.trim().slice(0, 30) ?? '', ratio: contrast(text, behind) };
    });
}

const unreadable = (contrasts: Array<{ text: string; ratio: number }>) =>
  contrasts.filter((c) => c.ratio < 4.5).map((c) => `${c.text}: ${c.ratio.toFixed(2)}`);

describe('a transparent unit takes its text colour from the page', () => {
  test('a dark page with light text: every text of the card reads at 4.5:1 or more on the page', async () => {
    const { unit } = await renderOn(DARK_PAGE, { transparent: '' });
    const headline = shownAll(unit, '[part~="headline"]')[0] as HTMLElement;
    expect(getComputedStyle(headline).color).toBe(DARK_PAGE.color);
    const contrasts = textContrasts(unit, DARK_PAGE.background);
    expect(contrasts.length).toBeGreaterThan(5);
    expect(unreadable(contrasts)).toEqual([]);
    // The page shows through: neither the unit nor the card paints a background.
    for (const part of ['unit', 'card'])
      expect(getComputedStyle(shownAll(unit, `[part~="${part}"]`)[0] as HTMLElement).backgroundColor).toBe(
        'rgba(0, 0, 0, 0)',
      );
  });

  test('a light page still reads, in a dark colour scheme too (the unit’s own dark defaults do not leak)', async () => {
    for (const scheme of ['light', 'dark'] as const) {
      await commands.emulateMedia({ colorScheme: scheme });
      const { unit } = await renderOn(LIGHT_PAGE, { transparent: '' });
      expect(unreadable(textContrasts(unit, LIGHT_PAGE.background)), scheme).toEqual([]);
      clearStage();
    }
  });

  test('the page’s --adpx-text-color still wins on a transparent unit', async () => {
    const { unit, box } = await renderOn(DARK_PAGE, { transparent: '' });
    box.style.setProperty('--adpx-text-color', 'rgb(255, 230, 150)');
    const headline = shownAll(unit, '[part~="headline"]')[0] as HTMLElement;
    await expect.poll(() => getComputedStyle(headline).color).toBe('rgb(255, 230, 150)');
  });

  test('set after the first render, and taken away again', async () => {
    const { unit } = await renderOn(DARK_PAGE, {});
    const headline = shownAll(unit, '[part~="headline"]')[0] as HTMLElement;
    expect(getComputedStyle(headline).color).toBe('rgb(31, 35, 48)');
    unit.setAttribute('transparent', '');
    await expect.poll(() => getComputedStyle(headline).color).toBe(DARK_PAGE.color);
    unit.removeAttribute('transparent');
    await expect.poll(() => getComputedStyle(headline).color).toBe('rgb(31, 35, 48)');
  });

  test('the publisher’s own colours (the launcher’s styles) still apply', async () => {
    const { unit } = await renderOn(DARK_PAGE, { transparent: '' });
    (unit as Unit & { overrides?: unknown }).overrides = { styles: { text_color: 'rgb(255, 230, 150)' } };
    const headline = shownAll(unit, '[part~="headline"]')[0] as HTMLElement;
    await expect.poll(() => getComputedStyle(headline).color).toBe('rgb(255, 230, 150)');
    expect(unreadable(textContrasts(unit, DARK_PAGE.background))).toEqual([]);
  });
});

describe('a unit that is not transparent', () => {
  test('keeps the response’s colours on a dark page, and reads on its own background', async () => {
    const { unit } = await renderOn(DARK_PAGE, {});
    const headline = shownAll(unit, '[part~="headline"]')[0] as HTMLElement;
    expect(getComputedStyle(headline).color).toBe('rgb(31, 35, 48)');
    expect(getComputedStyle(shownAll(unit, '[part~="unit"]')[0] as HTMLElement).backgroundColor).toBe(
      'rgb(255, 255, 255)',
    );
    expect(unreadable(textContrasts(unit, DARK_PAGE.background))).toEqual([]);
  });
});

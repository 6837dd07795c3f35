import type { Page } from '@playwright/test';
import { expect, imagesSettled, openTermsPage, test } from './fixtures.js';

/**
 * One type scale (docs/theming.md): in the default theme, the SDK's own text uses at most four
 * font sizes and the weights 400 and 600, in every layout and state, narrow and wide. Every element
 * with a text node of its own is read, in every open shadow root below the page, whatever element
 * renders the cards; the sanitised terms' own markup (`strong`, `small`, …) is the advertiser's and
 * is checked apart: it keeps its meaning. Test pages: e2e/pages/unit-lab.html, card.html, terms.html.
 */

const SIZES_AT_MOST = 4;
const WEIGHTS = ['400', '600'];

interface Sample {
  /** The element's first part name, else its first class; else its nearest named ancestor's and its tag. */
  name: string;
  size: string;
  weight: string;
  text: string;
}

/**
 * Runs in the page: every rendered element inside a shadow root that has its own text, with its
 * computed size and weight. The terms content's descendants are left out (its own text is kept).
 */
function ownTexts(): Sample[] {
  const samples: Sample[] = [];
  const visit = (root: Document | ShadowRoot): void => {
    for (const element of root.querySelectorAll('*')) {
      if (element.shadowRoot) visit(element.shadowRoot);
      if (root === document) continue;
      // The sanitised terms: their container's size, not their markup's (checked apart).
      if (element.parentElement?.closest('[part~="terms-content"]')) continue;
      const isContent = element.matches('[part~="terms-content"]');
      const text = [...element.childNodes]
        .filter((node) => node.nodeType === Node.TEXT_NODE)
        .map((node) => node.textContent?.trim() ?? '')
        .join(' ')
        .trim();
      if ((!text && !isContent) || !element.checkVisibility()) continue;
      const style = getComputedStyle(element);
      let named: Element | null = element;
      while (named && !named.getAttribute('part') && named.classList.length === 0)
        named = named.parentElement;
      const label = (el: Element) => el.getAttribute('part')?.split(' ')[0] ?? `.${el.classList[0] ?? ''}`;
      const name = !named
        ? element.localName
        : named === element
          ? label(named)
          : `${label(named)} ${element.localName}`;
      samples.push({ name, size: style.fontSize, weight: style.fontWeight, text: text.slice(0, 40) });
    }
  };
  visit(document);
  return samples;
}

const visible = (page: Page, selector: string) => page.locator(selector).filter({ visible: true }).first();
const headline = (page: Page) => visible(page, '[part~="headline"]');

interface State {
  name: string;
  path: string;
  /** Brings the page into the state, after its first headline is visible. */
  enter?: (page: Page) => Promise<void>;
}

const openTerms = async (page: Page): Promise<void> => {
  await visible(page, '[part~="terms-toggle"]').click();
  await expect(visible(page, '[part~="terms-content"]')).toBeVisible();
};

const STATES: State[] = [
  {
    name: 'inline, heading, saving failed, terms open (accordion)',
    path: 'unit-lab.html?key=demo-key&heading=Offers&terms=accordion',
    enter: async (page) => {
      // A failed save shows its status line.
      await page.route('**/beacon/save_for_later/**', (route) => route.abort());
      await visible(page, '[part~="save"]').click();
      await expect(visible(page, '.save-status')).not.toBeEmpty();
      await openTerms(page);
    },
  },
  {
    name: 'inline, terms open (modal)',
    path: 'unit-lab.html?key=demo-key&terms=modal',
    enter: async (page) => {
      await openTerms(page);
      await expect(visible(page, '[part~="terms-dialog"]')).toBeVisible();
    },
  },
  { name: 'popup', path: 'unit-lab.html?layout=popup&heading=Offers' },
  { name: 'fullscreen', path: 'unit-lab.html?layout=fullscreen' },
  {
    name: 'list',
    path: 'unit-lab.html?key=demo-key&layout=list&heading=More%20offers',
    enter: async (page) => {
      await expect.poll(() => page.locator('[part~="headline"]').filter({ visible: true }).count()).toBe(6);
    },
  },
  {
    name: 'loyalty',
    path: 'unit-lab.html?key=demo-key&loyaltyboost=2',
    enter: async (page) => expect(visible(page, '[part~="loyalty"]')).toBeVisible(),
  },
  {
    name: 'QR',
    path: 'unit-lab.html?show-qr',
    enter: async (page) => {
      await expect(visible(page, '[part~="qr"]')).toBeVisible();
      await imagesSettled(page);
    },
  },
  {
    name: 'end card',
    path: 'unit-lab.html?heading=Offers',
    enter: async (page) => {
      for (let i = 0; i < 3; i++) await page.getByRole('button', { name: 'Next offer' }).click();
      await expect(visible(page, '[part~="end"]')).toBeVisible();
    },
  },
  {
    name: 'standalone cards, 320 and 720 px, terms open (modal)',
    path: 'card.html?offers=1001,1002&widths=320,720&qr&terms=modal',
    enter: async (page) => {
      await page.evaluate(() => (window as unknown as { cardsReady: Promise<number> }).cardsReady);
      await openTerms(page);
    },
  },
];

/** The samples of a state, after its first headline is on screen and `enter` has run. */
async function samplesOf(page: Page, url: string, state: State): Promise<Sample[]> {
  await page.goto(`${url}/${state.path}`);
  await expect(headline(page)).toBeVisible();
  await state.enter?.(page);
  return (await page.evaluate(ownTexts)).map((sample) => ({
    ...sample,
    name: `${state.name}: ${sample.name}`,
  }));
}

/** Sample names grouped by a computed value, for a readable failure. */
function byValue(samples: Sample[], key: 'size' | 'weight'): Record<string, string[]> {
  const groups: Record<string, string[]> = {};
  for (const sample of samples) (groups[sample[key]] ??= []).push(`${sample.name} "${sample.text}"`);
  return groups;
}

const sizeOf = (samples: Sample[], part: string): number => {
  const sample = samples.find((s) => s.name.endsWith(`: ${part}`));
  if (!sample) throw new Error(`no ${part} among the samples`);
  return parseFloat(sample.size);
};

for (const width of [360, 1280]) {
  test(`at ${width} px, every layout and state: at most ${SIZES_AT_MOST} font sizes, weights 400 and 600`, async ({
    page,
    mock,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width, height: 900 });
    const samples: Sample[] = [];
    for (const state of STATES) samples.push(...(await samplesOf(page, mock.url, state)));

    // It read the text it is about: every kind of text of the unit and the card.
    const names = new Set(samples.map((sample) => sample.name.split(': ')[1]));
    for (const part of [
      '.heading',
      'headline',
      'description',
      'advertiser',
      'accept',
      'decline',
      'offerwall span',
      'save span',
      '.save-status',
      'mini-text small',
      '.badge span',
      '.requirements',
      '.qr-caption',
      'privacy',
      'terms-toggle span',
      'terms-content',
      'terms-close',
      '.dialog-title',
      ...(width > 600 ? ['previous span', 'next span'] : []), // narrow: chevrons only
      'progress',
      '.end-title',
      '.end-body',
      'close',
    ]) {
      expect(names, `a ${part} was read`).toContain(part);
    }

    const sizes = byValue(samples, 'size');
    expect(Object.keys(sizes).length, JSON.stringify(sizes, null, 1)).toBeLessThanOrEqual(SIZES_AT_MOST);
    const weights = byValue(samples, 'weight');
    expect(WEIGHTS, JSON.stringify(weights, null, 1)).toEqual(expect.arrayContaining(Object.keys(weights)));

    // The hierarchy: headline > description > small print.
    const unit = samples.filter((s) => s.name.startsWith('inline, heading'));
    expect(sizeOf(unit, 'headline')).toBeGreaterThan(sizeOf(unit, 'description'));
    expect(sizeOf(unit, 'description')).toBeGreaterThan(sizeOf(unit, 'mini-text small'));
  });
}

test('the terms’ own markup keeps its meaning: strong and b bolder, small smaller than the text', async ({
  page,
  mock,
}) => {
  await openTermsPage(page, mock);
  await page.evaluate(() => {
    const terms = document.createElement('adpx-terms');
    terms.html =
      '<p>Terms <strong>apply</strong> <b>today</b> <small>see below</small></p>' +
      '<table><tr><th>Fee</th><td>none</td></tr></table>';
    document.getElementById('slot')?.append(terms);
  });
  await page.locator('adpx-terms [part~="terms-toggle"]').click();
  const content = page.locator('adpx-terms [part~="terms-content"]');
  await expect(content).toBeVisible();
  const style = (selector: string) =>
    content.locator(selector).evaluate((el) => {
      const { fontSize, fontWeight } = getComputedStyle(el);
      return { size: parseFloat(fontSize), weight: Number(fontWeight) };
    });
  const text = await style('p');
  expect(text.weight).toBe(400);
  for (const bold of ['strong', 'b', 'th']) expect(await style(bold), bold).toEqual({ ...text, weight: 600 });
  expect((await style('small')).size).toBeLessThan(text.size);
});

test('the publisher’s tokens still size and set the text', async ({ page, mock }) => {
  await page.setViewportSize({ width: 360, height: 900 });
  await page.goto(`${mock.url}/unit-lab.html?heading=Offers`);
  await expect(headline(page)).toBeVisible();
  const description = visible(page, '[part~="description"]');
  const before = parseFloat(await description.evaluate((el) => getComputedStyle(el).fontSize));
  await page.addStyleTag({
    content: `adpx-offers {
      --adpx-font-size: 20px;
      --adpx-headline-size: 31px;
      --adpx-terms-font-size: 11px;
      --adpx-font-family: Georgia, serif;
    }`,
  });
  await expect(headline(page)).toHaveCSS('font-size', '31px');
  await expect(visible(page, '[part~="terms-toggle"]')).toHaveCSS('font-size', '11px');
  await expect(description).toHaveCSS('font-size', `${(before * 20) / 16}px`);
  await expect(description).toHaveCSS('font-family', 'Georgia, serif');
});

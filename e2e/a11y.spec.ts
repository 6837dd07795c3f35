import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import type { AdpxOffersElement } from '../src/elements/adpx-offers/adpx-offers.js';
import { animationsSettled, debugLines, expect, expectHits, hits, test } from './fixtures.js';

/**
 * Accessibility of the unit in every layout and state, at a phone width and a desktop width: axe
 * (every rule axe runs by default, best practices included) must find nothing; then keyboard use
 * and the polite announcement of a new offer. Test page: e2e/pages/unit-lab.html.
 */

const WIDTHS = [
  { width: 360, height: 740 },
  { width: 1280, height: 800 },
] as const;

const cards = (page: Page) => page.locator('adpx-offers [part~="offer"]');
const unit = (page: Page) => page.locator('adpx-offers');
const progress = (page: Page) => page.locator('adpx-offers [part~="progress"]');

/** The terms control of the card on screen (the card may render one per width variant). */
const termsToggle = (page: Page) =>
  page.locator('adpx-offers [part~="terms-toggle"]').filter({ visible: true });

interface State {
  name: string;
  query: string;
  /** Brings the unit into the state; `false` when the state does not exist (yet) and is skipped. */
  enter?: (page: Page) => Promise<unknown>;
}

const openTerms = async (page: Page): Promise<boolean> => {
  if ((await termsToggle(page).count()) === 0) return false;
  await termsToggle(page).first().click();
  return true;
};

const STATES: State[] = [
  { name: 'inline', query: 'heading=Offers%20picked%20for%20you' },
  { name: 'inline, no heading, close hidden', query: 'hide-close' },
  { name: 'popup', query: 'layout=popup&heading=Offers%20picked%20for%20you' },
  { name: 'fullscreen', query: 'layout=fullscreen' },
  { name: 'list', query: 'layout=list&heading=More%20offers' },
  {
    name: 'end card',
    query: 'heading=Offers%20picked%20for%20you',
    enter: async (page) => {
      for (let i = 0; i < 3; i++) await unit(page).getByRole('button', { name: 'Next offer' }).click();
      await expect(page.locator('adpx-offers [part~="end"]')).toBeVisible();
    },
  },
  { name: 'terms open (accordion)', query: 'terms=accordion', enter: openTerms },
  {
    name: 'terms open (modal)',
    query: 'terms=modal',
    enter: async (page) => {
      if (!(await openTerms(page))) return false;
      await expect(page.locator('adpx-offers [part~="terms-dialog"]').filter({ visible: true })).toHaveCount(
        1,
      );
    },
  },
  { name: 'popup with terms open (modal)', query: 'layout=popup&terms=modal', enter: openTerms },
  { name: 'loyalty offer', query: 'key=demo-key&loyaltyboost=2' },
  { name: 'QR shown', query: 'show-qr' },
  { name: 'dark scheme, no response styles', query: 'heading=Offers', enter: async () => {} },
];

/** The response without its styles, so that the unit's own light/dark defaults show. */
async function withoutResponseStyles(page: Page): Promise<void> {
  await page.route(/\/native\/v[24]\/offers\.json/, async (route) => {
    const response = await route.fetch();
    const json = (await response.json()) as { data: { styles?: unknown } };
    delete json.data.styles;
    await route.fulfill({ response, json });
  });
}

for (const size of WIDTHS) {
  test.describe(`axe at ${size.width}px`, () => {
    test.use({ viewport: size });

    for (const state of STATES) {
      test(`no violations: ${state.name}`, async ({ page, mock }) => {
        if (state.name.startsWith('dark')) {
          await page.emulateMedia({ colorScheme: 'dark' });
          await withoutResponseStyles(page);
        }
        await page.goto(`${mock.url}/unit-lab.html?${state.query}`);
        await expect(cards(page).first()).toBeVisible();
        await expect.poll(() => hits(mock, 'pixel').length).toBeGreaterThan(0);
        // Every state's control must exist: a missing one fails rather than skipping the check.
        if (state.enter) expect(await state.enter(page), `${state.name}: control missing`).not.toBe(false);
        // Let entrance animations finish so colours are measured at rest.
        await animationsSettled(page);
        const results = await new AxeBuilder({ page }).analyze();
        const summary = results.violations.map((v) => ({
          rule: v.id,
          impact: v.impact,
          targets: v.nodes.map((n) => n.target.join(' ')),
          why: v.nodes[0]?.failureSummary,
        }));
        console.info(
          `axe ${size.width}px ${state.name}: ${results.violations.length} violations, ${results.passes.length} rules passed, ${results.incomplete.length} to review`,
        );
        expect(summary).toEqual([]);
      });
    }
  });
}

/** What has focus, looked up through shadow roots, and how its focus is drawn. */
async function focusInfo(page: Page) {
  return page.evaluate(() => {
    let el: Element | null = document.activeElement;
    let inUnit = false;
    while (el?.shadowRoot?.activeElement) {
      if (el.tagName === 'ADPX-OFFERS') inUnit = true;
      el = el.shadowRoot.activeElement;
    }
    if (!el || el === document.body) return null;
    const style = getComputedStyle(el);
    return {
      inUnit,
      id: `${el.tagName.toLowerCase()}[part=${el.getAttribute('part') ?? ''}] ${el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 30) ?? ''}`,
      focusVisible: el.matches(':focus-visible'),
      outline: style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2,
      shadow: style.boxShadow !== 'none',
    };
  });
}

/** Every control in the unit that should be reachable with Tab, through nested shadow roots. */
async function tabbableControls(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const selector = 'button, a[href], input, select, textarea, summary, [tabindex]:not([tabindex="-1"])';
    const walk = (root: ParentNode) => {
      for (const el of root.querySelectorAll('*')) {
        if (el.matches(selector) && !(el as HTMLButtonElement).disabled && el.checkVisibility()) {
          found.push(
            `${el.tagName.toLowerCase()}[part=${el.getAttribute('part') ?? ''}] ${el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 30) ?? ''}`,
          );
        }
        if (el.shadowRoot) walk(el.shadowRoot);
      }
    };
    const host = document.querySelector('adpx-offers');
    if (host?.shadowRoot) walk(host.shadowRoot);
    return found;
  });
}

test.describe('keyboard', () => {
  for (const size of WIDTHS) {
    test(`Tab reaches every control of the unit with a visible focus ring at ${size.width}px`, async ({
      page,
      mock,
    }) => {
      await page.setViewportSize(size);
      await page.goto(`${mock.url}/unit-lab.html?heading=Offers`);
      await expect(cards(page).first()).toBeVisible();
      // Entrance animations finished: every control is where (and as visible as) it will stay.
      await animationsSettled(page);
      const expected = await tabbableControls(page);
      expect(expected.length).toBeGreaterThanOrEqual(5);
      const reached: string[] = [];
      for (let i = 0; i < 60; i++) {
        await page.keyboard.press('Tab');
        const info = await focusInfo(page);
        if (!info?.inUnit) {
          if (reached.length > 0) break;
          continue;
        }
        expect(info.focusVisible, info.id).toBe(true);
        expect(info.outline || info.shadow, `${info.id} draws a focus ring`).toBe(true);
        reached.push(info.id);
      }
      expect(reached).toEqual(expected);
      for (const name of ['Close', 'Previous offer', 'Next offer']) {
        expect(reached.some((id) => id.includes(name))).toBe(true);
      }
      expect(reached.some((id) => id.includes('part=accept'))).toBe(true);
      expect(reached.some((id) => id.includes('part=decline'))).toBe(true);
    });
  }

  /**
   * Where the focused control's ring (outline width + offset) is cut off by an ancestor that clips
   * its overflow (a scrolling area, the dialog), looked up through shadow roots. Empty: all drawn.
   */
  const clippedRing = (page: Page) =>
    page.evaluate(() => {
      let el: Element | null = document.activeElement;
      while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement;
      if (!el) return ['nothing focused'];
      const style = getComputedStyle(el);
      const ring = parseFloat(style.outlineWidth) + parseFloat(style.outlineOffset);
      const box = el.getBoundingClientRect();
      const clips: string[] = [];
      for (let node: Node | null = el; node;) {
        const parent: Node | null = node.parentNode;
        node = parent instanceof ShadowRoot ? parent.host : parent;
        if (!(node instanceof Element) || node === document.body) break;
        const s = getComputedStyle(node);
        if ((s.overflowX === 'visible' && s.overflowY === 'visible') || s.display === 'contents') continue;
        const r = node.getBoundingClientRect();
        const left = r.left + parseFloat(s.borderLeftWidth);
        const top = r.top + parseFloat(s.borderTopWidth);
        const cut =
          box.left - ring < left - 0.5 ||
          box.top - ring < top - 0.5 ||
          box.right + ring > left + node.clientWidth + 0.5 ||
          box.bottom + ring > top + node.clientHeight + 0.5;
        if (cut)
          clips.push(`${el.getAttribute('part') ?? el.tagName} cut by ${node.tagName}.${node.className}`);
      }
      return clips;
    });

  for (const layout of ['inline', 'popup', 'fullscreen', 'list']) {
    for (const size of WIDTHS) {
      test(`${layout} at ${size.width}px: no focus ring is cut off by a scrolling area or the dialog`, async ({
        page,
        mock,
      }) => {
        await page.setViewportSize(size);
        await page.goto(`${mock.url}/unit-lab.html?layout=${layout}&heading=Offers`);
        await expect(cards(page).first()).toBeVisible();
        await animationsSettled(page);
        const seen = new Set<string>();
        const cut: string[] = [];
        for (let i = 0; i < 60; i++) {
          await page.keyboard.press('Tab');
          const info = await focusInfo(page);
          if (!info?.inUnit) {
            if (seen.size > 0) break;
            continue;
          }
          if (seen.has(info.id)) break;
          seen.add(info.id);
          cut.push(...(await clippedRing(page)));
        }
        expect(seen.size).toBeGreaterThanOrEqual(8);
        expect(cut).toEqual([]);
      });
    }
  }

  test('Enter and Space operate the controls', async ({ page, mock }) => {
    await page.goto(`${mock.url}/unit-lab.html`);
    await expect(progress(page)).toHaveText('1 of 3');
    await unit(page).getByRole('button', { name: 'Next offer' }).focus();
    await page.keyboard.press('Enter');
    await expect(progress(page)).toHaveText('2 of 3');
    await unit(page).getByRole('button', { name: 'Previous offer' }).focus();
    await page.keyboard.press('Space');
    await expect(progress(page)).toHaveText('1 of 3');
    await cards(page).locator('[part~="decline"]').focus();
    await page.keyboard.press('Space');
    await expectHits(mock, 'no_thanks_click', 1);
    await expect(progress(page)).toHaveText('2 of 3');
    await unit(page).getByRole('button', { name: 'Close', exact: true }).focus();
    await page.keyboard.press('Enter');
    await expect(cards(page)).toHaveCount(0);
    await expectHits(mock, 'close', 1);
  });

  test('Enter on a popup trigger opens it, Escape closes it, focus comes back', async ({ page, mock }) => {
    await page.goto(`${mock.url}/unit-lab.html?layout=popup&trigger`);
    await page.locator('#trigger').focus();
    await page.keyboard.press('Enter');
    await expect(page.locator('adpx-offers [part~="overlay"]')).toBeVisible();
    await page.keyboard.press('Tab');
    const info = await focusInfo(page);
    expect(info?.inUnit).toBe(true);
    expect(info?.focusVisible).toBe(true);
    await page.keyboard.press('Escape');
    await expect(page.locator('#trigger')).toBeFocused();
  });
});

test.describe('announcements', () => {
  test('the polite live region announces each new offer', async ({ page, mock }) => {
    await page.goto(`${mock.url}/unit-lab.html`);
    const live = page.locator('adpx-offers [role="status"][aria-live="polite"]');
    await expect(live).toHaveCount(1);
    const titles = await unit(page).evaluate((el: AdpxOffersElement) =>
      (el.response?.offers ?? []).map((o) => o.title ?? o.short_headline ?? ''),
    );
    await expect(live).toHaveText(`Offer 1 of 3: ${titles[0]}`);
    await unit(page).getByRole('button', { name: 'Next offer' }).click();
    await expect(live).toHaveText(`Offer 2 of 3: ${titles[1]}`);
    await cards(page).locator('[part~="decline"]').click();
    await expect(live).toHaveText(`Offer 3 of 3: ${titles[2]}`);
    await unit(page).getByRole('button', { name: 'Next offer' }).click();
    await expect(live).toHaveText("That's all for now");
    // The end card's button takes focus, since the card that had it is gone.
    expect((await focusInfo(page))?.id).toContain('Close');
  });
});

test.describe('reflow and text size', () => {
  /** Long unbreakable words from the service, as German offers have them. */
  async function longWords(page: Page): Promise<void> {
    await page.route(/\/native\/v[24]\/offers\.json/, async (route) => {
      const response = await route.fetch();
      const json = (await response.json()) as { data: { offers: [Record<string, unknown>] } };
      Object.assign(json.data.offers[0], {
        advertiser_name: 'Donaudampfschifffahrtsgesellschaft',
        cta_yes: 'Versicherungsbestätigungsanfrage',
      });
      await route.fulfill({ response, json });
    });
  }

  /**
   * Text at 200% as a person sets it: the browser's default font size (`medium`, 16 px → 32 px),
   * which the unit's sizes follow (the page's root size does not reach them). Chromium's setting,
   * through the DevTools protocol.
   */
  async function textAt200(page: Page): Promise<void> {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Page.setFontSizes', { fontSizes: { standard: 32 } });
  }

  /** The first card's headline size: 1.25em of a 32 px default. */
  const headlineSize = (page: Page) =>
    cards(page)
      .first()
      .locator('[part~="headline"]')
      .filter({ visible: true })
      .first()
      .evaluate((el) => getComputedStyle(el).fontSize);

  /** Elements of the unit (shadow trees included) drawn outside its box, or scrolling sideways. */
  const spills = (page: Page) =>
    page.evaluate(() => {
      const host = document.querySelector('adpx-offers');
      const frame = host?.shadowRoot?.querySelector('[part~="unit"]')?.getBoundingClientRect();
      if (!host?.shadowRoot || !frame) return ['no unit'];
      const found: string[] = [];
      const walk = (root: ParentNode) => {
        for (const el of root.querySelectorAll('*')) {
          if (el.shadowRoot) walk(el.shadowRoot);
          if (!el.checkVisibility() || el.matches('.overlay') || el.closest('.visually-hidden')) continue;
          const r = el.getBoundingClientRect();
          const name = `${el.tagName.toLowerCase()}.${el.getAttribute('class') ?? ''}`;
          if (r.width > 0 && (r.left < frame.left - 1 || r.right > frame.right + 1))
            found.push(`${name} outside`);
          if (el.scrollWidth > el.clientWidth + 1 && el.clientWidth > 0)
            found.push(`${name} scrolls sideways`);
        }
      };
      walk(host.shadowRoot);
      if (document.documentElement.scrollWidth > innerWidth) found.push('the page scrolls sideways');
      return found;
    });

  for (const layout of ['inline', 'popup', 'list']) {
    test(`${layout} at 320px with 200% text in German, long words from the service: nothing spills out of the unit`, async ({
      page,
      mock,
    }) => {
      await page.setViewportSize({ width: 320, height: 640 });
      await longWords(page);
      await textAt200(page);
      await page.goto(`${mock.url}/unit-lab.html?layout=${layout}&lang=de&heading=Angebote`);
      await expect(cards(page).first()).toBeVisible();
      await expect(cards(page).first().getByText('Donaudampfschifffahrtsgesellschaft')).toBeVisible();
      expect(await headlineSize(page)).toBe('40px');
      await animationsSettled(page);
      expect(await spills(page)).toEqual([]);
      await termsToggle(page).first().click();
      await expect(page.locator('adpx-offers [part~="terms-content"]').filter({ visible: true })).toHaveCount(
        1,
      );
      expect(await spills(page)).toEqual([]);
    });
  }

  test('the terms dialog at 320px with 200% text: its Close button stays inside it', async ({
    page,
    mock,
  }) => {
    await page.setViewportSize({ width: 320, height: 640 });
    await textAt200(page);
    await page.goto(`${mock.url}/unit-lab.html?terms=modal&lang=de`);
    await expect(cards(page).first()).toBeVisible();
    expect(await headlineSize(page)).toBe('40px');
    await termsToggle(page).first().click();
    const dialog = page.locator('adpx-offers [part~="terms-dialog"]');
    await expect(dialog).toBeVisible();
    const close = page.locator('adpx-offers [part~="terms-close"]');
    await expect(close).toHaveText('Schließen');
    const [box, button] = await Promise.all([dialog.boundingBox(), close.boundingBox()]);
    if (!box || !button) throw new Error('terms dialog not drawn');
    expect(button.x).toBeGreaterThanOrEqual(box.x);
    expect(button.x + button.width).toBeLessThanOrEqual(box.x + box.width);
    expect(await dialog.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  });
});

test.describe('forced colours', () => {
  test.use({ colorScheme: 'light' });

  /** The boxed buttons on screen (not the link-like ones): each keeps a border in forced colours. */
  const borderless = (page: Page) =>
    page.evaluate(() => {
      const found: string[] = [];
      const walk = (root: ParentNode) => {
        for (const el of root.querySelectorAll('button')) {
          if (!el.checkVisibility() || el.matches('.extra, [part~="terms-toggle"]')) continue;
          const s = getComputedStyle(el);
          if (s.borderTopStyle === 'none' || parseFloat(s.borderTopWidth) < 1) {
            found.push(`${el.getAttribute('part')} ${el.textContent?.trim() ?? ''}`);
          }
        }
        for (const el of root.querySelectorAll('*')) if (el.shadowRoot) walk(el.shadowRoot);
      };
      const root = document.querySelector('adpx-offers')?.shadowRoot;
      if (root) walk(root);
      return found;
    });

  test('every boxed button keeps its boundary, the end card’s Close included, and shows its focus ring', async ({
    page,
    mock,
  }) => {
    await page.emulateMedia({ forcedColors: 'active' });
    await page.goto(`${mock.url}/unit-lab.html?heading=Offers`);
    await expect(cards(page).first()).toBeVisible();
    expect(await borderless(page)).toEqual([]);
    const next = unit(page).getByRole('button', { name: 'Next offer' });
    for (let i = 0; i < 3; i++) await next.click();
    const endClose = page.locator('adpx-offers [part~="end"] [part~="close"]');
    await expect(endClose).toBeVisible();
    expect(await borderless(page)).toEqual([]);
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    await expect(endClose).toBeFocused();
    expect(await endClose.evaluate((el) => getComputedStyle(el).outlineStyle)).toBe('solid');
  });
});

test('forced colours: the disabled Previous is drawn in GrayText, not faded', async ({ page, mock }) => {
  await page.emulateMedia({ forcedColors: 'active' });
  await page.goto(`${mock.url}/unit-lab.html`);
  const previous = unit(page).getByRole('button', { name: 'Previous offer' });
  await expect(previous).toHaveAttribute('aria-disabled', 'true');
  const look = await previous.evaluate((el) => {
    const probe = document.body.appendChild(document.createElement('span'));
    probe.style.color = 'GrayText';
    const grayText = getComputedStyle(probe).color;
    probe.remove();
    const style = getComputedStyle(el);
    return {
      opacity: style.opacity,
      color: style.color === grayText,
      border: style.borderTopColor === grayText,
    };
  });
  expect(look).toEqual({ opacity: '1', color: true, border: true });
});

test.describe('headings', () => {
  /**
   * The headings as Chromium's accessibility tree exposes them to assistive technology, levels
   * included (Playwright's own role engine reads an `<h2>`'s level from its tag and ignores its
   * `aria-level`; the browser does not).
   */
  async function headings(page: Page): Promise<Array<[string, number]>> {
    const cdp = await page.context().newCDPSession(page);
    const { nodes } = (await cdp.send('Accessibility.getFullAXTree')) as {
      nodes: Array<{
        ignored?: boolean;
        role?: { value?: unknown };
        name?: { value?: unknown };
        properties?: Array<{ name: string; value: { value?: unknown } }>;
      }>;
    };
    await cdp.detach();
    return nodes
      .filter((node) => !node.ignored && node.role?.value === 'heading')
      .map((node) => [
        String(node.name?.value ?? ''),
        Number(node.properties?.find((property) => property.name === 'level')?.value.value),
      ]);
  }
  const levels = async (page: Page) => (await headings(page)).map(([, level]) => level);

  test('under the unit’s own heading the cards’ headlines are level 3; without it, level 2', async ({
    page,
    mock,
  }) => {
    await page.goto(`${mock.url}/unit-lab.html?heading=Offers%20picked%20for%20you&layout=list`);
    await expect(cards(page).getByRole('heading')).toHaveCount(3);
    // The test page's own <h1>, the unit's heading, then its three cards.
    await expect.poll(() => levels(page)).toEqual([1, 2, 3, 3, 3]);
    expect((await headings(page))[1]).toEqual(['Offers picked for you', 2]);

    await page.goto(`${mock.url}/unit-lab.html?layout=list`);
    await expect(cards(page).getByRole('heading')).toHaveCount(3);
    await expect.poll(() => levels(page)).toEqual([1, 2, 2, 2]);
  });

  test('heading-level sets the unit’s top heading; its cards sit one below it, never deeper than 6', async ({
    page,
    mock,
  }) => {
    const lines = debugLines(page);
    const setLevel = (value: string) =>
      unit(page).evaluate((el, given) => el.setAttribute('heading-level', given), value);
    // The page's <h1> first, then the unit's heading, then its three cards.
    await page.goto(`${mock.url}/unit-lab.html?heading=Offers%20picked%20for%20you&layout=list&debug`);
    await expect(cards(page).getByRole('heading')).toHaveCount(3);
    for (const [given, expected] of [
      ['3', [1, 3, 4, 4, 4]],
      ['1', [1, 1, 2, 2, 2]],
      ['6', [1, 6, 6, 6, 6]],
      ['5', [1, 5, 6, 6, 6]],
    ] as const) {
      await setLevel(given);
      await expect.poll(() => levels(page), `heading-level=${given}`).toEqual(expected);
    }
    expect((await headings(page))[1]).toEqual(['Offers picked for you', 5]);
    // Not 1–6: the documented default (2, cards at 3), with a debug line each (code U7 in this
    // script-tag file, docs/debug.md), the value given after it.
    for (const given of ['0', '7', 'abc']) {
      await setLevel('4');
      await expect.poll(() => levels(page)).toEqual([1, 4, 5, 5, 5]);
      await setLevel(given);
      await expect.poll(() => levels(page), `heading-level=${given}`).toEqual([1, 2, 3, 3, 3]);
    }
    await expect
      .poll(() => lines.filter((line) => line.startsWith('[adpx] U7 ')))
      .toEqual(['[adpx] U7 0', '[adpx] U7 7', '[adpx] U7 NaN']);

    // Without a heading of its own, the cards' headlines take the level (one at a time: inline).
    await page.goto(`${mock.url}/unit-lab.html`);
    await expect(cards(page).getByRole('heading')).toHaveCount(1);
    await expect.poll(() => levels(page)).toEqual([1, 2]);
    await setLevel('3');
    await expect.poll(() => levels(page)).toEqual([1, 3]);
    await unit(page).getByRole('button', { name: 'Next offer' }).click();
    await expect(progress(page)).toHaveText('2 of 3');
    await expect.poll(() => levels(page)).toEqual([1, 3]);
  });

  test('the launcher’s headingLevel (inline in the page)', async ({ page, mock }) => {
    const init = { headingLevel: 3, settings: { target: '#content' } };
    await page.goto(`${mock.url}/hosts/webview.html?init=${encodeURIComponent(JSON.stringify(init))}`);
    await page.evaluate(() => window.Adpx?.show());
    await expect(cards(page).getByRole('heading')).toHaveCount(1);
    // The page's <h1>, then the card's headline.
    await expect.poll(() => levels(page)).toEqual([1, 3]);
  });

  test('a card used alone takes heading-level; a value outside 1–6 reads as 2', async ({ page, mock }) => {
    await page.goto(`${mock.url}/card.html?widths=720`);
    const card = page.locator('adpx-offer').first();
    await expect(card.getByRole('heading')).toBeVisible();
    await expect.poll(() => levels(page)).toEqual([2]);
    for (const [given, level] of [
      ['4', 4],
      ['1', 1],
      ['9', 2],
      ['x', 2],
    ] as const) {
      await card.evaluate((el, value) => el.setAttribute('heading-level', value), given);
      await expect.poll(() => levels(page)).toEqual([level]);
    }
  });
});

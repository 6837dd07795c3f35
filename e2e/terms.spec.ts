import type { Page } from '@playwright/test';
import type { TermsMode } from '../src/elements/adpx-terms/adpx-terms.js';
import { useSanitizerPath } from './cases/sanitizer-paths.js';
import { events, expect, openTermsPage, quiet, recordEvents, test, watchFetches } from './fixtures.js';

const TERMS =
  '<p>Valid for new customers. <strong>One per household.</strong></p><ul><li>Ends 31 December</li></ul>';

/** A fresh `<adpx-terms>` in the test page, replacing any other. */
async function mount(page: Page, html: string | undefined, mode: TermsMode = 'accordion'): Promise<void> {
  await page.evaluate(
    async ({ html, mode }) => {
      const terms = document.createElement('adpx-terms');
      terms.mode = mode;
      if (html !== undefined) terms.html = html;
      document.getElementById('slot')?.replaceChildren(terms);
      await terms.updateComplete;
    },
    { html, mode },
  );
}

/** The terms container's markup, read through the shadow root. */
const contentHtml = (page: Page) =>
  page.evaluate(
    () =>
      document.querySelector('adpx-terms')?.shadowRoot?.querySelector('[part~="terms-content"]')?.innerHTML,
  );

/** Whether the focused element (through shadow roots) matches the selector. */
const focusedMatches = (page: Page, selector: string) =>
  page.evaluate((s) => {
    let active = document.activeElement;
    while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
    return active?.matches(s) ?? false;
  }, selector);

test.describe('<adpx-terms>', () => {
  test.beforeEach(async ({ page, mock }) => {
    await watchFetches(page);
    await recordEvents(page);
    await openTermsPage(page, mock);
  });

  test('accordion: hidden and not even sanitised before, revealed by one "Terms" control', async ({
    page,
  }) => {
    await mount(page, TERMS);
    const toggle = page.getByRole('button', { name: /Terms/ });
    await expect(toggle).toHaveCount(1);
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByText('One per household.')).toBeHidden();
    expect(await contentHtml(page)).toBe('');
    const region = page.locator('adpx-terms [part~="terms-content"]');
    await expect(toggle).toHaveAttribute('aria-controls', (await region.getAttribute('id')) ?? 'missing');

    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByRole('region', { name: /Terms/ })).toBeVisible();
    await expect(page.getByText('One per household.')).toBeVisible();

    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByText('One per household.')).toBeHidden();
  });

  test('accordion: Enter and Space toggle it from the keyboard, with a visible focus ring', async ({
    page,
  }) => {
    await mount(page, TERMS);
    const toggle = page.getByRole('button', { name: /Terms/ });
    await page.getByRole('button', { name: 'Before' }).focus();
    await page.keyboard.press('Tab');
    await expect(toggle).toBeFocused();
    const outline = await toggle.evaluate((el) => getComputedStyle(el).outlineStyle);
    expect(outline).toBe('solid');
    await page.keyboard.press('Enter');
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByText('One per household.')).toBeVisible();
    await page.keyboard.press('Space');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByText('One per household.')).toBeHidden();
  });

  test('modal: showModal, focus inside, Escape closes and focus returns to the control', async ({ page }) => {
    await mount(page, TERMS, 'modal');
    const toggle = page.getByRole('button', { name: /Terms/ });
    await expect(page.getByText('One per household.')).toBeHidden();
    await toggle.click();
    const dialog = page.getByRole('dialog', { name: /Terms/ });
    await expect(dialog).toBeVisible();
    expect(await dialog.evaluate((d) => d.matches(':modal'))).toBe(true);
    await expect(dialog.getByText('One per household.')).toBeVisible();
    expect(await focusedMatches(page, 'dialog *, dialog')).toBe(true);

    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(toggle).toBeFocused();
  });

  test('modal: the Close button closes it and focus returns to the control', async ({ page }) => {
    await mount(page, TERMS, 'modal');
    const toggle = page.getByRole('button', { name: /Terms/ });
    await toggle.click();
    const dialog = page.getByRole('dialog', { name: /Terms/ });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
    await expect(toggle).toBeFocused();
    await toggle.press('Enter');
    await expect(dialog).toBeVisible();
  });

  test('modal: hide() then show() in one task leaves it open with its terms (the late close of hide() changes nothing)', async ({
    page,
  }) => {
    await mount(page, TERMS, 'modal');
    await page.getByRole('button', { name: /Terms/ }).click();
    const dialog = page.getByRole('dialog', { name: /Terms/ });
    await expect(dialog.getByText('One per household.')).toBeVisible();
    // Chromium reports the `close` of hide() at the next frame, after show() opened it again.
    const after = await page.evaluate(async () => {
      const terms = document.querySelector('adpx-terms');
      if (!terms) throw new Error('no terms');
      await terms.hide();
      await terms.show();
      await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
      await terms.updateComplete;
      return { dialogOpen: terms.shadowRoot?.querySelector('dialog')?.open, open: terms.open };
    });
    expect(after).toEqual({ dialogOpen: true, open: true });
    await expect(dialog.getByText('One per household.')).toBeVisible();
  });

  test('no control at all when the terms are absent, empty or whitespace', async ({ page }) => {
    for (const html of [undefined, '', '   \n\t ']) {
      await mount(page, html);
      const rendered = await page.evaluate(
        () => document.querySelector('adpx-terms')?.shadowRoot?.children.length,
      );
      expect(rendered, JSON.stringify(html)).toBe(0);
      await expect(page.getByRole('button', { name: /Terms/ })).toHaveCount(0);
    }
  });

  test('new terms (another offer) start hidden again', async ({ page }) => {
    await mount(page, TERMS);
    const toggle = page.getByRole('button', { name: /Terms/ });
    await toggle.click();
    await expect(page.getByText('One per household.')).toBeVisible();
    await page.evaluate(() => {
      const terms = document.querySelector('adpx-terms');
      if (terms) terms.html = '<p>Second offer terms</p>';
    });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByText('Second offer terms')).toBeHidden();
    await toggle.click();
    await expect(page.getByText('Second offer terms')).toBeVisible();
  });

  test('a link emits url_clicked and opens a new tab without an opener', async ({ page, mock, context }) => {
    const target = `${mock.url}/landing?offer=1&section=terms`;
    await mount(page, `<p>See <a href="${target}">the full terms</a>.</p>`);
    await page.getByRole('button', { name: /Terms/ }).click();
    const link = page.getByRole('link', { name: 'the full terms' });
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    const popup = context.waitForEvent('page');
    await link.click();
    const tab = await popup;
    await tab.waitForLoadState();
    expect(tab.url()).toBe(target);
    expect(await tab.evaluate(() => window.opener)).toBeNull();
    expect(page.url()).toContain('/terms.html');
    const clicked = (await events(page)).filter((e) => e.type === 'adpx-url-clicked');
    expect(clicked).toEqual([{ type: 'adpx-url-clicked', detail: { target_url: target } }]);
  });

  test('inside a native bridge host a link only emits url_clicked; nothing navigates', async ({
    page,
    mock,
    context,
  }) => {
    await page.addInitScript(() => {
      const posted: unknown[] = [];
      Object.assign(window, {
        posted,
        webkit: { messageHandlers: { adpxCallback: { postMessage: (m: unknown) => posted.push(m) } } },
      });
    });
    await openTermsPage(page, mock);
    const target = `${mock.url}/landing?offer=2&section=terms`;
    await mount(page, `<a href="${target}">Full terms</a>`, 'modal');
    await page.getByRole('button', { name: /Terms/ }).click();
    let opened = 0;
    context.on('page', () => opened++);
    await page.getByRole('link', { name: 'Full terms' }).click();
    // The link's click was handled (url_clicked) and the page has had its turn since.
    await expect.poll(async () => (await events(page)).some((e) => e.type === 'adpx-url-clicked')).toBe(true);
    await quiet(page, mock);
    expect(opened).toBe(0);
    expect(context.pages()).toHaveLength(1);
    expect(page.url()).toContain('/terms.html');
    const clicked = (await events(page)).filter((e) => e.type === 'adpx-url-clicked');
    expect(clicked.map((e) => e.detail)).toEqual([{ target_url: target }]);
  });

  test('a link without a safe href (removed by the sanitiser) emits nothing', async ({
    page,
    mock,
    context,
  }) => {
    await mount(page, '<a href="javascript:alert(1)">bad</a>');
    await page.getByRole('button', { name: /Terms/ }).click();
    let opened = 0;
    context.on('page', () => opened++);
    await page.getByText('bad').click();
    await quiet(page, mock);
    expect(opened).toBe(0);
    expect((await events(page)).filter((e) => e.type === 'adpx-url-clicked')).toEqual([]);
  });

  test('when the sanitiser is unsupported: no terms, no control, and an error event', async ({
    page,
    mock,
  }) => {
    // DOMPurify reports isSupported = false without DOMImplementation.createHTMLDocument; it asks
    // when the script is evaluated, as it would in a browser that lacks it. That browser has no
    // HTML Sanitizer API either: DOMPurify is the path taken.
    await useSanitizerPath(page, 'dompurify');
    await page.addInitScript(() => {
      Object.defineProperty(DOMImplementation.prototype, 'createHTMLDocument', { value: undefined });
    });
    await openTermsPage(page, mock);
    await mount(page, TERMS);
    // The sanitiser loads when the page is idle; finding it unsupported then hides the control.
    const errorsOf = async () => (await events(page)).filter((e) => e.type === 'adpx-error');
    await expect.poll(async () => (await errorsOf()).length).toBe(1);
    await expect(page.getByRole('button', { name: /Terms/ })).toHaveCount(0);
    await expect(page.getByText('One per household.')).toHaveCount(0);
    const errors = await errorsOf();
    expect(errors).toHaveLength(1);
    expect(errors[0]?.detail).toMatchObject({ code: 'render' });
    expect((errors[0]?.detail as { message: string }).message).toMatch(/terms/i);
  });
});

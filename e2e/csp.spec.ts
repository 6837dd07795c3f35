import type { Page } from '@playwright/test';
import { SANITIZER_PATHS, sanitizerFileRequested, useSanitizerPath } from './cases/sanitizer-paths.js';
import { events, expect, imagesSettled, quiet, recordEvents, test, watchFetches } from './fixtures.js';

/**
 * The strictest policy a publisher is likely to have: no inline script or style, Trusted Types.
 * `adpx-offers` is the policy that loads the sanitizer file (engines without the HTML Sanitizer API).
 */
const policyFor = (trustedTypes: string) =>
  [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    "require-trusted-types-for 'script'",
    `trusted-types ${trustedTypes}`,
  ].join('; ');
const CSP = policyFor('dompurify lit-html adpx-offers');

const CSP_MESSAGE =
  /Content Security Policy|Trusted ?Type|TrustedHTML|TrustedScript|policy .* could not be created/i;

interface CspRecord {
  violations: string[];
  console: string[];
  errors: string[];
}

/** Serves the page with the CSP header, and records violations, CSP console messages and errors. */
async function openCspPage(page: Page, url: string, csp = CSP): Promise<CspRecord> {
  const record: CspRecord = { violations: [], console: [], errors: [] };
  await page.route(
    (u) => u.pathname === new URL(url).pathname,
    async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, headers: { ...response.headers(), 'content-security-policy': csp } });
    },
  );
  await page.addInitScript(() => {
    const seen: string[] = [];
    Object.assign(window, { cspViolations: seen });
    document.addEventListener('securitypolicyviolation', (e) =>
      seen.push(`${e.effectiveDirective} blocked ${e.blockedURI || 'inline'} ${e.sample}`),
    );
  });
  page.on('console', (message) => {
    if (CSP_MESSAGE.test(message.text())) record.console.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => record.errors.push(error.message));
  const response = await page.goto(url);
  expect(response?.headers()['content-security-policy']).toBe(csp);
  return record;
}

const violations = (page: Page) =>
  page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);

/** Opens both terms elements through their controls and checks the sanitised terms are shown. */
async function openBoth(page: Page): Promise<void> {
  const accordion = page.locator('#terms-accordion');
  const modal = page.locator('#terms-modal');

  await accordion.getByRole('button', { name: /Terms/ }).click();
  const region = accordion.getByRole('region', { name: /Terms/ });
  await expect(region).toBeVisible();
  await expect(region.getByText('One per household.')).toBeVisible();
  await expect(region.getByRole('cell', { name: 'Gold' })).toBeVisible();
  await expect(region.getByRole('link', { name: 'Full terms' })).toHaveAttribute(
    'href',
    'https://example.com/terms',
  );
  await expect(region.locator('img, style, script, [style], [onerror]')).toHaveCount(0);

  await modal.getByRole('button', { name: /Terms/ }).click();
  const dialog = modal.getByRole('dialog', { name: /Terms/ });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('cell', { name: 'Gold' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
}

for (const path of SANITIZER_PATHS) {
  test.describe(`terms under a strict CSP with Trusted Types, ${path} path`, () => {
    test.beforeEach(async ({ page }) => {
      await useSanitizerPath(page, path);
      await watchFetches(page);
    });

    test('both modes open and show the terms with zero violations and zero CSP messages', async ({
      page,
      mock,
    }) => {
      const record = await openCspPage(page, `${mock.url}/csp.html`);
      await openBoth(page);

      // Styles come from constructable stylesheets: styled although style-src has no 'unsafe-inline'.
      const decoration = await page
        .locator('#terms-accordion')
        .getByRole('button', { name: /Terms/ })
        .evaluate((el) => getComputedStyle(el).textDecorationLine);
      expect(decoration).toBe('underline');

      // Violation reports are events queued as tasks: once images, animations and a task are done,
      // any report of the rendering has been dispatched.
      await imagesSettled(page);
      await quiet(page, mock);
      expect(await violations(page)).toEqual([]);
      expect(record.console).toEqual([]);
      expect(record.errors).toEqual([]);
      expect(await sanitizerFileRequested(page)).toBe(path === 'dompurify');
    });

    test('hostile terms: removed, nothing runs, and no Trusted Types or script violation', async ({
      page,
      mock,
    }) => {
      const record = await openCspPage(page, `${mock.url}/csp.html?hostile`);
      await expect(page.locator('#terms-accordion').getByRole('button', { name: /Terms/ })).toBeVisible();
      await imagesSettled(page);
      await quiet(page, mock);
      // Nothing is parsed before the terms are opened.
      expect(await violations(page)).toEqual([]);
      await openBoth(page);
      await expect(page.locator('#terms-accordion').getByText('bad')).not.toHaveAttribute('href');
      await imagesSettled(page);
      await quiet(page, mock);
      // Chromium reports inline style and handler attributes when DOMPurify's inert document parses
      // them (see docs/decisions/003). Those are reports of markup that is blocked and then removed;
      // the rendering itself must cause no other violation.
      const seen = await violations(page);
      const directives = new Set(seen.map((v) => v.split(' ')[0]));
      for (const directive of directives)
        expect(['style-src-attr', 'script-src-attr', 'style-src-elem']).toContain(directive);
      expect(record.errors).toEqual([]);
      expect(
        record.console.filter((m) => /Trusted ?Type|TrustedHTML|trusted-types|dompurify|lit-html/i.test(m)),
      ).toEqual([]);
    });
  });
}

test.describe('terms under a strict CSP with Trusted Types', () => {
  // The first file loads the rest of the SDK through the `adpx-offers` policy (decision 016): a
  // page that does not list it cannot run the split build. It says so, to each unit and in the
  // console, sends no request no unit could adopt, and throws nothing into the page.
  test('a page whose trusted-types list lacks adpx-offers: each unit gets an adpx-error that says what to do', async ({
    page,
    mock,
  }) => {
    await recordEvents(page);
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text());
    });
    const record = await openCspPage(page, `${mock.url}/csp-unit.html`, policyFor('dompurify lit-html'));
    const said = /trusted-types directive does not list adpx-offers.*adpx-offers\.single\.iife\.js/;
    await expect.poll(async () => (await events(page)).map((e) => e.type)).toEqual(['adpx-error']);
    const [error] = await events(page);
    expect(error?.detail).toEqual({ code: 'render', message: expect.stringMatching(said) });
    expect(warnings).toEqual([expect.stringMatching(said)]);
    expect(await page.evaluate(() => customElements.get('adpx-offers'))).toBeUndefined();
    expect(mock.requests()).toEqual([]);
    expect(record.errors).toEqual([]);
  });

  test('the same unit on a page that lists adpx-offers: one request, the card shown, no violation', async ({
    page,
    mock,
  }) => {
    const record = await openCspPage(page, `${mock.url}/csp-unit.html`);
    await expect(page.locator('adpx-offers [part~="offer"]').first()).toBeVisible();
    expect(mock.requests()).toHaveLength(1);
    expect(await violations(page)).toEqual([]);
    expect(record.errors).toEqual([]);
  });

  test('the policy is really enforced on that page (a string to an HTML sink is refused)', async ({
    page,
    mock,
  }) => {
    await openCspPage(page, `${mock.url}/csp.html`);
    await expect(page.locator('#terms-accordion').getByRole('button', { name: /Terms/ })).toBeVisible();
    const refused = await page.evaluate(() => {
      try {
        document.body.insertAdjacentHTML('beforeend', '<b>not trusted</b>');
        return false;
      } catch (error) {
        return error instanceof TypeError;
      }
    });
    expect(refused).toBe(true);
    await expect
      .poll(() => violations(page))
      .toContainEqual(expect.stringContaining('require-trusted-types-for'));
  });
});

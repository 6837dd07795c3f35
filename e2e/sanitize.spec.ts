import type { Page } from '@playwright/test';
import { TERMS_ALLOWED_ATTR, TERMS_ALLOWED_SCHEMES, TERMS_ALLOWED_TAGS } from '../src/sanitize/allowlist.js';
import { sanitizeCases } from './cases/sanitize-cases.js';
import {
  expectedOn,
  SANITIZER_PATHS,
  sanitizerFileRequested,
  useSanitizerPath,
} from './cases/sanitizer-paths.js';
import {
  EXPECTED_SCHEMES,
  EXPECTED_TAGS,
  executions,
  installTermsProbe,
  type TermsProbe,
} from './cases/terms-probe.js';
import { expect, imagesSettled, openTermsPage, quiet, test, watchFetches } from './fixtures.js';

interface Rendered {
  html: string;
  violations: string[];
}

/**
 * Renders each input through the real terms path: a fresh `<adpx-terms>` per input, opened with its
 * own control, then reads the terms container. Elements stay in the page so deferred handlers
 * (img onerror, timers) would still have a chance to run.
 */
async function renderThroughTerms(page: Page, inputs: readonly string[]): Promise<Rendered[]> {
  return page.evaluate(async (list) => {
    const probe = (window as unknown as { termsProbe: TermsProbe }).termsProbe;
    const slot = document.getElementById('slot');
    const results: Rendered[] = [];
    for (const input of list) {
      const terms = document.createElement('adpx-terms');
      terms.html = input;
      slot?.append(terms);
      await terms.updateComplete;
      terms.shadowRoot?.querySelector<HTMLButtonElement>('[part~="terms-toggle"]')?.click();
      await terms.updateComplete;
      const content = terms.shadowRoot?.querySelector('[part~="terms-content"]');
      results.push({
        html: content ? content.innerHTML : '<no terms container>',
        violations: content ? probe.violations(content) : [],
      });
    }
    return results;
  }, inputs);
}

test('the allowlist is the spec list plus tbody, thead, td, th and br; only href; four schemes', () => {
  expect([...TERMS_ALLOWED_TAGS].sort()).toEqual([...EXPECTED_TAGS].sort());
  expect(TERMS_ALLOWED_ATTR).toEqual(['href']);
  expect([...TERMS_ALLOWED_SCHEMES].sort()).toEqual([...EXPECTED_SCHEMES].sort());
});

for (const path of SANITIZER_PATHS) {
  test.describe(`terms sanitiser, ${path} path`, () => {
    test.beforeEach(async ({ page, mock }) => {
      await useSanitizerPath(page, path);
      await installTermsProbe(page);
      await watchFetches(page);
      await openTermsPage(page, mock);
    });

    test(`the case table (${sanitizeCases.length} cases) renders as expected`, async ({ page }) => {
      expect(sanitizeCases.length).toBeGreaterThanOrEqual(40);
      const rendered = await renderThroughTerms(
        page,
        sanitizeCases.map((c) => c.input),
      );
      sanitizeCases.forEach((c, i) => {
        expect.soft(rendered[i]?.html, c.native?.why ?? c.why).toBe(expectedOn(path, c));
      });
      // The path under test is the one that ran: the sibling file is fetched on the DOMPurify path only.
      expect(await sanitizerFileRequested(page)).toBe(path === 'dompurify');
    });

    test('every case keeps the invariants and nothing executes', async ({ page, mock }) => {
      const rendered = await renderThroughTerms(
        page,
        sanitizeCases.map((c) => c.input),
      );
      sanitizeCases.forEach((c, i) => {
        expect.soft(rendered[i]?.violations, c.why).toEqual([]);
      });
      // Deferred vectors have had their chance: every image in the page has loaded or failed (its
      // onerror/onload would have run), animations have ended, and a task has passed (0 ms timers,
      // toggle events). The only timer a case carries is a meta refresh of 0 s: a task, passed.
      await imagesSettled(page);
      await quiet(page, mock);
      expect(await executions(page)).toEqual([]);
    });

    test('the probe is not blind: unsanitised markup shows violations and executions', async ({ page }) => {
      const found = await page.evaluate(async () => {
        const box = document.createElement('div');
        box.innerHTML =
          '<img src="x:x" onerror="alert(1)"><a href="javascript:alert(2)" class="c">x</a><!--c-->';
        document.body.append(box);
        await new Promise((r) => setTimeout(r, 300));
        box.querySelector('a')?.click();
        return (window as unknown as { termsProbe: TermsProbe }).termsProbe.violations(box);
      });
      expect(found).toEqual([
        '<img>',
        'src="x:x" on <img>',
        'onerror="alert(1)" on <img>',
        'href="javascript:alert(2)" on <a>',
        'class="c" on <a>',
        '<a> without target="_blank" rel="noopener noreferrer"',
        'node of type 8',
      ]);
      await expect.poll(() => executions(page)).toEqual(['1', '2']);
    });

    test('a customised built-in element of the page never upgrades from terms markup', async ({ page }) => {
      const defined = await page.evaluate(() => {
        const w = window as unknown as { upgrades: string[] };
        w.upgrades = [];
        customElements.define(
          'x-evil',
          class extends HTMLParagraphElement {
            connectedCallback() {
              w.upgrades.push(this.textContent ?? '');
            }
          },
          { extends: 'p' },
        );
        // The probe is not blind: the page's own markup with is="x-evil" does upgrade.
        const own = document.createElement('div');
        own.innerHTML = '<p is="x-evil">own</p>';
        document.body.append(own);
        return w.upgrades.slice();
      });
      expect(defined).toEqual(['own']);
      const rendered = await renderThroughTerms(page, [
        '<p is="x-evil">terms</p>',
        '<p><b is="x-evil">b</b></p>',
      ]);
      expect(rendered.map((r) => r.html)).toEqual(
        path === 'native' ? ['<p>terms</p>', '<p><b>b</b></p>'] : ['', '<p></p>'],
      );
      expect(await page.evaluate(() => (window as unknown as { upgrades: string[] }).upgrades)).toEqual([
        'own',
      ]);
    });

    test('the same table through the modal mode gives the same terms', async ({ page }) => {
      const rendered = await page.evaluate(
        async (inputs) => {
          const slot = document.getElementById('slot');
          const out: string[] = [];
          for (const input of inputs) {
            const terms = document.createElement('adpx-terms');
            terms.mode = 'modal';
            terms.html = input;
            slot?.replaceChildren(terms);
            await terms.show();
            out.push(
              terms.shadowRoot?.querySelector('dialog [part~="terms-content"]')?.innerHTML ?? '<none>',
            );
            await terms.hide();
          }
          return out;
        },
        sanitizeCases.map((c) => c.input),
      );
      sanitizeCases.forEach((c, i) => {
        expect.soft(rendered[i], c.native?.why ?? c.why).toBe(expectedOn(path, c));
      });
    });
  });
}

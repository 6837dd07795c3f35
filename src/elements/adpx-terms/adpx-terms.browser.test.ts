import { afterEach, describe, expect, test } from 'vitest';
import { userEvent } from 'vitest/browser';
import '../../define.js';
import {
  appear,
  box,
  clearStage,
  deepQueryAll,
  mockOffer,
  shown,
  shownAll,
  stage,
  within,
} from '../../../test/components/dom.js';

/**
 * `<adpx-terms>` alone, in real Chromium: the terms stay out of the first view, a click reveals
 * them sanitised (the browser's own HTML Sanitizer API or DOMPurify), inline or in a modal dialog.
 * The XSS corpora run through the same path in e2e/sanitize.spec.ts.
 */

afterEach(clearStage);

type Terms = HTMLElement & { html?: string };

const HOSTILE =
  '<p><strong>Bold stays</strong> <a href="https://example.com/terms">full terms</a></p>' +
  '<p><img src="x" onerror="window.termsPwned = 1">' +
  '<script>window.termsPwned = 2</script>' +
  '<a href="javascript:window.termsPwned = 3">js link</a></p>';

function renderTerms(html: string, mode?: 'modal'): Terms {
  const terms = document.createElement('adpx-terms') as Terms;
  terms.html = html;
  if (mode) terms.setAttribute('mode', mode);
  stage(360).append(terms);
  return terms;
}

/** The text of the revealed terms, through shadow roots; '' when nothing is shown. */
const shownTerms = (terms: Element): string =>
  shownAll(terms, '[part~="terms-content"]')
    .map((el) => el.textContent ?? '')
    .join('');

describe('accordion (default)', () => {
  test('opened at the bottom of the window, the control and the terms are scrolled into view', async () => {
    const spacer = stage(360, { style: `height: ${window.innerHeight * 2}px` });
    const terms = renderTerms(mockOffer().terms_and_conditions ?? '');
    const toggle = await within(terms).getByRole('button', { name: 'Terms and conditions' }).findElement();
    toggle.scrollIntoView({ block: 'end' });
    await userEvent.click(toggle);
    await expect.poll(() => shownTerms(terms).length).toBeGreaterThan(0);
    await expect.poll(() => box(terms).bottom).toBeLessThanOrEqual(window.innerHeight + 1);
    expect(box(toggle).top).toBeGreaterThanOrEqual(0);
    spacer.remove();
  });

  test('the terms are never in the first view; the control reveals them, and hides them again', async () => {
    const offer = mockOffer();
    const terms = renderTerms(offer.terms_and_conditions ?? '');
    const toggle = await within(terms).getByRole('button', { name: 'Terms and conditions' }).findElement();
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(shownTerms(terms)).toBe('');
    const firstView = box(terms).height;

    await userEvent.click(toggle);
    await expect.poll(() => shownTerms(terms)).toContain('One free trial per household and payment method.');
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(terms.matches(':state(open)')).toBe(true);
    expect(box(terms).height).toBeGreaterThan(firstView + 100);
    // The allowlisted markup of the mock's terms is kept as elements.
    for (const tag of ['strong', 'ul', 'ol', 'table', 'a[href]']) {
      expect(deepQueryAll(terms, `[part~="terms-content"] ${tag}`).length, tag).toBeGreaterThan(0);
    }

    await userEvent.click(toggle);
    await expect.poll(() => shownTerms(terms)).toBe('');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(terms.matches(':state(open)')).toBe(false);
  });

  test('revealed terms are sanitised: allowlisted markup stays, script, handlers and javascript: links do not', async () => {
    const terms = renderTerms(HOSTILE);
    await userEvent.click(await appear(terms, '[part~="terms-toggle"]'));
    await expect.poll(() => shownTerms(terms)).toContain('Bold stays');
    const content = shown(terms, '[part~="terms-content"]');
    expect(content.querySelector('strong')?.textContent).toBe('Bold stays');
    expect(content.querySelector('a[href="https://example.com/terms"]')).not.toBeNull();
    expect(content.querySelectorAll('script, [onerror], a[href^="javascript:"]')).toHaveLength(0);
    expect((window as unknown as { termsPwned?: number }).termsPwned).toBeUndefined();
  });
});

describe('modal', () => {
  test('the control opens the terms in a modal dialog, and its Close button closes it', async () => {
    const offer = mockOffer();
    const terms = renderTerms(offer.terms_and_conditions ?? '', 'modal');
    const toggle = await appear(terms, '[part~="terms-toggle"]');
    expect(toggle.getAttribute('aria-haspopup')).toBe('dialog');
    expect(shownAll(terms, '[part~="terms-dialog"]')).toHaveLength(0);

    await userEvent.click(toggle);
    await expect.poll(() => shownAll(terms, '[part~="terms-dialog"]')).toHaveLength(1);
    const dialog = shown<HTMLDialogElement>(terms, '[part~="terms-dialog"]');
    expect(dialog.matches(':modal')).toBe(true);
    await expect.poll(() => shownTerms(terms)).toContain('One free trial per household and payment method.');
    // The dialog is in the top layer, over the page, not in the card's flow.
    expect(box(dialog).height).toBeGreaterThan(box(terms).height);

    await userEvent.click(shown(terms, '[part~="terms-close"]'));
    await expect.poll(() => shownAll(terms, '[part~="terms-dialog"]')).toHaveLength(0);
  });

  test('with large text the dialog keeps the width of the screen less its margins', async () => {
    const terms = renderTerms(mockOffer().terms_and_conditions ?? '', 'modal');
    terms.style.fontSize = '40px';
    await userEvent.click(await appear(terms, '[part~="terms-toggle"]'));
    await expect.poll(() => shownAll(terms, '[part~="terms-dialog"]')).toHaveLength(1);
    // min(36em, 100vw less 16px a side): the browser's own 2em dialog margin must not narrow it.
    const width = Math.min(36 * 40, innerWidth - 32);
    expect(box(shown(terms, '[part~="terms-dialog"]')).width).toBeCloseTo(width, 0);
  });
});

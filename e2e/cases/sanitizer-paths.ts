import type { Page } from '@playwright/test';
import type { SanitizeCase } from './sanitize-cases.js';

/**
 * The two terms sanitisers: the browser's own (`Element.setHTML`, Chromium here) and DOMPurify,
 * which engines without the HTML Sanitizer API get in their after-card file. Chromium runs the
 * DOMPurify path when the page has no `setHTML`: the test removes it before any script of the
 * page runs. The switch is the engine's, not the SDK's: no option, global or attribute of the SDK
 * selects a sanitiser, so a page has nothing to weaken; without `setHTML` it gets DOMPurify with
 * the same allowlist.
 */
export const SANITIZER_PATHS = ['native', 'dompurify'] as const;
export type SanitizerPath = (typeof SANITIZER_PATHS)[number];

/**
 * The file that brings DOMPurify to the script tag: the after-card file of engines without the
 * HTML Sanitizer API (docs/decisions/016).
 */
export const SANITIZER_FILE = 'adpx-offers.after-card.dompurify.iife.js';

/** Makes the page an engine without the HTML Sanitizer API when `path` is `dompurify`. */
export async function useSanitizerPath(page: Page, path: SanitizerPath): Promise<void> {
  if (path === 'native') return;
  await page.addInitScript(() => {
    Reflect.deleteProperty(Element.prototype, 'setHTML');
  });
}

/** True when the page requested DOMPurify's file (the DOMPurify path). */
export function sanitizerFileRequested(page: Page): Promise<boolean> {
  return page.evaluate(
    (file) => performance.getEntriesByType('resource').some((e) => e.name.endsWith(`/${file}`)),
    SANITIZER_FILE,
  );
}

/** The expected rendering of a case on a path. */
export const expectedOn = (path: SanitizerPath, c: SanitizeCase): string =>
  path === 'native' && c.native ? c.native.expect : c.expect;

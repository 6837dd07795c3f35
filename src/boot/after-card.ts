/**
 * The split script tag's after-card file (src/iife-after-card.ts, decision 016): what a card
 * needs only once it is on screen, the impression rule and the terms' sanitiser, in two versions:
 * with the HTML Sanitizer API's adapter, or with DOMPurify for engines without it. The rest files
 * carry neither (vite.config.ts puts impression-rule.after-card.ts and
 * load-terms-sanitizer.after-card.ts in place of their modules); they load this file when a card
 * is on screen or its terms are about to open, once, as every sibling is loaded
 * (sanitize/sibling-script.ts: `integrity`, the `adpx-offers` Trusted Types policy). A load that
 * failed (the network) is tried again at the next call.
 */
import type { loadedTermsSanitizer, loadTermsSanitizer } from '../sanitize/load-terms-sanitizer.js';
import type { ImpressionController } from '../tracking/impression-controller.js';
import { loadSiblingScript } from '../sanitize/sibling-script.js';

type Sibling = { file: string; integrity: string };
declare const __ADPX_AFTER_CARD__: { native: Sibling; dompurify: Sibling };

/** What the after-card file leaves under {@link AFTER_CARD_KEY}. */
export interface AfterCard {
  ImpressionController: typeof ImpressionController;
  loadTermsSanitizer: typeof loadTermsSanitizer;
  loadedTermsSanitizer: typeof loadedTermsSanitizer;
}

/** Where the after-card file leaves its exports for the rest file. */
export const AFTER_CARD_KEY = Symbol.for('adpx-offers.after-card');

/** The after-card file's exports once it has run; else nothing. */
export const afterCardLoaded = (): AfterCard | undefined => Reflect.get(window, AFTER_CARD_KEY) as AfterCard;

let loading: Promise<AfterCard> | undefined;
let resolveArrived: (loaded: AfterCard) => void = () => {};
/** Resolves once the file has run, whichever call loaded it. */
const whenArrived = new Promise<AfterCard>((resolve) => (resolveArrived = resolve));
/** Removes the retries waiting for the browser to be back online (`afterCardArrives`). */
const retries = new AbortController();

/** The file has run: every waiting card gets it, and no retry of ours stays on the page. */
function arrived(loaded: AfterCard): void {
  resolveArrived(loaded);
  retries.abort();
}

/**
 * The file for this engine: with the HTML Sanitizer API's adapter where `Element.setHTML` exists,
 * else with DOMPurify (one download instead of two; its sanitiser file is then never loaded).
 */
const fileOf = (): Sibling =>
  typeof Reflect.get(Element.prototype, 'setHTML') === 'function'
    ? __ADPX_AFTER_CARD__.native
    : __ADPX_AFTER_CARD__.dompurify;

async function load(): Promise<AfterCard> {
  const { file, integrity } = fileOf();
  await loadSiblingScript(file, integrity);
  const loaded = afterCardLoaded();
  if (loaded) return (arrived(loaded), loaded);
  throw new Error('adpx-offers: the after-card file did not register');
}

/** The after-card file's exports, loading it once; rejects when it cannot be loaded. */
export function loadAfterCard(): Promise<AfterCard> {
  const done = afterCardLoaded();
  if (done) return Promise.resolve(done);
  loading ??= load();
  loading.catch(() => (loading = undefined));
  return loading;
}

/**
 * The after-card file's exports once it has run, however long that takes: a load that failed is
 * told to `onFailure` and tried again when the browser is back online (or by any other call).
 */
export function afterCardArrives(onFailure: (error: Error) => void): Promise<AfterCard> {
  const attempt = (): void =>
    void loadAfterCard().catch((error: Error) => {
      onFailure(error);
      addEventListener('online', attempt, { once: true, signal: retries.signal });
    });
  attempt();
  return whenArrived;
}

/**
 * How a card reaches the impression rule (impression-controller.ts): bundled with it here (the ESM
 * build, the single and ssr files). The split script tag's rest file has no copy: it loads the
 * after-card file once a card is on screen (boot/impression-rule.after-card.ts, decision 016).
 */
import { ImpressionController } from './impression-controller.js';

/** The impression rule's class; resolves at once (nothing to load, nothing that fails). */
export const loadImpressionRule = (
  _onFailure: (error: Error) => void,
): Promise<typeof ImpressionController> => Promise.resolve(ImpressionController);

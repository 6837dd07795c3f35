/**
 * The split script tag's impression rule (vite.config.ts puts this module in place of
 * impression-rule.ts in the rest files): the first card does not wait for it. A card on screen asks
 * for it, from the after-card file (src/boot/after-card.ts), until it is there.
 */
import { afterCardArrives } from './after-card.js';
import type { ImpressionController } from '../tracking/impression-controller.js';

/**
 * The impression rule's class, once its file has run: a load that failed is told to `onFailure`
 * and tried again when the browser is back online.
 */
export const loadImpressionRule = (onFailure: (error: Error) => void): Promise<typeof ImpressionController> =>
  afterCardArrives(onFailure).then((loaded) => loaded.ImpressionController);

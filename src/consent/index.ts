export {
  forget,
  getConsent,
  resolveConsent,
  setConsent,
  storageAllowed,
  SDK_STORAGE_PREFIX,
} from './consent.js';
export { withConsent } from './apply.js';
export type { AdpxConsent, ConsentDecision } from './types.js';

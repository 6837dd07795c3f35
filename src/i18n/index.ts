export {
  builtInLanguage,
  checkStrings,
  ensureLanguage,
  isRtlLanguage,
  languageReady,
  Messages,
  messagesFor,
  resolveLanguage,
} from './messages.js';
export type { AdpxStrings, LocaleTable, MessageKey } from './types.js';

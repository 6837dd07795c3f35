import type { ReactiveElement } from 'lit';
import type { DebugLog } from '../debug.js';
import { checkStrings, ensureLanguage, languageReady, messagesFor, type Messages } from '../i18n/messages.js';
import type { AdpxStrings } from '../i18n/types.js';

/** What the words read of their element. */
type WordsHost = ReactiveElement & { readonly language: string; strings?: AdpxStrings };

/** An element's words: its language (docs/i18n.md) with the host's overrides, checked once per object. */
export class ElementWords {
  private checked?: { given: AdpxStrings | undefined; clean: AdpxStrings };

  constructor(
    private readonly host: WordsHost,
    private readonly log: () => DebugLog,
  ) {}

  get messages(): Messages {
    const { strings } = this.host;
    if (!this.checked || this.checked.given !== strings)
      this.checked = { given: strings, clean: checkStrings(strings, this.log()) };
    return messagesFor(this.host.language, this.checked.clean);
  }

  /**
   * True when the words are at hand. Otherwise (a response given without a load, or the page's
   * language changed) they are loaded and the element renders once they are: never in English
   * first and then in the page's language.
   */
  ready(): boolean {
    const language = this.host.language;
    if (languageReady(language)) return true;
    void ensureLanguage(language, this.log()).then(() => this.host.requestUpdate());
    return false;
  }
}

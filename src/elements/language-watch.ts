import type { ReactiveController, ReactiveElement } from 'lit';
import { ensureLanguage } from '../i18n/messages.js';

/**
 * Watches the `lang` attributes that decide an element's language (its own, its ancestors',
 * `<html lang>`: everything `resolveLanguage` reads, in the element's document or shadow root).
 * When the language the element resolves to changes, its words are loaded, then the host updates
 * with `language` among its changed properties (the old language as the old value). A change of
 * some other `lang` that leaves the resolved language as it was updates nothing.
 */
export class LanguageWatch implements ReactiveController {
  private observer?: MutationObserver;
  private language = '';

  constructor(
    private readonly host: ReactiveElement,
    private readonly resolve: () => string,
  ) {
    host.addController(this);
  }

  hostConnected(): void {
    this.language = this.resolve();
    this.observer ??= new MutationObserver(() => void this.check());
    this.observer.observe(this.host.getRootNode(), { attributeFilter: ['lang'], subtree: true });
  }

  hostDisconnected(): void {
    this.observer?.disconnect();
  }

  private async check(): Promise<void> {
    const old = this.language;
    const language = this.resolve();
    if (language === old) return;
    this.language = language;
    // The words first: the element never shows an empty box or English while they load.
    await ensureLanguage(language);
    if (this.language === language) this.host.requestUpdate('language', old);
  }
}

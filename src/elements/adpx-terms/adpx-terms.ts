import { html, LitElement, nothing, type PropertyDeclarations, type PropertyValues } from 'lit';
import { createDebugLog, type DebugLog } from '../../debug.js';
import { AdpxEvent, type AdpxEventName, type AdpxEventPayloads } from '../../events/adpx-event.js';
import { detectBridge } from '../../hosts/bridge.js';
import { loadTermsSanitizer, type TermsSanitizer } from '../../sanitize/load-terms-sanitizer.js';
import { termsStyles } from './adpx-terms.styles.js';
import { attachStates, setStates } from '../custom-states.js';

/** How the terms are revealed: an inline disclosure, or a modal dialog. */
export type TermsMode = 'accordion' | 'modal';

const UNSUPPORTED = 'The offer terms cannot be sanitised in this browser, so they are not shown';
const NOT_LOADED = 'The terms sanitiser could not be loaded, so the offer terms are not shown';

/** `requestIdleCallback`, or a short timeout where the browser has none (Safari). */
const whenIdle = (callback: () => void): void => {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(callback, { timeout: 2000 });
  else setTimeout(callback, 200);
};

/**
 * The terms and conditions of an offer, behind one control: never in the first view. The raw HTML
 * is sanitised with the terms allowlist (src/sanitize) when first revealed and inserted as DOM
 * nodes, never as a string, so it works on pages that enforce Trusted Types and forbid inline
 * script and style. Renders nothing when there are no terms. The sanitiser is the browser's own
 * where it has the HTML Sanitizer API; elsewhere DOMPurify is loaded when the browser is idle after
 * the control first renders, or at the first click if sooner; `updateComplete` includes that wait,
 * so after a click it resolves with the terms in place. When DOMPurify cannot be loaded after a
 * click, the control stays and says so, `error` fires once, and the next click tries again.
 *
 * @summary An offer's terms, revealed by a "Terms and conditions" disclosure or modal dialog.
 *
 * @fires adpx-url-clicked - A link in the terms was clicked. `detail: { target_url }`. Inside a
 *   native host bridge the link does not open in the WebView: the host opens `target_url`.
 * @fires adpx-error - The terms cannot be shown safely in this browser, or the sanitiser could not be
 *   loaded (once per terms, however many clicks retry). `detail: { message, code: 'render' }`.
 *
 * @csspart terms-toggle - The button that reveals the terms.
 * @csspart terms-content - The box holding the sanitised terms.
 * @csspart terms-dialog - The `<dialog>` of the modal mode.
 * @csspart terms-close - The close button of the modal mode.
 * @csspart terms-status - The line saying that the terms could not be loaded.
 *
 * @cssprop --adpx-terms-color - Text colour of the terms (default `--adpx-muted-color`).
 * @cssprop --adpx-terms-link-color - Link colour (default `--adpx-primary-color`).
 * @cssprop --adpx-terms-background - Dialog background (default `--adpx-background`).
 * @cssprop --adpx-terms-font-size - Font size of the terms.
 * @cssprop --adpx-border-color - Dialog and close button border.
 * @cssprop --adpx-backdrop-color - Backdrop behind the dialog.
 * @cssprop --adpx-focus-color - Focus ring.
 * @cssprop --adpx-radius - Corner radius.
 * @cssprop --adpx-spacing - Inner spacing.
 * @cssprop --adpx-font-family - Font.
 */
export class AdpxTermsElement extends LitElement {
  /** The reactive properties (documented at their fields), as in adpx-offer.ts. */
  static override properties: PropertyDeclarations = {
    html: { attribute: false },
    mode: { reflect: true },
    label: {},
    closeLabel: { attribute: 'close-label' },
    unavailableLabel: { attribute: 'unavailable-label' },
    debug: { type: Boolean },
    expanded: { state: true, attribute: false },
    failure: { state: true, attribute: false },
    unavailable: { state: true, attribute: false },
  };

  static override styles = termsStyles;

  /** The raw `terms_and_conditions` HTML of the offer. It is sanitised before it is shown. */
  html?: string;

  /** `accordion` (default): an inline disclosure. `modal`: a dialog. */
  mode: TermsMode = 'accordion';

  /** Visible label of the control and the dialog title. Keep "Terms" in it. */
  label = 'Terms and conditions';

  /** Label of the dialog's close button. */
  closeLabel = 'Close';

  /** What the reader sees under the control when the sanitiser file could not be loaded. */
  unavailableLabel = 'The terms could not be loaded. Try again.';

  /** Log sanitising to the console with the `[adpx]` prefix. */
  debug = false;

  private expanded = false;
  /** `:state(open)` while the terms are revealed (the card lays its footer out with it). */
  private readonly internals = attachStates(this);
  private failure?: string;
  /** The sanitiser could not be loaded at a click: the control says so and a click retries. */
  private unavailable = false;

  // Looked up on each use, as Lit's @query does (without its decorator code in the file).
  private get toggleButton(): HTMLButtonElement | null {
    return this.shadowRoot?.querySelector('.toggle') ?? null;
  }
  private get content(): HTMLElement | null {
    return this.shadowRoot?.querySelector('.content') ?? null;
  }
  private get dialog(): HTMLDialogElement | null {
    return this.shadowRoot?.querySelector('dialog') ?? null;
  }

  private log: DebugLog = createDebugLog(false);
  /** The sanitiser module once loaded and supported. */
  private sanitizer?: TermsSanitizer;
  /** A reveal waiting for the sanitiser to load; `updateComplete` waits for it too. */
  private opening?: Promise<unknown>;
  private preparing = false;
  /** The container that holds the sanitised terms, and the HTML they came from. */
  private filled?: { target: HTMLElement; html: string };
  private reported = false;
  private returnFocus = false;

  /** True while the terms are revealed. */
  get open(): boolean {
    return this.expanded;
  }

  private get hasTerms(): boolean {
    return typeof this.html === 'string' && this.html.trim() !== '';
  }

  /** Reveals the terms (opens the disclosure or the dialog). */
  async show(): Promise<void> {
    if (!this.hasTerms || this.failure) return;
    const html = this.html;
    if (!this.sanitizer) {
      const pending = this.ensureSanitizer(true);
      this.opening = pending;
      await pending;
      if (this.opening === pending) this.opening = undefined;
    }
    // Another offer's terms arrived meanwhile, or the sanitiser cannot run: stay closed.
    if (!this.sanitizer || this.failure || this.html !== html) return;
    this.expanded = true;
    await this.updateComplete;
    const dialog = this.mode === 'modal' ? this.dialog : null;
    if (dialog && !dialog.open && this.expanded && !this.failure) {
      try {
        dialog.showModal();
        this.returnFocus = true;
      } catch (error) {
        // E.g. the element left the document meanwhile: stay closed, never throw into the page.
        this.log('T1', error);
        this.expanded = false;
      }
    }
  }

  /** Hides the terms again. */
  async hide(): Promise<void> {
    if (this.dialog?.open) this.dialog.close();
    this.expanded = false;
    await this.updateComplete;
  }

  /** Resolves after pending renders and a reveal still waiting for the sanitiser. */
  protected override async getUpdateComplete(): Promise<boolean> {
    let complete = await super.getUpdateComplete();
    while (this.opening) {
      await this.opening;
      complete = await super.getUpdateComplete();
    }
    return complete;
  }

  /**
   * The sanitiser, loading it if needed. A browser that cannot run it is a failure (no terms); a
   * load that failed at a click (`clicked`) leaves the control in place, saying so; a load that
   * failed while idle says nothing: the click will try again.
   */
  private async ensureSanitizer(clicked: boolean): Promise<TermsSanitizer | undefined> {
    if (this.sanitizer) return this.sanitizer;
    const module = await loadTermsSanitizer();
    if (module?.termsSanitizerSupported()) {
      this.sanitizer = module;
      this.unavailable = false;
      return module;
    }
    if (!this.hasTerms) return undefined;
    if (module) this.failure = UNSUPPORTED;
    else if (clicked) {
      this.unavailable = true;
      this.report(NOT_LOADED);
    }
    return undefined;
  }

  /** Loads the sanitiser while the browser is idle, so that the first reveal does not wait. */
  private prepare(): void {
    if (this.sanitizer || this.preparing) return;
    this.preparing = true;
    whenIdle(() => {
      this.preparing = false;
      if (this.isConnected && this.hasTerms) void this.ensureSanitizer(false);
    });
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.returnFocus = false;
    this.expanded = false;
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('debug')) this.log = createDebugLog(this.debug);
    const reset = this.hasUpdated && (changed.has('html') || changed.has('mode'));
    if (reset && this.expanded) {
      // New terms (another offer) or another mode start hidden again: never in the first view.
      this.returnFocus = false;
      if (this.dialog?.open) this.dialog.close();
      this.expanded = false;
    }
    if (changed.has('html')) {
      this.failure = undefined;
      this.unavailable = false;
      this.reported = false;
      if (this.hasTerms) this.prepare();
    }
  }

  protected override updated(): void {
    setStates(this.internals, ...(this.expanded ? ['open'] : []));
    if (this.failure) {
      this.report(this.failure);
      return;
    }
    if (this.expanded) this.fill();
  }

  /** Puts the sanitised terms into the current container, once per container and HTML. */
  private fill(): void {
    const target = this.content;
    const raw = this.html;
    if (!target || raw === undefined) return;
    if (this.filled?.target === target && this.filled.html === raw) return;
    if (!this.sanitizer) return;
    let fragment: DocumentFragment | null;
    try {
      fragment = this.sanitizer.sanitizeTerms(raw);
    } catch (error) {
      this.log('T2', error);
      fragment = null;
    }
    if (!fragment) {
      this.failure = UNSUPPORTED;
      return;
    }
    target.replaceChildren(fragment);
    this.filled = { target, html: raw };
    this.log('T3', raw.length, target.innerHTML.length);
  }

  private report(message: string): void {
    if (this.reported) return;
    this.reported = true;
    this.log(message);
    this.emit('error', { message, code: 'render' });
  }

  private emit<N extends AdpxEventName>(name: N, detail: AdpxEventPayloads[N]): boolean {
    return this.dispatchEvent(new AdpxEvent(name, detail));
  }

  private onToggle(): void {
    if (this.expanded && this.mode !== 'modal') void this.hide();
    else void this.show();
  }

  /**
   * The dialog closed. Chromium reports a `close` only at the next frame: a dialog that `hide()`
   * closed and `show()` opened again in the meantime is open by then, and that late event is stale.
   */
  private onDialogClose(): void {
    if (this.dialog?.open) return;
    this.expanded = false;
    if (this.returnFocus) this.toggleButton?.focus();
    this.returnFocus = false;
  }

  /** A click on the backdrop (outside the dialog's box) closes the dialog. */
  private onDialogClick(event: MouseEvent): void {
    const dialog = this.dialog;
    if (!dialog || event.target !== dialog) return;
    const box = dialog.getBoundingClientRect();
    const inside =
      event.clientX >= box.left &&
      event.clientX <= box.right &&
      event.clientY >= box.top &&
      event.clientY <= box.bottom;
    if (!inside) dialog.close();
  }

  /** Links in the terms: report the URL first; inside a native host, the host opens it. */
  private onContentClick(event: MouseEvent): void {
    const origin = event.target;
    const link = origin instanceof Element ? origin.closest('a') : null;
    if (!link || !this.content?.contains(link) || !link.hasAttribute('href')) return;
    this.emit('url_clicked', { target_url: link.href });
    const bridge = detectBridge(window);
    if (bridge && bridge.kind !== 'iframe') event.preventDefault();
  }

  protected override render() {
    if (!this.hasTerms || this.failure) return nothing;
    return this.mode === 'modal' ? this.renderModal() : this.renderAccordion();
  }

  /**
   * The control, and under it the line saying the sanitiser could not be loaded (a click on the
   * control retries). The accordion's control says whether it is open and which region it opens;
   * the modal's says that it opens a dialog.
   */
  private renderToggle(content: unknown) {
    const accordion = this.mode !== 'modal';
    return html`<button
        id="toggle"
        part="terms-toggle"
        class="toggle"
        type="button"
        aria-expanded=${accordion ? String(this.expanded) : nothing}
        aria-controls=${accordion ? 'terms' : nothing}
        aria-haspopup=${accordion ? nothing : 'dialog'}
        @click=${this.onToggle}
      >
        ${content}
      </button>
      ${
        this.unavailable
          ? html`<p part="terms-status" class="status" role="status">${this.unavailableLabel}</p>`
          : nothing
      }`;
  }

  private renderAccordion() {
    return html`
      ${this.renderToggle(html`<span>${this.label}</span><span class="chevron" aria-hidden="true"></span>`)}
      <div
        id="terms"
        part="terms-content"
        class="content region"
        role="region"
        aria-labelledby="toggle"
        ?hidden=${!this.expanded}
        @click=${this.onContentClick}
      ></div>
    `;
  }

  private renderModal() {
    return html`
      ${this.renderToggle(this.label)}
      <dialog
        part="terms-dialog"
        aria-labelledby="title"
        @close=${this.onDialogClose}
        @click=${this.onDialogClick}
      >
        <div class="dialog-header">
          <h2 id="title" class="dialog-title">${this.label}</h2>
          <button part="terms-close" class="close" type="button" autofocus @click=${this.hide}>
            ${this.closeLabel}
          </button>
        </div>
        <div part="terms-content" class="content dialog-body" @click=${this.onContentClick}></div>
      </dialog>
    `;
  }
}

import { html, LitElement, nothing, type PropertyDeclarations, type PropertyValues } from 'lit';
import { createDebugLog, type DebugLog } from '../../debug.js';
import { baseStyles } from '../base.styles.js';
import { termsStyles } from './adpx-terms.styles.js';
import { attachStates, setStates } from '../custom-states.js';
import { Terms, termsTemplate, type TermsMode } from './terms.js';

export type { TermsMode } from './terms.js';

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
 * Its CSS parts are declared in src/elements/parts.ts (docs/theming.md, "Parts").
 *
 * @summary An offer's terms, revealed by a "Terms and conditions" disclosure or modal dialog.
 *
 * @fires adpx-url-clicked - A link in the terms was clicked. `detail: { target_url }`. Inside a
 *   native host bridge the link does not open in the WebView: the host opens `target_url`.
 * @fires adpx-error - The terms cannot be shown safely in this browser, or the sanitiser could not be
 *   loaded (once per terms, however many clicks retry). `detail: { message, code: 'render' }`.
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
  };

  static override styles = [baseStyles, termsStyles];

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

  private log: DebugLog = createDebugLog(false);
  private readonly terms = new Terms(this, () => this.log);
  /** `:state(open)` while the terms are revealed. */
  private readonly internals = attachStates(this);

  /** True while the terms are revealed. */
  get open(): boolean {
    return this.terms.expanded;
  }

  /** Reveals the terms (opens the disclosure or the dialog). */
  show(): Promise<void> {
    this.terms.set(this.html, this.mode);
    return this.terms.show();
  }

  /** Hides the terms again. */
  hide(): Promise<void> {
    return this.terms.hide();
  }

  /** Resolves after pending renders and a reveal still waiting for the sanitiser. */
  protected override async getUpdateComplete(): Promise<boolean> {
    let complete = await super.getUpdateComplete();
    while (this.terms.opening) {
      await this.terms.opening;
      complete = await super.getUpdateComplete();
    }
    return complete;
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.terms.disconnected();
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('debug')) this.log = createDebugLog(this.debug);
    this.terms.set(this.html, this.mode);
  }

  protected override updated(): void {
    setStates(this.internals, ...(this.terms.expanded ? ['open'] : []));
    this.terms.rendered();
  }

  protected override render() {
    const { label, closeLabel, unavailableLabel } = this;
    const control = termsTemplate(this.terms, { label, closeLabel, unavailableLabel });
    return control === nothing ? nothing : html`<div class="theme terms">${control}</div>`;
  }
}

/**
 * An offer's terms behind one control, never in the first view: the state ({@link Terms}) and the
 * template ({@link termsTemplate}) that `<adpx-terms>` renders alone and every card renders in its
 * footer, in the shadow root it lives in (the unit's, or the card's when used alone). The raw HTML
 * is sanitised with the terms allowlist (src/sanitize) when first revealed and inserted as DOM
 * nodes, never as a string, so it works on pages that enforce Trusted Types and forbid inline
 * script and style. The sanitiser is the browser's own where it has the HTML Sanitizer API;
 * elsewhere DOMPurify is loaded when the browser is idle after the control first renders, or at the
 * first click if sooner. When DOMPurify cannot be loaded after a click, the control stays and says
 * so, `error` fires once, and the next click tries again.
 */
import { html, nothing, type ReactiveControllerHost, type TemplateResult } from 'lit';
import type { DebugLog } from '../../debug.js';
import { AdpxEvent } from '../../events/adpx-event.js';
import { detectBridge } from '../../hosts/bridge.js';
import { BackdropClick } from '../backdrop.js';
import {
  loadedTermsSanitizer,
  loadTermsSanitizer,
  type TermsSanitizer,
} from '../../sanitize/load-terms-sanitizer.js';

/** How the terms are revealed: an inline disclosure, or a modal dialog. */
export type TermsMode = 'accordion' | 'modal';

/** What the terms need of the element they render in. */
export type TermsHost = ReactiveControllerHost & HTMLElement & { readonly renderRoot: ParentNode };

const UNSUPPORTED = 'The offer terms cannot be sanitised in this browser, so they are not shown';
const NOT_LOADED = 'The terms sanitiser could not be loaded, so the offer terms are not shown';

/** `requestIdleCallback`, or a short timeout where the browser has none (Safari). */
const whenIdle = (callback: () => void): void => {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(callback, { timeout: 2000 });
  else setTimeout(callback, 200);
};

/** The words of the terms' control, dialog and status line. */
export interface TermsLabels {
  label: string;
  closeLabel: string;
  unavailableLabel: string;
}

/**
 * One offer's terms: open or not, the sanitiser, the failure. `set()` gives it the HTML and the mode
 * while its host renders (state only); `rendered()` closes, fills and reports after the render.
 */
export class Terms {
  /** The raw `terms_and_conditions` HTML. */
  html?: string;
  mode: TermsMode = 'accordion';
  /** True while the terms are revealed. */
  expanded = false;
  /** The terms cannot be shown in this browser: nothing renders. */
  failure?: string;
  /** The sanitiser could not be loaded at a click: the control says so and a click retries. */
  unavailable = false;
  /** A reveal waiting for the sanitiser to load (`updateComplete` of `<adpx-terms>` waits for it). */
  opening?: Promise<unknown>;
  /**
   * Unique in the shadow root the terms render in (a list renders several cards: each card's terms
   * take its id), and the same on the server and in the browser (adpx-offers/ssr).
   */
  readonly id: string;
  private sanitizer?: TermsSanitizer;
  private preparing = false;
  /** The container that holds the sanitised terms, and the HTML they came from. */
  private filled?: { target: HTMLElement; html: string };
  private reported = false;
  private returnFocus = false;
  private readonly backdrop = new BackdropClick();

  constructor(
    private readonly host: TermsHost,
    private readonly log: () => DebugLog,
    id = 'adpx-t',
  ) {
    this.id = id;
  }

  private find<T extends Element>(suffix: string): T | null {
    return this.host.renderRoot.querySelector<T>(`#${this.id}-${suffix}`);
  }

  private get dialog(): HTMLDialogElement | null {
    return this.find('dialog');
  }

  get hasTerms(): boolean {
    return typeof this.html === 'string' && this.html.trim() !== '';
  }

  /**
   * New terms (another offer) or another mode start hidden again: never in the first view. State
   * only (it runs while the host renders); an open dialog closes after the render (`rendered`).
   */
  set(html: string | undefined, mode: TermsMode): void {
    if (html === this.html && mode === this.mode) return;
    this.returnFocus = false;
    this.expanded = false;
    if (html !== this.html) {
      this.failure = undefined;
      this.unavailable = false;
      this.reported = false;
    }
    this.html = html;
    this.mode = mode;
    if (this.hasTerms) this.prepare();
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
    this.host.requestUpdate();
    await this.host.updateComplete;
    const dialog = this.mode === 'modal' ? this.dialog : null;
    // Opened below the visible part of the page or of a popup's box, the terms would change nothing
    // the reader sees but the chevron. The least scroll that shows the control and the terms
    // together (their container in a card, the element used alone), or as much of the terms as fits
    // below the control.
    if (!dialog && this.expanded) {
      (this.find('toggle')?.parentElement ?? this.host).scrollIntoView({ block: 'nearest' });
    }
    if (dialog && !dialog.open && this.expanded && !this.failure) {
      try {
        dialog.showModal();
        this.returnFocus = true;
      } catch (error) {
        // E.g. the element left the document meanwhile: stay closed, never throw into the page.
        this.log()('T1', 'terms dialog could not open', error);
        this.expanded = false;
        this.host.requestUpdate();
      }
    }
  }

  /** Hides the terms again. */
  readonly hide = async (): Promise<void> => {
    if (this.dialog?.open) this.dialog.close();
    this.expanded = false;
    this.host.requestUpdate();
    await this.host.updateComplete;
  };

  /** The element left the document: the terms are closed when it comes back. */
  disconnected(): void {
    this.returnFocus = false;
    this.expanded = false;
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
    this.host.requestUpdate();
    return undefined;
  }

  /**
   * Loads the sanitiser while the browser is idle, so that the first reveal does not wait; once
   * a load has resolved, it is taken at once (an idle callback per card cost ~0.4 ms of a render).
   */
  private prepare(): void {
    if (this.sanitizer || this.preparing) return;
    const loaded = loadedTermsSanitizer();
    if (loaded?.termsSanitizerSupported()) return void (this.sanitizer = loaded);
    this.preparing = true;
    whenIdle(() => {
      this.preparing = false;
      if (this.host.isConnected && this.hasTerms) void this.ensureSanitizer(false);
    });
  }

  /**
   * After each render: a dialog open over hidden terms closes; a failure is reported once; revealed
   * terms are put in their container.
   */
  rendered(): void {
    if (!this.expanded && this.dialog?.open) this.dialog.close();
    if (this.failure) this.report(this.failure);
    else if (this.expanded) this.fill();
  }

  /** Puts the sanitised terms into the current container, once per container and HTML. */
  private fill(): void {
    const target = this.find<HTMLElement>('content');
    const raw = this.html;
    if (!target || raw === undefined || !this.sanitizer) return;
    if (this.filled?.target === target && this.filled.html === raw) return;
    let fragment: DocumentFragment | null;
    try {
      fragment = this.sanitizer.sanitizeTerms(raw);
    } catch (error) {
      this.log()('T2', 'terms sanitiser failed', error);
      fragment = null;
    }
    if (!fragment) {
      this.failure = UNSUPPORTED;
      this.host.requestUpdate();
      return;
    }
    target.replaceChildren(fragment);
    this.filled = { target, html: raw };
    this.log()('T3', 'terms sanitised (characters in, out):', raw.length, target.innerHTML.length);
  }

  private report(message: string): void {
    if (this.reported) return;
    this.reported = true;
    this.log()(message);
    this.host.dispatchEvent(new AdpxEvent('error', { message, code: 'render' }));
  }

  readonly onToggle = (): void => {
    if (this.expanded && this.mode !== 'modal') void this.hide();
    else void this.show();
  };

  /**
   * The dialog closed. Chromium reports a `close` only at the next frame: a dialog that `hide()`
   * closed and `show()` opened again in the meantime is open by then, and that late event is stale.
   */
  readonly onDialogClose = (): void => {
    if (this.dialog?.open) return;
    this.expanded = false;
    this.host.requestUpdate();
    if (this.returnFocus) this.find<HTMLElement>('toggle')?.focus();
    this.returnFocus = false;
  };

  readonly onDialogPointerDown = this.backdrop.onPointerDown;

  /** A click that started and ended on the backdrop closes the dialog (`BackdropClick`). */
  readonly onDialogClick = (event: MouseEvent): void => {
    if (this.backdrop.ended(event)) this.dialog?.close();
  };

  /** Links in the terms: report the URL first; inside a native host, the host opens it. */
  readonly onContentClick = (event: MouseEvent): void => {
    const origin = event.target;
    const link = origin instanceof Element ? origin.closest('a') : null;
    if (!link || !link.hasAttribute('href')) return;
    this.host.dispatchEvent(new AdpxEvent('url_clicked', { target_url: link.href }));
    const bridge = detectBridge(window);
    if (bridge && bridge.kind !== 'iframe') event.preventDefault();
  };
}

/**
 * The control; then the accordion's region or the modal's dialog; then the line saying the
 * sanitiser could not be loaded (a click on the control retries). The accordion's control
 * says whether it is open and which region it opens; the modal's says that it opens a dialog.
 * Nothing when there are no terms or they cannot be shown.
 */
export function termsTemplate(t: Terms, labels: TermsLabels): TemplateResult | typeof nothing {
  if (!t.hasTerms || t.failure) return nothing;
  const { id, expanded } = t;
  const accordion = t.mode !== 'modal';
  return html`<button
      id="${id}-toggle"
      part="terms-toggle"
      class="terms-toggle"
      type="button"
      aria-expanded=${accordion ? String(expanded) : nothing}
      aria-controls=${accordion ? `${id}-content` : nothing}
      aria-haspopup=${accordion ? nothing : 'dialog'}
      @click=${t.onToggle}
    >
      <span .textContent=${labels.label}></span
      ><span class="terms-chevron" aria-hidden="true" ?hidden=${!accordion}></span>
    </button>
    ${
      accordion
        ? html`<div
            id="${id}-content"
            part="terms-content"
            class="terms-content region"
            role="region"
            aria-labelledby="${id}-toggle"
            ?hidden=${!expanded}
            @click=${t.onContentClick}
          ></div>`
        : html`<dialog
            id="${id}-dialog"
            part="terms-dialog"
            class="terms-dialog"
            aria-labelledby="${id}-title"
            @close=${t.onDialogClose}
            @pointerdown=${t.onDialogPointerDown}
            @click=${t.onDialogClick}
          >
            <div class="dialog-header">
              <h2 id="${id}-title" class="dialog-title" .textContent=${labels.label}></h2>
              <button
                part="terms-close"
                class="terms-close"
                type="button"
                autofocus
                @click=${t.hide}
                .textContent=${labels.closeLabel}
              ></button>
            </div>
            <div
              id="${id}-content"
              part="terms-content"
              class="terms-content dialog-body"
              @click=${t.onContentClick}
            ></div>
          </dialog>`
    }
    <p
      part="terms-status"
      class="terms-status"
      role="status"
      ?hidden=${!t.unavailable}
      .textContent=${t.unavailable ? labels.unavailableLabel : ''}
    ></p>`;
}

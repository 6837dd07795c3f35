/**
 * How the script takes a server-rendered unit over (`renderOffers`, adpx-offers/ssr). Installed
 * before the elements are defined by the entries for such pages (`adpx-offers/hydrate`,
 * `adpx-offers.ssr.iife.js`), and by `adpx-offers/define`, which loads this module as a chunk of
 * its own only when the document holds a server-rendered unit (define.ts). The first script-tag
 * file carries none of it (there the unit renders a server's unit anew: `createRenderRoot` in
 * adpx-offers.ts).
 *
 * - On connecting, a unit with a declarative shadow root and the server's state (server-state.ts)
 *   takes the response it carries as a supplied one (no request), keeps the server's shadow root
 *   and its nodes, and drops `inert`.
 * - Before that, in a task of its own after the take-over is installed, each server-rendered unit
 *   not yet upgraded has its state read and its response normalised ahead (`readAhead`), so the
 *   task that defines `<adpx-offers>` and upgrades the units does not do it too (issue 36).
 * - Its first update waits for the unit's words (never English first), then hydrates with Lit's
 *   `hydrate` (`@lit-labs/ssr-client`, bundled into dist/: lit-hydrate.ts): the server's nodes become the unit's own, the same objects,
 *   its texts included (`KeepText`).
 *   When the browser's state differs from the server's (another language, an offer its checks
 *   drop, another layout) or hydration fails, the unit renders from scratch instead. The debug log
 *   says which (S1, S2).
 */
import { hydrate } from './lit-hydrate.js';
import { adoptStyles, LitElement, noChange, type CSSResultOrNative, type PropertyValues } from 'lit';
import { Directive, directive, type PropertyPart } from 'lit/directive.js';
import { createDebugLog } from '../../debug.js';
import { errorMessage, safely } from '../../errors.js';
import { ensureLanguage, languageReady } from '../../i18n/messages.js';
import { acceptResponse } from '../../model/normalize.js';
import { nextTask } from '../../next-task.js';
import type { AdpxOffersElement } from './adpx-offers.js';
import { mapTexts } from '../text-bindings.js';
import { toLayout } from './flow.js';
import { disagreement, readServerState, type ServerState } from './server-state.js';

/**
 * A text binding of a unit taken over: it sets the element's text only when it differs from what
 * is there. Lit's `hydrate` commits every property binding, so each text the server wrote would be
 * replaced by a new node of the same text, and the card laid out again in the take-over's frame.
 * The unit's later renders go through it too: the binding never committed the server's text, so a
 * plain one would write every text once more at the next render.
 */
class KeepText extends Directive {
  render(text: unknown): unknown {
    return text;
  }
  override update(part: PropertyPart, [text]: [unknown]): unknown {
    return part.element.textContent === text ? noChange : text;
  }
}
const keepText = directive(KeepText);

/** The units taken over: each of their renders keeps the texts already there. */
const keptTexts = new WeakSet<Element>();

/** The members of the unit the take-over wraps (protected in the class, so named here). */
type Unit = AdpxOffersElement & {
  createRenderRoot(): HTMLElement | DocumentFragment;
  scheduleUpdate(): Promise<unknown> | undefined;
  performUpdate(): void;
  update(changed: PropertyValues): void;
  flowChanged(changed: PropertyValues): void;
  render(): unknown;
};

/** The state each server-rendered unit arrived with, until its first update takes it over. */
const arrived = new WeakMap<Unit, ServerState>();

/** Each unit's server state, once read: ahead of its upgrade (`readAhead`) or when it connects. */
const read = new WeakMap<Element, ServerState | undefined>();

function serverStateOf(unit: Element): ServerState | undefined {
  if (!read.has(unit)) read.set(unit, readServerState(unit));
  return read.get(unit);
}

/**
 * Reads the server's state of each server-rendered unit not yet upgraded and normalises its
 * response (`normalizeEnvelope` keeps the result for that object, which the unit then takes):
 * 20–35 ms a unit on a 4× phone, out of the task that upgrades them. Nothing when `<adpx-offers>`
 * is defined already (the units read their state as they connect).
 */
function readAhead(): void {
  if (customElements.get('adpx-offers')) return;
  for (const unit of document.querySelectorAll('adpx-offers')) {
    const state = unit.shadowRoot ? serverStateOf(unit) : undefined;
    if (state) safely(() => acceptResponse(state.response));
  }
}

/** `LitElement`'s update (renders), for a unit whose hydration failed after its effects ran. */
const litUpdate = (LitElement.prototype as Unit).update;

/** `ReactiveElement`'s update (reflects attributes, marks the update done), which hydrating calls. */
const reactiveUpdate = (Object.getPrototypeOf(LitElement.prototype) as Unit).update;

/** The unit's first update, taking the server's nodes over. Throws when they do not match. */
function hydrateUnit(unit: Unit, changed: PropertyValues): void {
  keptTexts.add(unit);
  const value = unit.render();
  unit.renderOptions.isConnected = unit.isConnected;
  reactiveUpdate.call(unit, changed);
  hydrate(value, unit.renderRoot, unit.renderOptions);
  // An image that failed before its listener was there: its card hears it now (and hides its frame).
  for (const img of unit.renderRoot.querySelectorAll<HTMLImageElement>('img.image'))
    if (img.complete && !img.naturalWidth && img.hasAttribute('src')) img.dispatchEvent(new Event('error'));
}

/** Empties the unit's shadow root (nodes and parts) and gives it the unit's styles. */
function emptyRoot(unit: Unit): void {
  const root = unit.renderRoot;
  if (!(root instanceof ShadowRoot)) return;
  root.replaceChildren();
  Reflect.deleteProperty(root, '_$litPart$');
  adoptStyles(root, (unit.constructor as typeof LitElement).elementStyles as CSSResultOrNative[]);
}

const INSTALLED = Symbol.for('adpx-offers.take-over');

/** Makes `<adpx-offers>` take server-rendered units over. Once per class; before it is defined. */
export function installTakeOver(element: typeof AdpxOffersElement): void {
  const proto = element.prototype as Unit & Record<symbol, boolean>;
  if (proto[INSTALLED]) return;
  proto[INSTALLED] = true;
  void nextTask().then(readAhead);
  const { connectedCallback, createRenderRoot, scheduleUpdate, update, render } = proto;

  proto.render = function (this: Unit) {
    const value = render.call(this);
    return keptTexts.has(this) ? mapTexts(value, keepText) : value;
  } as typeof render;

  proto.connectedCallback = function (this: Unit) {
    const state = !this.hasUpdated && this.shadowRoot ? serverStateOf(this) : undefined;
    if (state) {
      arrived.set(this, state);
      this.response = state.response;
    }
    connectedCallback.call(this);
  };

  proto.createRenderRoot = function (this: Unit) {
    const root = this.shadowRoot;
    if (!root || !arrived.has(this)) return createRenderRoot.call(this);
    this.removeAttribute('inert');
    return root;
  };

  proto.scheduleUpdate = function (this: Unit) {
    const language = this.language;
    if (!arrived.has(this) || languageReady(language)) return scheduleUpdate.call(this);
    return ensureLanguage(language).then(() => this.performUpdate());
  };

  proto.update = function (this: Unit, changed: PropertyValues) {
    const server = arrived.get(this);
    arrived.delete(this);
    if (!server) return update.call(this, changed);
    const log = createDebugLog(this.debug);
    const why = disagreement(server, {
      language: this.language,
      layout: toLayout(this.layout),
      response: this.response,
    });
    if (!why) {
      // Focus, the display clock, the close button's delay, states: as the unit's own update does.
      this.flowChanged(changed);
      try {
        hydrateUnit(this, changed);
        return log('S1', 'server-rendered unit taken over: its nodes hydrated, no request');
      } catch (error) {
        log('S2', 'server-rendered unit rendered again, not hydrated (why):', errorMessage(error));
        keptTexts.delete(this);
        emptyRoot(this);
        return litUpdate.call(this, changed);
      }
    }
    log('S2', 'server-rendered unit rendered again, not hydrated (why):', why);
    emptyRoot(this);
    update.call(this, changed);
  };
}

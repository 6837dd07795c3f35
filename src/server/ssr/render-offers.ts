/**
 * `renderOffers`: one `<adpx-offers>` rendered on the server, its first card in a declarative
 * shadow root, from a response the server already has. Lit's own server renderer (`@lit-labs/ssr`)
 * runs the element's `render()`, so the markup and the styles are the ones the browser would
 * render; the response goes through the same model code first (model/normalize.ts), so only what
 * passed its checks reaches the HTML, and every text is escaped by Lit. Terms are never rendered
 * (they are behind a control, never in the first view). The element carries the normalised response
 * and what it was rendered with (server-state.ts) for the script that takes it over.
 */
import { render } from '@lit-labs/ssr';
import { collectResult } from '@lit-labs/ssr/lib/render-result.js';
import { html, unsafeStatic } from 'lit/static-html.js';
import { OffersError, toOffersError } from '../../errors.js';
import { imageSources, pickImage } from '../../elements/adpx-offer/image-source.js';
import { AdpxOffersElement } from '../../elements/adpx-offers/adpx-offers.js';
import { toLayout } from '../../elements/adpx-offers/flow.js';
import { defineElements } from '../../elements/registry.js';
import { builtInLanguage, ensureLanguage } from '../../i18n/messages.js';
import { acceptResponse } from '../../model/normalize.js';
import type { Offer, OffersResponse } from '../../model/types.js';
import { serverStateScript } from './embedded.js';
import { carryValues, placeTexts } from './server-values.js';

/** An attribute's value: a string or number as it is, `true` as a boolean attribute, else left out. */
export type AttributeValue = string | number | boolean | null | undefined;

/**
 * The unit's attributes, by their HTML names (`placement`, `layout`, `lang`, `heading-level`,
 * `terms`, `api-key`, `endpoint`, …), and `response`: the service's JSON (`{ data }`, the `data`
 * object, or a JSON string) as `fetchOffers` or the proxy gave it to the server.
 */
export interface RenderOffersOptions {
  response: unknown;
  [attribute: string]: unknown;
}

/** Attributes every element takes, beside the unit's own (`observedAttributes`). */
const GLOBAL_ATTRIBUTES = ['lang', 'id', 'class'];

/** The longest attribute value taken (a `heading` or an `endpoint` is far shorter). */
const MAX_VALUE_LENGTH = 2048;

const invalid = (message: string) => new OffersError('invalid_request', message);

function escapeAttribute(value: string): string {
  return value.replace(/[&"<>]/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The attributes as `name="value"` text; throws `invalid_request` for an unknown name or a bad value. */
function attributeText(options: Record<string, unknown>): { text: string; values: Map<string, string> } {
  const known = new Set([...AdpxOffersElement.observedAttributes, ...GLOBAL_ATTRIBUTES]);
  const values = new Map<string, string>();
  for (const [name, value] of Object.entries(options)) {
    if (name === 'response' || value === undefined || value === null || value === false) continue;
    if (!known.has(name))
      throw invalid(`renderOffers: "${name.slice(0, 40)}" is not an attribute of <adpx-offers>.`);
    if (typeof value === 'number' && !Number.isFinite(value))
      throw invalid(`renderOffers: ${name} is not finite.`);
    if (typeof value !== 'string' && typeof value !== 'number' && value !== true)
      throw invalid(`renderOffers: ${name} must be a string, a number or a boolean.`);
    const text = value === true ? '' : String(value);
    if (text.length > MAX_VALUE_LENGTH) throw invalid(`renderOffers: ${name} is too long.`);
    values.set(name, text);
  }
  const text = [...values].map(([name, value]) => `${name}="${escapeAttribute(value)}"`).join(' ');
  return { text, values };
}

/**
 * The width the server gives each card's image frame, which it cannot measure: that of a phone's
 * card (the frame is the screen less 26 px up to 426 px wide screens; a wide card puts its image
 * beside the texts, 220–240 px). The `srcset` offers it at 1x, 2x and 3x, so the browser picks by
 * its density and starts the download as it parses the HTML, before any script; the unit, once it
 * takes over, keeps these sources and asks for a larger image only when it measures a wider frame
 * (elements/adpx-offer/media-size.ts).
 */
const SERVER_FRAME_WIDTH = 400;

/**
 * Each rendered card's `<img>` with its sources (`src`, `srcset`, `sizes`, `width`, `height`),
 * which the browser's cards set after their render (media-size.ts). A card's image is the first
 * `<img part="image">` after the card's id; a card that is not rendered is skipped.
 */
function placeImages(markup: string, offers: readonly Offer[]): string {
  let html = markup;
  for (const offer of offers) {
    const image = pickImage(offer);
    const card = html.indexOf(` id="adpx-c${offer.id}"`);
    const found = card < 0 ? -1 : html.slice(card).search(/<img\s+part="image"/);
    if (!image || found < 0) continue;
    const img = card + found;
    const sources = Object.entries(imageSources(image, SERVER_FRAME_WIDTH))
      .map(([name, value]) => ` ${name}="${escapeAttribute(String(value))}"`)
      .join('');
    html = `${html.slice(0, img + 4)}${sources}${html.slice(img + 4)}`;
  }
  return html;
}

let carrying = false;

/** The unit's `render()` on this server gives its texts and styles as attributes (server-values.ts). */
function carryOnRender(): void {
  if (carrying) return;
  carrying = true;
  const proto = AdpxOffersElement.prototype as unknown as { render(): unknown };
  const render = proto.render;
  proto.render = function (this: AdpxOffersElement) {
    return carryValues(render.call(this));
  };
}

async function renderUnit(options: RenderOffersOptions): Promise<string> {
  if (!options || typeof options !== 'object') throw invalid('renderOffers: options must be an object.');
  defineElements();
  carryOnRender();
  const response: OffersResponse = acceptResponse(options.response);
  const { text, values } = attributeText(options);
  const language = builtInLanguage(values.get('lang')) ?? 'en';
  await ensureLanguage(language);
  // Inert until the script takes it over: a click or a key before then does nothing, and no link
  // can navigate (a WebView stays where it is). The unit drops `inert` as it takes over.
  const template = html`<adpx-offers ${unsafeStatic(text)} inert .response=${response}></adpx-offers>`;
  const markup = placeImages(placeTexts(await collectResult(render(template))), response.offers);
  const state = serverStateScript({
    language,
    layout: toLayout(values.get('layout') ?? 'inline'),
    offers: response.offers.map((offer) => offer.id),
    response,
  });
  const end = markup.lastIndexOf('</adpx-offers>');
  if (end < 0) throw new OffersError('render', 'renderOffers: the unit did not render.');
  return `${markup.slice(0, end)}${state}${markup.slice(end)}`;
}

/**
 * The HTML of one `<adpx-offers>` showing `options.response`, with its first card in a declarative
 * shadow root. Rejects with an `OffersError` only: `invalid_response` for a response that is not an
 * offers response, `invalid_request` for an attribute the unit does not have or a bad value,
 * `render` for anything else.
 */
export async function renderOffers(options: RenderOffersOptions): Promise<string> {
  try {
    return await renderUnit(options);
  } catch (error) {
    throw toOffersError(error);
  }
}

/**
 * `adpx-offers/ssr`: server rendering of the offer unit. Server side only (Node, Deno, Bun, edge
 * workers); needs `@lit-labs/ssr`, an optional peer dependency that users of this entry install.
 */
export { renderOffers, type AttributeValue, type RenderOffersOptions } from './render-offers.js';

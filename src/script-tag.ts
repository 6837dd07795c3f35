/**
 * The types of the script-tag files `adpx-offers/iife` and `adpx-offers/iife/single` (package.json
 * `exports`). Those files are classic scripts: they export nothing and, when they run, define
 * `<adpx-offers>`, `<adpx-offer>`, `<adpx-terms>` and `window.Adpx`. So this module has type-only
 * exports: the launcher's config types, plus (through the modules they come from) the elements in
 * `HTMLElementTagNameMap` and `Window['Adpx']`. `import 'adpx-offers/iife'` is typed, and claims
 * no value the file does not have.
 */
export type { AdpxOfferElement } from './elements/adpx-offer/adpx-offer.js';
export type { AdpxOffersElement } from './elements/adpx-offers/adpx-offers.js';
export type { AdpxTermsElement } from './elements/adpx-terms/adpx-terms.js';
export type { defineElements } from './elements/registry.js';
export type { AdpxApi, AdpxCallback, AdpxConfig, AdpxUser } from './script-api/types.js';

import { expect, inject } from 'vitest';
import { page, type Locator } from 'vitest/browser';
import { normalizeResponse } from '../../src/model/normalize.js';
import type { Offer, OffersResponse } from '../../src/model/types.js';
import type { RawOffersResponse } from '../../src/server/mock/index.js';
import type { commands } from './commands.js';

import { settleAnimations } from '../../scripts/animations.mjs';

export { settleAnimations as animationsSettled };

type Commands = typeof commands;
type InPage<C> = C extends (context: never, ...args: infer A) => infer R ? (...args: A) => R : never;

declare module 'vitest/browser' {
  interface BrowserCommands {
    /** test/components/commands.ts */
    emulateMedia: InPage<Commands['emulateMedia']>;
    /** test/components/commands.ts */
    setDeviceScaleFactor: InPage<Commands['setDeviceScaleFactor']>;
  }
}

/**
 * What the component tests (src/elements/**\/*.browser.test.ts) share: the mock's offers, a stage
 * in the page, and queries that see through every open shadow root, so a test reads the public
 * surface (parts, roles, text) whichever element of ours renders it.
 */

/**
 * Every element matching `selector` below `root` (its own shadow root first when it has one) and in
 * any open shadow root further down, shadow trees before the light children they render.
 */
export function deepQueryAll<E extends Element = HTMLElement>(root: ParentNode, selector: string): E[] {
  const found: E[] = [];
  const visit = (node: ParentNode): void => {
    for (const el of node.querySelectorAll('*')) {
      if (el.matches(selector)) found.push(el as E);
      if (el.shadowRoot) visit(el.shadowRoot);
    }
  };
  if (root instanceof Element && root.shadowRoot) visit(root.shadowRoot);
  visit(root);
  return found;
}

/** The first element matching `selector` through open shadow roots, or null. */
export function deepQuery<E extends Element = HTMLElement>(root: ParentNode, selector: string): E | null {
  return deepQueryAll<E>(root, selector)[0] ?? null;
}

/** Like {@link deepQuery}, waiting until it is there. */
export async function find<E extends Element = HTMLElement>(root: ParentNode, selector: string): Promise<E> {
  await expect.poll(() => deepQuery(root, selector)).not.toBeNull();
  return deepQuery<E>(root, selector) as E;
}

/** Is the element rendered: laid out with a box, not `display: none` anywhere above it. */
export const isShown = (el: Element | null): boolean => !!el && el.getClientRects().length > 0;

/** The visible elements matching `selector` through shadow roots. */
export const shownAll = <E extends Element = HTMLElement>(root: ParentNode, selector: string): E[] =>
  deepQueryAll<E>(root, selector).filter(isShown);

/** The one visible element matching `selector`; fails when there is none or more than one. */
export function shown<E extends Element = HTMLElement>(root: ParentNode, selector: string): E {
  const all = shownAll<E>(root, selector);
  expect(all, `visible ${selector}`).toHaveLength(1);
  return all[0] as E;
}

/** Like {@link shown}, waiting until exactly one is visible. */
export async function appear<E extends Element = HTMLElement>(
  root: ParentNode,
  selector: string,
): Promise<E> {
  await expect.poll(() => shownAll(root, selector).length).toBe(1);
  return shown<E>(root, selector);
}

/** An offer as the service's JSON has it, open to any change a test makes. */
export type RawOfferJson = Record<string, unknown>;

/** The mock's raw offers response (a fresh copy to change). */
export const rawResponse = (): RawOffersResponse => structuredClone(inject('offersResponse'));

/** The mock's response normalised by the SDK's model, after `mutate` changed its raw offers. */
export function offersResponse(mutate?: (offers: RawOfferJson[]) => void): OffersResponse {
  const raw = rawResponse();
  mutate?.(raw.data.offers as unknown as RawOfferJson[]);
  return normalizeResponse(raw);
}

let fresh = 0;

/**
 * Gives the offers' images URLs no other test asks for (a query parameter the image service
 * ignores): Chromium may take a srcset candidate it already has in its cache over the one the
 * screen asks for, so a test of the chosen candidate must not meet another test's downloads.
 */
export function uncachedImages(offers: RawOfferJson[]): void {
  fresh += 1;
  const mark = (url: unknown): unknown => {
    if (typeof url !== 'string') return url;
    const next = new URL(url);
    next.searchParams.set('test', `${Date.now()}-${fresh}`);
    return next.href;
  };
  for (const offer of offers) {
    offer.image = mark(offer.image);
    if (Array.isArray(offer.creatives)) {
      for (const creative of offer.creatives as RawOfferJson[]) creative.url = mark(creative.url);
    }
  }
}

/** One normalised offer of the mock's response, by id (default: the first). */
export function mockOffer(id?: number, mutate?: (offers: RawOfferJson[]) => void): Offer {
  const { offers } = offersResponse(mutate);
  const offer = id === undefined ? offers[0] : offers.find((o) => o.id === id);
  if (!offer) throw new Error(`the mock has no offer ${id ?? '#0'}`);
  return offer;
}

const stages: HTMLElement[] = [];
let staged = 0;

/**
 * A box in the page, `width` CSS px wide (or the page's width), for one test's elements; call
 * {@link clearStage} after each test.
 */
export function stage(width?: number, attributes: Record<string, string> = {}): HTMLElement {
  const box = document.createElement('div');
  box.dataset.testid = `stage-${(staged += 1)}`;
  if (width !== undefined) box.style.width = `${width}px`;
  for (const [name, value] of Object.entries(attributes)) box.setAttribute(name, value);
  document.body.append(box);
  stages.push(box);
  return box;
}

/**
 * A Vitest locator for the stage an element is in (its role and text queries see through shadow
 * roots); `page.elementLocator` cannot tell two `<adpx-offer>` apart.
 */
export function within(el: Element): Locator {
  let box = el.closest<HTMLElement>('[data-testid^="stage-"]');
  for (let root = el.getRootNode(); !box && root instanceof ShadowRoot; root = root.host.getRootNode()) {
    box = root.host.closest<HTMLElement>('[data-testid^="stage-"]');
  }
  if (!box?.dataset.testid) throw new Error('not in a stage');
  return page.getByTestId(box.dataset.testid);
}

/** Removes every stage and what is in it, and any style sheet a test added to the page. */
export function clearStage(): void {
  for (const box of stages.splice(0)) box.remove();
  for (const style of document.head.querySelectorAll('style[data-test]')) style.remove();
}

/** Adds the page's own CSS (removed by {@link clearStage}). */
export function pageCss(css: string): void {
  const style = document.createElement('style');
  style.dataset.test = '';
  style.textContent = css;
  document.head.append(style);
}

/** A standalone `<adpx-offer>` for `offer` in a stage of `width` px; resolves once its headline shows. */
export async function renderCard(
  offer: Offer,
  width?: number,
  setup: (card: HTMLElement & { offer?: Offer; eager?: boolean }) => void = () => undefined,
): Promise<HTMLElement> {
  const card = document.createElement('adpx-offer');
  card.offer = offer;
  setup(card);
  stage(width).append(card);
  await expect.poll(() => shownAll(card, '[part~="headline"]').length).toBe(1);
  return card;
}

/**
 * An `<adpx-offers>` with `attributes`, in `parent` (a stage by default), rendering `response` (the
 * mock's by default); resolves once its headline shows and its animations have settled.
 */
export async function renderUnit<U extends HTMLElement = HTMLElement & { response?: unknown }>(
  attributes: Record<string, string> = {},
  { parent = stage(), response = offersResponse() }: { parent?: HTMLElement; response?: OffersResponse } = {},
): Promise<U> {
  const unit = document.createElement('adpx-offers') as HTMLElement & { response?: unknown };
  for (const [name, value] of Object.entries(attributes)) unit.setAttribute(name, value);
  parent.append(unit);
  unit.response = response;
  await expect.poll(() => shownAll(unit, '[part~="headline"]').length).toBeGreaterThan(0);
  await settleAnimations();
  return unit as U;
}

/** The loaded image of a card: waits until the browser has decoded the candidate it chose. */
export async function loadedImage(root: ParentNode): Promise<HTMLImageElement> {
  const img = await find<HTMLImageElement>(root, '[part~="image"]');
  await expect.poll(() => img.complete && img.naturalWidth > 0).toBe(true);
  return img;
}

/** The border box of an element, in page pixels. */
export const box = (el: Element): DOMRect => el.getBoundingClientRect();

import { afterEach, describe, expect, test } from 'vitest';
import { userEvent } from 'vitest/browser';
import '../../define.js';
import type { OffersResponse } from '../../model/types.js';
import {
  animationsSettled,
  clearStage,
  offersResponse,
  shown,
  shownAll,
  stage,
} from '../../../test/components/dom.js';

/**
 * Every public `--adpx-*` token of docs/theming.md (and the card's own, listed in its JSDoc) set by the page on an ancestor of the unit, as a
 * publisher would, reaches what the docs say it styles. The unit maps the tokens once at the top of
 * its shadow tree (base.styles.ts); these tests hold that mapping to the documented surface. The
 * tokens the other component and e2e tests already set (primary colour, font size and family,
 * min height, popup and list sizes, insets, terms colours) are not repeated here.
 */

type Unit = HTMLElement & { response?: unknown };

afterEach(clearStage);

interface Case {
  token: string;
  value: string;
  /** The unit's attributes. */
  attributes?: Record<string, string>;
  /** The element whose computed style shows the token. */
  selector: string;
  property: string;
  /** The computed value; `value` itself when absent. */
  expected?: string;
  response?: () => OffersResponse;
}

/** The mock's response with a loyalty boost on its first offer. */
const loyalty = () =>
  offersResponse((offers) => {
    Object.assign(offers[0] ?? {}, { is_loyaltyboost: true, loyaltyboost_requirements: 'Two orders' });
  });

const CASES: Case[] = [
  {
    token: '--adpx-background',
    value: 'rgb(1, 2, 3)',
    selector: '[part~="unit"]',
    property: 'background-color',
  },
  {
    token: '--adpx-unit-background',
    value: 'rgb(4, 5, 6)',
    selector: '[part~="unit"]',
    property: 'background-color',
  },
  { token: '--adpx-text-color', value: 'rgb(7, 8, 9)', selector: '[part~="headline"]', property: 'color' },
  {
    token: '--adpx-muted-color',
    value: 'rgb(10, 11, 12)',
    selector: '[part~="advertiser"]',
    property: 'color',
  },
  {
    token: '--adpx-border-color',
    value: 'rgb(13, 14, 15)',
    selector: '[part~="unit"]',
    property: 'border-top-color',
  },
  {
    token: '--adpx-on-primary-color',
    value: 'rgb(16, 17, 18)',
    selector: '[part~="accept"]',
    property: 'color',
  },
  {
    token: '--adpx-decline-background',
    value: 'rgb(19, 20, 21)',
    selector: '[part~="decline"]',
    property: 'background-color',
  },
  {
    token: '--adpx-accent-color',
    value: 'rgb(22, 23, 24)',
    selector: '[part~="loyalty"] .badge',
    property: 'color',
    response: loyalty,
  },
  {
    token: '--adpx-radius',
    value: '20px',
    selector: '[part~="unit"]',
    property: 'border-top-left-radius',
    expected: '24px',
  },
  {
    token: '--adpx-spacing',
    value: '20px',
    selector: '[part~="unit"]',
    property: 'padding-top',
    expected: '15px',
  },
  {
    token: '--adpx-header-background',
    value: 'rgb(25, 26, 27)',
    attributes: { heading: 'Offers' },
    selector: '[part~="header"]',
    property: 'background-color',
  },
  {
    token: '--adpx-header-text-color',
    value: 'rgb(28, 29, 30)',
    attributes: { heading: 'Offers' },
    selector: '[part~="header"] h2',
    property: 'color',
  },
  {
    token: '--adpx-header-font-size',
    value: '30px',
    attributes: { heading: 'Offers' },
    selector: '[part~="header"] h2',
    property: 'font-size',
  },
  {
    token: '--adpx-offer-text-size',
    value: '21px',
    selector: '[part~="description"]',
    property: 'font-size',
  },
  { token: '--adpx-accept-text', value: 'rgb(37, 38, 39)', selector: '[part~="accept"]', property: 'color' },
  {
    token: '--adpx-accept-border',
    value: 'rgb(40, 41, 42)',
    selector: '[part~="accept"]',
    property: 'border-top-color',
  },
  {
    token: '--adpx-decline-text',
    value: 'rgb(43, 44, 45)',
    selector: '[part~="decline"]',
    property: 'color',
  },
  {
    token: '--adpx-decline-border',
    value: 'rgb(46, 47, 48)',
    selector: '[part~="decline"]',
    property: 'border-top-color',
  },
  {
    token: '--adpx-media-background',
    value: 'rgb(49, 50, 51)',
    selector: '[part~="media"]',
    property: 'background-color',
  },
  {
    token: '--adpx-terms-color',
    value: 'rgb(52, 53, 54)',
    selector: '[part~="terms-toggle"]',
    property: 'color',
  },
  {
    token: '--adpx-qr-size',
    value: '120px',
    attributes: { 'show-qr': '' },
    selector: '[part~="qr"] img',
    property: 'width',
  },
  {
    token: '--adpx-shadow',
    value: 'rgb(31, 32, 33) 0px 0px 0px 5px',
    attributes: { layout: 'popup' },
    selector: '[part~="dialog"]',
    property: 'box-shadow',
  },
];

async function renderUnit(token: string, value: string, c: Case): Promise<Unit> {
  const parent = stage(600);
  parent.style.setProperty(token, value);
  const unit = document.createElement('adpx-offers') as Unit;
  for (const [name, attribute] of Object.entries(c.attributes ?? {})) unit.setAttribute(name, attribute);
  parent.append(unit);
  unit.response = c.response?.() ?? offersResponse();
  await expect.poll(() => shownAll(unit, '[part~="headline"]').length).toBeGreaterThan(0);
  await animationsSettled();
  return unit;
}

describe('each documented --adpx-* token, set by the page', () => {
  test.each(CASES)('$token styles $selector ($property)', async (c) => {
    const unit = await renderUnit(c.token, c.value, c);
    const styled = () => getComputedStyle(shown(unit, c.selector)).getPropertyValue(c.property);
    expect(styled()).toBe(c.expected ?? c.value);
  });

  test('--adpx-focus-color rings the control focused from the keyboard', async () => {
    const unit = await renderUnit('--adpx-focus-color', 'rgb(34, 35, 36)', {
      token: '',
      value: '',
      selector: '',
      property: '',
    });
    const before = document.createElement('button');
    unit.before(before);
    before.focus();
    await userEvent.tab();
    await expect.poll(() => unit.shadowRoot?.activeElement?.matches(':focus-visible')).toBe(true);
    const focused = unit.shadowRoot?.activeElement as HTMLElement;
    expect(getComputedStyle(focused).outlineColor).toBe('rgb(34, 35, 36)');
  });
});

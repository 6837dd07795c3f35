/**
 * The analytics hand-off (src/hosts/analytics.ts): which keys each event's push has, that no
 * personal data is ever in one, and that a page's broken `dataLayer` or `gtag` costs the unit
 * nothing. The flows (a GTM-style dataLayer, a gtag stub, the impression beacon counted once on a
 * page whose push throws) are in e2e/analytics.spec.ts.
 */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AdpxOffersElement } from '../../src/elements/adpx-offers/adpx-offers.js';
import { defineElements } from '../../src/elements/registry.js';
import { AdpxEvent, ADPX_EVENT_NAMES, type AdpxEventName } from '../../src/events/adpx-event.js';
import {
  AnalyticsHandOff,
  analyticsParams,
  HANDED_OFF,
  type AnalyticsUnit,
} from '../../src/hosts/analytics.js';
import { normalizeResponse } from '../../src/model/normalize.js';
import { OPTIONS } from '../../src/options/schema.js';
import { resolveConfig } from '../../src/script-api/config.js';
import { rawOffer, rawResponse } from '../model/fixtures.js';

type Page = { dataLayer?: unknown; gtag?: unknown };
const page = window as unknown as Page;

const response = normalizeResponse(
  rawResponse([rawOffer({ id: 101, campaign_id: 9 }), rawOffer({ id: 102, campaign_id: undefined })]),
);
const progress = { current: 1, total: 2, offer_id: 101 };

/** A stand-in unit: what the hand-off reads, and the events it is sent. */
function fakeUnit(fields: Partial<AnalyticsUnit> = {}) {
  const target = new EventTarget();
  const unit = Object.assign(target, { placement: 'checkout', debug: false, response, ...fields });
  new AnalyticsHandOff(unit);
  const errors: unknown[] = [];
  unit.addEventListener('adpx-error', (event) => errors.push((event as CustomEvent).detail));
  const fire = <N extends AdpxEventName>(name: N, detail: AdpxEvent<N>['detail']) =>
    unit.dispatchEvent(new AdpxEvent(name, detail));
  return { unit, fire, errors };
}

afterEach(() => {
  delete page.dataLayer;
  delete page.gtag;
});

describe('analyticsParams', () => {
  it.each([
    ['ads_found', { total: 2 }, { adpx_placement: 'checkout', adpx_total: 2 }],
    [
      'impression',
      progress,
      {
        adpx_placement: 'checkout',
        adpx_offer_id: 101,
        adpx_campaign_id: 9,
        adpx_position: 1,
        adpx_total: 2,
      },
    ],
    [
      'ad_not_taken',
      { current: 2, total: 2, offer_id: 102 },
      { adpx_placement: 'checkout', adpx_offer_id: 102, adpx_position: 2, adpx_total: 2 },
    ],
    ['closed_ads', { reason: 'user' }, { adpx_placement: 'checkout' }],
  ] as const)('%s has the keys its event has, and only those', (_name, detail, expected) => {
    expect(analyticsParams('checkout', detail, response)).toEqual(expected);
  });

  it('copies no field it does not name, and no placement when the unit has none', () => {
    const detail = { ...progress, pub_user_id: 'u-1', email: 'a@b.example', url: 'https://x.example/' };
    expect(Object.keys(analyticsParams('', detail, response)).sort()).toEqual([
      'adpx_campaign_id',
      'adpx_offer_id',
      'adpx_position',
      'adpx_total',
    ]);
  });
});

describe('the dataLayer hand-off', () => {
  it('pushes each handed-off event to dataLayer, created when missing; no other event', () => {
    const { fire } = fakeUnit({ analytics: 'datalayer' });
    for (const name of ADPX_EVENT_NAMES) {
      const detail = name === 'closed_ads' ? { reason: 'user' } : { ...progress, target_url: 'x', url: 'x' };
      fire(name, detail as never);
    }
    const pushed = page.dataLayer as Array<Record<string, unknown>>;
    expect(Array.isArray(pushed)).toBe(true);
    expect(pushed.map((entry) => entry.event)).toEqual(HANDED_OFF.map((name) => `adpx_${name}`));
    expect(pushed[1]).toEqual({
      event: 'adpx_impression',
      adpx_placement: 'checkout',
      adpx_offer_id: 101,
      adpx_campaign_id: 9,
      adpx_position: 1,
      adpx_total: 2,
    });
  });

  it("goes through the page's own push (Tag Manager replaces it) and keeps what was there", () => {
    const seen: unknown[] = [];
    const layer: unknown[] = [{ event: 'gtm.js' }];
    Object.defineProperty(layer, 'push', {
      value: (...items: unknown[]) => seen.push(...items),
    });
    page.dataLayer = layer;
    fakeUnit({ analytics: 'dataLayer' }).fire('ads_found', { total: 2 });
    expect(seen).toEqual([{ event: 'adpx_ads_found', adpx_placement: 'checkout', adpx_total: 2 }]);
    expect(page.dataLayer).toBe(layer);
  });

  it('pushes nothing without `analytics`, and follows a mode set later', () => {
    const { unit, fire } = fakeUnit();
    fire('ads_found', { total: 2 });
    expect(page.dataLayer).toBeUndefined();
    unit.analytics = 'datalayer';
    fire('ads_found', { total: 2 });
    expect(page.dataLayer).toHaveLength(1);
  });
});

describe('the gtag hand-off', () => {
  it("calls the page's gtag('event', 'adpx_' + name, params)", () => {
    const gtag = vi.fn();
    page.gtag = gtag;
    const { fire } = fakeUnit({ analytics: 'gtag' });
    fire('ad_taken', progress);
    fire('closed_ads', { reason: 'flow_end' });
    expect(gtag.mock.calls).toEqual([
      [
        'event',
        'adpx_ad_taken',
        {
          adpx_placement: 'checkout',
          adpx_offer_id: 101,
          adpx_campaign_id: 9,
          adpx_position: 1,
          adpx_total: 2,
        },
      ],
      ['event', 'adpx_closed_ads', { adpx_placement: 'checkout' }],
    ]);
    expect(page.dataLayer).toBeUndefined();
  });

  it('does nothing on a page without gtag (no dataLayer made for it)', () => {
    fakeUnit({ analytics: 'gtag' }).fire('impression', progress);
    expect(page.dataLayer).toBeUndefined();
    expect(page.gtag).toBeUndefined();
  });
});

describe("a page's broken tags", () => {
  const pages: Array<[string, () => void, 'datalayer' | 'gtag']> = [
    [
      'a push that throws',
      () => {
        page.dataLayer = Object.assign([], {
          push: () => {
            throw new Error('tag manager broke');
          },
        });
      },
      'datalayer',
    ],
    ['a frozen dataLayer', () => (page.dataLayer = Object.freeze([])), 'datalayer'],
    ['a dataLayer that is not an array', () => (page.dataLayer = 'layer'), 'datalayer'],
    ['a plain-object dataLayer', () => (page.dataLayer = { length: 0 }), 'datalayer'],
    [
      'a dataLayer getter that throws',
      () =>
        Object.defineProperty(window, 'dataLayer', {
          configurable: true,
          get: () => {
            throw new Error('no');
          },
        }),
      'datalayer',
    ],
    [
      'a gtag that throws',
      () => {
        page.gtag = () => {
          throw new Error('gtag broke');
        };
      },
      'gtag',
    ],
    ['a gtag that is not a function', () => (page.gtag = { event: true }), 'gtag'],
  ];

  it.each(pages)(
    '%s: no throw, no error event, and the page listener still gets the event',
    (_, set, mode) => {
      set();
      const { unit, fire, errors } = fakeUnit({ analytics: mode });
      const heard: string[] = [];
      unit.addEventListener('adpx-impression', (event) => heard.push(event.type));
      expect(() => fire('impression', progress)).not.toThrow();
      expect(heard).toEqual(['adpx-impression']);
      expect(errors).toEqual([]);
    },
  );

  it('logs what the page threw as a debug line when debug is on', () => {
    const debug = vi.spyOn(console, 'debug').mockImplementation(() => {});
    page.gtag = () => {
      throw new Error('gtag broke');
    };
    fakeUnit({ analytics: 'gtag', debug: true }).fire('impression', progress);
    expect(debug).toHaveBeenCalledWith(
      '[adpx] H2',
      expect.stringContaining('failed'),
      'gtag',
      expect.any(Error),
    );
  });
});

describe('a value that is not a mode', () => {
  it('is one adpx-error (invalid_request) with the launcher’s words, and pushes nothing', () => {
    const { fire, errors } = fakeUnit({ analytics: 'ga4' });
    fire('ads_found', { total: 2 });
    fire('impression', progress);
    const launcher = resolveConfig(
      { accountId: 's', endpoint: 'https://x.example', analytics: 'ga4' },
      undefined,
    );
    expect(launcher.ok).toBe(false);
    expect(errors).toEqual([
      { message: !launcher.ok ? launcher.error.message : '', code: 'invalid_request' },
    ]);
    expect(errors[0]).toMatchObject({ message: expect.stringContaining("'datalayer', 'gtag'") });
    expect(page.dataLayer).toBeUndefined();
  });

  it('the launcher takes either mode in any case, and no value as none', () => {
    expect(OPTIONS.analytics.parse('GTAG')).toBe('gtag');
    expect(OPTIONS.analytics.parse('dataLayer')).toBe('datalayer');
    expect(OPTIONS.analytics.parse(undefined)).toBeUndefined();
    expect(OPTIONS.analytics.parse('')).toBeUndefined();
  });
});

describe('<adpx-offers analytics>', () => {
  beforeAll(() => defineElements(customElements));

  it('pushes no personal data: not pub_user_id, adpx_fp, nor any payload key', () => {
    const unit = document.createElement('adpx-offers') as AdpxOffersElement;
    Object.assign(unit, {
      manual: true,
      placement: 'confirmation',
      pubUserId: 'user-42',
      payload: { email: 'jane@example.com', firstname: 'Jane', adpx_fp: 'fp-1', zip: '10115' },
    });
    unit.setAttribute('analytics', 'datalayer');
    document.body.append(unit);
    unit.response = rawResponse([rawOffer({ id: 101, campaign_id: 9 })]);
    unit.dispatchEvent(new AdpxEvent('impression', { current: 1, total: 1, offer_id: 101 }));
    const pushed = page.dataLayer as object[];
    expect(pushed).toEqual([
      { event: 'adpx_ads_found', adpx_placement: 'confirmation', adpx_total: 1 },
      {
        event: 'adpx_impression',
        adpx_placement: 'confirmation',
        adpx_offer_id: 101,
        adpx_campaign_id: 9,
        adpx_position: 1,
        adpx_total: 1,
      },
    ]);
    const text = JSON.stringify(pushed);
    for (const secret of ['user-42', 'jane', 'Jane', 'fp-1', '10115', 'pub_user_id', 'adpx_fp'])
      expect(text).not.toContain(secret);
    unit.remove();
  });
});

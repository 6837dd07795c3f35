/** Raw service data for the model and client tests: valid by default, overridable per case. */
import type { Offer } from '../../src/model/types.js';

/** A raw offer as the service sends it, with every field valid. */
export function rawOffer(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: 101,
    campaign_id: 9,
    advertiser_name: 'Acme',
    title: 'Get 20% off your next order',
    description: 'A long description of the offer.',
    mini_text: 'Terms apply.',
    short_headline: '20% off',
    short_description: 'Save on your next order.',
    click_url: 'https://click.example.com/c/101',
    cta_yes: 'Yes please',
    cta_no: 'No thanks',
    image: 'https://img.example.com/101.png',
    creatives: [
      {
        id: 1,
        url: 'https://img.example.com/101-wide.png',
        width: 1200,
        height: 600,
        type: 'png',
        is_primary: true,
        aspect_ratio: 2,
      },
    ],
    terms_and_conditions: '<p>Valid <strong>once</strong>.</p>',
    pixel: 'https://track.example.com/p/101',
    adv_pixel_url: 'https://adv.example.com/p/101',
    beacons: {
      close: 'https://track.example.com/close/101',
      no_thanks_click: 'https://track.example.com/no/101',
    },
    offerwall_enabled: false,
    perkswallet_enabled: true,
    save_for_later_url: 'https://wallet.example.com/save/101',
    offerwall_url: 'https://wall.example.com/',
    is_loyaltyboost: false,
    loyaltyboost_requirements: 'Buy twice.',
    tags: ['retail', 'discount'],
    ...overrides,
  };
}

/** A raw response body (with the `data` envelope) holding `offers`. */
export function rawResponse(
  offers: unknown[] = [rawOffer()],
  data: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    data: {
      session_id: 'sess-1',
      offers,
      count: offers.length,
      privacy_url: 'https://example.com/privacy',
      styles: { primary_color: '#ff0000', background_color: 'white', text_color: 'rgb(0, 0, 0)' },
      settings: { max_display_time: 30, auto_close: true },
      ...data,
    },
  };
}

/** A normalised offer with only what every offer has, and `fields` over it. */
export function testOffer(fields: Partial<Offer> = {}): Offer {
  return {
    id: 1001,
    creatives: [],
    beacons: {},
    offerwall_enabled: false,
    perkswallet_enabled: false,
    is_loyaltyboost: false,
    tags: [],
    ...fields,
  };
}

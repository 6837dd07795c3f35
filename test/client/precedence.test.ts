/**
 * One rule for an option and the same key in `payload` (client/request.ts): the option wins, the
 * payload fills in what no option gives. The unit, the package's `fetchOffers` and
 * `Adpx.getOffers` all send through it, so the same option given both ways asks the same.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchOffers } from '../../src/consent/fetch-offers.js';
import { defineElements } from '../../src/elements/registry.js';
import { AdpxLauncher } from '../../src/script-api/adpx.js';
import { resetConsentForTests } from '../../src/consent/consent.js';

const ENDPOINT = 'https://offers.example';
const OPTIONS = { placement: 'checkout', loyaltyboost: '1', pubUserId: 'u-option' } as const;
const PAYLOAD = { placement: 'thank_you', loyaltyboost: '2', pub_user_id: 'u-payload', orderid: 'o-1' };

let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  const body = { data: { offers: [{ id: 1, title: 'Offer 1', click_url: 'https://click.example/1' }] } };
  fetchMock = vi.fn(async () => new Response(JSON.stringify(body), { status: 200 }));
  vi.stubGlobal('fetch', fetchMock);
  document.body.innerHTML = '';
});

afterEach(() => {
  resetConsentForTests();
  vi.unstubAllGlobals();
});

/** What a request asked: the query option and the body keys the two sides both give. */
function asked(call: number) {
  const [url, init] = fetchMock.mock.calls[call] as [string, RequestInit];
  const body = JSON.parse(String(init.body)) as Record<string, string>;
  const { placement, pub_user_id, orderid } = body;
  return { loyaltyboost: new URL(url).searchParams.get('loyaltyboost'), placement, pub_user_id, orderid };
}

describe('option versus payload: one rule', () => {
  it('the element, fetchOffers and Adpx.getOffers send the same option given both ways alike', async () => {
    defineElements(customElements);
    const unit = document.createElement('adpx-offers');
    Object.assign(unit, { manual: true, apiKey: 'sdk', endpoint: ENDPOINT, ...OPTIONS, payload: PAYLOAD });
    document.body.append(unit);
    await unit.load();
    await fetchOffers({ endpoint: ENDPOINT, apiKey: 'sdk', ...OPTIONS, payload: PAYLOAD });
    const launcher = new AdpxLauncher(window);
    await launcher.init({ accountId: 'sdk', endpoint: ENDPOINT, autoLoad: false, ...OPTIONS });
    expect((await launcher.getOffers('sdk', PAYLOAD)).status).toBe(true);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    const one = { loyaltyboost: '1', placement: 'checkout', pub_user_id: 'u-option', orderid: 'o-1' };
    expect([asked(0), asked(1), asked(2)]).toEqual([one, one, one]);
  });
});

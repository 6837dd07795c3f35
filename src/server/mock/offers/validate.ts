import { safely } from '../../../errors.js';
import { isJsonObject } from '../../../model/coerce.js';
import { CAMPAIGN_ID } from '../../../options/values.js';

/** What an offers request asks for, once checked. */
export interface OffersAsk {
  offersPerResponse: number;
  /** `'0'` no loyalty-boost offers, `'1'` (default) any, `'2'` only them. */
  loyaltyboost: '0' | '1' | '2';
  /** Only offers with at least one creative. */
  creativeOnly: boolean;
  /** One campaign id as the query gives it (the SDK's rule); it matches an offer's `campaign_id`. */
  campaignId?: string;
  dev: boolean;
  placement: string;
}

/** The error answer to a request. */
type Refusal = { ok: false; status: number; message: string };

/** A checked value, or the error answer. */
export type Checked<T> = { ok: true; value: T } | Refusal;

const fail = (status: number, message: string): Refusal => ({ ok: false, status, message });

/** Checks the query: `api_key` (401), `loyaltyboost`, `creative` and `campaignId` (400). */
export function checkQuery(
  query: URLSearchParams,
  keys: ReadonlyMap<string, number>,
): Checked<Omit<OffersAsk, 'dev' | 'placement'>> {
  const apiKey = query.get('api_key');
  if (apiKey === null || apiKey === '')
    return fail(401, 'Invalid API key: the api_key query parameter is missing');
  const offersPerResponse = keys.get(apiKey);
  if (offersPerResponse === undefined) return fail(401, 'Invalid API key');
  const loyaltyboost = query.get('loyaltyboost') ?? '1';
  if (loyaltyboost !== '0' && loyaltyboost !== '1' && loyaltyboost !== '2')
    return fail(400, "loyaltyboost must be '0', '1' or '2'");
  const creative = query.get('creative') ?? '0';
  if (creative !== '0' && creative !== '1') return fail(400, "creative must be '0' or '1'");
  const campaign = query.get('campaignId');
  if (campaign !== null && !CAMPAIGN_ID.test(campaign)) {
    return fail(400, 'campaignId must be the id of one campaign (letters, digits, "_" or "-")');
  }
  return {
    ok: true,
    value: {
      offersPerResponse,
      loyaltyboost,
      creativeOnly: creative === '1',
      ...(campaign === null ? {} : { campaignId: campaign }),
    },
  };
}

/** Parses JSON, or returns `undefined`. */
export function parseJson(text: string): { value: unknown } | undefined {
  return safely(() => ({ value: JSON.parse(text) as unknown }));
}

/** Checks the body: a JSON object with a non-empty `placement`; reads `dev` ('1', 1 or true). */
export function checkBody(text: string): Checked<Pick<OffersAsk, 'dev' | 'placement'>> {
  const parsed = parseJson(text);
  if (!parsed) return fail(400, 'Request body must be valid JSON');
  const body = parsed.value;
  if (!isJsonObject(body)) return fail(400, 'Request body must be a JSON object');
  const { placement, dev } = body;
  if (typeof placement !== 'string' || placement.trim() === '') {
    return fail(400, 'placement is required: a non-empty string in the request body');
  }
  return { ok: true, value: { placement, dev: dev === '1' || dev === 1 || dev === true } };
}

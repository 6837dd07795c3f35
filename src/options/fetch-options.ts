/** Options of one fetch of offers, as docs/api.md names them. */
export interface FetchOffersOptions {
  /** Base URL of the service or of the publisher's proxy, e.g. `https://offers.example.com`. */
  endpoint: string;
  /** API key (direct connect) or SDK ID; sent as the `api_key` query parameter. */
  apiKey: string;
  /** Path version: `'v2'` (default) or `'v4'`. */
  apiVersion?: 'v2' | 'v4';
  /** Where the unit is triggered, e.g. `checkout`. Required. */
  placement: string;
  pubUserId?: string;
  /** End user's User-Agent; defaults to `navigator.userAgent` in a browser. */
  ua?: string;
  ip?: string;
  /**
   * Anonymous persistent id. When absent, one is generated once per browser and kept in
   * localStorage (memory when storage is blocked). Pass `false` to send none.
   */
  adpxFp?: string | false;
  /** `'1'` asks for test offers and disables tracking. */
  dev?: string | number | boolean;
  loyaltyboost?: '0' | '1' | '2';
  creative?: '0' | '1';
  campaignId?: string | number;
  /** Extra body keys. Numbers and booleans become strings; other values are left out. */
  payload?: Record<string, unknown>;
  /** Default 10 000 ms. */
  timeoutMs?: number;
  signal?: AbortSignal;
  /** Log each decision with the `[adpx]` prefix. Off by default. */
  debug?: boolean;
}

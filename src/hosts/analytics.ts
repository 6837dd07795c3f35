/**
 * The analytics hand-off (docs/api.md, "Analytics hand-off"): with `analytics` set, the unit's
 * `ads_found`, `impression`, `ad_taken`, `ad_not_taken` and `closed_ads` go to the page's Google Tag
 * Manager `dataLayer` or GA4 `gtag`, with the placement, offer, campaign, position and total only:
 * never an identifier of the person, nor the user payload (docs/privacy.md). The page's tags are
 * the page's: a `gtag` or `push` that throws, or a `dataLayer` that is not one, costs the unit
 * nothing (a debug line); its beacons do not depend on them.
 */
import { createDebugLog } from '../debug.js';
import { AdpxEvent, domEventName } from '../events/adpx-event.js';
import type { OffersResponse } from '../model/types.js';
import { OPTIONS } from '../options/schema.js';

/** The events handed off, by their SDK names. */
export const HANDED_OFF = ['ads_found', 'impression', 'ad_taken', 'ad_not_taken', 'closed_ads'] as const;

/** The parameters of one push: the keys its event has, nothing else. */
export interface AnalyticsParams {
  adpx_placement?: string;
  adpx_offer_id?: number;
  adpx_campaign_id?: number;
  adpx_position?: number;
  adpx_total?: number;
}

/** What the hand-off reads on the unit at each event. */
export interface AnalyticsUnit extends EventTarget {
  analytics?: string;
  placement: string;
  debug: boolean;
  readonly response?: OffersResponse;
}

/** The event's fields a push takes, each under its push name. */
const FIELDS = [
  ['offer_id', 'adpx_offer_id'],
  ['current', 'adpx_position'],
  ['total', 'adpx_total'],
] as const;

/**
 * The parameters of an event: each read by name from the event's own fields (`offer_id`,
 * `current`, `total`), the offer's `campaign_id` from the response, the unit's placement. Nothing
 * is copied wholesale, so no other field can slip into a push.
 */
export function analyticsParams(
  placement: string,
  detail: object,
  response?: OffersResponse,
): AnalyticsParams {
  const params: AnalyticsParams = placement ? { adpx_placement: placement } : {};
  for (const [field, key] of FIELDS) {
    const value = (detail as Record<string, unknown>)[field];
    if (typeof value === 'number') params[key] = value;
  }
  const campaign = response?.offers.find((offer) => offer.id === params.adpx_offer_id)?.campaign_id;
  if (campaign !== undefined) params.adpx_campaign_id = campaign;
  return params;
}

type AnalyticsPage = { dataLayer?: { push(message: object): unknown }; gtag?: unknown };

/**
 * Pushes one event: `{ event: 'adpx_' + name, …params }` to `dataLayer` (created when the page has
 * none), or `gtag('event', 'adpx_' + name, params)` when the page has `gtag`. False when there was
 * no `gtag` to call. Throws what the page's `push` or `gtag` throws, and on a `dataLayer` without
 * a `push` function.
 */
export function pushEvent(
  win: Window,
  mode: 'datalayer' | 'gtag',
  name: string,
  params: AnalyticsParams,
): boolean {
  const page = win as Window & AnalyticsPage;
  const event = `adpx_${name}`;
  if (mode === 'datalayer') (page.dataLayer ??= [] as object[]).push({ event, ...params });
  else if (typeof page.gtag === 'function') page.gtag('event', event, params);
  else return false;
  return true;
}

/**
 * Listens on one `<adpx-offers>` for the events handed off and pushes each while its `analytics`
 * is set; reads the unit at each event, so a mode set or changed later applies from the next one.
 * A value that is not a mode is an `adpx-error` (`invalid_request`, the launcher's words), once.
 */
export class AnalyticsHandOff implements EventListenerObject {
  private refused?: string;

  constructor(private readonly unit: AnalyticsUnit) {
    for (const name of HANDED_OFF) unit.addEventListener(domEventName(name), this);
  }

  handleEvent(event: Event): void {
    const { unit } = this;
    let mode: 'datalayer' | 'gtag' | undefined;
    try {
      mode = OPTIONS.analytics.parse(unit.analytics);
    } catch (error) {
      return this.refuse(String(unit.analytics), (error as Error).message);
    }
    if (!mode) return;
    const log = createDebugLog(unit.debug);
    const name = event.type.slice(5).replace(/-/g, '_');
    const detail = (event as CustomEvent<object | null>).detail ?? {};
    const params = analyticsParams(unit.placement, detail, unit.response);
    try {
      if (pushEvent(window, mode, name, params))
        log('H1', 'analytics hand-off: pushed (mode, event):', mode, name);
      else log('H3', 'analytics hand-off: the page has no gtag; nothing pushed (mode, event):', mode, name);
    } catch (error) {
      // The page's tag threw, or its `dataLayer` is no array (a getter that throws, an object
      // without `push`): theirs to fix; the unit and its beacons go on.
      log('H2', "analytics hand-off: the page's dataLayer or gtag failed (mode, error):", mode, error);
    }
  }

  private refuse(given: string, message: string): void {
    if (this.refused === given) return;
    this.refused = given;
    this.unit.dispatchEvent(new AdpxEvent('error', { message, code: 'invalid_request' }));
  }
}

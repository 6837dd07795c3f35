/**
 * The script tag's first file starts the offers request of each unit already in the page, before
 * the unit's code is there (docs/decisions/016): the unit, once defined and upgraded, adopts the
 * request in flight by its key (`UnitLoad` calls `takeStartedRequest`) instead of sending a second
 * one. The request is the one the unit would send: the same options (its attributes and the
 * properties set on it before it was defined, read as Lit will read them, in its language), the
 * same key (`offersRequestKey`), the same consent wait and decision (`withConsent`: the page's
 * platforms asked and waited for).
 */
import { fetchOffers } from '../client/fetch-offers.js';
import { offersRequestKey } from '../client/request.js';
import { keepStartedRequest } from '../client/started-requests.js';
import { withConsent } from '../consent/apply.js';
import { resolveLanguage } from '../i18n/messages.js';
import type { FetchOffersOptions } from '../options/fetch-options.js';
import { nextTask } from '../next-task.js';
import { fetchOptionsOf, optionEntries, type OptionName } from '../options/schema.js';

/** An attribute's value as Lit's default converter reads it for the option's type. */
function fromAttribute(value: string, type: string): unknown {
  if (type === 'boolean') return true;
  if (type === 'number') return Number(value);
  if (type !== 'object') return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return null;
  }
}

/** The unit's option values by option name, as its first update will have them. */
function unitValues(unit: Element): Partial<Record<OptionName, unknown>> {
  const values: Partial<Record<OptionName, unknown>> = {};
  for (const [name, { property, attribute, type, initial }] of optionEntries()) {
    if (!property) continue;
    const given = attribute === false ? null : unit.getAttribute(attribute ?? property.toLowerCase());
    if (Object.prototype.hasOwnProperty.call(unit, property)) values[name] = Reflect.get(unit, property);
    else if (given !== null) values[name] = fromAttribute(given, type);
    else values[name] = typeof initial === 'function' ? initial() : initial;
  }
  return values;
}

const OWN_BLOCKERS = ['manual', 'response', 'consent', 'deferHydration'];

/**
 * True for a unit that will fetch on its own as soon as it is defined: with an API key and an
 * endpoint, not `manual` or `defer-hydration`, not given a `response`, not server-rendered (a
 * shadow root already: its state is in the page), no SDK prefetch (a stored answer may do without
 * a request) and no `consent` of its own (applied by the unit's first update).
 */
function fetchesOnConnect(unit: Element, values: Partial<Record<OptionName, unknown>>): boolean {
  return (
    !!values.accountId &&
    !!values.endpoint &&
    !unit.shadowRoot &&
    !unit.hasAttribute('manual') &&
    !unit.hasAttribute('defer-hydration') &&
    !OWN_BLOCKERS.some((name) => Object.prototype.hasOwnProperty.call(unit, name)) &&
    values.prefetch !== true
  );
}

/** Starts the request of each unit in `doc` that will fetch when defined; returns how many. */
export function startEarlyRequests(win: Window, doc: Document): number {
  let started = 0;
  for (const unit of doc.querySelectorAll('adpx-offers')) {
    const values = unitValues(unit);
    if (!fetchesOnConnect(unit, values)) continue;
    const options = {
      ...fetchOptionsOf(values),
      // The service answers in the unit's language unless the publisher names one (request-element.ts).
      payload: {
        language: resolveLanguage(unit, values.language as string | undefined),
        ...(values.payload as object),
      },
    } as FetchOffersOptions;
    // The POST (its body, the device's id, the fetch) in the next task: this one read the unit
    // and its consent (issue 36: no task over 50 ms on a phone).
    const allowed = Promise.resolve(withConsent(options, values.consentTimeoutMs as number));
    const response = allowed.then(async (decided) => (await nextTask(), fetchOffers(decided)));
    keepStartedRequest(win, offersRequestKey(options), response);
    started++;
  }
  return started;
}

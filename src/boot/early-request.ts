/**
 * The script tag's first file starts the offers request of each unit already in the page, and of
 * the unit a launcher page's `Adpx.init` will place, before the unit's code is there
 * (docs/decisions/016): the unit, once defined and upgraded, adopts the request in flight by its key
 * (`UnitLoad` calls `takeStartedRequest`) instead of sending a second one. The request is the one
 * the unit would send: the same options (read as Lit will read them, in its language), the same key
 * (`offersRequestKey`), the same consent wait and decision (`withConsent`: the page's platforms
 * asked and waited for).
 */
import { fetchOffersInSteps } from '../client/fetch-offers.js';
import { offersRequestKey } from '../client/request.js';
import { keepStartedRequest } from '../client/started-requests.js';
import { withConsent } from '../consent/apply.js';
import { setConsent } from '../consent/consent.js';
import { isJsonObject } from '../model/coerce.js';
import { resolveLanguage } from '../i18n/messages.js';
import type { FetchOffersOptions } from '../options/fetch-options.js';
import { nextTask } from '../next-task.js';
import { fetchOptionsOf, optionEntries, type OptionName, type OptionSpec } from '../options/schema.js';
import { resolveConfig } from '../script-api/config.js';
import { findTarget, launcherTarget } from '../script-api/launcher-target.js';

/** What was set for an option: a property's value, an attribute's text, or nothing. */
type Given = { value: unknown } | { text: string } | undefined;
type Values = Partial<Record<OptionName, unknown>>;

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
function optionValues(given: (spec: OptionSpec & { property: string }, name: OptionName) => Given): Values {
  const values: Values = {};
  for (const [name, spec] of optionEntries()) {
    const { property, type, initial } = spec;
    if (!property) continue;
    const set = given({ ...spec, property }, name);
    if (set && 'value' in set) values[name] = set.value;
    else if (set) values[name] = fromAttribute(set.text, type);
    else values[name] = typeof initial === 'function' ? initial() : initial;
  }
  return values;
}

/**
 * Sends the request of a unit with these values, in `languageOf`'s language (the unit itself, or
 * the element it will be placed in), and keeps it for the unit.
 */
function startRequest(win: Window, values: Values, languageOf: Element): void {
  const options = {
    ...fetchOptionsOf(values),
    // The service answers in the unit's language unless the publisher names one (request-element.ts).
    payload: {
      language: resolveLanguage(languageOf, values.language as string | undefined),
      ...(values.payload as object),
    },
  } as FetchOffersOptions;
  // This task read the options and the consent. Then a task builds the request, which reads the
  // device's id (the page's first `localStorage` read, a wait on the browser: 10–95 ms on a
  // phone); the POST leaves in the next, and the answer is checked in a task after the one that
  // read it (issue 36: no task over 50 ms).
  const allowed = Promise.resolve(withConsent(options, values.consentTimeoutMs as number));
  const response = allowed.then(async (decided) => {
    await nextTask();
    return fetchOffersInSteps(decided, {}, nextTask);
  });
  keepStartedRequest(win, offersRequestKey(options), response);
}

const OWN_BLOCKERS = ['manual', 'response', 'consent', 'deferHydration'];

/**
 * True for a unit that will fetch on its own as soon as it is defined: with an API key and an
 * endpoint, not `manual` or `defer-hydration`, not given a `response`, not server-rendered (a
 * shadow root already: its state is in the page), no SDK prefetch (a stored answer may do without
 * a request) and no `consent` of its own (applied by the unit's first update).
 */
function fetchesOnConnect(unit: Element, values: Values): boolean {
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
    const values = optionValues(({ property, attribute }) => {
      if (Object.prototype.hasOwnProperty.call(unit, property)) return { value: Reflect.get(unit, property) };
      const text = attribute === false ? null : unit.getAttribute(attribute ?? property.toLowerCase());
      return text === null ? undefined : { text };
    });
    if (!fetchesOnConnect(unit, values)) continue;
    startRequest(win, values, unit);
    started++;
  }
  return started;
}

/**
 * A launcher page's `Adpx.init(input, callback)`, called before the script API arrived: starts the
 * request of the unit it will place, as `window.Adpx` will configure it (script-api/unit-dom.ts
 * `configureUnit`, its `payload` from `window.AdpxUser`) in the element it will go in (its target,
 * else `<body>`). Only when `init` loads at once (`autoLoad`) without SDK prefetch, and `<body>`
 * exists (an `init` in `<head>` places its unit once the document is parsed). True when started.
 */
export function startLauncherRequest(win: Window, input: unknown, callback: unknown): boolean {
  const page = win as unknown as { AdpxConfig?: unknown; AdpxUser?: unknown };
  const result = resolveConfig(input, page.AdpxConfig, {}, callback);
  const body = win.document.body;
  if (!result.ok || !body) return false;
  const { config } = result;
  if (!config.autoLoad || !config.endpoint || config.prefetch) return false;
  // The launcher's init applies it too, before its unit's first request: the same decision.
  if (config.consent !== undefined) setConsent(config.consent);
  const values = optionValues(({ config: key, notOnUnit, attribute }, name) => {
    if (!key || notOnUnit) return undefined;
    const value = config[name as keyof typeof config];
    // An attribute: `true` is empty, `false` and nothing remove it (the unit keeps its initial value).
    if (!attribute) return { value };
    return value === undefined || value === false ? undefined : { text: value === true ? '' : String(value) };
  });
  values.payload = isJsonObject(page.AdpxUser) ? { ...page.AdpxUser } : {};
  const target = launcherTarget(config.settings);
  startRequest(win, values, (target !== undefined && findTarget(win.document, target)) || body);
  return true;
}

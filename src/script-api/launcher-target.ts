/**
 * Where the launcher places its unit, from `AdpxConfig.settings`: read by `unitSetup` (the table's
 * `target` and `inline` kinds) and, before the script API arrives, by the first file, which starts
 * the unit's request in the language of the element it will go in (src/boot/early-request.ts).
 */
import { safely } from '../errors.js';
import { isJsonObject, toBoolean } from '../model/coerce.js';

/** An element, or a non-empty id or selector; else nothing. */
export const targetValue = (value: unknown): string | Element | undefined =>
  typeof Element !== 'undefined' && value instanceof Element
    ? value
    : (typeof value === 'string' && value.trim()) || undefined;

/**
 * The unit's target as `unitSetup` takes it: `settings.target`, else `settings.embedded.targetElement`
 * unless `embedded.enabled` is false; nothing: a popup on `<body>`.
 */
export function launcherTarget(settings: unknown): string | Element | undefined {
  if (!isJsonObject(settings)) return undefined;
  const embedded = isJsonObject(settings.embedded) ? settings.embedded : {};
  const inline = toBoolean(embedded.enabled) === false ? undefined : targetValue(embedded.targetElement);
  return targetValue(settings.target) ?? inline;
}

/** The element a target names: the element itself, an element id, or a CSS selector. */
export function findTarget(doc: Document, target: string | Element | undefined): Element | undefined {
  if (typeof target !== 'string') return target?.isConnected ? target : undefined;
  // An id first; else a selector, which may be invalid CSS (no element then).
  return doc.getElementById(target) ?? safely(() => doc.querySelector(target)) ?? undefined;
}

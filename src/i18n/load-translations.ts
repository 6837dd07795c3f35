/**
 * The tables of every language but English, loaded the first time a unit needs one. With a bundler
 * (the npm package) they are a chunk of their own; the script-tag build swaps this module for
 * load-translations.script.ts, which fetches them as a file next to the script. Never rejects:
 * `undefined` when they cannot be loaded (the unit then speaks English), and the next call retries.
 */
import type { LocaleTable } from './types.js';

let loading: Promise<Readonly<Record<string, LocaleTable>> | undefined> | undefined;

export function loadTranslations(): Promise<Readonly<Record<string, LocaleTable>> | undefined> {
  loading ??= import('./translations.js').then(
    (module) => module.TRANSLATIONS,
    () => {
      loading = undefined;
      return undefined;
    },
  );
  return loading;
}

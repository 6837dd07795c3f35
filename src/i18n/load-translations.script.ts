/**
 * The script-tag build's loader of the translations (vite.config.ts puts it in place of
 * load-translations.ts): `adpx-offers.locales.json`, written by the build next to the script, read
 * from the script's own URL (so a CDN path or a WebView asset path both work) with the file's
 * sha384 hash as `integrity`. JSON, not script: it needs no Trusted Types policy and runs nothing.
 */
import type { LocaleTable } from './types.js';

declare const __ADPX_LOCALES__: { file: string; integrity: string };

/** The script's own URL, read while the script-tag file is being evaluated (the only moment it is known). */
const scriptUrl =
  typeof document === 'undefined' ? undefined : (document.currentScript as HTMLScriptElement | null)?.src;

let loading: Promise<Readonly<Record<string, LocaleTable>> | undefined> | undefined;

export function loadTranslations(): Promise<Readonly<Record<string, LocaleTable>> | undefined> {
  loading ??= fetchTranslations().catch(() => {
    loading = undefined;
    return undefined;
  });
  return loading;
}

async function fetchTranslations(): Promise<Readonly<Record<string, LocaleTable>> | undefined> {
  const url = new URL(__ADPX_LOCALES__.file, scriptUrl || document.baseURI);
  const answer = await fetch(url, { integrity: __ADPX_LOCALES__.integrity, credentials: 'omit' });
  if (!answer.ok) throw new Error(`HTTP ${answer.status}`);
  return (await answer.json()) as Readonly<Record<string, LocaleTable>>;
}

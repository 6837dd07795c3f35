// Writes dist/adpx-offers.locales.json: the SDK's words in every built-in language but English, as
// the script-tag build loads them next to its own file (src/i18n/load-translations.script.ts).
// Reads the tables from tsc's output, so run it after `tsc -p tsconfig.build.json`. vite.config.ts
// hashes the file for the `integrity` of that load.
import { writeFileSync } from 'node:fs';

export const LOCALES_FILE = 'adpx-offers.locales.json';

const { TRANSLATIONS } = await import(new URL('../dist/i18n/translations.js', import.meta.url).href);
const json = JSON.stringify(TRANSLATIONS);
writeFileSync(new URL(`../dist/${LOCALES_FILE}`, import.meta.url), json);
console.log(
  `wrote dist/${LOCALES_FILE} (${Object.keys(TRANSLATIONS).length} languages, ${json.length} bytes)`,
);

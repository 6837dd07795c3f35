// How every browser run of the project finds and starts Chromium: the end-to-end tests
// (playwright.config.ts), the XSS corpus (scripts/corpus.mjs) and the benchmark (bench/).
// Debian's Chromium when present (Playwright's own download is not reachable everywhere);
// `ADPX_CHROMIUM` (or Playwright's usual variable) overrides it; with neither set nor
// /usr/bin/chromium present, Playwright's own browser is used.
import { existsSync } from 'node:fs';

/** The Chromium executable to launch, or undefined for Playwright's own. */
export function chromiumPath() {
  const fromEnv = process.env.ADPX_CHROMIUM ?? process.env.PLAYWRIGHT_CHROMIUM_EXECUTABLE_PATH;
  if (fromEnv) return fromEnv;
  return existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined;
}

/** Flags for a closed network: no background connections, no updates, no sync. */
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
];

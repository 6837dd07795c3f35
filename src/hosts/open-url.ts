import { httpUrl } from '../options/values.js';
import { detectBridge } from './bridge.js';

/** How a URL was handed on: to the native host (which opens it externally) or a new tab. */
export type OpenedIn = 'host' | 'tab' | 'blocked';

/**
 * Opens an offer URL the way docs/api.md says. Inside a native bridge host nothing opens inside the
 * WebView: the caller's `url_clicked` event is what the host acts on. In a plain browser the URL
 * opens in a new tab with `noopener`. Only absolute http(s) URLs are ever opened.
 */
export function openOfferUrl(url: string, win: Window = window): OpenedIn {
  const parsed = httpUrl(url);
  if (!parsed) return 'blocked';
  const bridge = detectBridge(win);
  if (bridge && bridge.kind !== 'iframe') return 'host';
  win.open(parsed.href, '_blank', 'noopener');
  return 'tab';
}

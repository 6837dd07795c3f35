/**
 * The URL of the script-tag file itself, read from `document.currentScript` while the file is
 * evaluated (src/iife.ts), so that its sibling files resolve next to it: a CDN path, a page's own
 * path or a WebView's asset URL alike.
 */
let ownUrl: string | undefined;

/** Remembers the script element being evaluated; a script without `src` (inline) gives nothing. */
export function rememberOwnScript(script: Element | null): void {
  if (script instanceof HTMLScriptElement && script.src) ownUrl = script.src;
}

/** The absolute URL of `file` next to the script-tag file, or null when that file's URL is unknown. */
export function siblingUrl(file: string): string | null {
  return ownUrl === undefined ? null : new URL(file, ownUrl).href;
}

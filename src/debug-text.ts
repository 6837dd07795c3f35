/**
 * The sentences of the debug log, by code (decision 012). The ESM build and the single script-tag
 * file print the sentence; the first script-tag file prints the code (vite.config.ts swaps this
 * module for debug-text.script.ts) and docs/debug.md lists them. The values the line is about
 * (an offer id, a URL, a count) follow the sentence or the code as details either way.
 */
export const DEBUG_TEXT: Readonly<Record<string, string>> = {
  P1: 'pub_user_id left out: consent refuses identifiers',
  U1: 'offers loaded, count:',
  U2: 'load aborted or replaced',
  U3: 'prefetch: using the stored response',
  U4: 'prefetch: no usable entry:',
  U5: 'prefetch: response stored for the next page',
  U6: 'show called off before the offers were on screen (close, or a new load during the delay)',
  U7: 'heading-level is not 1 to 6; using 2:',
  C1: 'save_for_later cancelled by the host, offer:',
  C2: 'image failed to load, frame hidden:',
  C3: 'url opened (url, how):',
  C4: 'a click on the card counts its impression first (the rule had not yet), offer:',
  T1: 'terms dialog could not open',
  T2: 'terms sanitiser failed',
  T3: 'terms sanitised (characters in, out):',
  N1: 'privacy_url dropped: not a safe URL',
  N2: 'more offers received than are considered (received, considered):',
  N3: 'offer dropped (index, reason, id):',
  N4: 'style dropped, not a valid CSS colour:',
  N5: 'settings.max_display_time dropped: not a positive number',
  N6: 'offer kept without a safe pixel: its impressions cannot be recorded, offer:',
  I1: 'no IntersectionObserver: impressions cannot be measured, none fired',
  I2: 'watching (IntersectionObserver v2: covered cards are measured)',
  I3: 'watching (IntersectionObserver v1: no occlusion check in this browser)',
  I4: 'IntersectionObserver v2 refused; using v1:',
  I5: 'page restored from the back/forward cache; fired beacons stay fired:',
  I6: 'dwell clock ran out, but the card has just left the viewport: dwell clock reset',
  I7: 'dwell clock started, ms:',
  I8: 'dwell clock reset',
  R1: 'offers kept after checking, count:',
  R2: 'payload key left out, not a string, finite number or boolean (key, value):',
  A1: 'unknown config keys ignored:',
  A8: 'forget: everything the SDK stored on this device was deleted',
  A9: 'reload: no valid response supplied by setApiResponse; nothing to render',
  A10: 'setApiResponse: response ready; Adpx.reload() renders it',
};

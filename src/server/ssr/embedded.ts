/**
 * What a server-rendered unit carries for the script that takes it over: the normalised response
 * (the script renders the other cards from it and sends nothing) and what the server rendered with
 * (language, layout, offer ids), so the script can tell whether its own state agrees with the HTML.
 * It travels as `<script type="application/json">` inside `<adpx-offers>`: never executed, and
 * every `<`, `>` and `&` of the JSON is escaped, so no text of an offer can close the element.
 */
import {
  SERVER_STATE_ATTRIBUTE,
  SERVER_STATE_TYPE,
  type ServerState,
} from '../../elements/adpx-offers/server-state.js';

/** `JSON.stringify` made safe inside an HTML `<script>` element (and in any attribute too). */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/** The element that carries the server's state to the script. */
export function serverStateScript(state: ServerState): string {
  return `<script type="${SERVER_STATE_TYPE}" ${SERVER_STATE_ATTRIBUTE}>${scriptSafeJson(state)}</script>`;
}

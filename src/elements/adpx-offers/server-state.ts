/**
 * A unit rendered on the server (`renderOffers`, `adpx-offers/ssr`) arrives with its first card in a
 * declarative shadow root and, inside the element, the state the server rendered it with: the
 * normalised response, its language, layout and offer ids. The unit takes that response as a
 * supplied one (no request) and hydrates the server's nodes when its own state agrees with the
 * server's; when it does not (another language on the page, an offer the browser's checks drop),
 * it renders again from scratch and says why in the debug log.
 */
import { safely } from '../../errors.js';
import type { OffersResponse } from '../../model/types.js';

/** The `type` of the `<script>` that carries the state: JSON, which no browser executes. */
export const SERVER_STATE_TYPE = 'application/json';

/** Marks that `<script>` among anything else a page may put inside the element. */
export const SERVER_STATE_ATTRIBUTE = 'data-adpx-server-state';

export interface ServerState {
  /** The unit's language on the server. */
  language: string;
  /** The layout the server rendered. */
  layout: string;
  /** The ids of the offers the server rendered from, in order. */
  offers: number[];
  /** The normalised response: the script shows the other offers from it. */
  response: OffersResponse;
}

/** The server's state inside `unit`, or undefined when it has none (or it cannot be read). */
export function readServerState(unit: Element): ServerState | undefined {
  const script = unit.querySelector(`:scope > script[${SERVER_STATE_ATTRIBUTE}]`);
  const value: unknown = safely(() => JSON.parse(script?.textContent ?? ''));
  if (!value || typeof value !== 'object') return undefined;
  const state = value as Partial<ServerState>;
  const valid =
    typeof state.language === 'string' &&
    typeof state.layout === 'string' &&
    Array.isArray(state.offers) &&
    !!state.response &&
    typeof state.response === 'object';
  return valid ? (state as ServerState) : undefined;
}

/**
 * Why the unit's state (as the browser has it) differs from what the server rendered, or undefined
 * when it agrees and the server's nodes can be taken over as they are.
 */
export function disagreement(
  server: ServerState,
  client: { language: string; layout: string; response?: OffersResponse },
): string | undefined {
  if (server.language !== client.language) return `language ${server.language} → ${client.language}`;
  if (server.layout !== client.layout) return `layout ${server.layout} → ${client.layout}`;
  const ids = client.response?.offers.map((offer) => offer.id) ?? [];
  if (ids.join() !== server.offers.join()) return `offers ${server.offers.join()} → ${ids.join()}`;
  return undefined;
}

/**
 * The public types of the script-tag API (`window.Adpx`), named as docs/api.md names them.
 */
import type { OffersErrorCode } from '../errors.js';
import type { AdpxConsent } from '../consent/types.js';
import type { AdpxStrings } from '../i18n/types.js';
import type { AdpxCommandQueue } from './command-queue.js';
import type { AdpxEventName, AdpxEventPayloads } from '../events/adpx-event.js';
import type { OffersResponse } from '../model/types.js';

/** Receives every SDK event once: `(event, payload)`, e.g. `('ads_found', { total: 3 })`. */
export type AdpxCallback = <N extends AdpxEventName>(event: N, payload: AdpxEventPayloads[N]) => void;

/** The user payload: extra keys sent as body keys of each request (`email`, `firstname`, …). */
export type AdpxUser = Record<string, unknown>;

/** A launcher seconds or boolean value may come as a string (`'2'`, `'true'`). */
type Loose<T> = T | string;

/**
 * Display settings that override the response's, with the service launcher's names, in groups by
 * what they change. What each key does is declared here, once: its doc, the value it takes
 * (`@value`; `Loose<boolean>` reads as boolean) and what it becomes on `<adpx-offers>` (`@maps`).
 * How it is checked and applied is script-api/launcher-options.ts. docs/api.md's table is rendered
 * from both, and test/script-api/launcher-options.test.ts fails when they disagree. A refused key is
 * `@deprecated` (editors strike it through) with the reason its debug line gives.
 */
export interface AdpxSettings
  extends AdpxPlacementSettings, AdpxTimingSettings, AdpxContentSettings, AdpxRefusedSettings {
  /**
   * Render inline inside this element instead of a popup.
   * @value id, selector or Element
   * @maps inline in that element
   */
  target?: string | Element;
  /** The launcher's inline mode. */
  embedded?: AdpxEmbeddedSettings;
}

/** Where the popup sits and how it is dismissed. */
export interface AdpxPlacementSettings {
  /**
   * Where the popup sits.
   * @value `center` | `top` | `bottom` (`top_left` reads as `top`)
   * @maps `overrides.settings.ad_position`
   */
  ad_position?: string;
  /**
   * Popup margin on every side (above 15 is 15; negative: ignored); `Adpx.show({ position })` wins.
   * @value number (%, 0..15)
   * @maps `--adpx-inset-*` in `vmin` (as `Adpx.show` margins)
   */
  screen_margin?: number | string;
  /**
   * Darken the page behind the popup (default true).
   * @maps `false`: `--adpx-backdrop-color: transparent`
   */
  darken_bg?: Loose<boolean>;
  /**
   * A click on the backdrop closes the popup.
   * @maps `backdrop-dismiss`
   */
  close_ad_on_click_outside?: Loose<boolean>;
  /**
   * Same as `close_ad_on_click_outside`.
   * @maps `backdrop-dismiss`
   */
  backdrop_dismiss?: Loose<boolean>;
}

/** When the unit and its close button appear, and when it goes. */
export interface AdpxTimingSettings {
  /**
   * Delay between the offers being ready and the unit appearing.
   * @value seconds (0..60)
   * @maps `delay` (ms)
   */
  delay?: Loose<number>;
  /**
   * The close button appears this long after the offers.
   * @value seconds (0..60)
   * @maps `close-delay` (ms)
   */
  close_delay?: Loose<number>;
  /**
   * The unit closes itself this long after its offers were first seen (their first impression).
   * @value seconds
   * @maps `overrides.settings.max_display_time`
   */
  max_display_time?: Loose<number>;
  /**
   * Go away at the end of the flow (no end card).
   * @maps `overrides.settings.auto_close`
   */
  auto_close?: Loose<boolean>;
}

/** What the unit shows. */
export interface AdpxContentSettings {
  /**
   * Show the close button (default true; Escape still closes a popup).
   * @maps `false`: `hide-close`
   */
  show_close?: Loose<boolean>;
  /**
   * Embedded: all offers at once, as a list (a popup shows one at a time).
   * @maps `layout="list"` (embedded only)
   */
  multi_offer_unit?: Loose<boolean>;
  /**
   * `false` hides More Offers; `true` shows it where the offer allows.
   * @maps `overrides.settings.offerwall_enabled`
   */
  enable_offerwall?: Loose<boolean>;
  /**
   * Same as `enable_offerwall`.
   * @maps `overrides.settings.offerwall_enabled`
   */
  offerwall?: Loose<boolean>;
  /**
   * Show each offer's QR code (cross-device).
   * @maps `show-qr`
   */
  show_qr?: Loose<boolean>;
  /**
   * How the terms open.
   * @value `accordion` | `modal`
   * @maps `terms`
   */
  terms?: 'accordion' | 'modal';
}

/** `settings.embedded`: the launcher's inline mode. */
export interface AdpxEmbeddedSettings {
  /**
   * `false` ignores `targetElement` (a popup).
   * @maps inline when `targetElement` is found
   */
  enabled?: Loose<boolean>;
  /**
   * The launcher form of `target`.
   * @value id, selector or Element
   * @maps inline in that element
   */
  targetElement?: string | Element;
  /**
   * `false` hides the header row (its text and close button).
   * @maps `false`: no `heading`, `hide-close`
   */
  showHeader?: Loose<boolean>;
  /** @deprecated Refused: an inline unit fills its container’s width. */
  fill_container?: Loose<boolean>;
  /** @deprecated Refused: navigation, terms and privacy stay visible. */
  showFooter?: Loose<boolean>;
}

/** Launcher keys this SDK refuses: each does nothing, and a debug line says why. */
export interface AdpxRefusedSettings {
  /** @deprecated Refused: the unit has one animation. */
  ad_animation?: string;
  /** @deprecated Refused: offer URLs open in the browser (decision 005). */
  open_overlay_offerwall?: Loose<boolean>;
  /** @deprecated Refused: the privacy link is the response’s privacy_url. */
  privacy_policy?: string | boolean;
  /** @deprecated Refused: the offer’s small print is always shown. */
  show_disclaimer?: Loose<boolean>;
}

/** A button's colours (`styles.offerText.buttonYes` / `buttonNo`); `{button}` is the button's part. */
export interface AdpxButtonStyle {
  /**
   * Its background.
   * @value colour
   * @maps `{button}_background_color` → `--adpx-{button}-background`
   */
  background?: string;
  /**
   * Its text colour.
   * @value colour
   * @maps `{button}_text_color` → `--adpx-{button}-text`
   */
  color?: string;
  /**
   * Its background under the pointer.
   * @value colour
   * @maps `{button}_hover_color` → `--adpx-{button}-hover`
   */
  hover?: string;
  /**
   * Its border colour.
   * @value colour
   * @maps `{button}_border_color` → `--adpx-{button}-border`
   */
  stroke?: string;
}

/** Colours, texts and sizes that override the response's `styles` (keys declared as in AdpxSettings). */
export interface AdpxStyles {
  primary_color?: string;
  background_color?: string;
  text_color?: string;
  /** The header above the offers. */
  header?: {
    /**
     * The header text above the offers.
     * @value text (90 characters)
     * @maps `heading`
     */
    text?: string;
    /**
     * The header’s background.
     * @value colour
     * @maps `header_background_color` → `--adpx-header-background`
     */
    background?: string;
    /**
     * The header’s text colour.
     * @value colour
     * @maps `header_text_color` → `--adpx-header-text-color`
     */
    textColor?: string;
    /**
     * The header text’s size.
     * @value px number or CSS length
     * @maps `--adpx-header-font-size`
     */
    fontSize?: number | string;
  };
  /** The offers' font, text size and colour, and their buttons. */
  offerText?: {
    /**
     * The font of the unit and its offers.
     * @value font family
     * @maps `--adpx-font-family`
     */
    font?: string;
    /**
     * The size of the offers’ description.
     * @value px number or CSS length
     * @maps `--adpx-offer-text-size`
     */
    fontSize?: number | string;
    /**
     * The text colour (`text_color` given directly wins).
     * @value colour
     * @maps `text_color`
     */
    textColor?: string;
    /**
     * The positive button.
     * @button accept
     */
    buttonYes?: AdpxButtonStyle;
    /**
     * The negative button.
     * @button decline
     */
    buttonNo?: AdpxButtonStyle;
  };
  /**
   * Any colour key of the response’s `styles`.
   * @value colour
   * @maps `overrides.styles` (`primary_color`, `background_color`, `text_color`, …)
   */
  [key: `${string}_color`]: string | undefined;
}

/** `window.AdpxConfig`, or the object given to `Adpx.init`. */
export interface AdpxConfig {
  /** The SDK ID, sent as `api_key`. Required. */
  accountId?: string;
  /** Base URL of the offers service or of the publisher's proxy. Required to load. */
  endpoint?: string;
  apiVersion?: 'v2' | 'v4';
  /** Where the offers appear; default `'default'`. */
  placement?: string;
  /** Load on `init` (default true). */
  autoLoad?: boolean;
  /** Show as soon as offers arrive (default false). */
  autoShow?: boolean;
  /** SDK prefetch: share the response with the checkout WebView through DOM storage. */
  prefetch?: boolean;
  /** Ask for test offers (`dev: 1`). */
  dev?: boolean;
  /** `0` live (default), `1` test (sends `dev: 1`). Set before `init`. */
  environment?: 0 | 1;
  /** Log decisions to the console with the `[adpx]` prefix. Set before `init`. */
  debug?: boolean;
  /** Receives every event; without it events go to the native bridge. */
  callback?: AdpxCallback;
  settings?: AdpxSettings;
  styles?: AdpxStyles;
  /** Exact origin of the parent page, for the iframe bridge. Default: the parent's actual origin. */
  parentOrigin?: string;
  /** How long a prefetched response stays usable, in ms (default 5 minutes, at most 1 hour). */
  prefetchTtlMs?: number;
  pubUserId?: string;
  loyaltyboost?: '0' | '1' | '2';
  creative?: '0' | '1';
  campaignId?: string;
  /** The visitor's consent as the app knows it; wins over the page's consent platform (docs/privacy.md). */
  consent?: AdpxConsent;
  /** Ms the first request waits for a consent platform that has not answered (default 1500). */
  consentTimeout?: number;
  /** The unit's language when the page has no `lang` (docs/i18n.md). */
  language?: string;
  /** Overrides of the unit's own words by key (docs/i18n.md). */
  strings?: AdpxStrings;
  /** Level of the unit's top heading, 1 to 6 (default 2): its `heading`, else its cards' headlines. */
  headingLevel?: number;
  /** The unit's events to the page's analytics: `'datalayer'` (Tag Manager) or `'gtag'` (GA4); no personal data. */
  analytics?: 'datalayer' | 'gtag';
}

/** Popup margins in percent, each clamped to 0..15. */
export interface AdpxPosition {
  topMargin?: number;
  rightMargin?: number;
  bottomMargin?: number;
  leftMargin?: number;
}

/** An error as the script API reports it to callbacks (the `error` event's payload and more codes). */
export interface AdpxErrorInfo {
  message: string;
  /** An `OffersErrorCode` (misuse such as showing before a load is `invalid_request`), or `no_offers`. */
  code: OffersErrorCode | 'no_offers';
  status?: number;
}

export interface AdpxShowCallbacks {
  /** Each time an offer is displayed, with `{ current, total, offer_id }`. */
  showCallback?: (payload: AdpxEventPayloads['offer_shown']) => void;
  /** When showing fails. */
  errorCallback?: (error: AdpxErrorInfo) => void;
  /**
   * Once per show, when the unit goes away (`closed_ads`), with `{ reason }`; not per declined
   * offer (that is `ad_not_taken`): host apps tear down on it (docs/api.md).
   */
  dismissCallback?: (payload: AdpxEventPayloads['closed_ads']) => void;
}

/** `Adpx.show(options)`. */
export interface AdpxShowOptions {
  position?: AdpxPosition;
  styles?: { transparent?: boolean; type?: 'popup' | 'fullscreen' };
  callbacks?: AdpxShowCallbacks;
}

/** What `Adpx.getOffers` resolves with; it never rejects. */
export type AdpxGetOffersResult =
  { status: true; response: OffersResponse } | { status: false; response: AdpxErrorInfo };

/** `window.Adpx`. */
export interface AdpxApi {
  readonly version: string;
  /** Never rejects: a refused configuration goes to the callback (or bridge) and the `error` event. */
  init(config?: AdpxConfig | string, callback?: AdpxCallback): Promise<void>;
  load(payload?: AdpxUser, callback?: (loaded: boolean, error?: AdpxErrorInfo) => void): Promise<boolean>;
  show(options?: AdpxShowOptions): Promise<boolean>;
  close(): void;
  isReady(): boolean;
  reload(): Promise<boolean>;
  getOffers(sdkId: string, payload?: AdpxUser): Promise<AdpxGetOffersResult>;
  /** API prefetch: true when the response is valid; else false and an `error` event. Never rejects. */
  setApiResponse(response: unknown): Promise<boolean>;
  /** Functions pushed here run at once; those queued before the script loaded ran in order. */
  readonly cmd: AdpxCommandQueue;
  /** The visitor's consent (or `undefined` to follow the page's consent platform again). */
  setConsent(consent: AdpxConsent | undefined): void;
  /** Deletes everything the SDK stored on this device. */
  forget(): void;
  /** `0` live, `1` test. Only before `init`; later it warns and changes nothing. */
  environment: 0 | 1;
  /** Debug logging. Only before `init`; later it warns and changes nothing. */
  debug: boolean;
  setEnvironment(environment: 0 | 1): void;
  setDebug(debug: boolean): void;
}

declare global {
  interface Window {
    /** The script-tag API (see `installAdpx`). */
    Adpx?: AdpxApi;
    /** Read when the script loads. */
    AdpxConfig?: AdpxConfig;
    /** The user payload, read when the script loads. */
    AdpxUser?: AdpxUser;
  }
}

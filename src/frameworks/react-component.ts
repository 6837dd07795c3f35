/**
 * A React component around one of the SDK's custom elements, modelled on `@lit/react`'s
 * `createComponent`: React renders the tag with its string attributes (on the server too), and the
 * component itself sets the rich-data properties and adds the event listeners, in a layout effect.
 * React 19 does neither while it hydrates server HTML (facebook/react#35446), so a bare
 * `<adpx-offers payload={…} onadpx-…>` in a server-rendered page loses both.
 *
 * A unit is rendered with `defer-hydration`: it starts no load until the effect has set its
 * properties and listeners and removed the attribute.
 */
import {
  createElement,
  useImperativeHandle,
  useLayoutEffect,
  useRef,
  type ReactElement,
  type Ref,
} from 'react';
import { defineElements } from '../elements/registry.js';
import { ADPX_EVENT_NAMES, domEventName, type AdpxEvent, type AdpxEventName } from '../events/adpx-event.js';

/** `closed_ads` → `ClosedAds`. */
type Pascal<S extends string> = S extends `${infer Head}_${infer Tail}`
  ? `${Capitalize<Head>}${Pascal<Tail>}`
  : Capitalize<S>;

/** `onAdsFound`, `onImpression`, `onClosedAds`, …: one handler prop per SDK event, typed by its detail. */
export type AdpxEventProps = {
  [N in AdpxEventName as `on${Pascal<N>}`]?: (event: AdpxEvent<N>) => void;
};

/** `ads_found` → `onAdsFound`. */
const handlerProp = (name: AdpxEventName): string =>
  `on${name.replace(/(?:^|_)(\w)/g, (_, letter: string) => letter.toUpperCase())}`;

/**
 * Handler prop → DOM event name: `onAdsFound` → `adpx-ads-found`, and the bare tag's
 * `onadpx-ads-found` too (a page moving from the tag to the component keeps its handlers).
 */
const EVENTS = new Map(
  ADPX_EVENT_NAMES.flatMap((name) => {
    const type = domEventName(name);
    return [
      [handlerProp(name), type],
      [`on${type}`, type],
    ];
  }),
);

interface WrapOptions {
  tagName: 'adpx-offers' | 'adpx-offer';
  /** The props set as properties of the element, never rendered as attributes. */
  properties: readonly string[];
  /** Render `defer-hydration`, removed once the properties and listeners are set. */
  deferHydration: boolean;
  displayName: string;
}

/** The listeners the component added to one element, by event: each is added once and re-pointed. */
const listeners = new WeakMap<Element, Map<string, { handleEvent: (event: Event) => void }>>();

function listen(node: Element, type: string, handler: ((event: Event) => void) | undefined): void {
  let byType = listeners.get(node);
  if (!byType) listeners.set(node, (byType = new Map()));
  const added = byType.get(type);
  if (handler && added) added.handleEvent = handler;
  else if (handler) {
    const listener = { handleEvent: handler };
    byType.set(type, listener);
    node.addEventListener(type, listener);
  } else if (added) {
    byType.delete(type);
    node.removeEventListener(type, added);
  }
}

/** A React component for `tagName` whose props `P` split into attributes, properties and handlers. */
export function wrapElement<E extends HTMLElement, P extends object>({
  tagName,
  properties,
  deferHydration,
  displayName,
}: WrapOptions): (props: P & { ref?: Ref<E> }) => ReactElement {
  const isProperty = new Set(properties);

  function Component(props: P & { ref?: Ref<E> }): ReactElement {
    const node = useRef<E | null>(null);
    const given = useRef(new Map<string, unknown>());
    const { ref, ...rest } = props as Record<string, unknown> & { ref?: Ref<E> };

    const attributes: Record<string, unknown> = {};
    const own = new Map<string, unknown>();
    for (const [key, value] of Object.entries(rest)) {
      if (EVENTS.has(key) || isProperty.has(key)) own.set(key, value);
      else attributes[key] = value;
    }

    // Every render: listeners first (a response set next fires its events at once), then the
    // properties; a prop left out since the last render is unset.
    useLayoutEffect(() => {
      const element = node.current;
      if (!element) return;
      // Registered here, not at import: importing the wrapper has no side effect and defines
      // nothing on the server. Before the properties are set, so they reach an upgraded element.
      defineElements();
      for (const key of given.current.keys()) if (!own.has(key)) own.set(key, undefined);
      for (const [key, value] of own) {
        const type = EVENTS.get(key);
        if (type) listen(element, type, value as ((event: Event) => void) | undefined);
      }
      for (const [key, value] of own) {
        if (EVENTS.has(key) || given.current.get(key) === value) continue;
        Reflect.set(element, key, value);
      }
      given.current = new Map([...own].filter(([, value]) => value !== undefined));
    });

    // Once, after the effect above: the unit may load now.
    useLayoutEffect(() => {
      if (deferHydration) node.current?.removeAttribute('defer-hydration');
    }, []);

    // The caller's ref gets the element itself, as with the bare tag.
    useImperativeHandle(ref, () => node.current as E, []);

    return createElement(tagName, {
      ...attributes,
      ...(deferHydration ? { 'defer-hydration': true } : {}),
      ref: node,
    });
  }
  Component.displayName = displayName;
  return Component;
}

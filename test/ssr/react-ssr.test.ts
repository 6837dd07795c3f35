// @vitest-environment node
/**
 * Server-side rendering (React/Next-style `renderToString`): importing the package on the server
 * must not throw, nor read browser globals at import time, and a component that renders
 * `<adpx-offers>` renders to plain HTML (the element upgrades in the browser).
 */
import { fileURLToPath } from 'node:url';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { afterAll, describe, expect, it } from 'vitest';

const SRC = fileURLToPath(new URL('../../src/', import.meta.url));

/** Browser globals that a module of src/ must not read while it is being imported. */
const BROWSER_GLOBALS = [
  'window',
  'document',
  'customElements',
  'navigator',
  'location',
  'localStorage',
  'sessionStorage',
  'matchMedia',
  'IntersectionObserver',
  'requestAnimationFrame',
] as const;

interface Touch {
  name: string;
  frame: string;
}

/**
 * Replaces each global with a getter/setter that keeps its value (lit's Node build installs its
 * own `customElements` shim, which is allowed) and records every read made by code in src/,
 * with the frame (file:line) that made it.
 */
function watchGlobals(): { touches: Touch[]; restore: () => void } {
  const touches: Touch[] = [];
  const saved = BROWSER_GLOBALS.map(
    (name) => [name, Object.getOwnPropertyDescriptor(globalThis, name)] as const,
  );
  for (const name of BROWSER_GLOBALS) {
    let value: unknown = Reflect.get(globalThis, name);
    Object.defineProperty(globalThis, name, {
      configurable: true,
      get() {
        // The direct reader only: a dependency's own import-time check (lit's Node shim, DOMPurify's
        // `typeof window`) shows src/ frames further down, at the `import` that loads it.
        const reader = new Error().stack?.split('\n')[2] ?? '';
        if (reader.includes(SRC)) touches.push({ name, frame: reader.trim() });
        return value;
      },
      set(next: unknown) {
        value = next;
      },
    });
  }
  const restore = () => {
    for (const [name, descriptor] of saved) {
      if (descriptor) Object.defineProperty(globalThis, name, descriptor);
      else Reflect.deleteProperty(globalThis, name);
    }
  };
  return { touches, restore };
}

const watched = watchGlobals();
afterAll(() => watched.restore());

describe('the package on the server', () => {
  it('imports the ESM entry in Node without reading window, document or customElements', async () => {
    const sdk = await import('../../src/index.js');
    expect(typeof sdk.AdpxOffersElement).toBe('function');
    expect(typeof sdk.fetchOffers).toBe('function');
    expect(watched.touches).toEqual([]);
  });

  it('imports the Vue typings as an empty module, the React entry as its two components', async () => {
    expect(Object.keys(await import('../../src/frameworks/react.js')).sort()).toEqual([
      'AdpxOffer',
      'AdpxOffers',
    ]);
    expect(Object.keys(await import('../../src/frameworks/vue.js'))).toEqual([]);
    expect(watched.touches).toEqual([]);
  });

  it('renders a component holding <adpx-offers> with renderToString', () => {
    const payload = { order_id: 'ssr-1' };
    function Checkout() {
      return createElement(
        'main',
        null,
        createElement('adpx-offers', {
          'api-key': 'test-key',
          endpoint: 'https://offers.example.com',
          placement: 'checkout',
          payload,
          'onadpx-closed-ads': () => undefined,
        }),
      );
    }
    const html = renderToString(createElement(Checkout));
    // Strings become attributes; the payload object and the listener are left to the browser.
    expect(html).toBe(
      '<main><adpx-offers api-key="test-key" endpoint="https://offers.example.com" placement="checkout"></adpx-offers></main>',
    );
  });

  it('renders the AdpxOffers wrapper: attributes and defer-hydration, no property, nothing defined', async () => {
    const { AdpxOffers } = await import('../../src/frameworks/react.js');
    const html = renderToString(
      createElement(AdpxOffers, {
        'api-key': 'test-key',
        endpoint: 'https://offers.example.com',
        placement: 'checkout',
        layout: 'popup',
        manual: false,
        className: 'offers',
        payload: { order_id: 'ssr-1' },
        onClosedAds: () => undefined,
      }),
    );
    expect(html).toBe(
      '<adpx-offers api-key="test-key" endpoint="https://offers.example.com" placement="checkout" layout="popup" class="offers" defer-hydration=""></adpx-offers>',
    );
    expect(customElements.get('adpx-offers')).toBeUndefined();
    expect(watched.touches).toEqual([]);
  });

  it('imports adpx-offers/define on the server (a client component is rendered there too) without throwing', async () => {
    await expect(import('../../src/define.js')).resolves.toBeDefined();
  });
});

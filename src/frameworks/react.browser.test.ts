import { createElement, useState, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, inject, test, vi } from 'vitest';
import { clearStage, stage } from '../../test/components/dom.js';
import type { AdpxOffersElement } from '../elements/adpx-offers/adpx-offers.js';
import type { AdpxEvent } from '../events/adpx-event.js';
import { defineElements } from '../elements/registry.js';
import { AdpxOffers } from './react.js';

/**
 * The React wrapper in real Chromium, as a server-rendered page meets it: the server's HTML (from
 * `renderToString`), the elements defined before React hydrates (the page's script ran first),
 * then `hydrateRoot`. React 19 sets no property and adds no listener while it hydrates a bare tag;
 * the wrapper does both, and the unit waits for it before it loads.
 */

let root: Root | undefined;
afterEach(() => {
  root?.unmount();
  root = undefined;
  clearStage();
});

const attributesOf = (element: Element): Record<string, string> =>
  Object.fromEntries([...element.attributes].map((attribute) => [attribute.name, attribute.value]));

describe('an upgrade writes no attribute the server HTML lacks', () => {
  test.each([
    ['no attribute', ''],
    ['the request attributes', ' api-key="test-key" placement="checkout" manual'],
    ['a layout', ' layout="popup" manual'],
    ['the default layout, written', ' layout="inline" manual'],
  ])('%s', async (_, attributes) => {
    defineElements();
    const host = stage();
    host.innerHTML = `<adpx-offers${attributes}></adpx-offers>`;
    const unit = host.firstElementChild as AdpxOffersElement;
    const before = attributesOf(host.firstElementChild as Element);
    await unit.updateComplete;
    expect(unit.localName).toBe('adpx-offers');
    expect(customElements.get('adpx-offers')).toBe(unit.constructor);
    expect(attributesOf(unit)).toEqual(before);
  });

  test('a layout set later is still reflected, for the layouts the styles select', async () => {
    defineElements();
    const unit = stage().appendChild(document.createElement('adpx-offers'));
    unit.layout = 'fullscreen';
    await unit.updateComplete;
    expect(unit.getAttribute('layout')).toBe('fullscreen');
  });
});

describe('AdpxOffers', () => {
  const endpoint = inject('mockUrl');
  const payload = { order_id: 'react-ssr-1', framework: 'react-test' };

  /** The page's component: the unit and what its handlers told React. */
  function Checkout({ onFound }: { onFound: (total: number) => void }): ReactNode {
    const [status, setStatus] = useState('loading');
    return createElement(
      'main',
      null,
      createElement('p', { id: 'status' }, status),
      createElement(AdpxOffers, {
        'api-key': 'test-key',
        endpoint,
        placement: 'checkout',
        payload,
        onAdsFound: (event) => {
          onFound(event.detail.total);
          setStatus(`${event.detail.total} offers`);
        },
      }),
    );
  }

  test('renders the tag with its attributes and defer-hydration on the server', () => {
    const html = renderToString(createElement(Checkout, { onFound: () => undefined }));
    expect(html).toContain(
      `<adpx-offers api-key="test-key" endpoint="${endpoint}" placement="checkout" defer-hydration="">`,
    );
    expect(html).not.toContain('payload');
  });

  test('hydrated: sets the payload and the handlers, then loads once, without a mismatch', async () => {
    const host = stage();
    host.innerHTML = renderToString(createElement(Checkout, { onFound: () => undefined }));
    defineElements(); // the page's script ran before React hydrates
    const unit = host.querySelector('adpx-offers') as AdpxOffersElement;
    const before = attributesOf(unit);
    await unit.updateComplete;
    // Upgraded with api-key and endpoint, but held for the wrapper: no load, no attribute written.
    expect(unit.state).toBe('idle');
    expect(unit.pendingLoad).toBeUndefined();
    expect(attributesOf(unit)).toEqual(before);

    const found = vi.fn();
    const recoverable = vi.fn();
    const consoleError = vi.spyOn(console, 'error');
    root = hydrateRoot(host, createElement(Checkout, { onFound: found }), {
      onRecoverableError: recoverable,
    });
    await expect.poll(() => unit.hasAttribute('defer-hydration')).toBe(false);
    expect(host.querySelector('adpx-offers')).toBe(unit); // hydrated, not rendered again
    expect(unit.payload).toEqual(payload);
    await expect.poll(() => found.mock.calls).toEqual([[3]]);
    await expect.poll(() => host.querySelector('#status')?.textContent).toBe('3 offers');
    expect(recoverable).not.toHaveBeenCalled();
    expect(consoleError).not.toHaveBeenCalled(); // React's hydration warnings
  });

  test('rendered on the client: the same, and a prop left out is unset', async () => {
    const host = stage();
    root = createRoot(host);
    const found = vi.fn();
    const render = (props: { payload?: Record<string, unknown>; handler?: boolean }) =>
      flushSync(() =>
        root?.render(
          createElement(AdpxOffers, {
            'api-key': 'test-key',
            endpoint,
            placement: 'checkout',
            manual: true,
            ...(props.payload ? { payload: props.payload } : {}),
            ...(props.handler
              ? { onAdsFound: (event: AdpxEvent<'ads_found'>) => found(event.detail.total) }
              : {}),
          }),
        ),
      );
    render({ payload, handler: true });
    const unit = host.querySelector('adpx-offers') as AdpxOffersElement;
    expect(unit.payload).toEqual(payload);
    expect(unit.hasAttribute('defer-hydration')).toBe(false);
    await unit.load();
    expect(found).toHaveBeenCalledWith(3);

    render({});
    expect(unit.payload).toBeUndefined();
    await unit.load();
    expect(found).toHaveBeenCalledTimes(1);
  });
});

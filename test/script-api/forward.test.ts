import { afterEach, describe, expect, it, vi } from 'vitest';
import { AdpxEvent } from '../../src/events/adpx-event.js';
import { deliver, sdkEventName, UnitListener } from '../../src/script-api/forward.js';

afterEach(() => {
  delete (window as unknown as { ReactNativeWebView?: unknown }).ReactNativeWebView;
});

describe('deliver', () => {
  it('goes to the callback when there is one, and not to the bridge', () => {
    const posted: string[] = [];
    (window as unknown as { ReactNativeWebView: object }).ReactNativeWebView = {
      postMessage: (m: string) => posted.push(m),
    };
    const callback = vi.fn();
    deliver(window, { callback }, 'ads_found', { total: 2 });
    expect(callback).toHaveBeenCalledExactlyOnceWith('ads_found', { total: 2 });
    expect(posted).toEqual([]);
  });

  it('in a native app, url_clicked reaches the bridge too when there is a callback (the app opens URLs)', () => {
    const posted: string[] = [];
    (window as unknown as { ReactNativeWebView: object }).ReactNativeWebView = {
      postMessage: (m: string) => posted.push(m),
    };
    const throwing = vi.fn(() => {
      throw new Error('page callback bug');
    });
    vi.stubGlobal('reportError', vi.fn());
    deliver(window, { callback: throwing }, 'url_clicked', { target_url: 'https://a.example/' });
    vi.unstubAllGlobals();
    expect(throwing).toHaveBeenCalledOnce();
    expect(posted).toHaveLength(1);
    expect(JSON.parse(posted[0] ?? '')).toMatchObject({
      event: 'url_clicked',
      target_url: 'https://a.example/',
    });
  });

  it('in an iframe, url_clicked with a callback goes to the callback only (the SDK opens the tab)', () => {
    const posted: unknown[] = [];
    const parent = { postMessage: (m: unknown) => posted.push(m) };
    const win = { parent, location: { ancestorOrigins: ['https://shop.example'] } } as unknown as Window;
    const callback = vi.fn();
    deliver(win, { callback }, 'url_clicked', { target_url: 'https://a.example/' });
    expect(callback).toHaveBeenCalledOnce();
    expect(posted).toEqual([]);
  });

  it('without a callback goes to the bridge', () => {
    const posted: string[] = [];
    (window as unknown as { ReactNativeWebView: object }).ReactNativeWebView = {
      postMessage: (m: string) => posted.push(m),
    };
    deliver(window, {}, 'no_ads_found', { total: 0 });
    expect(posted).toEqual([
      '{"type":"adpxCallback","event":"no_ads_found","payload":{"total":0},"name":"no_ads_found","total":0}',
    ]);
  });

  it('a callback that throws does not throw into the SDK: the error is reported', () => {
    const reportError = vi.fn();
    vi.stubGlobal('reportError', reportError);
    const boom = new Error('host bug');
    expect(() =>
      deliver(
        window,
        {
          callback: () => {
            throw boom;
          },
        },
        'ads_found',
        { total: 1 },
      ),
    ).not.toThrow();
    expect(reportError).toHaveBeenCalledWith(boom);
    vi.unstubAllGlobals();
  });

  it('without a callback or bridge nothing happens', () => {
    expect(() => deliver(window, {}, 'ads_found', { total: 1 })).not.toThrow();
  });
});

describe('UnitListener', () => {
  it('hands on every adpx-* event once, with its SDK name, even when attached twice', () => {
    const seen: Array<[string, object]> = [];
    const listener = new UnitListener((name, payload) => seen.push([name, payload]));
    const unit = document.createElement('div');
    listener.attach(unit);
    listener.attach(unit);
    unit.dispatchEvent(new AdpxEvent('ads_found', { total: 3 }));
    unit.dispatchEvent(new AdpxEvent('closed_ads', { reason: 'user' }));
    unit.dispatchEvent(new CustomEvent('adpx-unknown', { detail: {} }));
    unit.dispatchEvent(new Event('click'));
    expect(seen).toEqual([
      ['ads_found', { total: 3 }],
      ['closed_ads', { reason: 'user' }],
    ]);
    listener.detach(unit);
    unit.dispatchEvent(new AdpxEvent('ads_found', { total: 1 }));
    expect(seen).toHaveLength(2);
  });

  it('sdkEventName maps DOM names back', () => {
    expect(sdkEventName(new Event('adpx-last-ad-taken'))).toBe('last_ad_taken');
    expect(sdkEventName(new Event('adpx-nope'))).toBeUndefined();
  });
});

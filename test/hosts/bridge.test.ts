import { describe, expect, it, vi } from 'vitest';
import { detectBridge } from '../../src/hosts/bridge.js';
import { toExactOrigin } from '../../src/options/values.js';
import { openOfferUrl } from '../../src/hosts/open-url.js';

type Sent = unknown[][];

interface FakeOptions {
  ios?: boolean;
  android?: boolean;
  rn?: boolean;
  flutter?: boolean;
  /** In an iframe: the parent's origin as `ancestorOrigins[0]`, and/or the referrer. */
  iframe?: { ancestor?: string; referrer?: string };
}

/** A window-like object with the fake bridges asked for; everything sent lands in `sent`. */
function fakeWindow(options: FakeOptions): { win: Window; sent: Sent; opened: string[] } {
  const sent: Sent = [];
  const opened: string[] = [];
  const win: Record<string, unknown> = {
    location: { ancestorOrigins: options.iframe?.ancestor ? [options.iframe.ancestor] : [] },
    document: { referrer: options.iframe?.referrer ?? '' },
    open: (url: string, target: string, features: string) => opened.push(`${url} ${target} ${features}`),
  };
  win.parent = options.iframe
    ? { postMessage: (message: unknown, origin: string) => sent.push(['parent', message, origin]) }
    : win;
  if (options.ios) {
    win.webkit = {
      messageHandlers: { adpxCallback: { postMessage: (m: unknown) => sent.push(['ios', m]) } },
    };
  }
  if (options.android) {
    win.Android = {
      adpxCallback: (event: string, payload: string) => sent.push(['android', event, payload]),
    };
  }
  if (options.rn) win.ReactNativeWebView = { postMessage: (m: string) => sent.push(['rn', m]) };
  if (options.flutter) {
    win.flutter_inappwebview = { callHandler: (...args: unknown[]) => sent.push(['flutter', ...args]) };
  }
  return { win: win as unknown as Window, sent, opened };
}

const progress = { current: 1, total: 3, offer_id: 1001 };

describe('detectBridge: message shapes (docs/api.md)', () => {
  it('iOS: postMessage({ event, payload })', () => {
    const { win, sent } = fakeWindow({ ios: true });
    detectBridge(win)?.post('offer_shown', progress);
    expect(sent).toEqual([['ios', { event: 'offer_shown', payload: progress }]]);
  });

  it('Android: adpxCallback(event, JSON.stringify(payload))', () => {
    const { win, sent } = fakeWindow({ android: true });
    detectBridge(win)?.post('ads_found', { total: 3 });
    expect(sent).toEqual([['android', 'ads_found', '{"total":3}']]);
  });

  it('React Native: one JSON string { type, event, payload, name, ...payload }', () => {
    const { win, sent } = fakeWindow({ rn: true });
    detectBridge(win)?.post('url_clicked', { target_url: 'https://a.example/x' });
    expect(sent).toEqual([
      [
        'rn',
        '{"type":"adpxCallback","event":"url_clicked","payload":{"target_url":"https://a.example/x"},"name":"url_clicked","target_url":"https://a.example/x"}',
      ],
    ]);
  });

  it('Flutter: callHandler("adpxCallback", event, JSON.stringify(payload))', () => {
    const { win, sent } = fakeWindow({ flutter: true });
    detectBridge(win)?.post('closed_ads', { reason: 'user' });
    expect(sent).toEqual([['flutter', 'adpxCallback', 'closed_ads', '{"reason":"user"}']]);
  });

  it('Flutter: a handler that fails (callHandler rejects) is reported, never an unhandled rejection', async () => {
    const failure = new Error('Dart handler failed');
    const reported: unknown[] = [];
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    vi.stubGlobal('reportError', (error: unknown) => reported.push(error));
    try {
      const handler = { callHandler: () => Promise.reject(failure) };
      const win = { flutter_inappwebview: handler } as unknown as Window;
      Object.assign(win, { parent: win });
      detectBridge(win)?.post('ads_found', { total: 1 });
      await new Promise((done) => setTimeout(done, 0));
      expect(reported).toEqual([failure]);
      expect(unhandled).toEqual([]);
    } finally {
      vi.unstubAllGlobals();
      process.off('unhandledRejection', onUnhandled);
    }
  });

  it('iframe: parent.postMessage({ type, event, payload, name, ...payload }, exact origin)', () => {
    const { win, sent } = fakeWindow({ iframe: { ancestor: 'https://shop.example' } });
    const bridge = detectBridge(win);
    expect(bridge?.kind).toBe('iframe');
    bridge?.post('ads_found', { total: 2 });
    expect(sent).toEqual([
      [
        'parent',
        { type: 'adpxCallback', event: 'ads_found', payload: { total: 2 }, name: 'ads_found', total: 2 },
        'https://shop.example',
      ],
    ]);
  });
});

describe('detectBridge: which host', () => {
  it.each([
    [{ ios: true, android: true, rn: true, flutter: true }, 'ios'],
    [{ android: true, rn: true, flutter: true }, 'android'],
    [{ rn: true, flutter: true, iframe: { ancestor: 'https://p.example' } }, 'react-native'],
    [{ flutter: true, iframe: { ancestor: 'https://p.example' } }, 'flutter'],
    [{ iframe: { ancestor: 'https://p.example' } }, 'iframe'],
  ] as const)('%j → %s (the contract table order)', (options, kind) => {
    expect(detectBridge(fakeWindow(options).win)?.kind).toBe(kind);
  });

  it('a plain browser tab has no bridge', () => {
    expect(detectBridge(fakeWindow({}).win)).toBeNull();
  });

  it('a configured parent origin wins over the detected one', () => {
    const { win, sent } = fakeWindow({ iframe: { ancestor: 'https://a.example' } });
    detectBridge(win, { parentOrigin: 'https://b.example' })?.post('ads_found', { total: 1 });
    expect(sent[0]).toEqual(['parent', expect.any(Object), 'https://b.example']);
  });

  it('without ancestorOrigins the referrer origin is used; with neither there is no iframe bridge', () => {
    const { win, sent } = fakeWindow({ iframe: { referrer: 'https://ref.example/page?x=1' } });
    detectBridge(win)?.post('ads_found', { total: 1 });
    expect(sent[0]?.[2]).toBe('https://ref.example');
    expect(detectBridge(fakeWindow({ iframe: {} }).win)).toBeNull();
  });

  it('an opaque ancestor origin ("null") is not used', () => {
    const { win } = fakeWindow({ iframe: { ancestor: 'null' } });
    expect(detectBridge(win)).toBeNull();
  });

  it('a half-present bridge (no function) is skipped', () => {
    const { win } = fakeWindow({ rn: true });
    (win as unknown as { Android: object }).Android = {};
    (win as unknown as { webkit: object }).webkit = { messageHandlers: {} };
    expect(detectBridge(win)?.kind).toBe('react-native');
  });
});

describe('toExactOrigin', () => {
  it.each([
    ['https://shop.example', 'https://shop.example'],
    ['https://shop.example/', 'https://shop.example'],
    ['http://127.0.0.1:4173', 'http://127.0.0.1:4173'],
    ['  https://Shop.Example  ', 'https://shop.example'],
    ['*', undefined],
    ['null', undefined],
    ['/relative', undefined],
    ['https://shop.example/path', undefined],
    ['https://shop.example/?q=1', undefined],
    ['https://user:pw@shop.example', undefined],
    ['javascript:alert(1)', undefined],
    [42, undefined],
  ])('%j → %j', (value, origin) => {
    expect(toExactOrigin(value)).toBe(origin);
  });
});

describe('openOfferUrl', () => {
  it.each([{ ios: true }, { android: true }, { rn: true }, { flutter: true }])(
    'inside a native host (%j) nothing opens: the host does it',
    (options) => {
      const { win, opened } = fakeWindow(options);
      expect(openOfferUrl('https://adv.example/click', win)).toBe('host');
      expect(opened).toEqual([]);
    },
  );

  it('in a browser tab (or an iframe) a new tab opens with noopener', () => {
    const { win, opened } = fakeWindow({});
    expect(openOfferUrl('https://adv.example/click', win)).toBe('tab');
    expect(opened).toEqual(['https://adv.example/click _blank noopener']);
    const framed = fakeWindow({ iframe: { ancestor: 'https://p.example' } });
    expect(openOfferUrl('https://adv.example/click', framed.win)).toBe('tab');
  });

  it('only absolute http(s) URLs are opened', () => {
    const { win, opened } = fakeWindow({});
    expect(openOfferUrl('javascript:alert(1)', win)).toBe('blocked');
    expect(openOfferUrl('/relative', win)).toBe('blocked');
    expect(opened).toEqual([]);
  });
});

/**
 * Native host bridges (docs/api.md): where SDK events go when `Adpx.init` got no callback. The
 * first bridge found wins, in the order of the contract's table.
 */
import { stringify } from '../built-ins.js';
import { reportHostError, safely } from '../errors.js';

export type BridgeKind = 'ios' | 'android' | 'react-native' | 'flutter' | 'iframe';

export interface Bridge {
  kind: BridgeKind;
  post(event: string, payload: object): void;
}

interface BridgeWindow {
  webkit?: { messageHandlers?: { adpxCallback?: { postMessage(message: unknown): void } } };
  Android?: { adpxCallback?: (event: string, payload: string) => void };
  ReactNativeWebView?: { postMessage(message: string): void };
  flutter_inappwebview?: { callHandler(name: string, ...args: unknown[]): unknown };
}

export interface DetectBridgeOptions {
  /**
   * Exact origin of the parent page for the iframe bridge. Default: the parent's origin as the
   * browser reports it (`location.ancestorOrigins`, then `document.referrer`). Never `*`.
   */
  parentOrigin?: string;
}

function parentOriginOf(win: Window, configured?: string): string | undefined {
  if (configured) return configured;
  const ancestor = win.location.ancestorOrigins?.[0];
  if (ancestor && ancestor !== 'null') return ancestor;
  const referrer = win.document.referrer;
  return referrer ? safely(() => new URL(referrer).origin) : undefined;
}

/** The bridge of the page's host, or null in a plain browser tab. */
export function detectBridge(win: Window, options: DetectBridgeOptions = {}): Bridge | null {
  const host = win as Window & BridgeWindow;
  const ios = host.webkit?.messageHandlers?.adpxCallback;
  if (ios && typeof ios.postMessage === 'function') {
    return { kind: 'ios', post: (event, payload) => ios.postMessage({ event, payload }) };
  }
  const android = host.Android;
  if (android && typeof android.adpxCallback === 'function') {
    return {
      kind: 'android',
      post: (event, payload) => android.adpxCallback?.(event, stringify(payload)),
    };
  }
  const rn = host.ReactNativeWebView;
  if (rn && typeof rn.postMessage === 'function') {
    return {
      kind: 'react-native',
      post: (event, payload) =>
        rn.postMessage(stringify({ type: 'adpxCallback', event, payload, name: event, ...payload })),
    };
  }
  const flutter = host.flutter_inappwebview;
  if (flutter && typeof flutter.callHandler === 'function') {
    return {
      kind: 'flutter',
      // flutter_inappwebview's promise rejects when the app's Dart handler fails: the host's
      // error, reported as a throwing callback's is, never an unhandled rejection on the page.
      post: (event, payload) => {
        const sent = flutter.callHandler('adpxCallback', event, stringify(payload));
        Promise.resolve(sent).catch(reportHostError);
      },
    };
  }
  if (win.parent && win.parent !== win) {
    const origin = parentOriginOf(win, options.parentOrigin);
    if (origin) {
      return {
        kind: 'iframe',
        post: (event, payload) =>
          win.parent.postMessage({ type: 'adpxCallback', event, payload, name: event, ...payload }, origin),
      };
    }
  }
  return null;
}

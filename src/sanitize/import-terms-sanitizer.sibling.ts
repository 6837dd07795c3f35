import { safely } from '../errors.js';
import type { TermsSanitizer } from './allowlist.js';
import { siblingUrl } from './own-script.js';
import { SIBLING_KEY } from './sibling-key.js';

/**
 * The split script-tag build's DOMPurify loader (vite.config.ts puts it in place of
 * import-terms-sanitizer.ts): a classic `<script>` for the sibling file next to the first one, with
 * the sibling's sha384 hash as `integrity` (the build writes both values in), `crossorigin` when it
 * comes from another origin; `file:` URLs go without (see below). A classic script works from `file://` and WebView asset URLs where a
 * module import would not. Under Trusted Types the URL goes through a policy named `adpx-offers`
 * that accepts this one URL only; a page that restricts policy names lists it (README).
 */
declare const __ADPX_SANITIZER__: { file: string; integrity: string };

interface ScriptUrlPolicy {
  createScriptURL(url: string): unknown;
}

interface PolicyFactory {
  createPolicy(name: string, rules: ScriptUrlPolicy): ScriptUrlPolicy;
}

let policy: ScriptUrlPolicy | null | undefined;

/** The URL as the page's Trusted Types enforcement wants it, or the plain string without them. */
function trustedScriptUrl(url: string): unknown {
  const factory: unknown = Reflect.get(window, 'trustedTypes');
  if (policy === undefined && factory && typeof factory === 'object' && 'createPolicy' in factory) {
    const rules = {
      createScriptURL: (value: string) => {
        if (value !== siblingUrl(__ADPX_SANITIZER__.file)) throw new TypeError('adpx-offers: not its file');
        return value;
      },
    };
    // A page that restricts policy names and does not list ours makes this throw.
    policy = safely(() => (factory as PolicyFactory).createPolicy('adpx-offers', rules)) ?? null;
  }
  return policy ? policy.createScriptURL(url) : url;
}

/** Loads the sibling file once per call; rejects when it cannot (network, integrity, policy). */
export function importTermsSanitizer(): Promise<TermsSanitizer> {
  return new Promise((resolve, reject) => {
    const url = siblingUrl(__ADPX_SANITIZER__.file);
    if (url === null) throw new Error('adpx-offers: the URL of the script-tag file is unknown');
    const script = document.createElement('script');
    script.async = true;
    // A `file:` asset (a WebView's local files) cannot be checked: the browser refuses integrity
    // on a load that is not CORS-enabled, and file: loads never are. Nothing travels a network there.
    const local = url.startsWith('file:');
    if (!local) script.integrity = __ADPX_SANITIZER__.integrity;
    if (!local && new URL(url).origin !== location.origin) script.crossOrigin = 'anonymous';
    script.onload = () => {
      script.remove();
      const loaded: unknown = Reflect.get(window, SIBLING_KEY);
      Reflect.deleteProperty(window, SIBLING_KEY);
      if (loaded && typeof loaded === 'object' && 'sanitizeTerms' in loaded)
        resolve(loaded as TermsSanitizer);
      else reject(new Error('adpx-offers: the sanitiser file did not register'));
    };
    script.onerror = () => {
      script.remove();
      reject(new Error(`adpx-offers: ${url} could not be loaded`));
    };
    Reflect.set(script, 'src', trustedScriptUrl(url));
    document.head.append(script);
  });
}

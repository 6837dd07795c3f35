import { safely } from '../errors.js';
import { siblingUrl } from './own-script.js';

/**
 * Loads a file of the script-tag build that lies next to the first one (the rest of the SDK, the
 * sanitiser file): a classic `<script>` with the file's sha384 hash as `integrity` (the build
 * writes it in), `crossorigin` when it comes from another origin; `file:` URLs go without (see
 * below). A classic script works from `file://` and WebView asset URLs where a module import
 * would not. Under Trusted Types the URL goes through one policy named `adpx-offers` that accepts
 * the URLs of these files only; a page that restricts policy names lists it (docs/script-tag.md).
 * One policy for every file: a page without `'allow-duplicates'` refuses a second of that name.
 */
interface ScriptUrlPolicy {
  createScriptURL(url: string): unknown;
}

interface PolicyFactory {
  createPolicy(name: string, rules: ScriptUrlPolicy): ScriptUrlPolicy;
}

/** The message of a load the page's Trusted Types refused: the page does not list our policy. */
export const POLICY_REFUSED =
  "adpx-offers: the page's trusted-types directive does not list adpx-offers, so the SDK cannot load: list it, or use adpx-offers.single.iife.js (docs/script-tag.md)";

let policy: ScriptUrlPolicy | null | undefined;
/** The files the policy accepts: those this module was asked to load. */
const files = new Set<string>();

/** The URL as the page's Trusted Types enforcement wants it, or the plain string without them. */
function trustedScriptUrl(url: string): unknown {
  const factory: unknown = Reflect.get(window, 'trustedTypes');
  if (policy === undefined && factory && typeof factory === 'object' && 'createPolicy' in factory) {
    const rules = {
      createScriptURL: (value: string) => {
        if (![...files].some((file) => value === siblingUrl(file)))
          throw new TypeError('adpx-offers: not its file');
        return value;
      },
    };
    // A page that restricts policy names and does not list ours makes this throw.
    policy = safely(() => (factory as PolicyFactory).createPolicy('adpx-offers', rules)) ?? null;
  }
  return policy ? policy.createScriptURL(url) : url;
}

/**
 * Loads `file` next to the first file once per call: resolves when it has run, rejects when it
 * cannot be loaded (network, integrity). Throws at once, before anything is fetched, when the URL
 * of the first file is unknown, and `POLICY_REFUSED` when the page's Trusted Types refuse the URL
 * because its `trusted-types` directive does not list the `adpx-offers` policy.
 */
export function loadSiblingScript(file: string, integrity: string): Promise<void> {
  const url = siblingUrl(file);
  if (url === null) throw new Error('adpx-offers: the URL of the script-tag file is unknown');
  files.add(file);
  const script = document.createElement('script');
  script.async = true;
  // A `file:` asset (a WebView's local files) cannot be checked: the browser refuses integrity
  // on a load that is not CORS-enabled, and file: loads never are. Nothing travels a network there.
  const local = url.startsWith('file:');
  if (!local) script.integrity = integrity;
  if (!local && new URL(url).origin !== location.origin) script.crossOrigin = 'anonymous';
  try {
    Reflect.set(script, 'src', trustedScriptUrl(url));
  } catch (error) {
    // Only a page that enforces Trusted Types refuses the URL; without our policy it must.
    throw policy === null ? new Error(POLICY_REFUSED) : error;
  }
  const loaded = new Promise<void>((resolve, reject) => {
    script.onload = () => resolve();
    script.onerror = () => reject(new Error(`adpx-offers: ${url} could not be loaded`));
  });
  document.head.append(script);
  const done = () => script.remove();
  loaded.then(done, done);
  return loaded;
}

import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';

/** What the rendered terms may contain: the test oracle, independent of src (terms-allowlist.json). */
const ORACLE = JSON.parse(readFileSync(new URL('./terms-allowlist.json', import.meta.url), 'utf8')) as {
  tags: string[];
  schemes: string[];
};
export const EXPECTED_TAGS: readonly string[] = ORACLE.tags;
export const EXPECTED_SCHEMES: readonly string[] = ORACLE.schemes;

export interface TermsProbe {
  /** Calls of `alert`, `confirm`, `prompt`, `xssed` or `document.write` since the page loaded. */
  executions: string[];
  /** Everything in `root` outside the allowlist: elements, attributes, unsafe hrefs, other nodes. */
  violations(root: Node): string[];
}

/** Page-side set-up: runs in the page before its scripts (self-contained, no closures). */
function installProbe(allowed: { tags: string[]; schemes: string[] }): void {
  const tags = new Set(allowed.tags);
  const schemes = new Set(allowed.schemes);
  const executions: string[] = [];
  const flag = (...args: unknown[]): void => {
    executions.push(args.map(String).join(' '));
  };
  const win = window as unknown as Record<string, unknown>;
  for (const name of ['xssed', 'alert', 'confirm', 'prompt']) win[name] = flag;
  document.write = flag;
  document.writeln = flag;
  const safeHref = (value: string): boolean => {
    try {
      return schemes.has(new URL(value).protocol);
    } catch {
      return false;
    }
  };
  const attributeOk = (tag: string, name: string, value: string): boolean => {
    if (tag !== 'a') return false;
    if (name === 'href') return safeHref(value);
    if (name === 'target') return value === '_blank';
    if (name === 'rel') return value === 'noopener noreferrer';
    return false;
  };
  const violations = (root: Node): string[] => {
    const found: string[] = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_ALL);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (node.nodeType === Node.TEXT_NODE) continue;
      if (!(node instanceof Element)) {
        found.push(`node of type ${node.nodeType}`);
        continue;
      }
      const tag = node.localName;
      if (node.namespaceURI !== 'http://www.w3.org/1999/xhtml')
        found.push(`<${tag}> in ${node.namespaceURI}`);
      else if (!tags.has(tag)) found.push(`<${tag}>`);
      if (node.shadowRoot) found.push(`shadow root on <${tag}>`);
      for (const attr of Array.from(node.attributes)) {
        if (!attributeOk(tag, attr.name, attr.value)) found.push(`${attr.name}="${attr.value}" on <${tag}>`);
      }
      if (
        tag === 'a' &&
        (node.getAttribute('target') !== '_blank' || node.getAttribute('rel') !== 'noopener noreferrer')
      ) {
        found.push('<a> without target="_blank" rel="noopener noreferrer"');
      }
    }
    return found;
  };
  const probe: TermsProbe = { executions, violations };
  win.termsProbe = probe;
}

/** Installs the probe in every document the page loads, and counts dialogs as executions too. */
export async function installTermsProbe(page: Page): Promise<void> {
  await page.addInitScript(installProbe, { tags: [...EXPECTED_TAGS], schemes: [...EXPECTED_SCHEMES] });
  page.on('dialog', (dialog) => {
    const message = `dialog: ${dialog.message()}`;
    void dialog
      .dismiss()
      .then(() =>
        page.evaluate(
          (m) => (window as unknown as { termsProbe: TermsProbe }).termsProbe.executions.push(m),
          message,
        ),
      )
      .catch(() => {});
  });
}

/** The probe's executions so far. */
export async function executions(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { termsProbe: TermsProbe }).termsProbe.executions);
}

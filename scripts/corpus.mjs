// Pushes public XSS corpora through the real terms path in Chromium and fails on any execution or
// on anything in the rendered terms outside the allowlist.
//
//   npm run corpus -- <folder> [--batch 25] [--wait 400] [--dist <folder>] [--path native|dompurify]
//                               [--verbose]
//
// Both terms sanitisers are run, one after the other, unless --path picks one: the browser's own
// (`Element.setHTML`, Chromium's HTML Sanitizer API) and DOMPurify from the script-tag build's
// sanitizer file, which Chromium takes when `setHTML` is removed before the page runs (as in an
// engine without the API). Each run checks that its path is the one that ran: the sanitizer file is
// requested on the DOMPurify path only.
//
// <folder> holds `dompurify-expect.mjs` (default export: [{ title?, payload, expected }]) and
// `h5sc-items.js` + `h5sc-payloads.js` (UMD, evaluated with node:vm). Each payload has its
// alert/prompt/confirm calls rewritten to `xssed(…)`, a global flag setter, and is rendered by a
// fresh `<adpx-terms>` (opened through its control) in e2e/pages/terms.html, served with the
// built script (dist/, or --dist) by the mock offers service. After a pause for deferred vectors (onerror, timers,
// animations) every rendered element is clicked, focused and sent common events, then checked.
// The expected outputs of the DOMPurify fixtures assume its default configuration, so invariants
// are checked instead: only the allowlisted elements, only `href` (plus `target`/`rel` on `a`),
// only https/http/mailto/tel links, nothing executed, no popup, no navigation.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import vm from 'node:vm';
import { chromium } from '@playwright/test';
import { chromiumArgs, chromiumPath } from './chromium.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const USAGE =
  'usage: npm run corpus -- <folder> [--batch <n>] [--wait <ms>] [--dist <folder>] [--path native|dompurify] [--verbose]';
const PATHS = ['native', 'dompurify'];
const SANITIZER_FILE = 'adpx-offers.sanitizer.iife.js';

/** The test oracle, restated from the spec and docs/decisions/003 (not read from src): the check must be independent. */
const { tags, schemes } = JSON.parse(readFileSync(join(ROOT, 'e2e/cases/terms-allowlist.json'), 'utf8'));
const ALLOWED = { tags, schemes };

/** h5sc triggers that only the html5sec.org harness (or a legacy browser) can run. */
const HARNESS_ONLY = /\b(pass|fail|fuzz)\s*\(|OLink|getComputedStyle|frames\[/;

function fail(message) {
  console.error(`corpus: ${message}`);
  console.error(USAGE);
  process.exit(2);
}

function parseArgs(argv) {
  const options = {
    folder: undefined,
    batch: 25,
    wait: 400,
    verbose: false,
    dist: join(ROOT, 'dist'),
    paths: PATHS,
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--verbose') options.verbose = true;
    else if (arg === '--dist') options.dist = resolve(argv[++i] ?? fail('--dist needs a folder'));
    else if (arg === '--path') {
      const path = argv[++i];
      if (!PATHS.includes(path)) fail(`--path needs one of ${PATHS.join(', ')}`);
      options.paths = [path];
    } else if (arg === '--batch' || arg === '--wait') {
      const value = Number(argv[++i]);
      if (!Number.isInteger(value) || value < (arg === '--batch' ? 1 : 0)) fail(`${arg} needs a number`);
      options[arg.slice(2)] = value;
    } else if (arg === '--help' || arg === '-h') {
      console.log(USAGE);
      process.exit(0);
    } else if (arg.startsWith('-')) fail(`unknown option ${arg}`);
    else if (options.folder === undefined) options.folder = resolve(arg);
    else fail(`unexpected argument ${arg}`);
  }
  if (!options.folder) fail('missing the folder of the corpora');
  if (!existsSync(join(options.dist, 'adpx-offers.iife.js'))) {
    if (options.dist !== join(ROOT, 'dist')) fail(`no adpx-offers.iife.js in ${options.dist}`);
  }
  if (!existsSync(options.folder) || !statSync(options.folder).isDirectory())
    fail(`not a folder: ${options.folder}`);
  for (const file of ['dompurify-expect.mjs', 'h5sc-items.js', 'h5sc-payloads.js']) {
    if (!existsSync(join(options.folder, file))) fail(`missing ${file} in ${options.folder}`);
  }
  return options;
}

/** Every alert/prompt/confirm (called, tagged or passed as a function) becomes the flag setter. */
const rewrite = (payload) => payload.replace(/\b(alert|prompt|confirm)\b/g, 'xssed');

async function loadDompurify(folder) {
  const module = await import(pathToFileURL(join(folder, 'dompurify-expect.mjs')).href);
  const cases = module.default;
  if (!Array.isArray(cases)) throw new Error('dompurify-expect.mjs: the default export is not an array');
  return cases
    .filter((c) => c && typeof c.payload === 'string')
    .map((c, i) => ({
      id: `dompurify#${i}`,
      label: c.title ?? c.payload.slice(0, 60),
      html: rewrite(c.payload),
    }));
}

/** Evaluates a UMD file with node:vm and returns what it put on the global object. */
function loadUmd(file, name) {
  const sandbox = {};
  vm.createContext(sandbox);
  vm.runInContext(readFileSync(file, 'utf8'), sandbox, { filename: file });
  if (sandbox[name] === undefined) throw new Error(`${file} did not define ${name}`);
  return sandbox[name];
}

function loadH5sc(folder) {
  const items = loadUmd(join(folder, 'h5sc-items.js'), 'items');
  const payloads = loadUmd(join(folder, 'h5sc-payloads.js'), 'payloads');
  const fill = (data) =>
    data.replace(/%([A-Za-z0-9_]+)%/g, (whole, key) =>
      Object.hasOwn(payloads, key) ? payloads[key] : whole,
    );
  const triggers = { none: 0, simulated: 0, notSimulated: [] };
  const list = [];
  for (const item of items) {
    if (typeof item?.data !== 'string') continue;
    if (!item.trigger) triggers.none++;
    else if (HARNESS_ONLY.test(item.trigger)) triggers.notSimulated.push(item.id);
    else triggers.simulated++;
    list.push({ id: `h5sc#${item.id}`, label: item.name?.en ?? '', html: rewrite(fill(item.data)) });
  }
  return { list, triggers, items: items.length };
}

function ensureBuilt() {
  const needed = ['dist/adpx-offers.iife.js', 'dist/server/mock/index.js'];
  if (needed.every((f) => existsSync(join(ROOT, f)))) return;
  console.log('corpus: building first (npm run build)…');
  const built = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
  if (built.status !== 0 || !needed.every((f) => existsSync(join(ROOT, f)))) {
    console.error('corpus: the build failed');
    process.exit(1);
  }
}

// ---- page side (serialised into the page: no closures over this module) ----

function installProbe(allowed) {
  const tags = new Set(allowed.tags);
  const schemes = new Set(allowed.schemes);
  const executions = [];
  const flag = (...args) => {
    executions.push(args.map((a) => String(a)).join(' '));
  };
  for (const name of ['xssed', 'alert', 'confirm', 'prompt', 'print', 'open']) window[name] = flag;
  document.write = flag;
  document.writeln = flag;
  const safeHref = (value) => {
    try {
      return schemes.has(new URL(value).protocol);
    } catch {
      return false;
    }
  };
  const attributeOk = (tag, name, value) =>
    tag === 'a' &&
    ((name === 'href' && safeHref(value)) ||
      (name === 'target' && value === '_blank') ||
      (name === 'rel' && value === 'noopener noreferrer'));
  const violations = (root) => {
    const found = [];
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
        if (!attributeOk(tag, attr.name, attr.value))
          found.push(`${attr.name}="${attr.value.slice(0, 80)}" on <${tag}>`);
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
  // Simulated clicks must not leave the page through a legitimate link; anything else may run.
  window.addEventListener(
    'click',
    (event) => {
      const link = event.composedPath().find((n) => n instanceof HTMLAnchorElement);
      if (link && safeHref(link.getAttribute('href') ?? '')) event.preventDefault();
    },
    true,
  );
  window.corpusProbe = { executions, violations, headCount: () => document.head.childElementCount };
}

async function renderBatch(list) {
  const slot = document.getElementById('slot');
  slot.replaceChildren();
  const elements = list.map((html) => {
    const element = document.createElement('adpx-terms');
    element.html = html;
    slot.append(element);
    return element;
  });
  await Promise.all(elements.map((e) => e.updateComplete));
  for (const element of elements) element.shadowRoot?.querySelector('[part~="terms-toggle"]')?.click();
  await Promise.all(elements.map((e) => e.updateComplete));
  await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
}

const EVENTS = [
  'mouseover',
  'mouseenter',
  'mousemove',
  'mousedown',
  'mouseup',
  'pointerdown',
  'pointerup',
  'focus',
]
  .concat([
    'focusin',
    'blur',
    'input',
    'change',
    'keydown',
    'keyup',
    'toggle',
    'load',
    'error',
    'animationstart',
  ])
  .concat(['animationend', 'transitionend', 'scroll', 'wheel', 'submit', 'reset', 'select', 'copy', 'paste']);

function interact(events) {
  for (const element of document.querySelectorAll('#slot adpx-terms')) {
    const content = element.shadowRoot?.querySelector('[part~="terms-content"]');
    if (!content) continue;
    for (const node of content.querySelectorAll('*')) {
      node.click?.();
      node.focus?.();
      for (const type of events) node.dispatchEvent(new Event(type, { bubbles: true }));
    }
  }
}

function collect() {
  const probe = window.corpusProbe;
  const slot = document.getElementById('slot');
  const results = [];
  for (const element of slot.children) {
    const content = element.shadowRoot?.querySelector('[part~="terms-content"]');
    if (element.localName !== 'adpx-terms' || element.childNodes.length > 0) {
      results.push({ empty: false, violations: [`light DOM changed: <${element.localName}>`] });
    } else if (!content) results.push({ empty: true, violations: [] });
    else results.push({ empty: false, violations: probe.violations(content) });
  }
  return { results, executions: probe.executions.splice(0), headCount: probe.headCount() };
}

/** Negative control: the same probe, fed unsanitised markup, must see an execution and violations. */
async function unsanitisedControl() {
  const box = document.createElement('div');
  document.body.append(box);
  box.innerHTML =
    '<img src="x:x" onerror="xssed(1)"><a href="javascript:xssed(2)" style="x">x</a><svg></svg>';
  await new Promise((r) => setTimeout(r, 300));
  box.querySelector('a')?.click();
  await new Promise((r) => setTimeout(r, 100));
  const violations = window.corpusProbe.violations(box);
  box.remove();
  return { executions: window.corpusProbe.executions.splice(0), violations };
}

// ---- node side ----

class Runner {
  constructor(context, url, options) {
    this.context = context;
    this.url = url;
    this.options = options;
    this.popups = 0;
    this.dialogs = [];
    this.opening = false;
    context.on('page', (p) => {
      if (!this.opening && p !== this.page) {
        this.popups++;
        void p.close().catch(() => {});
      }
    });
  }

  /** Proves the probe can see what it looks for; throws when it cannot. */
  async control() {
    const { executions, violations } = await this.page.evaluate(unsanitisedControl);
    if (executions.length < 2 || violations.length < 4) {
      throw new Error(
        `the probe is blind: control saw ${executions.length} executions, ${violations.length} violations`,
      );
    }
    return { executions: executions.length, violations: violations.length };
  }

  async open() {
    if (this.page) await this.page.close().catch(() => {});
    this.opening = true;
    this.page = await this.context.newPage().finally(() => (this.opening = false));
    this.page.on('dialog', (dialog) => {
      this.dialogs.push(dialog.message());
      void dialog.dismiss().catch(() => {});
    });
    await this.page.goto(this.url);
    await this.page.waitForFunction(() => customElements.get('adpx-terms') !== undefined);
    this.headCount = await this.page.evaluate(() => window.corpusProbe.headCount());
  }

  /** Runs payloads together; returns per-payload results and the batch's executions. */
  async batch(list) {
    const popupsBefore = this.popups;
    const dialogsBefore = this.dialogs.length;
    const page = this.page;
    try {
      await page.evaluate(
        renderBatch,
        list.map((p) => p.html),
      );
      await page.waitForTimeout(this.options.wait);
      await page.evaluate(interact, EVENTS);
      await page.waitForTimeout(Math.min(this.options.wait, 200));
      const { results, executions, headCount } = await page.evaluate(collect);
      if (!page.url().startsWith(this.url)) throw new Error(`navigated to ${page.url()}`);
      const anomalies = [...executions, ...this.dialogs.slice(dialogsBefore).map((m) => `dialog: ${m}`)];
      if (this.popups > popupsBefore) anomalies.push(`${this.popups - popupsBefore} popup(s) opened`);
      if (headCount !== this.headCount) anomalies.push('the document head changed');
      return { results, anomalies };
    } catch (error) {
      await this.open();
      return {
        results: list.map(() => ({ empty: false, violations: [] })),
        anomalies: [`page broke: ${error.message}`],
      };
    }
  }
}

async function runCorpus(runner, name, list, options) {
  const summary = { name, run: 0, executions: [], violations: [], empty: 0 };
  for (let start = 0; start < list.length; start += options.batch) {
    const chunk = list.slice(start, start + options.batch);
    const { results, anomalies } = await runner.batch(chunk);
    summary.run += chunk.length;
    results.forEach((r, i) => {
      const payload = chunk[i];
      if (r.empty) {
        summary.empty++;
        if (options.verbose) console.log(`  ${payload.id} is blank: no terms control`);
      }
      if (r.violations.length > 0)
        summary.violations.push({ id: payload.id, label: payload.label, found: r.violations });
    });
    if (anomalies.length > 0) {
      // Attribute the execution: run the batch's payloads again, one by one.
      for (const payload of chunk) {
        const single = await runner.batch([payload]);
        if (single.anomalies.length > 0)
          summary.executions.push({ id: payload.id, label: payload.label, found: single.anomalies });
      }
      if (!summary.executions.length)
        summary.executions.push({ id: `batch@${start}`, label: '', found: anomalies });
    }
    if (options.verbose) console.log(`  ${name}: ${summary.run}/${list.length}`);
  }
  return summary;
}

function printSummary(path, summaries, h5sc) {
  console.log(`\ncorpus summary, ${path} path (payloads through <adpx-terms>, opened, in Chromium)`);
  for (const s of summaries) {
    console.log(
      `  ${s.name.padEnd(22)} payloads ${String(s.run).padStart(4)}   executions ${s.executions.length}   violations ${s.violations.length}   blank (no control) ${s.empty}`,
    );
  }
  const t = h5sc.triggers;
  console.log(
    `  h5sc items: ${h5sc.items}; ${t.none} without a trigger; ${t.simulated} with a click/handler trigger (simulated by clicks and events); ${t.notSimulated.length} whose trigger needs the html5sec harness or a legacy browser (rendered and checked, trigger not run: ids ${t.notSimulated.join(', ')})`,
  );
  for (const s of summaries) {
    for (const e of s.executions) console.log(`  EXECUTION ${e.id} ${e.label}: ${e.found.join('; ')}`);
    for (const v of s.violations) console.log(`  VIOLATION ${v.id} ${v.label}: ${v.found.join('; ')}`);
  }
}

/** Runs both corpora on one sanitiser path in a context of its own; true when all is clean. */
async function runPath(browser, mock, path, corpora, options) {
  const context = await browser.newContext();
  const origin = new URL(mock.url).origin;
  let sanitizerRequests = 0;
  // Payloads point at other hosts: nothing leaves the machine.
  await context.route('**/*', (route) => {
    const url = new URL(route.request().url());
    if (url.origin !== origin) return route.abort();
    if (url.pathname.endsWith(`/${SANITIZER_FILE}`)) sanitizerRequests++;
    return route.continue();
  });
  if (path === 'dompurify') {
    await context.addInitScript(() => Reflect.deleteProperty(Element.prototype, 'setHTML'));
  }
  await context.addInitScript(installProbe, ALLOWED);
  const runner = new Runner(context, `${mock.url}/terms.html`, options);
  await runner.open();
  const control = await runner.control();
  console.log(
    `corpus (${path}): control without the sanitiser: ${control.executions} executions, ${control.violations} violations seen (the probe works)`,
  );
  const started = Date.now();
  const summaries = [
    await runCorpus(runner, 'dompurify-expect.mjs', corpora.dompurify, options),
    await runCorpus(runner, 'h5sc', corpora.h5sc.list, options),
  ];
  await context.close();
  printSummary(path, summaries, corpora.h5sc);
  const executions = summaries.reduce((n, s) => n + s.executions.length, 0);
  const violations = summaries.reduce((n, s) => n + s.violations.length, 0);
  const total = summaries.reduce((n, s) => n + s.run, 0);
  console.log(
    `  total: ${total} payloads, ${executions} executions, ${violations} violations, sanitizer file requested ${sanitizerRequests} times (${((Date.now() - started) / 1000).toFixed(1)} s)`,
  );
  const pathRan = path === 'dompurify' ? sanitizerRequests > 0 : sanitizerRequests === 0;
  if (!pathRan)
    console.error(`corpus: the ${path} path did not run (sanitizer file requests: ${sanitizerRequests})`);
  return pathRan && executions === 0 && violations === 0;
}

async function main() {
  const options = parseArgs(process.argv.slice(2));
  const dompurify = await loadDompurify(options.folder);
  const h5sc = loadH5sc(options.folder);
  ensureBuilt();
  const { createMockOffersService } = await import(
    pathToFileURL(join(ROOT, 'dist/server/mock/index.js')).href
  );
  const mock = await createMockOffersService({
    static: [
      { prefix: '/dist/', dir: options.dist },
      { prefix: '/', dir: join(ROOT, 'e2e/pages') },
    ],
  });
  const browser = await chromium.launch({
    executablePath: chromiumPath(),
    args: chromiumArgs,
  });
  let failed = false;
  try {
    for (const path of options.paths) {
      if (!(await runPath(browser, mock, path, { dompurify, h5sc }, options))) failed = true;
    }
  } finally {
    await browser.close();
    await mock.close();
  }
  process.exit(failed ? 1 : 0);
}

main().catch((error) => {
  console.error('corpus:', error);
  process.exit(1);
});

// Pushes public XSS corpora through the real terms path (and the server's renderOffers) in
// Chromium and fails on any execution or on anything in the rendered terms outside the allowlist.
//
//   npm run corpus -- <folder> [--batch 25] [--wait 400] [--dist <folder>] [--path native|dompurify|ssr]
//                               [--verbose]
//
// Both terms sanitisers are run, one after the other, unless --path picks one: the browser's own
// (`Element.setHTML`, Chromium's HTML Sanitizer API) and DOMPurify from the script-tag build's
// sanitizer file, which Chromium takes when `setHTML` is removed before the page runs (as in an
// engine without the API). Each run checks that its path is the one that ran: the sanitizer file is
// requested on the DOMPurify path only.
//
// The third path, `ssr`, is the server's: each payload goes into every text and URL field of an
// offer and into the unit's heading and placement, `renderOffers` (adpx-offers/ssr, from --dist)
// renders it in Node, and Chromium parses that HTML, declarative shadow roots and all, with no
// script of ours: a payload must come out as text, be dropped, or be refused with an OffersError.
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
  'usage: npm run corpus -- <folder> [--batch <n>] [--wait <ms>] [--dist <folder>] [--path native|dompurify|ssr] [--verbose]';
const PATHS = ['native', 'dompurify', 'ssr'];
/** The file that brings DOMPurify to the script tag (the after-card file of engines without `setHTML`). */
const DOMPURIFY_FILE = 'adpx-offers.after-card.dompurify.iife.js';

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
  const through =
    path === 'ssr'
      ? 'payloads in every field of an offer, rendered by renderOffers, parsed in Chromium; blank = refused with an OffersError'
      : 'payloads through <adpx-terms>, opened, in Chromium';
  console.log(`\ncorpus summary, ${path} path (${through})`);
  for (const s of summaries) {
    console.log(
      `  ${s.name.padEnd(22)} payloads ${String(s.run).padStart(4)}   executions ${s.executions.length}   violations ${s.violations.length}   ${path === 'ssr' ? 'refused' : 'blank (no control)'} ${s.empty}`,
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

// ---- the ssr path ----

/** Page side: per unit of the slot, what in its light and shadow trees could run script. */
function scriptableParts() {
  const URL_ATTRIBUTES = ['href', 'src', 'srcset', 'action', 'formaction', 'xlink:href'];
  // The one script a unit may carry: the server's state, JSON (which no browser runs), its child.
  const isState = (node) =>
    node.localName === 'script' &&
    node.parentNode?.localName === 'adpx-offers' &&
    node.getAttribute('type') === 'application/json' &&
    node.hasAttribute('data-adpx-server-state') &&
    node.attributes.length === 2;
  const walk = (root, found) => {
    for (const node of root.querySelectorAll('*')) {
      const tag = node.localName;
      if (
        ['script', 'iframe', 'object', 'embed', 'base', 'form', 'meta', 'link'].includes(tag) &&
        !isState(node)
      )
        found.push(`<${tag}>`);
      for (const attr of Array.from(node.attributes)) {
        if (/^on/i.test(attr.name)) found.push(`${attr.name} on <${tag}>`);
        if (URL_ATTRIBUTES.includes(attr.name) && /^\s*(javascript|data|vbscript):/i.test(attr.value))
          found.push(`${attr.name}="${attr.value.slice(0, 60)}" on <${tag}>`);
      }
      if (node.shadowRoot) walk(node.shadowRoot, found);
    }
    return found;
  };
  return Array.from(document.getElementById('slot').children, (unit) => {
    const found = walk(unit, []);
    if (unit.shadowRoot) walk(unit.shadowRoot, found);
    return found;
  });
}

/** Page side: clicks, focuses and sends common events to every element of every unit. */
function interactSsr(events) {
  const walk = (root) => {
    for (const node of root.querySelectorAll('*')) {
      node.click?.();
      node.focus?.();
      for (const type of events) node.dispatchEvent(new Event(type, { bubbles: true }));
      if (node.shadowRoot) walk(node.shadowRoot);
    }
  };
  walk(document.getElementById('slot'));
}

/** `renderOffers` in Node, from the build, and the conformance table's offer shapes. */
async function ssrRenderer(dist) {
  const { renderOffers } = await import(pathToFileURL(join(dist, 'server/ssr/index.js')).href);
  const { envelope, offer, TEXT_FIELDS, URL_FIELDS } = await import(
    pathToFileURL(join(ROOT, 'test/ssr-conformance/cases.mjs')).href
  );
  /** The unit's HTML with `payload` everywhere a response or an attribute can carry it, or why not. */
  return async (payload) => {
    const fields = {};
    for (const field of [...TEXT_FIELDS, ...URL_FIELDS]) fields[field] = payload;
    const response = envelope([offer(1, fields), offer(2, { title: payload })], { privacy_url: payload });
    try {
      return { html: await renderOffers({ response, heading: payload, placement: payload }) };
    } catch (error) {
      return { refused: error?.name === 'OffersError', threw: `${error?.name}: ${error?.message}` };
    }
  };
}

/** Renders a batch on the server and loads it as one page (no script of ours); a runner's batch. */
function ssrRunner(context, origin, render, options) {
  let pages = 0;
  const dialogs = [];
  return {
    async batch(list) {
      const rendered = await Promise.all(list.map((p) => render(p.html)));
      const units = rendered.map((r) => r.html ?? '<div></div>').join('\n');
      const url = `${origin}/ssr-corpus/${++pages}.html`;
      await context.route(url, (route) =>
        route.fulfill({
          contentType: 'text/html',
          body: `<!doctype html><html><head><title>ssr corpus</title></head><body><div id="slot">${units}</div></body></html>`,
        }),
      );
      const page = await context.newPage();
      page.on('dialog', (dialog) => {
        dialogs.push(dialog.message());
        void dialog.dismiss().catch(() => {});
      });
      try {
        await page.goto(url);
        await page.waitForTimeout(options.wait);
        await page.evaluate(interactSsr, EVENTS);
        await page.waitForTimeout(Math.min(options.wait, 200));
        const found = await page.evaluate(scriptableParts);
        const executions = await page.evaluate(() => window.corpusProbe.executions.splice(0));
        const anomalies = [...executions, ...dialogs.splice(0).map((m) => `dialog: ${m}`)];
        if (!page.url().startsWith(url)) anomalies.push(`navigated to ${page.url()}`);
        const results = rendered.map((r, i) => ({
          empty: r.html === undefined,
          violations: [
            ...(r.html === undefined && !r.refused ? [`renderOffers threw ${r.threw}`] : []),
            ...found[i],
          ],
        }));
        return { results, anomalies };
      } finally {
        await page.close();
      }
    },
  };
}

/** The ssr path's control: a shadow root written by hand with a handler must be seen. */
async function ssrControl(runner) {
  const { results, anomalies } = await runner.batch([{ html: '<img src="x:x" onerror="xssed(1)">' }]);
  return { executions: anomalies.length, violations: results[0]?.violations.length ?? 0 };
}

/** The ssr path: both corpora through `renderOffers`, parsed by Chromium; true when all is clean. */
async function runSsrPath(browser, mock, corpora, options) {
  const context = await browser.newContext();
  const origin = new URL(mock.url).origin;
  await context.route('**/*', (route) =>
    new URL(route.request().url()).origin === origin ? route.fallback() : route.abort(),
  );
  await context.addInitScript(installProbe, ALLOWED);
  const render = await ssrRenderer(options.dist);
  // The control bypasses renderOffers: unescaped markup in a declarative shadow root must be seen.
  const blind = ssrRunner(
    context,
    origin,
    async (html) => ({
      html: `<adpx-offers><template shadowrootmode="open">${html}</template></adpx-offers>`,
    }),
    options,
  );
  const control = await ssrControl(blind);
  if (control.executions < 1 || control.violations < 1) {
    throw new Error(
      `the ssr probe is blind: control saw ${control.executions} executions, ${control.violations} violations`,
    );
  }
  console.log(
    `corpus (ssr): control without renderOffers: ${control.executions} executions, ${control.violations} violations seen (the probe works)`,
  );
  const runner = ssrRunner(context, origin, render, options);
  const started = Date.now();
  const summaries = [
    await runCorpus(runner, 'dompurify-expect.mjs', corpora.dompurify, options),
    await runCorpus(runner, 'h5sc', corpora.h5sc.list, options),
  ];
  await context.close();
  printSummary('ssr', summaries, corpora.h5sc);
  const executions = summaries.reduce((n, s) => n + s.executions.length, 0);
  const violations = summaries.reduce((n, s) => n + s.violations.length, 0);
  const total = summaries.reduce((n, s) => n + s.run, 0);
  const refused = summaries.reduce((n, s) => n + s.empty, 0);
  console.log(
    `  total: ${total} payloads, ${executions} executions, ${violations} violations, ${refused} refused with an OffersError (${((Date.now() - started) / 1000).toFixed(1)} s)`,
  );
  return executions === 0 && violations === 0;
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
    if (url.pathname.endsWith(`/${DOMPURIFY_FILE}`)) sanitizerRequests++;
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
    `  total: ${total} payloads, ${executions} executions, ${violations} violations, DOMPurify's file requested ${sanitizerRequests} times (${((Date.now() - started) / 1000).toFixed(1)} s)`,
  );
  const pathRan = path === 'dompurify' ? sanitizerRequests > 0 : sanitizerRequests === 0;
  if (!pathRan)
    console.error(
      `corpus: the ${path} path did not run (requests of DOMPurify's file: ${sanitizerRequests})`,
    );
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
      const run =
        path === 'ssr' ? runSsrPath : (...args) => runPath(args[0], args[1], path, ...args.slice(2));
      if (!(await run(browser, mock, { dompurify, h5sc }, options))) failed = true;
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

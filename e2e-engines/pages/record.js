// Loaded first by every page of the engine suite, before the SDK: keeps what the tests read back
// through any driver (WebDriver classic has no init scripts and no console log), so no flow needs
// an engine-specific hook.
//   window.adpxEvents: every adpx-* DOM event { type, detail }, in order
//   window.adpxLogs:   every console.debug line (the SDK's debug log, with `debug` on the unit)
//   window.adpxErrors: uncaught errors and unhandled rejections on the page
//   window.adpxViolations: every securitypolicyviolation as '<directive> <blocked URI>'
//   adpxFind(selector): every match, through open shadow roots
//   adpxFrames():       resolves after two animation frames (observers have seen the last change)
//   ?leave=<event>:    navigate to /landing?left=<event> as soon as that adpx-* event fires
(() => {
  // The DOM names of ADPX_EVENT_NAMES (src/events/adpx-event.ts).
  const names = [
    'ads-found',
    'no-ads-found',
    'offer-shown',
    'impression',
    'ad-taken',
    'ad-not-taken',
    'last-ad-taken',
    'url-clicked',
    'closed-ads',
    'error',
    'save-for-later',
  ];
  const events = (window.adpxEvents = []);
  for (const name of names) {
    document.addEventListener(`adpx-${name}`, (e) => events.push({ type: e.type, detail: e.detail }));
  }
  const logs = (window.adpxLogs = []);
  const debug = console.debug.bind(console);
  console.debug = (...args) => {
    logs.push(args.map(String).join(' '));
    debug(...args);
  };
  const errors = (window.adpxErrors = []);
  window.addEventListener('error', (e) => errors.push(String(e.message)));
  window.addEventListener('unhandledrejection', (e) => errors.push(String(e.reason)));
  const deep = (root, selector, out) => {
    out.push(...root.querySelectorAll(selector));
    for (const el of root.querySelectorAll('*')) if (el.shadowRoot) deep(el.shadowRoot, selector, out);
    return out;
  };
  window.adpxFind = (selector) => deep(document, selector, []);
  window.adpxFrames = () =>
    new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => done())));
  const violations = (window.adpxViolations = []);
  document.addEventListener('securitypolicyviolation', (e) =>
    violations.push(`${e.effectiveDirective} ${e.blockedURI || 'inline'}`),
  );
  const leave = new URLSearchParams(location.search).get('leave');
  if (leave) {
    document.addEventListener(`adpx-${leave}`, () => {
      location.href = `/landing?left=${leave}`;
    });
  }
})();

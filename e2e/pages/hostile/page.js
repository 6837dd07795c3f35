// The loader of the hostile pages (e2e/hostile-pages.spec.ts, e2e-engines/hostile.flow.ts). A page
// names its library in `data-library` (space-separated scripts); `?order=before` (the default)
// loads the library, then the SDK; `?order=after` the SDK, then the library. /hostile/unit.js
// comes last and adds the unit, so in both orders the unit loads and renders on the changed page.
// Dynamic scripts with `async = false` run one after the other, in the order they were added.
// `?record` first loads the engine suite's record.js (e2e-engines/pages/record.js).
(() => {
  const q = new URLSearchParams(location.search);
  const library = document.currentScript.dataset.library.split(' ');
  const sdk = '/dist/adpx-offers.iife.js';
  const order = q.get('order') === 'after' ? [sdk, ...library] : [...library, sdk];
  if (q.has('record')) order.unshift('/engines/record.js');
  order.push('/hostile/unit.js');
  for (const src of order) {
    const script = document.createElement('script');
    script.src = src;
    script.async = false;
    document.head.appendChild(script);
  }
})();

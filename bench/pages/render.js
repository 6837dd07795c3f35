// Render benchmark, run by bench/run.mjs: the same response rendered by the SDK (`setApiResponse`
// + `reload`) and by the hand-written baseline (the same card; and `lean`, its headline, image and
// CTAs only), interleaved, each from an empty slot and each timed by `benchKit.timeRender`. Also
// times `next()` on the SDK's unit.
(() => {
  const { afterNextPaint, fetchResponse, nextEvent, timeRender } = window.benchKit;

  /** Nodes below `node`, shadow trees included. */
  const countNodes = (node) => {
    let n = 0;
    const children = [...(node.shadowRoot?.childNodes ?? []), ...node.childNodes];
    for (const child of children) n += 1 + countNodes(child);
    return n;
  };

  /**
   * The response in hand, and `window.Adpx` set up to render into `#sdk` (no load of its own).
   * Also used by bench/profile.mjs.
   */
  window.benchSetup = async () => {
    const raw = await fetchResponse('demo-key', 'bench');
    await window.Adpx.init({
      accountId: 'demo-key',
      endpoint: location.origin,
      placement: 'bench',
      autoLoad: false,
      settings: { target: '#sdk' },
    });
    return raw;
  };

  window.benchRender = async ({ pairs, sdkFirst }) => {
    const raw = await window.benchSetup();
    const baselineSlot = document.getElementById('baseline');
    const sdkSlot = document.getElementById('sdk');
    const rows = { sdk: [], baseline: [], lean: [], next: [] };
    const nodes = {};

    const sdk = async () => {
      const copy = structuredClone(raw);
      const render = await timeRender(() => {
        const shown = nextEvent(document, 'adpx-offer-shown');
        void window.Adpx.setApiResponse(copy).then(() => window.Adpx.reload());
        return shown;
      });
      const unit = sdkSlot.querySelector('adpx-offers');
      if (!unit?.shadowRoot?.querySelector('[part~="offer"]')) throw new Error('the SDK rendered no card');
      nodes.sdk = countNodes(sdkSlot);
      const next = await timeRender(() => {
        const shown = nextEvent(unit, 'adpx-offer-shown');
        unit.next();
        return shown;
      });
      window.Adpx.close();
      await afterNextPaint();
      return { render, next };
    };

    const baseline = async (side = 'baseline') => {
      const copy = structuredClone(raw);
      const render = await timeRender(() => {
        window.renderBaselineCard(baselineSlot, copy, undefined, { lean: side === 'lean' });
      });
      nodes[side] = countNodes(baselineSlot);
      baselineSlot.replaceChildren();
      await afterNextPaint();
      return render;
    };

    let cold;
    for (let i = 0; i <= pairs; i++) {
      const sdkNow = i % 2 === 0 ? sdkFirst : !sdkFirst;
      let s;
      let b;
      if (sdkNow) {
        s = await sdk();
        b = await baseline();
      } else {
        b = await baseline();
        s = await sdk();
      }
      const lean = await baseline('lean');
      if (i === 0) {
        cold = { sdk: s.render, baseline: b, lean, next: s.next };
        continue;
      }
      rows.sdk.push(s.render);
      rows.next.push(s.next);
      rows.baseline.push(b);
      rows.lean.push(lean);
    }
    return { cold, rows, nodes };
  };
})();

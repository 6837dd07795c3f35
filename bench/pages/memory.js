// Memory cycles, run by bench/run.mjs: each cycle creates a unit, gives it a fresh copy of the
// response (a new object, so a new beacon ledger), shows it, waits for the card and one frame,
// closes it and removes it. The runner measures (after a forced GC) between batches of cycles.
// Beacon requests are answered here (loaded before the SDK, this script wraps `fetch`): each real
// keepalive request leaves ~6 KB in Blink's heap in this harness (a control of bare fetches shows
// it), which would hide the SDK's own memory; the beacons are counted instead.
(() => {
  const { fetchResponse, nextEvent, nextFrame } = window.benchKit;
  const slot = document.getElementById('slot');
  let raw;
  let beacons = 0;

  const realFetch = window.fetch;
  window.fetch = function (input, init) {
    const url = typeof input === 'string' ? input : (input?.url ?? String(input));
    if (!url.includes('/beacon/')) return realFetch.call(this, input, init);
    beacons += 1;
    return Promise.resolve(new Response(null, { status: 204 }));
  };

  async function cycle() {
    const unit = document.createElement('adpx-offers');
    unit.setAttribute('manual', '');
    slot.append(unit);
    const shown = nextEvent(unit, 'adpx-offer-shown');
    unit.response = structuredClone(raw);
    if (!unit.show()) throw new Error(`the unit did not show (state ${unit.state})`);
    await shown;
    await nextFrame();
    unit.close();
    unit.remove();
    // The page's own record of beacon requests (a 250-entry buffer) is not the SDK's memory.
    performance.clearResourceTimings();
  }

  window.benchMemory = {
    async setup() {
      raw = await fetchResponse('demo-key', 'bench');
    },
    async run(cycles) {
      for (let i = 0; i < cycles; i++) await cycle();
      await nextFrame();
    },
    /** Units left in the page and the observer counts (read after a GC). */
    snapshot() {
      return {
        units: document.querySelectorAll('adpx-offers').length,
        beacons,
        observers: { ...window.benchObservers },
      };
    },
  };
})();

// Impression latency, run by bench/run.mjs: the unit renders below the fold; once it has settled
// (no impression yet), one instant scroll brings the whole card into view. The rule holds from that
// moment; the latency is the time until the pixel request is issued. Beacons are keepalive fetches,
// which Chromium leaves out of Resource Timing, so `fetch` is watched (this script runs before the
// SDK); the runner also reads when the mock service received the pixel (same machine clock).
(() => {
  const { afterNextPaint, nextEvent } = window.benchKit;
  const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

  let onPixel = () => {};
  const originalFetch = window.fetch;
  window.fetch = function (input, init) {
    const url = typeof input === 'string' ? input : (input?.url ?? String(input));
    if (url.includes('/beacon/pixel/')) onPixel(performance.now());
    return originalFetch.call(this, input, init);
  };
  const pixelRequest = () =>
    new Promise((resolve) => {
      onPixel = (at) => {
        onPixel = () => {};
        resolve(at);
      };
    });

  /**
   * `atTop`: the unit is rendered in view instead (above the fold); the latency then runs from the
   * first card painted (the rule holds from its first frame, as far as geometry goes) to the pixel.
   * `popup`: the same with the popup layout.
   */
  window.benchImpression = async ({ atTop = false, popup = false } = {}) => {
    const shown = nextEvent(document, 'adpx-offer-shown');
    let impressionAt;
    document.addEventListener('adpx-impression', () => (impressionAt ??= performance.now()));
    const pixel = pixelRequest();
    if (atTop) document.body.prepend(document.getElementById('slot'));
    await window.Adpx.init({
      accountId: 'demo-key',
      endpoint: location.origin,
      placement: 'bench',
      autoLoad: true,
      autoShow: true,
      settings: popup ? {} : { target: '#slot' },
    });
    await shown;
    await afterNextPaint();
    const card = document.querySelector('adpx-offers').shadowRoot.querySelector('[part~="offer"]');
    if (atTop || popup) {
      const paintedAt = performance.now();
      const pixelAt = await Promise.race([pixel, sleep(5000).then(() => NaN)]);
      const box = card.getBoundingClientRect();
      return {
        inView: box.top >= 0 && box.bottom <= innerHeight,
        cardHeight: box.height,
        pixel: pixelAt - paintedAt,
        event: (impressionAt ?? NaN) - paintedAt,
      };
    }
    await sleep(400);
    if (impressionAt !== undefined) throw new Error('impression before the card was in view');
    const top = card.getBoundingClientRect().top + scrollY - 40;
    const scrolledAt = performance.now();
    const scrolledAtEpoch = Date.now();
    window.scrollTo({ top, behavior: 'instant' });
    const box = card.getBoundingClientRect();
    const inView = box.top >= 0 && box.bottom <= innerHeight;
    const pixelAt = await Promise.race([pixel, sleep(5000).then(() => NaN)]);
    return {
      inView,
      cardHeight: box.height,
      scrolledAtEpoch,
      pixel: pixelAt - scrolledAt,
      event: (impressionAt ?? NaN) - scrolledAt,
    };
  };
})();

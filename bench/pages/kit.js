// In-page helpers shared by the benchmark pages (a classic script: it defines `window.benchKit`).
// Timing conventions, used the same way for the SDK and for the hand-written baseline:
// - `afterNextPaint()` resolves in a task queued from the next animation frame, i.e. once that
//   frame's style, layout and paint have run;
// - `nextTask()` resolves in a fresh task, after every microtask of the current one.
(() => {
  const nextTask = () =>
    new Promise((resolve) => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        channel.port1.close();
        resolve();
      };
      channel.port2.postMessage(0);
    });

  const nextFrame = () => new Promise((resolve) => requestAnimationFrame(() => resolve(performance.now())));

  const afterNextPaint = async () => {
    await nextFrame();
    await nextTask();
  };

  /** Resolves with `performance.now()` at the first `type` event on `target`. */
  const nextEvent = (target, type) =>
    new Promise((resolve) => {
      target.addEventListener(type, () => resolve(performance.now()), { once: true });
    });

  /** The service's answer for a key, fetched once from the mock service (the response in hand). */
  const fetchResponse = async (apiKey = 'demo-key', placement = 'bench') => {
    const url = `${location.origin}/native/v2/offers.json?api_key=${encodeURIComponent(apiKey)}`;
    const answer = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ placement }),
    });
    if (!answer.ok) throw new Error(`offers request failed: ${answer.status}`);
    return answer.json();
  };

  /**
   * Times one render the same way for both sides: `render()` is called at t0 and may return a
   * promise that resolves once the content is in the DOM. Returns
   * - `script`: t0 → the end of the task that rendered (all microtasks done),
   * - `frame`: the next frame's rendering work (rAF → after its paint: style, layout, paint, and
   *   any ResizeObserver rounds), and `cost` = script + frame (the main-thread time, without the
   *   wait for the next vsync),
   * - `paint`: t0 → after the next paint (wall clock, quantised to frames).
   */
  const timeRender = async (render) => {
    await afterNextPaint();
    const t0 = performance.now();
    await render();
    await nextTask();
    const script = performance.now() - t0;
    const raf = await nextFrame();
    await nextTask();
    const end = performance.now();
    return { script, frame: end - raf, cost: script + (end - raf), paint: end - t0 };
  };

  window.benchKit = { nextTask, nextFrame, afterNextPaint, nextEvent, fetchResponse, timeRender };
})();

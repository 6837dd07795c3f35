// Loaded before the SDK on the memory page: counts observers the way a leak would show. Each
// IntersectionObserver, ResizeObserver and MutationObserver is wrapped to count its live
// observations (observe − unobserve − disconnect) without holding its targets, and a
// FinalizationRegistry counts the observers that were garbage collected.
(() => {
  const counts = { created: 0, collected: 0, observing: 0 };
  const registry = new FinalizationRegistry(() => {
    counts.collected += 1;
  });
  for (const name of ['IntersectionObserver', 'ResizeObserver', 'MutationObserver']) {
    const Base = window[name];
    if (typeof Base !== 'function') continue;
    window[name] = class extends Base {
      #targets = new WeakSet();
      #count = 0;
      constructor(...args) {
        super(...args);
        counts.created += 1;
        registry.register(this, name);
      }
      observe(target, ...rest) {
        if (!this.#targets.has(target)) {
          this.#targets.add(target);
          this.#count += 1;
          counts.observing += 1;
        }
        return super.observe(target, ...rest);
      }
      unobserve(target) {
        if (this.#targets.delete(target)) {
          this.#count -= 1;
          counts.observing -= 1;
        }
        return super.unobserve?.(target);
      }
      disconnect() {
        counts.observing -= this.#count;
        this.#count = 0;
        this.#targets = new WeakSet();
        return super.disconnect();
      }
    };
  }
  window.benchObservers = counts;
})();

// The demo's side panel, shared by the checkout pages (index.html, proxy.html): the unit's events as
// they happen, and what the mock service recorded, read live from its `/__mock/*` routes.
window.demoPanel = (() => {
  /** Every event of the contract, by its DOM name. */
  const EVENTS = [
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

  const line = (text) => {
    const item = document.createElement('li');
    item.textContent = text;
    return item;
  };

  /** Lists the unit's events in `list`, newest first (`<ol reversed>`: it has the top number). */
  function logEvents(unit, list) {
    for (const name of EVENTS) {
      unit.addEventListener(`adpx-${name}`, (event) =>
        list.prepend(line(`${event.type} ${JSON.stringify(event.detail)}`)),
      );
    }
  }

  /** The mock service's record of one kind (`beacons`, `requests`). */
  async function record(kind) {
    const answer = await fetch(`/__mock/${kind}`);
    return (await answer.json())[kind];
  }

  /**
   * Every second: the beacons the service received into `beacons`, then `extra()` (more of the
   * record). The reset button empties the record and reloads the page.
   */
  function watchService({ beacons, reset, extra = async () => {} }) {
    const refresh = async () => {
      try {
        const received = await record('beacons');
        beacons.replaceChildren(
          ...received.map((b) =>
            line(
              `${new Date(b.at).toLocaleTimeString()} ${b.kind} · offer ${b.offerId} · ${b.cookie ? 'with cookies' : 'no cookies'}`,
            ),
          ),
        );
        await extra();
      } catch {
        // The panel is a convenience; the page keeps working without it.
      }
    };
    setInterval(refresh, 1000);
    void refresh();
    reset.addEventListener('click', async () => {
      await fetch('/__mock/reset', { method: 'POST' });
      location.reload();
    });
  }

  return { line, logEvents, record, watchService };
})();

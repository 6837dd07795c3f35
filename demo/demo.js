// Demo glue: points the unit at this origin's mock service and shows what the service received.
const unit = document.getElementById('unit');
unit.setAttribute('endpoint', location.origin);

const eventsList = document.getElementById('events');
for (const name of [
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
]) {
  unit.addEventListener(`adpx-${name}`, (event) => {
    const item = document.createElement('li');
    item.textContent = `${event.type} ${JSON.stringify(event.detail)}`;
    eventsList.prepend(item);
  });
}

const beaconsList = document.getElementById('beacons');
async function refreshBeacons() {
  try {
    const { beacons } = await (await fetch('/__mock/beacons')).json();
    beaconsList.replaceChildren(
      ...beacons.map((b) => {
        const item = document.createElement('li');
        item.textContent = `${new Date(b.at).toLocaleTimeString()} ${b.kind} · offer ${b.offerId}`;
        return item;
      }),
    );
  } catch {
    // The panel is a convenience; the page keeps working without it.
  }
}
setInterval(refreshBeacons, 1000);
refreshBeacons();

document.getElementById('reset').addEventListener('click', async () => {
  await fetch('/__mock/reset', { method: 'POST' });
  location.reload();
});

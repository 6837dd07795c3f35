// Demo glue: points the unit at this origin's mock service; the side panel shows its events and
// what the service received (panel.js).
const unit = document.getElementById('unit');
// The consent switch: kept in the URL (not in storage, which the visitor may have refused).
const refused = new URLSearchParams(location.search).get('consent') === 'refused';
if (refused) unit.consent = { storage: false };
unit.setAttribute('endpoint', location.origin);
// A cookie of the shop's own, so the beacon log can show which beacons carried cookies.
document.cookie = 'demo_session=1; path=/; SameSite=Lax';
const toggle = document.getElementById('consent-refused');
toggle.checked = refused;
toggle.addEventListener('change', () => {
  const url = new URL(location.href);
  if (toggle.checked) url.searchParams.set('consent', 'refused');
  else url.searchParams.delete('consent');
  location.replace(url);
});
const storedId = document.getElementById('stored-id');
const showStoredId = () => {
  const id = localStorage.getItem('adpx_fp');
  storedId.textContent = id ? `Stored on this device: adpx_fp = ${id}` : 'Nothing stored on this device.';
};
showStoredId();
setInterval(showStoredId, 1000);

window.demoPanel.logEvents(unit, document.getElementById('events'));
window.demoPanel.watchService({
  beacons: document.getElementById('beacons'),
  reset: document.getElementById('reset'),
});

// Demo glue: points the unit at this origin's mock service; the side panel shows its events and
// what the service received (panel.js).
const unit = document.getElementById('unit');
unit.setAttribute('endpoint', location.origin);

window.demoPanel.logEvents(unit, document.getElementById('events'));
window.demoPanel.watchService({
  beacons: document.getElementById('beacons'),
  reset: document.getElementById('reset'),
});

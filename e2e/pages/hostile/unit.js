// Adds the unit of a hostile page, after its library and the SDK (see page.js): inside the app's
// zone when zone-setup.js made one, as an Angular app would. `?debug` turns on the SDK's debug log.
(function () {
  var add = function () {
    var unit = document.createElement('adpx-offers');
    unit.setAttribute('api-key', 'test-key');
    unit.setAttribute('endpoint', location.origin);
    unit.setAttribute('placement', 'checkout');
    if (new URLSearchParams(location.search).has('debug')) unit.setAttribute('debug', '');
    document.getElementById('slot').appendChild(unit);
  };
  if (window.appZone) window.appZone.run(add);
  else add();
})();

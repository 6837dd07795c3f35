// External script of csp-unit.html (inline script is forbidden there): the unit's endpoint is the
// mock service that serves the page.
document.getElementById('unit').setAttribute('endpoint', location.origin);

// SES's `lockdown()` (ses 2.3.0, the package's own /vendor/ses/lockdown.umd.js, loaded just before):
// every JavaScript intrinsic of the page's realm is frozen (Object.prototype, Array.prototype,
// Function.prototype, Error.prototype, Promise, JSON, Symbol…). The default options, except with
// `?override=min`: `overrideTaming: 'min'` leaves as plain frozen data the prototype properties the
// default ('moderate') lets code override by assignment (Error.prototype.name, .message,
// .constructor…), so `this.name = …` in a class's constructor throws (the "override mistake").
lockdown(new URLSearchParams(location.search).get('override') === 'min' ? { overrideTaming: 'min' } : {});

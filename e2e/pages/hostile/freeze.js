// Frozen intrinsics without SES's taming: the prototype-pollution hardening OWASP recommends
// (`Object.freeze(Object.prototype)`), applied to every built-in prototype and constructor of the
// language, by plain `Object.freeze`. A property these objects hold (Error.prototype.name,
// Object.prototype.toString, .constructor…) can then no longer be overridden by assignment on an
// object that inherits it: in strict code `error.name = 'X'` throws (the "override mistake").
(function () {
  var names = [
    'Object',
    'Function',
    'Array',
    'String',
    'Number',
    'Boolean',
    'Symbol',
    'Date',
    'RegExp',
    'Error',
    'TypeError',
    'RangeError',
    'SyntaxError',
    'Promise',
    'Map',
    'Set',
    'WeakMap',
    'WeakSet',
    'ArrayBuffer',
    'Uint8Array',
    'DataView',
    'Proxy',
    'Reflect',
    'JSON',
    'Math',
  ];
  names.forEach(function (name) {
    var value = window[name];
    if (!value) return;
    if (value.prototype) Object.freeze(value.prototype);
    Object.freeze(value);
  });
  Object.freeze(Object.getPrototypeOf(Uint8Array.prototype));
  Object.freeze(Object.getPrototypeOf([][Symbol.iterator]()));
})();

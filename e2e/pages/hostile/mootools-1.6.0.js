// What MooTools Core 1.6.0 does to the built-ins, in the build most old shops load: the compat
// build (mootools-core-1.6.0-compat.js; 1.5.x did the same without compat). The npm package
// `mootools` is not the browser build, so this file reproduces the documented behaviour, in our
// words, from mootools-core's tag 1.6.0:
// - Source/Core/Core.js: `Array.from = Array.convert` (in the <1.5compat> block; 1.5.2 assigns it
//   directly): `Array.from(item)` returns `item` itself when it is an array, `slice.call(item)`
//   when it has a numeric length, else `[item]`. It takes no map function: `Array.from({ length:
//   21 }, fn)` is 21 holes, never calls fn.
// - Source/Core/Core.js, `Type` and `implement`: every type's prototype gets `$family` and
//   `$constructor`; methods are added by plain assignment, so they are ENUMERABLE on
//   Array.prototype, String.prototype, Number.prototype, Function.prototype and
//   Element.prototype. Natives listed in `force(...)` are `protect()`ed and kept (forEach, map,
//   filter, indexOf, Function#bind, Object.keys...): MooTools does not replace those in a browser
//   that has them.
// - Source/Types/Array.js, String.js, Number.js, Function.js: the extensions listed below.
// - Source/Types/DOMEvent.js: `var Event = this.Event = DOMEvent;` (<1.3compat>): the global
//   `Event` becomes MooTools' wrapper type, a function(event, win) that reads `event.type`.
// - Source/Element/Element.js: `var Element = this.Element = function(tag, props)` with the
//   native `Element.prototype` kept, so `instanceof Element` still works.
(function () {
  'use strict';
  var slice = Array.prototype.slice;
  var toString = Object.prototype.toString;
  var isEnumerable = function (item) {
    return item != null && typeof item.length == 'number' && toString.call(item) != '[object Function]';
  };
  // Core.js: Array.convert, installed as Array.from.
  Array.from = function (item) {
    if (item == null) return [];
    return isEnumerable(item) && typeof item != 'string'
      ? Array.isArray(item)
        ? item
        : slice.call(item)
      : [item];
  };

  // Core.js: plain assignment, as `Type#implement` does for methods without a native of that name.
  var implement = function (type, methods) {
    for (var name in methods) {
      var previous = type.prototype[name];
      if (previous == null || !previous.$protected) type.prototype[name] = methods[name];
    }
  };
  var family = function (type, name) {
    type.prototype.$family = function () {
      return name;
    };
    type.prototype.$constructor = type;
  };
  family(Array, 'array');
  family(String, 'string');
  family(Number, 'number');
  family(Function, 'function');
  family(RegExp, 'regexp');
  family(Date, 'date');
  family(Boolean, 'boolean');

  // Core.js: Function.prototype.overloadSetter, extend, implement, hide, protect (enumerable).
  implement(Function, {
    overloadSetter: function () {
      var self = this;
      return function (a, b) {
        if (a == null) return this;
        if (typeof a != 'string') {
          for (var k in a) self.call(this, k, a[k]);
        } else self.call(this, a, b);
        return this;
      };
    },
    extend: function (key, value) {
      this[key] = value;
    },
    implement: function (key, value) {
      this.prototype[key] = value;
    },
    hide: function () {
      this.$hidden = true;
      return this;
    },
    protect: function () {
      this.$protected = true;
      return this;
    },
    // Types/Function.js (bind is protected: the native one stays).
    attempt: function (args, bind) {
      try {
        return this.apply(bind, Array.from(args));
      } catch {
        return null;
      }
    },
    pass: function (args, bind) {
      var self = this;
      if (args != null) args = Array.from(args);
      return function () {
        return self.apply(bind, args || arguments);
      };
    },
    delay: function (delay, bind, args) {
      return setTimeout(this.pass(args == null ? [] : args, bind), delay);
    },
    periodical: function (periodical, bind, args) {
      return setInterval(this.pass(args == null ? [] : args, bind), periodical);
    },
  });

  // Types/Array.js
  implement(Array, {
    each: function (fn, bind) {
      for (var i = 0, l = this.length; i < l; i++) if (i in this) fn.call(bind, this[i], i, this);
      return this;
    },
    invoke: function (methodName) {
      var args = slice.call(arguments, 1);
      return this.map(function (item) {
        return item[methodName].apply(item, args);
      });
    },
    clean: function () {
      return this.filter(function (item) {
        return item != null;
      });
    },
    contains: function (item, from) {
      return this.indexOf(item, from) != -1;
    },
    append: function (array) {
      this.push.apply(this, array);
      return this;
    },
    getLast: function () {
      return this.length ? this[this.length - 1] : null;
    },
    getRandom: function () {
      return this.length ? this[Math.floor(Math.random() * this.length)] : null;
    },
    include: function (item) {
      if (!this.contains(item)) this.push(item);
      return this;
    },
    combine: function (array) {
      for (var i = 0, l = array.length; i < l; i++) this.include(array[i]);
      return this;
    },
    erase: function (item) {
      for (var i = this.length; i--;) if (this[i] === item) this.splice(i, 1);
      return this;
    },
    empty: function () {
      this.length = 0;
      return this;
    },
    flatten: function () {
      var array = [];
      for (var i = 0, l = this.length; i < l; i++) {
        array = array.concat(Array.isArray(this[i]) ? this[i].flatten() : this[i]);
      }
      return array;
    },
    pick: function () {
      for (var i = 0, l = this.length; i < l; i++) if (this[i] != null) return this[i];
      return null;
    },
    associate: function (keys) {
      var obj = {};
      for (var i = 0; i < Math.min(this.length, keys.length); i++) obj[keys[i]] = this[i];
      return obj;
    },
  });

  // Types/String.js (trim and contains are natives MooTools protects).
  implement(String, {
    test: function (regex, params) {
      return (typeof regex == 'string' ? new RegExp(regex, params) : regex).test(this);
    },
    clean: function () {
      return String(this).replace(/\s+/g, ' ').trim();
    },
    camelCase: function () {
      return String(this).replace(/-\D/g, function (match) {
        return match.charAt(1).toUpperCase();
      });
    },
    hyphenate: function () {
      return String(this).replace(/[A-Z]/g, function (match) {
        return '-' + match.charAt(0).toLowerCase();
      });
    },
    capitalize: function () {
      return String(this).replace(/\b[a-z]/g, function (match) {
        return match.toUpperCase();
      });
    },
    toInt: function (base) {
      return parseInt(this, base || 10);
    },
    toFloat: function () {
      return parseFloat(this);
    },
    substitute: function (object, regexp) {
      return String(this).replace(regexp || /\\?\{([^{}]+)\}/g, function (match, name) {
        if (match.charAt(0) == '\\') return match.slice(1);
        return object[name] != null ? object[name] : '';
      });
    },
  });

  // Types/Number.js
  implement(Number, {
    limit: function (min, max) {
      return Math.min(max, Math.max(min, this));
    },
    round: function (precision) {
      precision = Math.pow(10, precision || 0).toFixed(precision < 0 ? -precision : 0);
      return Math.round(this * precision) / precision;
    },
    times: function (fn, bind) {
      for (var i = 0; i < this; i++) fn.call(bind, i, this);
    },
    toInt: function (base) {
      return parseInt(this, base || 10);
    },
    toFloat: function () {
      return parseFloat(this);
    },
  });

  // Types/DOMEvent.js (<1.3compat>): the global Event is MooTools' wrapper type.
  var DOMEvent = function (event, win) {
    if (!win) win = window;
    event = event || win.event;
    if (event.$extended) return event;
    this.event = event;
    this.$extended = true;
    this.type = event.type;
    this.target = event.target;
    this.shift = event.shiftKey;
    this.control = event.ctrlKey;
    this.alt = event.altKey;
    this.meta = event.metaKey;
    this.page = {};
    this.client = {};
  };
  DOMEvent.prototype.stop = function () {
    return this.preventDefault().stopPropagation();
  };
  DOMEvent.prototype.stopPropagation = function () {
    this.event.stopPropagation();
    return this;
  };
  DOMEvent.prototype.preventDefault = function () {
    this.event.preventDefault();
    return this;
  };
  DOMEvent.Keys = {};
  window.DOMEvent = DOMEvent;
  window.Event = DOMEvent;

  // Element/Element.js: the global Element is MooTools' constructor, on the native prototype,
  // and Element.implement adds enumerable methods to it.
  var NativeElement = window.Element;
  var Element = function (tag, props) {
    var element = document.createElement(tag);
    if (props) for (var key in props) element.setAttribute(key, props[key]);
    return element;
  };
  Element.prototype = NativeElement.prototype;
  window.Element = Element;
  implement(Element, {
    set: function (prop, value) {
      this.setAttribute(prop, value);
      return this;
    },
    get: function (prop) {
      return this.getAttribute(prop);
    },
    inject: function (el, where) {
      if (where == 'top') el.insertBefore(this, el.firstChild);
      else el.appendChild(this);
      return this;
    },
    grab: function (el) {
      this.appendChild(el);
      return this;
    },
    dispose: function () {
      return this.parentNode ? this.parentNode.removeChild(this) : this;
    },
    hasClass: function (className) {
      return this.classList.contains(className);
    },
    addClass: function (className) {
      this.classList.add(className);
      return this;
    },
    removeClass: function (className) {
      this.classList.remove(className);
      return this;
    },
    addEvent: function (type, fn) {
      this.addEventListener(type, fn);
      return this;
    },
    removeEvent: function (type, fn) {
      this.removeEventListener(type, fn);
      return this;
    },
    getElement: function (selector) {
      return this.querySelector(selector);
    },
    getElements: function (selector) {
      return Array.from(this.querySelectorAll(selector));
    },
  });
  window.$ = function (id) {
    return typeof id == 'string' ? document.getElementById(id) : id;
  };
  window.$$ = function (selector) {
    return Array.from(document.querySelectorAll(selector));
  };
  window.MooTools = { version: '1.6.0', build: 'reproduced in e2e/pages/hostile/mootools-1.6.0.js' };
})();

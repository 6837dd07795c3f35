// What Prototype 1.6.1 does to the built-ins (the version of many old shops; Magento 1's 1.7 kept
// most of it, without Array#toJSON). The npm package `prototype` is not the browser build, so this
// file reproduces the documented behaviour, in our words, from prototypejs/prototype's tag 1.6.1
// (src/lang/*.js, src/dom/*.js):
// - array.js: `Array.from = $A`: `$A(iterable)` calls `iterable.toArray()` when it has one, else
//   copies `length` items; it takes no map function (`$A({ length: 21 })` is 21 × undefined).
// - array.js: `Object.extend(Array.prototype, Enumerable)` then the array methods, by plain
//   assignment, so all are ENUMERABLE. Enumerable REPLACES the natives map, filter, find, some,
//   every (iterators get (value, index), no array) and `entries`, which becomes `toArray` (a copy
//   of the values, not an iterator of [index, value]). Array#toJSON returns a JSON *string*, so
//   the native `JSON.stringify` encodes every array twice: `JSON.stringify({ a: [1] })` is
//   '{"a":"[1]"}'.
// - object.js: `Object.keys` and `Object.values` replaced by `for…in` loops (inherited enumerable
//   keys included); Object.extend, Object.toJSON, Object.isArray…
// - string.js: String#startsWith/endsWith replaced by one-argument versions; include, strip,
//   toJSON, toArray (the string's characters), times…; number.js: Number#toJSON,
//   toPaddedString; date.js: Date#toJSON returns a quoted string.
// - function.js: Function#bind replaced (and bindAsEventListener, curry, delay, defer, wrap…).
// - dom.js: the global `Element` replaced by Prototype's constructor (native prototype kept);
//   Element.Methods copied onto HTMLElement.prototype, overriding natives of the same name
//   (remove, replace, scrollTo…); event.js: Event.Methods onto Event.prototype, Event.observe…
(function (global) {
  'use strict';
  var slice = Array.prototype.slice;
  var $break = {};
  var K = function (x) {
    return x;
  };
  var extend = function (destination, source) {
    for (var property in source) destination[property] = source[property];
    return destination;
  };
  var isFunction = function (o) {
    return typeof o === 'function';
  };
  var methodize = function (fn) {
    return function () {
      return fn.apply(null, [this].concat(slice.call(arguments)));
    };
  };

  // array.js: $A and Array.from.
  function $A(iterable) {
    if (!iterable) return [];
    if ('toArray' in Object(iterable)) return iterable.toArray();
    var length = iterable.length || 0,
      results = new Array(length);
    while (length--) results[length] = iterable[length];
    return results;
  }
  Array.from = $A;

  // object.js
  function toJSON(object) {
    var type = typeof object;
    if (type === 'undefined' || type === 'function') return undefined;
    if (type === 'boolean') return object.toString();
    if (object === null) return 'null';
    if (object.toJSON) return object.toJSON();
    if (object.nodeType === 1) return undefined;
    var results = [];
    for (var property in object) {
      var value = toJSON(object[property]);
      if (value !== undefined) results.push(property.toJSON() + ': ' + value);
    }
    return '{' + results.join(', ') + '}';
  }
  extend(Object, {
    extend: extend,
    toJSON: toJSON,
    keys: function (object) {
      var results = [];
      for (var property in object) results.push(property);
      return results;
    },
    values: function (object) {
      var results = [];
      for (var property in object) results.push(object[property]);
      return results;
    },
    clone: function (object) {
      return extend({}, object);
    },
    isArray: Array.isArray,
    isFunction: isFunction,
    isString: function (o) {
      return typeof o === 'string';
    },
    isNumber: function (o) {
      return typeof o === 'number';
    },
    isUndefined: function (o) {
      return typeof o === 'undefined';
    },
    isElement: function (o) {
      return !!(o && o.nodeType === 1);
    },
  });

  // enumerable.js: iterators get (value, index); `throw $break` stops.
  var Enumerable = {
    each: function (iterator, context) {
      var index = 0;
      try {
        this._each(function (value) {
          iterator.call(context, value, index++);
        });
      } catch (e) {
        if (e !== $break) throw e;
      }
      return this;
    },
    all: function (iterator, context) {
      iterator = iterator || K;
      var result = true;
      this.each(function (value, index) {
        result = result && !!iterator.call(context, value, index);
        if (!result) throw $break;
      });
      return result;
    },
    any: function (iterator, context) {
      iterator = iterator || K;
      var result = false;
      this.each(function (value, index) {
        if ((result = !!iterator.call(context, value, index))) throw $break;
      });
      return result;
    },
    collect: function (iterator, context) {
      iterator = iterator || K;
      var results = [];
      this.each(function (value, index) {
        results.push(iterator.call(context, value, index));
      });
      return results;
    },
    detect: function (iterator, context) {
      var result;
      this.each(function (value, index) {
        if (iterator.call(context, value, index)) {
          result = value;
          throw $break;
        }
      });
      return result;
    },
    findAll: function (iterator, context) {
      var results = [];
      this.each(function (value, index) {
        if (iterator.call(context, value, index)) results.push(value);
      });
      return results;
    },
    include: function (object) {
      return this.indexOf(object) != -1;
    },
    inject: function (memo, iterator, context) {
      this.each(function (value, index) {
        memo = iterator.call(context, memo, value, index);
      });
      return memo;
    },
    invoke: function (method) {
      var args = slice.call(arguments, 1);
      return this.map(function (value) {
        return value[method].apply(value, args);
      });
    },
    pluck: function (property) {
      var results = [];
      this.each(function (value) {
        results.push(value[property]);
      });
      return results;
    },
    reject: function (iterator, context) {
      var results = [];
      this.each(function (value, index) {
        if (!iterator.call(context, value, index)) results.push(value);
      });
      return results;
    },
    toArray: function () {
      return this.map();
    },
    size: function () {
      return this.toArray().length;
    },
  };
  Enumerable.every = Enumerable.all;
  Enumerable.some = Enumerable.any;
  Enumerable.map = Enumerable.collect;
  Enumerable.find = Enumerable.detect;
  Enumerable.select = Enumerable.findAll;
  Enumerable.filter = Enumerable.findAll;
  Enumerable.member = Enumerable.include;
  Enumerable.entries = Enumerable.toArray;

  var arrayProto = Array.prototype;
  var nativeForEach = arrayProto.forEach;
  extend(arrayProto, Enumerable);
  extend(arrayProto, {
    _each: nativeForEach,
    clear: function () {
      this.length = 0;
      return this;
    },
    first: function () {
      return this[0];
    },
    last: function () {
      return this[this.length - 1];
    },
    compact: function () {
      return this.select(function (value) {
        return value != null;
      });
    },
    without: function () {
      var values = slice.call(arguments, 0);
      return this.select(function (value) {
        return values.indexOf(value) == -1;
      });
    },
    uniq: function () {
      return this.inject([], function (array, value) {
        if (array.indexOf(value) == -1) array.push(value);
        return array;
      });
    },
    clone: function () {
      return slice.call(this, 0);
    },
    inspect: function () {
      return '[' + this.map(String).join(', ') + ']';
    },
    toJSON: function () {
      var results = [];
      this.each(function (object) {
        var value = toJSON(object);
        if (value !== undefined) results.push(value);
      });
      return '[' + results.join(', ') + ']';
    },
  });
  arrayProto.toArray = arrayProto.clone;

  // string.js, number.js, date.js
  extend(String.prototype, {
    strip: function () {
      return this.replace(/^\s+/, '').replace(/\s+$/, '');
    },
    include: function (pattern) {
      return this.indexOf(pattern) > -1;
    },
    startsWith: function (pattern) {
      return this.indexOf(pattern) === 0;
    },
    endsWith: function (pattern) {
      var d = this.length - pattern.length;
      return d >= 0 && this.lastIndexOf(pattern) === d;
    },
    empty: function () {
      return this == '';
    },
    blank: function () {
      return /^\s*$/.test(this);
    },
    times: function (count) {
      return count < 1 ? '' : new Array(count + 1).join(this);
    },
    toArray: function () {
      return this.split('');
    },
    escapeHTML: function () {
      return this.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
    },
    camelize: function () {
      return this.replace(/-+(.)?/g, function (match, chr) {
        return chr ? chr.toUpperCase() : '';
      });
    },
    inspect: function (useDoubleQuotes) {
      var escaped = this.replace(/[\x00-\x1f\\]/g, function (character) {
        return '\\u00' + character.charCodeAt(0).toString(16).padStart(2, '0');
      });
      if (useDoubleQuotes) return '"' + escaped.replace(/"/g, '\\"') + '"';
      return "'" + escaped.replace(/'/g, "\\'") + "'";
    },
    toJSON: function () {
      return this.inspect(true);
    },
  });
  extend(Number.prototype, {
    toJSON: function () {
      return isFinite(this) ? this.toString() : 'null';
    },
    toPaddedString: function (length, radix) {
      var string = this.toString(radix || 10);
      return '0'.times(length - string.length) + string;
    },
    succ: function () {
      return this + 1;
    },
    times: function (iterator, context) {
      for (var i = 0; i < this; i++) iterator.call(context, i);
      return this;
    },
  });
  Date.prototype.toJSON = function () {
    return (
      '"' +
      this.getUTCFullYear() +
      '-' +
      (this.getUTCMonth() + 1).toPaddedString(2) +
      '-' +
      this.getUTCDate().toPaddedString(2) +
      'T' +
      this.getUTCHours().toPaddedString(2) +
      ':' +
      this.getUTCMinutes().toPaddedString(2) +
      ':' +
      this.getUTCSeconds().toPaddedString(2) +
      'Z"'
    );
  };

  // function.js
  extend(Function.prototype, {
    bind: function (context) {
      if (arguments.length < 2 && typeof arguments[0] === 'undefined') return this;
      var method = this,
        args = slice.call(arguments, 1);
      return function () {
        return method.apply(context, args.concat(slice.call(arguments)));
      };
    },
    bindAsEventListener: function (context) {
      var method = this,
        args = slice.call(arguments, 1);
      return function (event) {
        return method.apply(context, [event || window.event].concat(args));
      };
    },
    curry: function () {
      if (!arguments.length) return this;
      var method = this,
        args = slice.call(arguments, 0);
      return function () {
        return method.apply(this, args.concat(slice.call(arguments)));
      };
    },
    delay: function (timeout) {
      var method = this,
        args = slice.call(arguments, 1);
      return setTimeout(function () {
        return method.apply(method, args);
      }, timeout * 1000);
    },
    defer: function () {
      return this.delay.apply(this, [0.01].concat(slice.call(arguments)));
    },
    wrap: function (wrapper) {
      var method = this;
      return function () {
        return wrapper.apply(this, [method.bind(this)].concat(slice.call(arguments)));
      };
    },
    methodize: function () {
      return methodize(this);
    },
  });

  // dom.js: the global Element, and Element.Methods on every HTML element (natives overridden).
  var $ = function (element) {
    return typeof element === 'string' ? document.getElementById(element) : element;
  };
  var NativeElement = global.Element;
  global.Element = function (tagName, attributes) {
    var element = document.createElement(tagName);
    for (var name in attributes || {}) element.setAttribute(name, attributes[name]);
    return element;
  };
  extend(global.Element, NativeElement);
  global.Element.prototype = NativeElement.prototype;
  global.Element.Methods = {
    visible: function (element) {
      return $(element).style.display != 'none';
    },
    hide: function (element) {
      element = $(element);
      element.style.display = 'none';
      return element;
    },
    show: function (element) {
      element = $(element);
      element.style.display = '';
      return element;
    },
    remove: function (element) {
      element = $(element);
      element.parentNode.removeChild(element);
      return element;
    },
    update: function (element, content) {
      element = $(element);
      element.innerHTML = content == null ? '' : String(content);
      return element;
    },
    replace: function (element, content) {
      element = $(element);
      if (content && content.nodeType) element.parentNode.replaceChild(content, element);
      else element.outerHTML = String(content);
      return element;
    },
    scrollTo: function (element) {
      element = $(element);
      var rect = element.getBoundingClientRect();
      window.scrollTo(rect.left + window.pageXOffset, rect.top + window.pageYOffset);
      return element;
    },
    readAttribute: function (element, name) {
      return $(element).getAttribute(name);
    },
    writeAttribute: function (element, name, value) {
      $(element).setAttribute(name, value);
      return element;
    },
    addClassName: function (element, className) {
      $(element).classList.add(className);
      return element;
    },
    removeClassName: function (element, className) {
      $(element).classList.remove(className);
      return element;
    },
    hasClassName: function (element, className) {
      return $(element).classList.contains(className);
    },
    observe: function (element, eventName, handler) {
      $(element).addEventListener(eventName, handler, false);
      return element;
    },
    stopObserving: function (element, eventName, handler) {
      $(element).removeEventListener(eventName, handler, false);
      return element;
    },
    identify: function (element) {
      element = $(element);
      return element.id || (element.id = 'anonymous_element_' + Math.floor(Math.random() * 1e9));
    },
  };
  for (var method in global.Element.Methods) {
    HTMLElement.prototype[method] = methodize(global.Element.Methods[method]);
  }

  // event.js: Event.Methods on Event.prototype (enumerable), Event.observe…
  var eventMethods = {
    element: function (event) {
      return event.target;
    },
    stop: function (event) {
      event.preventDefault();
      event.stopPropagation();
      event.stopped = true;
    },
    isLeftClick: function (event) {
      return event.button === 0;
    },
    pointerX: function (event) {
      return event.pageX;
    },
    pointerY: function (event) {
      return event.pageY;
    },
  };
  for (var name in eventMethods) global.Event.prototype[name] = methodize(eventMethods[name]);
  extend(global.Event, {
    KEY_BACKSPACE: 8,
    KEY_TAB: 9,
    KEY_RETURN: 13,
    KEY_ESC: 27,
    observe: global.Element.Methods.observe,
    stopObserving: global.Element.Methods.stopObserving,
  });

  global.$ = $;
  global.$A = $A;
  global.$break = $break;
  global.$$ = function (selector) {
    return $A(document.querySelectorAll(selector));
  };
  global.Enumerable = Enumerable;
  global.Prototype = { Version: '1.6.1', K: K, emptyFunction: function () {} };
})(this);

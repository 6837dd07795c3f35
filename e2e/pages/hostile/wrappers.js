// What error-monitoring and analytics tools do to a page's built-ins, written the way they do it
// (Sentry's browser SDK `fill()`s, New Relic's and Datadog's RUM agents): each built-in is replaced
// by a wrapper that records, then calls the original it kept.
// - `fetch`: records the call, returns the original's promise chained through `.then` (Sentry's
//   instrumentFetch); `XMLHttpRequest#open/send` likewise.
// - `EventTarget.prototype.addEventListener/removeEventListener`: function listeners wrapped in a
//   try/catch that reports and rethrows, the wrapper remembered on the listener so that removal
//   finds it (Sentry's `wrap` and `__sentry_wrapped__`); options passed through.
// - `setTimeout`, `setInterval`, `requestAnimationFrame`: the callback wrapped the same way.
// - `JSON.stringify` and `JSON.parse`: timed and counted, then the original with every argument.
// - `history.pushState/replaceState`: a route-change hook; `console.error/warn`: captured.
// - `window.onerror` and `onunhandledrejection`: the tools' global handlers.
(function () {
  var seen = (window.toolSeen = { fetch: 0, listeners: 0, json: 0, timers: 0, errors: [] });
  var fill = function (source, name, replacement) {
    var original = source[name];
    var wrapped = replacement(original);
    wrapped.__tool_original__ = original;
    source[name] = wrapped;
  };
  var wrap = function (fn) {
    if (typeof fn !== 'function') return fn;
    if (fn.__tool_wrapped__) return fn.__tool_wrapped__;
    var wrapper = function () {
      try {
        return fn.apply(this, arguments);
      } catch (error) {
        seen.errors.push(String(error));
        throw error;
      }
    };
    fn.__tool_wrapped__ = wrapper;
    return wrapper;
  };
  fill(window, 'fetch', function (original) {
    return function () {
      seen.fetch++;
      var started = Date.now();
      return original.apply(window, arguments).then(
        function (response) {
          seen.lastFetchMs = Date.now() - started;
          return response;
        },
        function (error) {
          seen.errors.push(String(error));
          throw error;
        },
      );
    };
  });
  fill(XMLHttpRequest.prototype, 'open', function (original) {
    return function (method, url) {
      this.__tool_url__ = url;
      return original.apply(this, arguments);
    };
  });
  fill(XMLHttpRequest.prototype, 'send', function (original) {
    return function () {
      return original.apply(this, arguments);
    };
  });
  fill(EventTarget.prototype, 'addEventListener', function (original) {
    return function (type, listener, options) {
      seen.listeners++;
      return original.call(this, type, wrap(listener), options);
    };
  });
  fill(EventTarget.prototype, 'removeEventListener', function (original) {
    return function (type, listener, options) {
      var wrapped = listener && listener.__tool_wrapped__;
      if (wrapped) original.call(this, type, wrapped, options);
      return original.call(this, type, listener, options);
    };
  });
  ['setTimeout', 'setInterval', 'requestAnimationFrame'].forEach(function (name) {
    fill(window, name, function (original) {
      return function (callback) {
        seen.timers++;
        var args = Array.prototype.slice.call(arguments);
        args[0] = wrap(callback);
        return original.apply(this, args);
      };
    });
  });
  fill(JSON, 'stringify', function (original) {
    return function () {
      seen.json++;
      return original.apply(JSON, arguments);
    };
  });
  fill(JSON, 'parse', function (original) {
    return function () {
      seen.json++;
      return original.apply(JSON, arguments);
    };
  });
  ['pushState', 'replaceState'].forEach(function (name) {
    fill(history, name, function (original) {
      return function () {
        seen.route = String(arguments[2]);
        return original.apply(this, arguments);
      };
    });
  });
  ['error', 'warn'].forEach(function (name) {
    fill(console, name, function (original) {
      return function () {
        seen.errors.push(Array.prototype.join.call(arguments, ' '));
        return original.apply(console, arguments);
      };
    });
  });
  window.onerror = function (message) {
    seen.errors.push(String(message));
    return false;
  };
  window.onunhandledrejection = function (event) {
    seen.errors.push(String(event.reason));
  };
})();

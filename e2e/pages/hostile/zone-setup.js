// zone.js as an Angular app loads it (zone.js 0.16.3, the package's own
// /vendor/zone.js/zone.umd.js, loaded just before): Promise becomes ZoneAwarePromise; fetch,
// addEventListener, timers, MutationObserver, IntersectionObserver callbacks,
// customElements.define and queueMicrotask are patched to run in zones. This forks a zone and
// keeps a count of the tasks it saw, as an app's change detection would.
(function () {
  var tasks = (window.zoneTasks = { scheduled: 0 });
  window.appZone = Zone.current.fork({
    name: 'app',
    onScheduleTask: function (delegate, current, target, task) {
      tasks.scheduled++;
      return delegate.scheduleTask(target, task);
    },
  });
})();

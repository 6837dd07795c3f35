// A progressive web app's service worker, as Workbox's NetworkOnly strategy or a hand-written
// "network first" one behaves for requests it does not cache: every request of the page but its
// navigations (the offers POST, the SDK's files, the beacons, cross-origin included) is answered
// with the worker's own `fetch(event.request)`.
self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));
self.addEventListener('fetch', (event) => {
  if (event.request.mode !== 'navigate') event.respondWith(fetch(event.request));
});

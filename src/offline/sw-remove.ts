/**
 * The worker a deploy ships at /sw.js when the service worker is switched off (./switch.mjs):
 * it takes over from the worker a visitor has at once, deletes every cache of the site's
 * workers, and unregisters itself. It answers no request (no `fetch` handler), so the pages it
 * still controls until they are left load from the network, and the next navigation has no
 * worker. Messages kept in the browser (IndexedDB) are left alone: the contact page still shows
 * and sends them.
 */
/// <reference lib="webworker" />
declare const self: ServiceWorkerGlobalScope;
// A module, so `self` above is its own.
export {};

self.addEventListener('install', () => {
  void self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) await caches.delete(name);
      await self.registration.unregister();
    })(),
  );
});

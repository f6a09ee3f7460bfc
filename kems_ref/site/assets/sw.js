// kems-ref's browser edition: the service worker. On the first visit it keeps every file of this
// version of the site; afterwards the page loads from that copy, in airplane mode too. A new version
// is kept beside the old one and takes over when the player taps "update".
"use strict";
const VERSION = "__VERSION__";
const FILES = ["__FILES__"];
const CACHE = "kems-ref-" + VERSION;

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(FILES.map((f) => new Request(f, { cache: "reload" })))));
  if (!self.registration.active) self.skipWaiting();  // the first version: no page to update
});

self.addEventListener("activate", (event) => {
  event.waitUntil(caches.keys().then((names) => Promise.all(
    names.filter((n) => n.startsWith("kems-ref-") && n !== CACHE).map((n) => caches.delete(n))))
    .then(() => self.clients.claim()));
});

self.addEventListener("message", (event) => {
  if (event.data === "update") self.skipWaiting();
});

self.addEventListener("fetch", (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== "GET" || url.origin !== self.location.origin) return;
  event.respondWith(caches.open(CACHE).then(async (cache) => {
    const kept = await cache.match(event.request, { ignoreSearch: true });
    if (kept) return kept;
    const got = await fetch(event.request);  // a file a first visit leaves for later: kept once fetched
    if (got.ok && url.pathname.endsWith(".zip")) await cache.put(event.request, got.clone());
    return got;
  }));
});

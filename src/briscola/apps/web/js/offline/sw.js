// The app's service worker (issue 39): js/offline/sw.js, served as /sw.js with scope / (the score
// keeper's own worker keeps /score). On install it keeps every file of the list that
// scripts/offline_bundle.py writes (/static/offline/files.json: the home and offline pages, the
// game's scripts and styles, the cards, the icons and the manifest, Pyodide and the package's
// sources), so the installed app opens and plays against the computer without a network.
// Pages and the other files: the network first, the kept copy when it fails (and each answer
// kept again). Pyodide's files (/static/offline/pyodide/, 13 MB) change only with its pin in
// package.json: the kept copy first, and the cache's name carries the pin (tests/js checks it),
// so a new pin is a new worker that fetches them again. The API and the sockets are never kept.
const CACHE = "briscola-app-pyodide-314.0.8";
const LIST = "/static/offline/files.json";
const PAGES = ["/", "/offline"];
const HEAVY = "/static/offline/pyodide/";

self.addEventListener("install", (event) => {
  event.waitUntil(
    fetch(LIST, { cache: "no-store" })
      .then((r) => r.json())
      .then((list) => caches.open(CACHE).then((cache) => cache.addAll([...PAGES, ...list.files])))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(
          keys
            .filter((k) => k.startsWith("briscola-app-") && k !== CACHE)
            .map((k) => caches.delete(k)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

function keep(key, response) {
  if (response.ok) {
    const copy = response.clone();
    caches.open(CACHE).then((cache) => cache.put(key, copy));
  }
  return response;
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  const path = url.pathname;
  if (path === LIST) return;
  if (path.startsWith(HEAVY)) {
    event.respondWith(
      caches.match(path).then((hit) => hit || fetch(request).then((r) => keep(path, r))),
    );
    return;
  }
  if (!PAGES.includes(path) && !path.startsWith("/static/")) return;
  event.respondWith(
    fetch(request)
      .then((r) => keep(path, r))
      .catch(() => caches.match(path).then((hit) => hit || Response.error())),
  );
});

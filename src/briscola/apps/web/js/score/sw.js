// The score keeper's service worker (js/score/sw.js, served as /score-sw.js, scope /score): it
// keeps the page's own files, so a sheet opens after a reload without a network, from the last
// state the page saved in localStorage. Network first, the cache when the network fails; the API
// is never cached.
const CACHE = "briscola-score-v6";
const PAGE = "/score";
// every module the page imports (tests/js/sw.test.js checks the list against the imports)
const FILES = [
  PAGE,
  "/static/js/common/cards.js",
  "/static/js/common/dom.js",
  "/static/js/common/form.js",
  "/static/js/common/i18n.js",
  "/static/js/common/ro/errors.js",
  "/static/js/common/ro/flow.js",
  "/static/js/common/ro/index.js",
  "/static/js/common/ro/score.js",
  "/static/js/common/ro/table.js",
  "/static/js/common/strings-analysis.js",
  "/static/js/common/strings-emotes.js",
  "/static/js/common/strings-errors.js",
  "/static/js/common/strings-flow.js",
  "/static/js/common/strings-lesson.js",
  "/static/js/common/strings-lobby.js",
  "/static/js/common/strings-offline.js",
  "/static/js/common/strings-profile.js",
  "/static/js/common/strings-score.js",
  "/static/js/common/strings-settings.js",
  "/static/js/common/strings-signals.js",
  "/static/js/common/strings-table.js",
  "/static/js/score/board.js",
  "/static/js/score/icons.js",
  "/static/js/score/list.js",
  "/static/js/score/local.js",
  "/static/js/score/main.js",
  "/static/js/score/new.js",
  "/static/js/score/pad.js",
  "/static/js/score/panels.js",
  "/static/js/score/sync.js",
  "/static/js/score/text.js",
  "/static/css/base.css",
  "/static/css/home.css",
  "/static/css/table.css",
  "/static/css/seats.css",
  "/static/css/felt.css",
  "/static/css/hand.css",
  "/static/css/panels.css",
  "/static/css/embed.css",
  "/static/css/score.css",
  "/static/favicon.svg",
  "/static/manifest.webmanifest",
  "/static/icons/apple-touch-icon.png",
];

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(FILES))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  const page = url.pathname === PAGE || url.pathname.startsWith(`${PAGE}/`);
  if (!page && !FILES.includes(url.pathname)) return;
  const key = page ? PAGE : url.pathname;
  event.respondWith(
    fetch(request)
      .then((response) => {
        if (response.ok) {
          const copy = response.clone();
          caches.open(CACHE).then((cache) => cache.put(key, copy));
        }
        return response;
      })
      .catch(() => caches.match(key).then((hit) => hit || Response.error())),
  );
});

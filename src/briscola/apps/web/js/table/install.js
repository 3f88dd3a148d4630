// The installable app (issue 39): the service worker of the whole site (js/offline/sw.js, served
// as /sw.js, scope /), which keeps the app's pages, scripts, styles, cards and the offline
// game's files (Pyodide and the package's sources) so the app opens and plays without a network.
// The score keeper keeps its own worker for /score (js/score/sw.js). A page registers it by
// importing this module: the home page's (an app installed from it plays offline at once), the
// table's and the offline game's.
if ("serviceWorker" in navigator && window.isSecureContext) {
  navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(() => null);
}

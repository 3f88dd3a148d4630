// The score keeper's network layer: the JSON API, and for one sheet the queue of changes kept in
// localStorage (applied here at once, sent with the revision the page shows, replayed when the
// network is back; a 409 takes the server's sheet and sends again the points still waiting).
// Each change waiting has its own id: one sent again after its answer was lost is counted once.
import { getLang, t } from "../common/i18n.js";
import { toast } from "../common/dom.js";
import { changeId, forget, LocalError, localApply, remember, saveRecord, shown } from "./local.js";

const netEl = document.getElementById("net");
const RETRY_MS = 3000;

export class NetworkError extends Error {}

/** A JSON request to the API: {status, data}; NetworkError when the server cannot be reached. */
export async function call(path, body) {
  const sep = path.includes("?") ? "&" : "?";
  let res;
  try {
    res = await fetch(`${path}${sep}lang=${getLang()}`, {
      method: body === undefined ? "GET" : "POST",
      headers: body === undefined ? {} : { "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
      cache: "no-store",
    });
  } catch {
    throw new NetworkError("network");
  }
  let data = null;
  try {
    data = await res.json();
  } catch {
    if (res.status >= 500 || res.status === 0) throw new NetworkError("server");
  }
  return { status: res.status, data };
}

export function errorText(data, status) {
  return (data && data.message) || `${t("err.generic")} (HTTP ${status})`;
}

function localMessage(err) {
  return t(`err.${err.code}`, err.params);
}

/**
 * One sheet's sync: `rec` is its record from localStorage, `paint` redraws the page. The state
 * the page reads (offline, flushing, missing, localRedo) is exposed as getters.
 */
export function createSync(id, rec, paint) {
  let offline = false;
  let flushing = false;
  let replaying = false;
  let missing = false;
  let retryTimer = null;
  let localRedo = [];

  function persist() {
    saveRecord(id, rec);
  }

  function view() {
    return rec.server ? shown(rec) : null;
  }

  function setOffline(value) {
    if (value && !offline) toast(t("net.offline_toast"), "info", 5000);
    offline = value;
    paintNet();
    if (offline) scheduleRetry();
  }

  function scheduleRetry() {
    if (retryTimer) return;
    retryTimer = setTimeout(() => {
      retryTimer = null;
      if (rec.queue.length) flush();
      else refresh();
    }, RETRY_MS);
  }

  function paintNet() {
    const waiting = rec.queue.length;
    let state = "online";
    let text = "";
    if (offline) {
      state = "offline";
      text = waiting
        ? `${t("net.offline")} · ${t("net.pending", { n: waiting })}`
        : t("net.offline");
    } else if (replaying && waiting) {
      state = "syncing";
      text = t("net.syncing");
    }
    netEl.dataset.state = state;
    netEl.textContent = text;
    netEl.hidden = state === "online";
  }

  function adopt(data) {
    rec.server = data;
    remember(data);
  }

  async function refresh() {
    if (flushing) return;
    try {
      const { status, data } = await call(`/api/scores/${encodeURIComponent(id)}`);
      if (status === 404) {
        missing = true;
        forget(id);
        paint();
        return;
      }
      if (status !== 200) {
        toast(errorText(data, status));
        return;
      }
      const wasOffline = offline;
      adopt(data);
      persist();
      setOffline(false);
      paint();
      if (rec.queue.length) flush();
      else if (wasOffline) toast(t("net.synced"), "info", 2500);
    } catch (err) {
      if (!(err instanceof NetworkError)) throw err;
      setOffline(true);
      paint();
    }
  }

  async function flush() {
    if (flushing || !rec.server) return;
    flushing = true;
    replaying = offline;
    let conflicts = 0;
    let synced = false;
    try {
      while (rec.queue.length) {
        const item = rec.queue[0];
        item.sent = true;
        let reply;
        try {
          reply = await call(`/api/scores/${encodeURIComponent(id)}/changes`, {
            revision: rec.server.revision,
            change: item.change,
            id: item.id,
          });
        } catch (err) {
          item.sent = false;
          if (!(err instanceof NetworkError)) throw err;
          setOffline(true);
          break;
        }
        const { status, data } = reply;
        if (offline) synced = true;
        offline = false;
        if (status === 200) {
          rec.queue.shift();
          adopt(data);
          if (data.change && (item.change.op === "undo" || item.change.op === "redo")) {
            toast(`${item.change.op === "undo" ? "↶" : "↷"} ${data.change}`, "info", 2200);
          }
        } else if (status === 409 && data && data.current) {
          adopt(data.current);
          conflicts += 1;
          item.sent = false;
          // points still mean what they meant; other changes were made on a sheet that is gone
          if (!["add", "set_total"].includes(item.change.op) || conflicts > 3) rec.queue.shift();
          if (conflicts === 1) toast(t("net.conflict"), "info");
        } else if (status === 404) {
          rec.queue.length = 0;
          missing = true;
          forget(id);
        } else {
          rec.queue.shift();
          toast(errorText(data, status));
        }
        persist();
        paint();
      }
    } finally {
      flushing = false;
      replaying = false;
      persist();
      paint();
      if (synced && !offline && !rec.queue.length) toast(t("net.synced"), "info", 2500);
    }
  }

  /** Make a change: checked and shown here at once, then sent (or kept until the network is back). */
  function submit(change) {
    const now = view();
    if (!now) return false;
    try {
      localApply(now, change);
    } catch (err) {
      if (!(err instanceof LocalError)) throw err;
      toast(localMessage(err));
      return false;
    }
    rec.queue.push({ change, at: Date.now(), sent: false, id: changeId() });
    localRedo = [];
    persist();
    paint();
    if (offline) scheduleRetry();
    else flush();
    return true;
  }

  function undo() {
    const last = rec.queue[rec.queue.length - 1];
    if (last && !last.sent && !["undo", "redo"].includes(last.change.op)) {
      localRedo.push(rec.queue.pop());
      persist();
      paint();
      return;
    }
    submit({ op: "undo" });
  }

  function redo() {
    if (localRedo.length) {
      rec.queue.push(localRedo.pop());
      persist();
      paint();
      if (!offline) flush();
      return;
    }
    submit({ op: "redo" });
  }

  return {
    get offline() {
      return offline;
    },
    get flushing() {
      return flushing;
    },
    get missing() {
      return missing;
    },
    get localRedo() {
      return localRedo;
    },
    persist,
    view,
    setOffline,
    paintNet,
    refresh,
    flush,
    submit,
    undo,
    redo,
  };
}

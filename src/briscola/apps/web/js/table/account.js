// The home page's account panel (issue 37, part 1; the API in docs/online.md): who plays on this
// device. Anyone is a guest at once (the server keeps a name and an avatar behind an HttpOnly
// cookie); a guest creates an account (a username and a password) to be the same player on
// another device, logs in and out, downloads their games and deletes their profile.
//
// It mounts itself on #account; home.js keeps the name through it (playerName, namePlayer), so
// the server's player is named as the home page's field (#name) says. Its words are its own, in
// it/en/ro (WORDS); the server words its refusals in the page's language (?lang=), shown as said.
import { h } from "../common/dom.js";
import { getLang, onLangChange } from "../common/i18n.js";
import { getName, setName, withLang } from "../common/util.js";
import { takeSettings } from "./settings-sync.js";

export const WORDS = {
  it: {
    title: "Il tuo profilo",
    guest: "ospite",
    guestLead:
      "Giochi come ospite su questo dispositivo. Crea un account per ritrovarti anche su un altro.",
    signed: "Sei entrato come {user}.",
    page: "La tua pagina: punteggi e partite",
    avatar: "Avatar",
    letter: "Iniziale del nome",
    username: "Nome utente",
    password: "Password",
    signup: "Crea l'account",
    login: "Accedi",
    toLogin: "Hai già un account? Accedi",
    toSignup: "Nuovo qui? Crea un account",
    logout: "Esci",
    download: "Scarica le mie partite (JSON)",
    remove: "Elimina il profilo",
    removeAsk:
      "Eliminare il profilo? Nelle partite passate il tuo posto dirà «giocatore cancellato».",
    removeConfirm: "Conferma con la password ed elimina",
    removed: "Profilo eliminato.",
    cancel: "Annulla",
    offline: "Il profilo non è raggiungibile ora.",
    welcome: "Ciao, {name}!",
  },
  en: {
    title: "Your profile",
    guest: "guest",
    guestLead:
      "You play as a guest on this device. Create an account to be yourself on another one too.",
    signed: "You are logged in as {user}.",
    page: "Your page: ratings and games",
    avatar: "Avatar",
    letter: "Your name's initial",
    username: "Username",
    password: "Password",
    signup: "Create the account",
    login: "Log in",
    toLogin: "Already have an account? Log in",
    toSignup: "New here? Create an account",
    logout: "Log out",
    download: "Download my games (JSON)",
    remove: "Delete my profile",
    removeAsk: "Delete your profile? Your seat in past games will read “deleted player”.",
    removeConfirm: "Confirm with your password and delete",
    removed: "Profile deleted.",
    cancel: "Cancel",
    offline: "Your profile cannot be reached now.",
    welcome: "Hello, {name}!",
  },
  ro: {
    title: "Profilul tău",
    guest: "oaspete",
    guestLead:
      "Joci ca oaspete pe acest dispozitiv. Creează un cont ca să te regăsești și pe altul.",
    signed: "Ești autentificat ca {user}.",
    page: "Pagina ta: punctaje și partide",
    avatar: "Avatar",
    letter: "Inițiala numelui",
    username: "Nume de utilizator",
    password: "Parolă",
    signup: "Creează contul",
    login: "Autentifică-te",
    toLogin: "Ai deja un cont? Autentifică-te",
    toSignup: "Nou aici? Creează un cont",
    logout: "Ieși",
    download: "Descarcă partidele mele (JSON)",
    remove: "Șterge profilul",
    removeAsk: "Ștergi profilul? Locul tău din partidele trecute va arăta „jucător șters”.",
    removeConfirm: "Confirmă cu parola și șterge",
    removed: "Profil șters.",
    cancel: "Anulează",
    offline: "Profilul nu poate fi accesat acum.",
    welcome: "Salut, {name}!",
  },
};

/** The avatars offered (the first: the name's initial, as the table shows a person). */
export const AVATARS = ["", "🦊", "🐻", "🐼", "🦉", "🐸", "🐱", "🐶", "🦁", "🐙", "🌻", "⭐"];

/** This panel's words in the page's language, `{name}` filled from `vars`. */
export function say(key, vars = {}) {
  const words = WORDS[getLang()] || WORDS.it;
  return (words[key] ?? WORDS.it[key]).replace(/\{(\w+)\}/g, (m, k) => vars[k] ?? m);
}

const state = {
  player: null,
  mode: "signup",
  username: "",
  busy: false,
  note: "",
  removing: false,
};
const AVATAR_KEY = "briscola.avatar";

function localAvatar() {
  try {
    return localStorage.getItem(AVATAR_KEY) || "";
  } catch {
    return "";
  }
}

function keepAvatar(avatar) {
  try {
    localStorage.setItem(AVATAR_KEY, avatar);
  } catch {
    /* storage may be off */
  }
}

/** A call of the players' API: [status, body]; the server words a refusal in the page's language. */
async function call(path, method = "GET", body = undefined) {
  const res = await fetch(withLang(`/api/players${path}`), {
    method,
    headers: body === undefined ? {} : { "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: "same-origin",
  });
  let data = null;
  try {
    data = await res.json();
  } catch {
    /* not JSON */
  }
  return [res.status, data];
}

/** The initial the table shows for a name (an emoji whole). */
function initial(name) {
  return Array.from(name.trim())[0]?.toUpperCase() || "?";
}

async function act(work) {
  if (state.busy) return;
  state.busy = true;
  state.note = "";
  try {
    await work();
  } catch {
    state.note = say("offline");
  } finally {
    state.busy = false;
    render();
  }
}

function refused(data) {
  state.note = data?.message || say("offline");
}

/** Be this player from now on: their name, avatar and table settings become this device's. */
function become(player) {
  state.player = player;
  takeSettings(player); // the deck shown at once, the rest on the table
  if (player.name && player.name !== getName()) {
    setName(player.name);
    const field = document.getElementById("name");
    if (field) {
      field.value = player.name;
      field.dispatchEvent(new Event("input")); // the home page's game takes the name too
    }
  }
  keepAvatar(player.avatar || "");
}

async function credentials(kind, form) {
  const username = form.elements.username.value.trim();
  if (naming) {
    clearTimeout(naming.timer);
    await sendName(); // the name just typed goes with the account
  }
  state.username = username;
  const password = form.elements.password.value;
  await act(async () => {
    const [status, data] = await call(`/${kind}`, "POST", {
      username,
      password,
      name: kind === "signup" ? getName() : undefined,
    });
    if (status !== 200) return refused(data);
    become(data);
    state.note = say("welcome", { name: data.name || data.username });
  });
}

async function logout() {
  await act(async () => {
    await call("/logout", "POST");
    state.player = null;
    await start();
  });
}

async function remove(form) {
  await act(async () => {
    const password = form?.elements.password.value;
    const [status, data] = await call("/me/delete", "POST", { password: password || null });
    if (status !== 200) return refused(data);
    state.player = null;
    state.removing = false;
    await start();
    state.note = say("removed");
  });
}

async function changeAvatar(avatar) {
  keepAvatar(avatar);
  await act(async () => {
    const [status, data] = await call("/me/update", "POST", { avatar });
    if (status === 200) state.player = data;
    else refused(data);
  });
}

function field(name, type, autocomplete) {
  const id = `account-${state.mode}-${name}`;
  const kept = name === "username" ? state.username : ""; // a refusal keeps the username typed
  return h(
    "div",
    { class: "field" },
    h("label", { for: id }, say(name)),
    h("input", { id, name, type, autocomplete, required: true, maxlength: 128, value: kept }),
  );
}

function credentialsForm() {
  const kind = state.mode;
  return h(
    "form",
    {
      class: "account-form",
      id: `account-${kind}`,
      onsubmit: (e) => {
        e.preventDefault();
        credentials(kind, e.target);
      },
    },
    field("username", "text", "username"),
    field("password", "password", kind === "signup" ? "new-password" : "current-password"),
    h("button", { class: "btn", type: "submit", disabled: state.busy }, say(kind)),
    h(
      "button",
      {
        class: "linkish",
        type: "button",
        onclick: () => {
          state.mode = kind === "signup" ? "login" : "signup";
          render();
        },
      },
      say(kind === "signup" ? "toLogin" : "toSignup"),
    ),
  );
}

function avatarPicker(player) {
  return h(
    "div",
    { class: "field account-avatar-field" },
    h("label", { for: "account-avatar" }, say("avatar")),
    h(
      "select",
      { id: "account-avatar", onchange: (e) => changeAvatar(e.target.value) },
      AVATARS.map((a) =>
        h("option", { value: a, selected: a === (player.avatar || "") }, a || say("letter")),
      ),
    ),
  );
}

function removal(player) {
  if (!state.removing) {
    return h(
      "button",
      {
        class: "btn btn-ghost btn-small danger",
        type: "button",
        id: "account-remove",
        onclick: () => {
          if (player.guest) {
            if (window.confirm(say("removeAsk"))) remove(null);
          } else {
            state.removing = true;
            render();
          }
        },
      },
      say("remove"),
    );
  }
  return h(
    "form",
    {
      class: "account-form",
      id: "account-remove-form",
      onsubmit: (e) => {
        e.preventDefault();
        remove(e.target);
      },
    },
    h("p", {}, say("removeAsk")),
    h(
      "div",
      { class: "field" },
      h("label", { for: "account-remove-password" }, say("password")),
      h("input", {
        id: "account-remove-password",
        name: "password",
        type: "password",
        autocomplete: "current-password",
        required: true,
      }),
    ),
    h("button", { class: "btn danger", type: "submit" }, say("removeConfirm")),
    h(
      "button",
      {
        class: "linkish",
        type: "button",
        onclick: () => {
          state.removing = false;
          render();
        },
      },
      say("cancel"),
    ),
  );
}

function body(player) {
  const who = player.guest
    ? [h("p", { class: "account-lead" }, say("guestLead")), credentialsForm()]
    : [
        h("p", { class: "account-lead" }, say("signed", { user: `@${player.username}` })),
        h(
          "p",
          { class: "account-lead" },
          h(
            "a",
            { href: `/players/${encodeURIComponent(player.username)}`, id: "account-page" },
            say("page"),
          ),
        ),
        h(
          "button",
          {
            class: "btn btn-ghost btn-small",
            type: "button",
            id: "account-logout",
            onclick: logout,
          },
          say("logout"),
        ),
      ];
  return h(
    "div",
    { class: "account-body" },
    ...who,
    avatarPicker(player),
    h(
      "div",
      { class: "account-actions" },
      h(
        "a",
        {
          class: "btn btn-ghost btn-small",
          id: "account-download",
          href: "/api/players/me/games",
          download: "briscola-games.json",
        },
        say("download"),
      ),
      removal(player),
    ),
  );
}

function render() {
  // a page that follows who plays (the lobby: a guest seeks no rated game) hears it at each draw
  document.dispatchEvent(new CustomEvent("briscola:player", { detail: state.player }));
  const box = document.getElementById("account");
  if (!box) return;
  const player = state.player;
  const note = state.note ? h("p", { class: "account-note", role: "status" }, state.note) : null;
  if (!player) {
    box.replaceChildren(note || "");
    return;
  }
  const open = box.querySelector("details")?.open || Boolean(state.note);
  const name = player.name || getName();
  box.replaceChildren(
    h(
      "details",
      { class: "account", open },
      h(
        "summary",
        {},
        h("span", { class: "account-face", "aria-hidden": "true" }, player.avatar || initial(name)),
        h("span", { class: "account-name", id: "account-title" }, name || say("title")),
        h("small", { class: "account-kind" }, player.guest ? say("guest") : `@${player.username}`),
      ),
      body(player),
      note,
    ),
  );
}

/** Who plays here: the server's player for this device's cookie, else a new guest. */
async function start() {
  let [status, data] = await call("/me");
  if (status === 401) {
    [status, data] = await call("/guest", "POST", { name: getName(), avatar: localAvatar() });
  }
  if (status !== 200) {
    state.note = data?.message || say("offline");
    return;
  }
  state.player = data;
  await takeSettings(data);
  const local = getName().trim();
  if (local && local !== data.name) {
    // this device's name wins (the home page's field): the server follows it
    const [ok, updated] = await call("/me/update", "POST", { name: local });
    if (ok === 200) state.player = updated;
  } else if (!local && data.name) {
    become(data);
  }
}

/** The player's name on this device (the home page's field). */
export function playerName() {
  return getName();
}

let naming = null; // the name to send the server, and when (a pause in the typing)

/** The player's name on this device, as the home page's field sets it: kept here at once, and
 * on the server after a pause in the typing. */
export function namePlayer(name) {
  setName(name);
  clearTimeout(naming?.timer);
  naming = { name: name.trim(), timer: setTimeout(sendName, 700) };
}

/** Send the name typed, if the server's player has another. */
async function sendName() {
  const name = naming?.name;
  naming = null;
  if (!name || !state.player || name === state.player.name) return;
  const [status, data] = await call("/me/update", "POST", { name });
  if (status === 200) {
    state.player = data;
    render();
  }
}

async function main() {
  onLangChange(render);
  try {
    await start();
  } catch {
    state.note = say("offline");
  }
  render();
}

if (typeof document !== "undefined" && document.getElementById("account")) main();

// Talking at the table (issue 37, part 5): the quick messages and emotes (a closed set, the
// server's protocol.EMOTES: words in the player's language, or an emoji) and, where the host
// allows it, the chat (chat.js). A button in the bar over the hand (💬) opens a small panel:
// the emotes to send (a seat's only: a spectator watches), the switch that hides the others'
// (kept in this device's settings, prefs.js), and the chat. An emote shows for a few seconds in
// a bubble by its sender's name plate (felt.js draws emoteBubble in the plate); a refused one
// (too soon, or between partners while a deal is played) is said in a toast, worded by the
// server in the table's language. See docs/web-protocol.md ("emote", "chat").
import { h } from "../common/dom.js";
import { t } from "../common/i18n.js";
import { EMOTES } from "../common/protocol.js";
import { EMOTE_EMOJI } from "../common/strings-emotes.js";
import { isWatching } from "./flow.js";
import { emotesShown, setEmotesShown } from "./prefs.js";
import { chatLine, chatSection, chatUnread, markChatRead, waitsForDeal } from "./chat.js";

/** How long a bubble stays by its sender's plate (ms). */
export const BUBBLE_MS = 4000;
/** The server's gap between two emotes of one seat (room.EMOTE_GAP): the buttons rest as long. */
const GAP_MS = 3000;

/** An emote as shown: its emoji, or its words in the player's language. */
export function emoteText(id) {
  return EMOTE_EMOJI[id] || t(`emote.${id}`);
}

function talk(view) {
  if (!view.talk) view.talk = { open: false, bubbles: {}, lines: [], ws: null, restUntil: 0 };
  return view.talk;
}

/** A message about talking, from the table's socket (`emote` or `chat`); false for others. */
export function onTalk(view, m) {
  const state = talk(view);
  if (m.type === "chat") {
    if (state.ws !== view.ws) {
      state.ws = view.ws; // a new socket: the server sends the lines it keeps again
      state.lines = [];
    }
    chatLine(view, state, m);
  } else if (m.type === "emote") {
    const mine = m.seat === view.seat && !isWatching(view);
    if (!mine && !emotesShown()) return true; // muted: no bubble
    clearTimeout(state.bubbles[m.seat]?.timer);
    const timer = setTimeout(() => {
      delete state.bubbles[m.seat];
      view.render();
    }, BUBBLE_MS);
    state.bubbles[m.seat] = { id: m.emote, timer };
    view.say(t("emote.said", { name: view.nameOf(m.seat), text: t(`emote.${m.emote}`) }));
  } else return false;
  view.render();
  return true;
}

/** The bubble by seat `s`'s plate while it shows an emote, else null. */
export function emoteBubble(view, s) {
  const shown = view.talk?.bubbles[s];
  if (!shown) return null;
  return h(
    "span",
    { class: "bubble", dataset: { emote: shown.id }, title: t(`emote.${shown.id}`) },
    emoteText(shown.id),
  );
}

function sendEmote(view, id) {
  const state = talk(view);
  if (view.send({ type: "emote", emote: id })) {
    state.restUntil = Date.now() + GAP_MS;
    state.open = false;
    setTimeout(() => view.render(), GAP_MS + 20);
  }
  view.render();
}

function emoteGrid(view) {
  const state = talk(view);
  const resting = Date.now() < state.restUntil;
  const waiting = waitsForDeal(view);
  return h(
    "div",
    { class: "talk-emotes" },
    h(
      "div",
      { class: "emote-grid", role: "group", "aria-label": t("emote.title") },
      EMOTES.map((id) =>
        h(
          "button",
          {
            type: "button",
            class: `btn btn-light btn-small emote${EMOTE_EMOJI[id] ? " emoji" : ""}`,
            dataset: { emote: id },
            disabled: resting || waiting,
            title: t(`emote.${id}`),
            "aria-label": t(`emote.${id}`),
            onclick: () => sendEmote(view, id),
          },
          emoteText(id),
        ),
      ),
    ),
    waiting ? h("p", { class: "talk-note" }, t("error.emote_in_deal")) : null,
  );
}

function muteSwitch(view) {
  return h(
    "label",
    { class: "talk-mute" },
    h("input", {
      type: "checkbox",
      id: "emotes-mute",
      checked: !emotesShown(),
      onchange: (e) => {
        setEmotesShown(!e.target.checked);
        if (e.target.checked) talk(view).bubbles = {};
        view.render();
      },
    }),
    h("span", {}, t("emote.mute")),
  );
}

/** Is there anybody to talk to: two people at the table or more (a seat or a spectator). */
function peopleHere(view) {
  return (view.table?.seats || []).filter((s) => s.kind === "human").length >= 2;
}

/** The button in the bar over the hand (a spectator's bar too; the waiting room's sheet before
 * the game) and its panel, fixed above it; drawn after every change (tableview.js's render draws
 * the bar first). */
export function renderTalk(view) {
  const state = talk(view);
  const watching = isWatching(view);
  const chat = Boolean(view.msg?.chat);
  // the bar over the hand; while the table waits for its players, the waiting room's sheet
  const bar = view.me.querySelector(".me-bar") || view.felt.querySelector(".overlay .sheet");
  const shown = bar && !view.fatal && peopleHere(view) && (chat || !watching);
  if (!state.panel) {
    state.panel = h("div", { class: "talk", id: "talk" });
    view.root.append(state.panel);
  }
  const hadFocus = state.panel.contains(document.activeElement) ? document.activeElement.id : null;
  if (!shown) {
    state.panel.replaceChildren();
    return;
  }
  const unread = !state.open && chatUnread(state);
  const button = h(
    "button",
    {
      type: "button",
      class: `btn btn-ghost btn-small side-btn talk-btn${unread ? " unread" : ""}`,
      id: "talk-btn",
      "aria-expanded": String(state.open),
      "aria-controls": "talk-panel",
      title: t(chat ? "chat.title" : "emote.title"),
      onclick: () => {
        state.open = !state.open;
        if (state.open) markChatRead(state);
        view.render();
        if (state.open) document.querySelector("#talk-panel button, #chat-input")?.focus();
      },
    },
    h("span", { "aria-hidden": "true" }, "💬"),
    h("span", { class: "sr-only" }, t("emote.button")),
  );
  bar.append(button);
  if (!state.open) {
    state.panel.replaceChildren();
    return;
  }
  markChatRead(state);
  const top = button.getBoundingClientRect().top;
  state.panel.style.bottom = `${Math.max(8, window.innerHeight - top + 6)}px`;
  state.panel.style.setProperty("--room", `${Math.max(160, top - 14)}px`); // over the bar
  state.panel.replaceChildren(
    h(
      "div",
      { class: "talk-panel", id: "talk-panel", role: "dialog", "aria-label": t("emote.title") },
      watching ? null : emoteGrid(view),
      watching ? null : muteSwitch(view),
      chat ? chatSection(view, state, watching) : null,
    ),
  );
  if (hadFocus) document.getElementById(hadFocus)?.focus();
}

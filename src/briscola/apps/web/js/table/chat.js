// The chat of a table whose host allows it (issue 37, part 5), in the talk panel (emotes.js):
// the lines said (each `{"type": "chat", seat, text}` from the server, the ones it keeps sent
// again to a socket that connects), drawn as text and never as HTML, and, for a seat, a line to
// write (at most CHAT_LENGTH characters; the server refuses an empty or a longer one; between
// partners it waits while a deal is played, as the emotes do). A
// spectator reads it. A line that comes while the panel is closed lights the button and is read
// out by the page's live region. See docs/web-protocol.md ("chat").
import { h } from "../common/dom.js";
import { t } from "../common/i18n.js";
import { CHAT_LENGTH } from "../common/protocol.js";

/** The most lines the page keeps (the server keeps 50). */
const KEPT = 100;

/** At a table of partners, the emotes and the chat wait for the deal's end (the server's
 * emote_in_deal and chat_in_deal: words about a hand would be signs the rules forbid). */
export function waitsForDeal(view) {
  return view.ruleset.partnership !== "none" && view.table?.status === "playing";
}

/** A line from the socket: kept, and read out unless it is the player's own. */
export function chatLine(view, state, m) {
  state.lines.push({ seat: m.seat, text: String(m.text) });
  if (state.lines.length > KEPT) state.lines.splice(0, state.lines.length - KEPT);
  const mine = m.seat === view.seat && !view.msg?.spectator;
  if (!mine) view.say(`${t("chat.new", { name: view.nameOf(m.seat) })}: ${m.text}`);
}

/** Lines came that the panel has not shown yet. */
export function chatUnread(state) {
  return state.lines.length > (state.read || 0);
}

export function markChatRead(state) {
  state.read = state.lines.length;
}

function send(view, state, input) {
  const text = input.value.trim();
  if (!text) return;
  if (view.send({ type: "chat", text })) {
    state.draft = "";
    input.value = "";
  }
}

/** The chat's part of the talk panel: the lines, then a seat's line to write. */
export function chatSection(view, state, watching) {
  const log = h(
    "ol",
    { class: "chat-log", id: "chat-log", "aria-label": t("chat.title") },
    state.lines.length
      ? state.lines.map((line) =>
          h(
            "li",
            { class: "chat-line", dataset: { seat: String(line.seat) } },
            h("b", {}, `${view.nameOf(line.seat)}: `),
            h("span", {}, line.text),
          ),
        )
      : h("li", { class: "chat-none" }, t("chat.empty")),
  );
  setTimeout(() => (log.scrollTop = log.scrollHeight), 0); // the last line in sight
  const input = h("input", {
    type: "text",
    id: "chat-input",
    maxlength: String(CHAT_LENGTH),
    autocomplete: "off",
    placeholder: t("chat.placeholder"),
    "aria-label": t("chat.placeholder"),
    value: state.draft || "",
    oninput: (e) => (state.draft = e.target.value),
  });
  const waiting = !watching && waitsForDeal(view);
  input.disabled = waiting;
  const form = watching
    ? h("p", { class: "talk-note" }, t("chat.readonly"))
    : h(
        "form",
        {
          class: "chat-form",
          onsubmit: (e) => {
            e.preventDefault();
            send(view, state, input);
          },
        },
        input,
        h(
          "button",
          { type: "submit", class: "btn btn-small", id: "chat-send", disabled: waiting },
          t("chat.send"),
        ),
      );
  return h(
    "section",
    { class: "talk-chat", "aria-labelledby": "chat-title" },
    h("h3", { id: "chat-title" }, t("chat.title")),
    log,
    form,
    waiting ? h("p", { class: "talk-note" }, t("error.chat_in_deal")) : null,
  );
}

/** The host's switch on the page that makes a table with friends: "Chat consentita" (the
 * request's `chat`; the server keeps it off at any other table). */
export function chatSetting(choice) {
  const box = h("input", { type: "checkbox", id: "allow-chat", checked: !!choice.chat });
  box.addEventListener("change", () => {
    choice.chat = box.checked;
  });
  const help = t("create.chat.help");
  const label = h("label", { for: "allow-chat", title: help }, t("create.chat"));
  return h("div", { class: "field opt" }, label, box);
}

// The lobby page's parts (js/table/lobby.js keeps the state and the socket): the seek panel's
// controls (the game, its offered options, rated or casual, people or bots online), the lobby's
// numbers and an open table's line, each drawn from what it is given; and the home page's switch
// that lists a table for friends among the lobby's open tables.
import { hasText, pick, t } from "../common/i18n.js";
import { h } from "../common/dom.js";
import { fieldGroup, radioTile } from "../common/form.js";

/** The game kinds quick match offers (the presets' names; scoperta is not played online). */
export const GAMES = ["classic", "three", "quattro", "pairs", "six", "chiamata"];

/** The options the lobby offers a seek (the rest are each game's defaults): docs/online.md. */
export const OFFERED = ["inversion", "accusi", "exchange"];

/** The options of preset `p` that a seek may choose. */
export function offeredOptions(p) {
  return (p?.options || []).filter((o) => OFFERED.includes(o.name));
}

function valueLabel(v) {
  if (v === true) return t("opt.yes");
  if (v === false) return t("opt.no");
  return hasText(`opt.value.${v}`) ? t(`opt.value.${v}`) : String(v);
}

/** A game kind's name as the home page shows it ("2 giocatori"). */
export function gameName(game) {
  return hasText(`game.${game}`) ? t(`game.${game}`) : game;
}

/** The games' tiles (`presets`), `current` chosen; `onpick(name)`. */
export function gameTiles(presets, current, onpick) {
  return fieldGroup(
    t("home.game"),
    { class: "games" },
    presets.map((p) => {
      const id = `lobby-game-${p.name}`;
      const onchange = () => {
        onpick(p.name);
        document.getElementById(id)?.focus();
      };
      return radioTile(
        "game-tile",
        { name: "lobby-game", id, value: p.name, checked: p.name === current, onchange },
        { title: pick(p.description, "") },
        h("strong", {}, gameName(p.name)),
        h("small", {}, pick(p.title, p.name)),
      );
    }),
  );
}

/** The offered options of preset `p`, each showing and setting `values[name]`. */
export function optionControls(p, values) {
  const opts = offeredOptions(p);
  if (!opts.length) return null;
  return fieldGroup(
    t("home.options"),
    { class: "options" },
    opts.map((o) => {
      const id = `lobby-opt-${o.name}`;
      const vals = o.values || [false, true];
      const isBool = vals.length === 2 && vals.includes(true) && vals.includes(false);
      const control = isBool
        ? h("input", {
            type: "checkbox",
            id,
            checked: !!values[o.name],
            onchange: (e) => (values[o.name] = e.target.checked),
          })
        : h(
            "select",
            { id, onchange: (e) => (values[o.name] = vals[Number(e.target.value)]) },
            vals.map((v, k) =>
              h("option", { value: String(k), selected: v === values[o.name] }, valueLabel(v)),
            ),
          );
      return h(
        "div",
        { class: isBool ? "opt" : "opt wide" },
        h("label", { for: id }, pick(o.title, o.name)),
        control,
      );
    }),
  );
}

/** Two tiles to choose between (`name`: the radios' name; `choices`: [value, title, help,
 * disabled]) under `legend`, `current` chosen; `onpick(value)`; `after` under them. */
function pair(name, legend, current, choices, onpick, ...after) {
  return fieldGroup(
    legend,
    { class: "lobby-pair" },
    choices.map(([value, title, help, disabled]) =>
      radioTile(
        `game-tile lobby-choice${disabled ? " disabled" : ""}`,
        {
          name,
          id: `lobby-${value}`,
          value,
          checked: value === current,
          disabled: !!disabled,
          onchange: () => onpick(value),
        },
        {},
        h("strong", {}, title),
        h("small", {}, help),
      ),
    ),
    ...after,
  );
}

/** Open the account panel (#account, account.js) where a guest creates an account. */
function openAccount(e) {
  const details = document.querySelector("#account details");
  if (!details) return;
  e.preventDefault();
  details.open = true;
  details.scrollIntoView({ block: "start", behavior: "smooth" });
  details.querySelector("input")?.focus({ preventScroll: true });
}

/** Casual or rated (`rated`); a guest's rated tile is disabled, a line and a link say why. */
export function kindControl(rated, guest, onpick) {
  const note = guest
    ? h(
        "p",
        { class: "lobby-note", id: "lobby-rated-note" },
        t("lobby.rated.guest"),
        " ",
        h("a", { href: "#account", onclick: openAccount }, t("lobby.rated.signup")),
      )
    : null;
  return pair(
    "lobby-kind",
    t("lobby.kind"),
    rated && !guest ? "rated" : "casual",
    [
      ["casual", t("lobby.casual"), t("lobby.casual.help"), false],
      ["rated", t("lobby.rated"), t("lobby.rated.help"), guest],
    ],
    (v) => onpick(v === "rated"),
    note,
  );
}

/** People or bots online (`current`); `onpick(value)`. */
export function opponentsControl(current, onpick) {
  return pair(
    "lobby-opponents",
    t("lobby.opponents"),
    current,
    [
      ["people", t("lobby.people"), t("lobby.people.help"), false],
      ["bots", t("lobby.bots"), t("lobby.bots.help"), false],
    ],
    onpick,
  );
}

/** The lobby's numbers (its last `lobby` message, or null before the first). */
export function counts(lobby) {
  const stat = (key) =>
    h(
      "div",
      { class: "lobby-count", id: `lobby-${key}` },
      h("strong", {}, lobby ? String(lobby[key] ?? 0) : "–"),
      h("span", {}, t(`lobby.${key}`)),
    );
  return [
    h("span", { class: "sr-only" }, t("lobby.counts")),
    stat("online"),
    stat("searching"),
    stat("playing"),
  ];
}

/** An open table's line (`table` of the lobby's `tables`; `presets` name its game). */
export function tableItem(table, presets) {
  const title = presets.find((p) => p.name === table.game)?.title;
  return h(
    "li",
    { class: "lobby-table", dataset: { table: table.id } },
    h(
      "div",
      { class: "lobby-table-what" },
      h("strong", {}, gameName(table.game)),
      h("small", {}, title ? pick(title, table.game) : ""),
    ),
    h(
      "div",
      { class: "lobby-table-who" },
      table.host
        ? h("span", { class: "lobby-host" }, t("lobby.table.host", { name: table.host }))
        : null,
      h("small", {}, t("lobby.table.free", { free: table.free, seats: table.seats })),
    ),
    h("a", { class: "btn btn-small", href: table.join_url }, t("lobby.table.join")),
  );
}

/** The home page's switch for a table for friends: public, it is listed among the lobby's open
 * tables while it has a free seat (`choice.public`, sent as POST /api/tables' `public`). */
export function publicSetting(choice) {
  const box = h("input", { type: "checkbox", id: "public-table", checked: !!choice.public });
  box.addEventListener("change", () => {
    choice.public = box.checked;
  });
  const help = t("lobby.public.help");
  const label = h("label", { for: "public-table", title: help }, t("lobby.public"));
  return h("div", { class: "field opt" }, label, box);
}

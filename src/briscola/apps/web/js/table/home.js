// The home page: choose a game and its options, then play now against the computer or create a
// table for friends.
import { isCard } from "../common/cards.js";
import {
  applyStatic,
  cardName,
  getLang,
  hasText,
  langSwitch,
  onLangChange,
  pick,
  t,
} from "../common/i18n.js";
import { h, toast } from "../common/dom.js";
import { fieldGroup, nameField, radioTile } from "../common/form.js";
import {
  api,
  byDifficulty,
  keepChoices,
  keptChoices,
  matchTitle,
  restoreOptions,
  saveSeat,
} from "../common/util.js";
import { hintsSetting } from "./analysis.js";
import { chatSetting } from "./chat.js";
import { publicSetting } from "./lobby-parts.js";
import { deckChooser } from "../common/deck.js";
import { openLesson } from "./lesson.js";
import { namePlayer, playerName } from "./account.js"; // the name is the player's
import { fan, resume } from "./home-hero.js";
import "./install.js"; // the installable app's service worker: installing from home plays offline

const state = {
  presets: [],
  levels: [],
  defaultLevel: "simple",
  matchFormats: [],
  preset: "classic",
  options: {}, // preset name -> {option: value}
  level: null,
  match: "single",
  seats: {}, // preset name -> ["human", "bot:simple", ...]
  hints: false, // the host allows hints at the table with friends ("Suggerimenti consentiti")
  name: playerName(),
  busy: false,
};

function currentPreset() {
  return state.presets.find((p) => p.name === state.preset) || state.presets[0];
}

function optionValues(preset) {
  if (!state.options[preset.name]) {
    state.options[preset.name] = {};
    for (const o of preset.options || []) state.options[preset.name][o.name] = o.default;
  }
  return state.options[preset.name];
}

function changedOptions(preset) {
  const values = optionValues(preset);
  const out = {};
  for (const o of preset.options || []) {
    if (JSON.stringify(values[o.name]) !== JSON.stringify(o.default)) out[o.name] = values[o.name];
  }
  return out;
}

function seatsOf(preset) {
  if (!state.seats[preset.name] || state.seats[preset.name].length !== preset.players) {
    state.seats[preset.name] = Array.from({ length: preset.players }, () => "human");
  }
  return state.seats[preset.name];
}

function valueLabel(v) {
  if (v === true) return t("opt.yes");
  if (v === false) return t("opt.no");
  const key = `opt.value.${v}`;
  if (hasText(key)) return t(key);
  if (isCard(v)) return cardName(v);
  if (Array.isArray(v)) return v.map((c) => (isCard(c) ? cardName(c) : c)).join(", ");
  return String(v);
}

/** A <select> of `choices` ([value, label] pairs) showing `current`; `onpick(value)` on change. */
function selectOf(id, choices, current, onpick) {
  return h(
    "select",
    { id, onchange: (e) => onpick(e.target.value) },
    choices.map(([value, label]) => h("option", { value, selected: value === current }, label)),
  );
}

function gameTiles() {
  return fieldGroup(
    t("home.game"),
    { class: "games" },
    state.presets.map((p) => {
      const id = `game-${p.name}`;
      const onchange = () => {
        state.preset = p.name;
        if (!gameLevels().some((l) => l.name === state.level)) state.level = state.defaultLevel;
        render();
        document.getElementById(id)?.focus();
      };
      const known = hasText(`game.${p.name}`);
      const title = known ? t(`game.${p.name}`) : pick(p.title, p.name);
      return radioTile(
        "game-tile",
        { name: "game", id, value: p.name, checked: p.name === state.preset, onchange },
        { title: pick(p.description, "") },
        h("strong", {}, title),
        h("small", {}, pick(p.title, p.name)),
      );
    }),
  );
}

function optionControls(preset) {
  const values = optionValues(preset);
  // yes/no options first (two to a row), then the ones with a list of values
  const yesNo = (o) => (o.values || [false, true]).every((v) => typeof v === "boolean");
  const opts = [...(preset.options || [])].sort((a, b) => yesNo(b) - yesNo(a));
  if (!opts.length) return null;
  return fieldGroup(
    t("home.options"),
    { class: "options" },
    opts.map((o) => {
      const id = `opt-${o.name}`;
      const title = pick(o.title, o.name);
      const vals = o.values || [false, true];
      const isBool = vals.length === 2 && vals.includes(true) && vals.includes(false);
      let control;
      if (isBool) {
        control = h("input", {
          type: "checkbox",
          id,
          checked: !!values[o.name],
          onchange: (e) => {
            values[o.name] = e.target.checked;
          },
        });
      } else {
        const now = vals.findIndex((v) => JSON.stringify(v) === JSON.stringify(values[o.name]));
        control = selectOf(
          id,
          vals.map((v, k) => [String(k), valueLabel(v)]),
          String(now),
          (k) => {
            values[o.name] = vals[Number(k)];
          },
        );
      }
      return h(
        "div",
        { class: isBool ? "opt" : "opt wide" },
        h("label", { for: id }, title),
        control,
      );
    }),
  );
}

function matchControl() {
  const formats = state.matchFormats.length ? state.matchFormats : [{ name: "single" }];
  return h(
    "div",
    { class: "field" },
    h("label", { for: "match" }, t("home.match")),
    selectOf(
      "match",
      formats.map((f) => [f.name, pick(f.title, matchTitle(f.name))]),
      state.match,
      (v) => {
        state.match = v;
      },
    ),
  );
}

function nameControl() {
  return nameField({
    id: "name",
    label: t("home.name"),
    placeholder: t("home.name.placeholder"),
    value: state.name,
    onName: (name) => {
      state.name = name;
      namePlayer(name.trim());
    },
  }).field;
}

/** The levels made for the chosen game (a level with `presets` plays only those). */
function gameLevels() {
  return state.levels.filter((l) => !l.presets || l.presets.includes(state.preset));
}

function levelHint() {
  const l = state.levels.find((x) => x.name === state.level);
  return l ? pick(l.description, "") : "";
}

/** A panel of the home page: its title (id `titleId`), a lead line, then `body`. */
function panel(titleId, title, lead, ...body) {
  return h(
    "section",
    { class: "panel", "aria-labelledby": titleId },
    h("h2", { id: titleId }, title),
    h("p", { class: "lead" }, lead),
    ...body,
  );
}

function playPanel() {
  return panel(
    "play-title",
    t("home.play"),
    t("home.play.lead"),
    h(
      "div",
      { class: "field" },
      h("label", { for: "level" }, t("home.level")),
      selectOf(
        "level",
        gameLevels().map((l) => [l.name, pick(l.title, l.name)]),
        state.level,
        (v) => {
          state.level = v;
          document.getElementById("level-hint").textContent = levelHint();
        },
      ),
      h("small", { class: "muted", id: "level-hint" }, levelHint()),
    ),
    h(
      "div",
      { class: "actions" },
      h(
        "button",
        { class: "btn", id: "play-now", type: "button", onclick: playNow },
        `▶ ${t("home.start.play")}`,
      ),
    ),
  );
}

function createPanel(preset) {
  const seats = seatsOf(preset);
  return panel(
    "create-title",
    t("home.create"),
    t("home.create.lead"),
    h(
      "div",
      { class: "field" },
      h("span", { class: "field-label", id: "seats-label" }, t("home.seats")),
      h(
        "ol",
        { class: "seats-list", "aria-labelledby": "seats-label" },
        seats.map((kind, i) => {
          if (i === 0)
            return h(
              "li",
              {},
              h("span", { class: "num-badge" }, "1"),
              h("span", {}, t("seat.you")),
            );
          const id = `seat-${i}`;
          return h(
            "li",
            {},
            h("span", { class: "num-badge" }, String(i + 1)),
            h("label", { class: "sr-only", for: id }, t("table.seat", { n: i + 1 })),
            selectOf(
              id,
              [
                ["human", t("seat.human")],
                ...gameLevels().map((l) => [
                  `bot:${l.name}`,
                  t("seat.bot", { level: pick(l.title, l.name) }),
                ]),
              ],
              kind,
              (v) => {
                seats[i] = v;
              },
            ),
          );
        }),
      ),
    ),
    hintsSetting(state),
    chatSetting(state), // the host allows the table's chat (chat.js)
    publicSetting(state), // listed among the lobby's open tables (lobby-parts.js)
    h(
      "div",
      { class: "actions" },
      h(
        "button",
        { class: "btn btn-light", id: "create-table", type: "button", onclick: createTable },
        t("home.start.create"),
      ),
    ),
  );
}

function heroActions() {
  document.getElementById("hero-actions").replaceChildren(
    h(
      "button",
      { class: "btn", type: "button", id: "quick-play", onclick: playNow },
      `▶ ${t("home.play")}`,
    ),
    h(
      "a",
      { class: "btn btn-light", href: "/online", id: "play-online", title: t("lobby.link.title") },
      t("lobby.link"),
    ),
    h("a", { class: "btn btn-ghost", href: "#create-title" }, t("home.create")),
    h(
      "button",
      {
        class: "btn btn-ghost",
        type: "button",
        id: "learn",
        title: t("lesson.start.lead"),
        onclick: () => openLesson("first").catch((e) => toast(e.message)),
      },
      t("lesson.start"),
    ),
  );
}

function render() {
  heroActions();
  const panels = document.getElementById("panels");
  const preset = currentPreset();
  if (!preset) return;
  panels.replaceChildren(
    h(
      "section",
      { class: "panel", "aria-labelledby": "setup-title" },
      h("h2", { id: "setup-title" }, t("home.setup")),
      nameControl(),
      gameTiles(),
      optionControls(preset),
      matchControl(),
      deckChooser(),
    ),
    h("div", { style: { display: "grid", gap: "22px" } }, playPanel(), createPanel(preset)),
  );
}

const CHOICES = "briscola.home";

/** Keep the choices of the game asked for (home shows them again next time: a rematch's rules). */
function remember() {
  const { preset, options, level, match, seats } = state;
  keepChoices(CHOICES, { preset, options, level, match, seats });
}

/** Take back the choices kept last time, those the server still offers. */
function recall() {
  const saved = keptChoices(CHOICES);
  if (!saved) return;
  if (state.presets.some((p) => p.name === saved.preset)) state.preset = saved.preset;
  if (state.levels.some((l) => l.name === saved.level)) state.level = saved.level;
  if (state.matchFormats.some((m) => m.name === saved.match)) state.match = saved.match;
  if (saved.seats && typeof saved.seats === "object") state.seats = saved.seats;
  restoreOptions(state.presets, saved.options, (p) => p.options || [], optionValues);
}

/** Ask the server for a table (`path`: play now or create), sit at it and go to it. */
async function sitAt(path, body) {
  if (state.busy) return;
  state.busy = true;
  remember();
  try {
    const res = await api(path, body);
    saveSeat(res.table_id, res.seat, res.token);
    location.assign(res.url);
  } catch (e) {
    toast(e.message);
  } finally {
    state.busy = false;
  }
}

function playNow() {
  const preset = currentPreset();
  return sitAt("/api/play", {
    preset: preset.name,
    options: changedOptions(preset),
    level: state.level || state.defaultLevel,
    match: state.match,
    lang: getLang(),
    name: state.name.trim(),
  });
}

function createTable() {
  const preset = currentPreset();
  return sitAt("/api/tables", {
    preset: preset.name,
    options: changedOptions(preset),
    match: state.match,
    seats: seatsOf(preset),
    host_name: state.name.trim(),
    lang: getLang(),
    hints: state.hints,
    chat: Boolean(state.chat),
    public: Boolean(state.public),
  });
}

async function main() {
  document.getElementById("lang").append(langSwitch());
  applyStatic();
  fan();
  onLangChange(() => {
    applyStatic();
    render();
    resume();
  });
  try {
    const [presets, levels] = await Promise.all([api("/api/presets"), api("/api/levels")]);
    state.presets = presets.presets || [];
    state.matchFormats = presets.match_formats || [];
    state.preset = presets.default_preset || state.presets[0]?.name || "classic";
    state.match = presets.default_match || "single";
    state.levels = byDifficulty(levels.levels || []);
    state.defaultLevel = levels.default || state.levels[0]?.name || "simple";
    state.level = state.defaultLevel;
    recall();
    render();
  } catch (e) {
    document.getElementById("panels").replaceChildren(h("p", {}, e.message));
  }
  resume();
}

main();

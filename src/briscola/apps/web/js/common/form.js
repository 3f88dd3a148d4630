// Form controls shared by the home page and the score keeper: a group of fields under a legend,
// a radio button drawn as a tile, a checkbox beside its words.
import { h } from "./dom.js";
import { t } from "./i18n.js";

/**
 * A group of the form (a fieldset of class `field`): its `legend`, a box (`box`: the box's
 * attributes) holding `items`, then `after` (a number to fill in, a hint…).
 */
export function fieldGroup(legend, box, items, ...after) {
  return h("fieldset", { class: "field" }, h("legend", {}, legend), h("div", box, items), ...after);
}

/**
 * A tile (classes `tile` and `cls`, styled in css/home.css): a radio button (`radio`: its name, id,
 * value, checked, onchange) drawn as its label (`label`: the label's other attributes) of
 * `content`.
 */
export function radioTile(cls, radio, label, ...content) {
  return h(
    "div",
    { class: `tile ${cls}` },
    h("input", { type: "radio", ...radio }),
    h("label", { for: radio.id, ...label }, ...content),
  );
}

/** A label of class `cls`: `text`, then its checkbox (`box`: its id, checked, onchange…). */
export function checkLabel(cls, text, box) {
  return h(
    "label",
    { class: cls, for: box.id },
    h("span", {}, text),
    h("input", { type: "checkbox", ...box }),
  );
}

/** The most letters a player's name has (the server keeps more; a plate shows about this many). */
export const NAME_MAX = 24;

/**
 * A player's name to type (`id`, `placeholder`, `value`), its limit said under it ("Fino a 24
 * caratteri"); a longer name typed or pasted is cut to the limit without a trailing space, and
 * the line under it says so. `onName` gets each value. Returns the field and its input.
 */
export function nameField({ id, label, placeholder, value, onName = null }) {
  const limit = () => t("home.name.limit", { n: NAME_MAX });
  const note = h(
    "small",
    { class: "name-limit", id: `${id}-limit`, "aria-live": "polite" },
    limit(),
  );
  const input = h("input", {
    type: "text",
    id,
    autocomplete: "nickname",
    placeholder,
    value,
    "aria-describedby": note.id,
    oninput: () => {
      const letters = Array.from(input.value); // an emoji is one letter
      const cut = letters.length > NAME_MAX;
      if (cut) input.value = letters.slice(0, NAME_MAX).join("").trimEnd();
      note.textContent = cut ? t("home.name.cut", { n: NAME_MAX }) : limit();
      note.classList.toggle("warn", cut);
      if (onName) onName(input.value);
    },
  });
  const field = h("div", { class: "field" }, h("label", { for: id }, label), input, note);
  return { field, input };
}

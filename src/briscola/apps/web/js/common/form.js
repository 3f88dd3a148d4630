// Form controls shared by the home page and the score keeper: a group of fields under a legend,
// a radio button drawn as a tile, a checkbox beside its words.
import { h } from "./dom.js";

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

// The generic renderer: any game's view as readable panels. The game page adds the legal moves as buttons, so a game
// without a module of its own is still fully playable.
import { h, jsonPanel, label } from "/static/js/common.js";

export const ownsMoves = false;

/** @param {HTMLElement} root @param {import("/static/js/render_input.js").RenderInput} payload */
export function render(root, payload) {
  const view = payload.view;
  const hidden = new Set(["game", "seat", "seats", "terminal", "decision", "current_player"]);
  const panels = [];
  if (view.hand !== undefined && view.hand !== null) {
    panels.push(h("div", { class: "card panel", "data-panel": "hand" }, h("h3", {}, "Your hand"), jsonPanel(view.hand)));
  }
  for (const [key, value] of Object.entries(view)) {
    if (hidden.has(key) || key === "hand") continue;
    panels.push(h("div", { class: "card panel", "data-panel": key }, h("h3", {}, label(key)), jsonPanel(value)));
  }
  root.replaceChildren(...panels);
}

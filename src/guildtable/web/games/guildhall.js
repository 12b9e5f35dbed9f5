// Guildhall: Job Faire: the prestige row, your hand, every player's guildhall (chapters of professions in five
// colours) and the discard pile. Cards, chapters and prestige cards the rules allow now are highlighted and clicked;
// every other decision (an action, a level, done, decline) is one button each.
import { Clicks, h } from "/static/js/common.js";

export const ownsMoves = true;
export const seatColours = ["#2b6cb0", "#c53030", "#2f855a", "#b7791f"];

// Where the cards named by each decision lie: in the hand, or in a guildhall (one's own, or another player's).
const FROM_HAND = new Set(["setup_discard", "setup_place", "play_card", "discard_draw", "bricklayer_put_back", "peddler_give", "place_order"]);
const FROM_OWN_HALL = new Set(["hunter_give", "tax_give", "pay"]);
const FROM_OTHER_HALL = new Set(["peddler_take"]);

const CARD_COLOURS = { red: "#fed7d7", blue: "#bee3f8", yellow: "#fefcbf", green: "#c6f6d5", purple: "#e9d8fd" };

function cardFace(name, onclick, extra = {}) {
  const [colour, ...rest] = name.split(" ");
  return h("button", { class: `card-face${onclick ? " legal" : ""}`, style: `background:${CARD_COLOURS[colour] || "#fff"}`,
    "data-card": name, disabled: !onclick, onclick, ...extra },
  h("span", { class: "big" }, rest.join(" ")), colour);
}

export function render(root, payload, ui) {
  const view = payload.view || {};
  const clicks = new Clicks(ui.interactive ? payload.legal || [] : [], ui.move);
  const names = (payload.seats || []).map((seat) => seat.name);
  const kind = view.decision?.kind || "";
  const parts = [];

  parts.push(h("div", { class: "card panel", "data-panel": "row" }, h("h3", {}, "Prestige cards"),
    h("div", { class: "cards" }, (view.row || []).map((card, index) => {
      const onclick = clicks.on({ type: "row", index });
      return h("button", { class: `card-face${onclick ? " legal" : ""}`, disabled: !onclick, onclick, "data-row": index },
        h("span", { class: "big" }, `${card.vp} VP · cost ${card.cost}`), card.text, card.official === false ? h("div", { class: "muted" }, "stand-in") : null);
    })),
    h("div", { class: "muted" }, `Prestige deck: ${view.prestige_deck_size ?? "?"} · deck: ${view.deck_size ?? "?"} · discard: ${view.discard_size ?? 0}` +
      (view.discard_top ? ` (top: ${view.discard_top})` : ""))));

  if (Array.isArray(view.hand)) {
    parts.push(h("div", { class: "card panel", "data-panel": "hand" }, h("h3", {}, "Your hand"),
      h("div", { class: "cards" }, view.hand.map((card) => cardFace(card, FROM_HAND.has(kind) ? clicks.on({ card }) : undefined))),
      Array.isArray(view.selected) && view.selected.length ? h("div", { class: "muted" }, `Selected: ${view.selected.join(", ")}`) : null));
  }
  const choicesAt = parts.length;

  (view.players || []).forEach((player, seat) => {
    const mine = seat === payload.seat;
    const cardsClickable = (mine && FROM_OWN_HALL.has(kind)) || (!mine && FROM_OTHER_HALL.has(kind));
    const chapters = Object.entries(player.guildhall || {});
    parts.push(h("div", { class: "card panel", "data-player": seat },
      h("h3", {}, h("span", { class: "swatch", style: `background:${seatColours[seat]}` }), names[seat] || player.name,
        h("span", { class: "muted" }, ` · ${player.vp} VP · hand ${player.hand_size} · completed chapters ${player.completed_chapters}`)),
      chapters.length === 0 ? h("div", { class: "muted" }, "Empty guildhall") : null,
      chapters.map(([profession, colours]) => {
        const onChapter = clicks.on({ type: "chapter", profession });
        return h("div", { class: "row", "data-chapter": profession },
          onChapter ? h("button", { class: "secondary legal", onclick: onChapter }, profession) : h("strong", {}, profession),
          colours.map((colour) => {
            const card = `${colour} ${profession}`;
            return cardFace(card, cardsClickable ? clicks.on({ card }) : undefined);
          }));
      }),
      (player.prestige || []).length ? h("div", { class: "muted" }, `Prestige: ${player.prestige.map((card) => card.type_id || card).join(", ")}`) : null));
  });
  const choices = clicks.rest();
  if (choices) parts.splice(choicesAt, 0, h("div", { class: "card panel" }, choices));
  root.replaceChildren(...parts);
}

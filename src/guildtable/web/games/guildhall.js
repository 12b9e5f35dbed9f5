// Guildhall: Job Faire: the prestige row, your hand, every player's guildhall (chapters of professions in five
// colours) and the discard pile. Cards, chapters and prestige cards the rules allow now are highlighted and clicked;
// every other decision (an action, a level, done, decline) is one button each.
import { Clicks, h, infoAttrs } from "/static/js/common.js";

export const ownsMoves = true;
export const seatColours = ["#2b6cb0", "#c53030", "#2f855a", "#b7791f"];

// Where the cards named by each decision lie: in the hand, or in a guildhall (one's own, or another player's).
const FROM_HAND = new Set(["action", "setup_discard", "setup_place", "play_card", "discard_draw", "bricklayer_put_back", "peddler_give", "place_order"]);
const FROM_OWN_HALL = new Set(["hunter_give", "tax_give", "pay"]);
const FROM_OTHER_HALL = new Set(["peddler_take"]);

const CARD_COLOURS = { red: "#fed7d7", blue: "#bee3f8", yellow: "#fefcbf", green: "#c6f6d5", purple: "#e9d8fd" };

// A profession card: its profession and colour, what the profession does, and in its tooltip every level with the
// levels this player can use now marked (a card's level is the number of cards in its owner's chapter).
function cardFace(name, onclick, glossary, usable, extra = {}) {
  const [colour, ...rest] = name.split(" ");
  const profession = rest.join(" ");
  const piece = glossary[profession.toLowerCase().replace(/ /g, "_")];
  return h("button", { class: `card-face${onclick ? " legal" : ""}`, style: `background:${CARD_COLOURS[colour] || "#fff"}`,
    "data-card": name, "aria-disabled": onclick ? null : "true", onclick, ...infoAttrs(piece, { usable }), ...extra },
  h("span", { class: "big" }, profession), h("span", { class: "text" }, `${colour}${piece ? ` · ${piece.text}` : ""}`));
}

export function render(root, payload, ui) {
  const view = payload.view || {};
  const glossary = ui.glossary || {};
  const mine = (view.players || [])[payload.seat] || {};
  const chapterSize = (profession) => (mine.guildhall?.[profession] || []).length;
  const clicks = new Clicks(ui.interactive ? payload.legal || [] : [], ui.move);
  const names = (payload.seats || []).map((seat) => seat.name);
  const kind = view.decision?.kind || "";
  const parts = [];

  parts.push(h("div", { class: "card panel", "data-panel": "row" }, h("h3", {}, "Prestige cards"),
    h("div", { class: "cards" }, (view.row || []).map((card, index) => {
      const onclick = clicks.on({ type: "row", index });
      return h("button", { class: `card-face${onclick ? " legal" : ""}`, "aria-disabled": onclick ? null : "true", onclick, "data-row": index,
        ...infoAttrs(glossary[card.type_id]) },
        h("span", { class: "big" }, card.name || "Prestige card"), h("span", {}, `${card.vp} VP · costs ${card.cost} completed chapter${card.cost === 1 ? "" : "s"}`),
        h("span", { class: "text" }, card.text));
    })),
    h("div", { class: "muted" }, `Prestige deck: ${view.prestige_deck_size ?? "?"} · deck: ${view.deck_size ?? "?"} · discard: ${view.discard_size ?? 0}` +
      (view.discard_top ? ` (top: ${view.discard_top})` : ""))));

  if (Array.isArray(view.hand)) {
    parts.push(h("div", { class: `card panel${ui.interactive ? " hand-dock" : ""}`, "data-panel": "hand" }, h("h3", {}, "Your hand"),
      h("div", { class: "cards" }, view.hand.map((card) => cardFace(card, FROM_HAND.has(kind) ? clicks.on({ card }) : undefined, glossary,
        chapterSize(card.split(" ").slice(1).join(" "))))),
      Array.isArray(view.selected) && view.selected.length ? h("div", { class: "muted" }, `Selected: ${view.selected.join(", ")}`) : null));
  }

  (view.players || []).forEach((player, seat) => {
    const mine = seat === payload.seat;
    const cardsClickable = (mine && FROM_OWN_HALL.has(kind)) || (!mine && FROM_OTHER_HALL.has(kind));
    const chapters = Object.entries(player.guildhall || {});
    parts.push(h("div", { class: "card panel", "data-player": seat },
      h("h3", {}, h("span", { class: "swatch", style: `background:${seatColours[seat]}` }), names[seat] || player.name,
        h("span", { class: "muted" }, ` · ${player.vp} VP · ${chapters.length} chapter${chapters.length === 1 ? "" : "s"} · ${player.completed_chapters} completed · ${player.hand_size} cards in hand`)),
      chapters.length === 0 ? h("div", { class: "muted" }, "Empty guildhall") : null,
      chapters.map(([profession, colours]) => {
        const onChapter = clicks.on({ type: "chapter", profession });
        const piece = glossary[profession.toLowerCase().replace(/ /g, "_")];
        return h("div", { class: "row", "data-chapter": profession },
          onChapter ? h("button", { class: "secondary legal", onclick: onChapter }, `${profession} (${colours.length})`)
            : h("strong", { ...infoAttrs(piece, { usable: colours.length }) }, `${profession} (${colours.length}/5)`),
          colours.map((colour) => {
            const card = `${colour} ${profession}`;
            return cardFace(card, cardsClickable ? clicks.on({ card }) : undefined, glossary, colours.length);
          }));
      }),
      (player.prestige || []).length ? h("div", { class: "cards" }, player.prestige.map((card) => h("span", { class: "chip", ...infoAttrs(glossary[card.type_id]) },
        `${card.name} · ${card.vp} VP`))) : null));
  });
  ui.choices?.(clicks.rest());
  root.replaceChildren(...parts);
}

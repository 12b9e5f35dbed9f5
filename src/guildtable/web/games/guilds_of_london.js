// Guilds of London: the city of guild and building tiles around the Guildhall (figures per player, masters, the
// beadle), the plantation, your action cards and reward cards, and the round at a glance. The city is an HTML grid,
// so a tile's name, minimum, symbols and both rewards wrap inside the tile instead of running into the next one.
// Tiles, the Guildhall, the plantation and cards that a legal move names are highlighted and clicked; every other
// decision is one button each, at the top of the page.
import { Clicks, h, infoAttrs } from "/static/js/common.js";

export const ownsMoves = true;
export const seatColours = ["#38a169", "#e53e3e", "#3182ce", "#b7791f"];
// Owners are marked by letter as well as colour.
const LETTERS = ["A", "B", "C", "D"];
const SYMBOLS = { compasses: "⊕", anchor: "⚓", cross: "✚", scythe: "⚒", crown: "♔" };

function symbols(list) {
  return (list || []).map((name) => h("span", { class: "gl-symbol", title: name, "aria-label": name }, SYMBOLS[name] || name));
}

function figureChips(counts, names) {
  return (counts || []).flatMap((count, seat) => count ? [h("span", {
    class: "gl-fig", style: `background:${seatColours[seat]}`, title: `${names[seat] || ""}: ${count}`,
    "aria-label": `${names[seat] || ""}: ${count} figure${count === 1 ? "" : "s"}`,
  }, `${LETTERS[seat]}${count}`)] : []);
}

export function render(root, payload, ui) {
  const view = payload.view || {};
  const glossary = ui.glossary || {};
  const names = (payload.seats || []).map((seat) => seat.name);
  const clicks = new Clicks(ui.interactive ? payload.legal || [] : [], ui.move);
  const city = view.city || [];
  const hall = view.guildhall || {};
  const cells = [...city.map((tile) => [tile.x, tile.y]), ...(hall.cells || [])];
  const xs = cells.map(([x]) => x), ys = cells.map(([, y]) => y);
  const minX = Math.min(...xs, 0), maxX = Math.max(...xs, 0), minY = Math.min(...ys, 0), maxY = Math.max(...ys, 0);
  const grid = h("div", { class: "gl-city", role: "group", "aria-label": "The city of London",
    style: `grid-template-columns: repeat(${maxX - minX + 1}, minmax(8.5rem, 1fr))` });
  const place = (x, y, span = 1) => `grid-column: ${x - minX + 1} / span ${span}; grid-row: ${maxY - y + 1}`;

  for (const tile of city) {
    const onclick = clicks.on({ what: tile.id });
    const scored = tile.kind === "guild" && tile.side !== "front";
    const master = tile.master !== null && tile.master !== undefined ? tile.master : null;
    const about = `${tile.short_name || tile.name}${tile.kind === "guild" ? `, needs ${tile.minimum}` : ""}${onclick ? ", you may choose it" : ""}`;
    grid.append(h(onclick ? "button" : "div", {
      class: `gl-tile ${tile.kind}${scored ? " scored" : ""}${onclick ? " legal" : ""}`, style: place(tile.x, tile.y), "data-tile": tile.id, onclick,
      "aria-label": about, ...infoAttrs(glossary[tile.id] || { name: tile.name, text: "", details: [] }),
    },
    h("span", { class: "gl-name" }, tile.short_name || tile.name, tile.beadle ? h("span", { class: "gl-beadle", title: "the beadle" }, " ⚑") : null),
    tile.kind === "guild" ? h("span", { class: "gl-meta" }, `needs ${tile.minimum} `, ...symbols(tile.symbols)) : h("span", { class: "gl-meta" }, "building"),
    tile.kind === "guild" && !scored && tile.first_text ? h("span", { class: "gl-reward" }, h("b", {}, "1st: "), tile.first_text) : null,
    tile.kind === "guild" && !scored && tile.second_text ? h("span", { class: "gl-reward" }, h("b", {}, "2nd: "), tile.second_text) : null,
    master !== null ? h("span", { class: "gl-master", style: `color:${seatColours[master]}` }, `♛ ${LETTERS[master]} master: ${names[master] || ""}`) : null,
    h("span", { class: "gl-figs" }, ...figureChips(tile.figures, names))));
  }
  if ((hall.cells || []).length) {
    const hx = Math.min(...hall.cells.map(([x]) => x)), hy = Math.max(...hall.cells.map(([, y]) => y));
    const span = Math.max(...hall.cells.map(([x]) => x)) - hx + 1;
    const onclick = clicks.on({ what: "guildhall" });
    grid.append(h(onclick ? "button" : "div", { class: `gl-tile hall${onclick ? " legal" : ""}`, style: place(hx, hy, span), "data-tile": "guildhall", onclick,
      "aria-label": `The Guildhall${onclick ? ", you may choose it" : ""}` },
    h("span", { class: "gl-name" }, "The Guildhall"), h("span", { class: "gl-meta" }, "new liverymen wait here"),
    h("span", { class: "gl-figs" }, ...figureChips(hall.figures, names))));
  }
  const parts = [h("div", { class: "card panel gl-map" }, grid)];

  const plantation = view.plantation;
  if (plantation) {
    const onclick = clicks.on({ what: "plantation" });
    parts.push(h("div", { class: `card panel${onclick ? " playable" : ""}`, "data-panel": "plantation", ...infoAttrs(glossary[`plantation:${plantation.side}`]) },
      h("h3", {}, plantation.name || "Plantation", onclick ? h("button", { class: "secondary legal", style: "margin-left:.5rem", onclick }, "Choose the plantation") : null),
      h("div", {}, h("b", {}, "Left: "), plantation.left_text || (plantation.left || []).join(", ")),
      h("div", {}, h("b", {}, "Right: "), plantation.right_text || (plantation.right || []).join(", ")),
      h("div", { class: "gl-figs" }, ...figureChips(plantation.figures, names))));
  }
  if (Array.isArray(view.hand)) {
    parts.push(h("div", { class: `card panel${ui.interactive ? " hand-dock" : ""}`, "data-panel": "hand" }, h("h3", {}, "Your action cards"),
      h("div", { class: "cards" }, view.hand.map((card) => {
        const what = `#${card.number}`;
        const piece = glossary[String(card.number)];
        const actions = [["recruit", "Recruit"], ["move", "Move"], ["effect", "Use its effect"], ["discard", "Discard"], ["play", "Play"]]
          .map(([type, word]) => [type, word, clicks.find({ type, what })]).filter(([, , entry]) => entry);
        return h("div", { class: `card-face${actions.length ? " playable" : ""}`, "data-card": card.number, ...infoAttrs(piece) },
          h("span", { class: "big" }, card.name, " ", ...symbols(card.symbols)),
          h("span", { class: "text" }, card.text || piece?.text || ""),
          (piece?.details || []).filter((d) => d.label === "Cost").map((d) => h("span", { class: "text" }, `Cost: ${d.text}`)),
          actions.length ? h("div", { class: "row" }, actions.map(([type, word]) => h("button", { class: "secondary legal", onclick: clicks.on({ type, what }) }, word))) : null);
      })),
      (view.reward_cards || []).length ? h("div", { class: "cards", style: "margin-top:.4rem" }, view.reward_cards.map((id) => {
        const piece = glossary[id];
        return h("div", { class: "card-face", "data-reward": id, ...infoAttrs(piece) }, h("span", { class: "big" }, piece?.name || "Mayoral reward card"),
          h("span", { class: "text" }, piece?.text || ""), h("span", { class: "text" }, "Secret until the end of the game"));
      })) : null));
  }
  ui.choices?.(clicks.rest());

  // At a glance: whose turn comes when, hand limits, rounds left and the next growth round.
  const order = (view.turn_order || []).map((seat) => names[seat] || "").join(" → ");
  parts.push(h("div", { class: "card panel glance" },
    h("h3", {}, `Round ${view.round ?? "?"} of ${view.rounds ?? "?"}`),
    h("div", {}, `Turn order: ${order}`),
    h("div", {}, `Rounds left: ${view.rounds_left ?? "?"}`, view.next_growth_round ? ` · the city grows in round ${view.next_growth_round}` : ""),
    h("div", { class: "table-scroll" }, h("table", { class: "data" },
      h("tr", {}, h("th", {}, "Player"), h("th", { class: "num" }, "VP"), h("th", { class: "num" }, "In supply"), h("th", { class: "num" }, "Neutrals"),
        h("th", { class: "num" }, "Hand"), h("th", { class: "num" }, "Hand limit"), h("th", { class: "num" }, "Reward cards")),
      (view.vp || []).map((vp, seat) => h("tr", {},
        h("td", {}, h("span", { class: "swatch", style: `background:${seatColours[seat]}` }), `${LETTERS[seat]} · ${names[seat] || ""}`),
        h("td", { class: "num" }, String(vp)), h("td", { class: "num" }, String(view.supply?.[seat] ?? "")), h("td", { class: "num" }, String(view.neutrals?.[seat] ?? "")),
        h("td", { class: "num" }, String(view.hand_sizes?.[seat] ?? "")), h("td", { class: "num" }, String(view.hand_limits?.[seat] ?? "")),
        h("td", { class: "num" }, String(view.reward_card_counts?.[seat] ?? ""))))))));
  root.replaceChildren(...parts);
}

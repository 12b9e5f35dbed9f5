// Guilds of London: the city of guild and building tiles around the guildhall (figures per player, masters, the
// beadle), the plantation, your action cards and reward cards. Tiles, the guildhall, the plantation and cards that
// a legal move names are highlighted and clicked; every other decision is one button each.
import { Clicks, h, svg as s } from "/static/js/common.js";

export const ownsMoves = true;
export const seatColours = ["#38a169", "#e53e3e", "#3182ce", "#d69e2e"];

const W = 150, H = 104;

function shortName(tile) {
  return (tile.name || tile.id).replace(/^The (Worshipful |Honourable )?(Company|Society) of (the )?/, "").replace(/_/g, " ");
}

function figures(list, x, y) {
  return (list || []).flatMap((count, seat) => count ? [
    s("circle", { cx: x + seat * 26, cy: y, r: 9, fill: seatColours[seat], stroke: "#1a202c" }),
    s("text", { x: x + seat * 26, y: y + 4, "text-anchor": "middle", "font-size": 11, "font-weight": 700, fill: "#fff" }, count),
  ] : []);
}

export function render(root, payload, ui) {
  const view = payload.view || {};
  const clicks = new Clicks(ui.interactive ? payload.legal || [] : [], ui.move);
  const city = view.city || [];
  const cells = [...city.map((tile) => [tile.x, tile.y]), ...((view.guildhall || {}).cells || [])];
  const xs = cells.map(([x]) => x), ys = cells.map(([, y]) => y);
  const minX = Math.min(...xs, 0), maxX = Math.max(...xs, 0), minY = Math.min(...ys, 0), maxY = Math.max(...ys, 0);
  const svg = s("svg", { viewBox: `0 0 ${(maxX - minX + 1) * W} ${(maxY - minY + 1) * H}`, class: "gl-city", role: "img", "aria-label": "The city of London" });
  const at = (x, y) => [(x - minX) * W, (maxY - y) * H];

  for (const tile of city) {
    const [x, y] = at(tile.x, tile.y);
    const onclick = clicks.on({ what: tile.id });
    const g = s("g", { class: `gl-tile${onclick ? " legal clickable" : ""}`, "data-tile": tile.id, onclick });
    g.append(s("rect", { x: x + 3, y: y + 3, width: W - 6, height: H - 6, rx: 8,
      fill: tile.kind === "building" ? "#e2e8f0" : tile.scored ? "#edf2f7" : "#fefcbf",
      stroke: onclick ? "#d69e2e" : "#a0aec0", "stroke-width": onclick ? 4 : 1 }));
    g.append(s("text", { x: x + W / 2, y: y + 20, "text-anchor": "middle", "font-size": 12, "font-weight": 700, fill: "#1a202c" }, shortName(tile).slice(0, 22)));
    const detail = tile.kind === "guild" ? `min ${tile.minimum} · ${(tile.symbols || []).join(" ")}` : tile.kind;
    g.append(s("text", { x: x + W / 2, y: y + 36, "text-anchor": "middle", "font-size": 10, fill: "#4a5568" }, detail));
    if (tile.first) g.append(s("text", { x: x + W / 2, y: y + 52, "text-anchor": "middle", "font-size": 9, fill: "#4a5568" }, `1st: ${tile.first.join(", ")}`.slice(0, 34)));
    g.append(...figures(tile.figures, x + 16, y + H - 22));
    if (tile.master !== null && tile.master !== undefined) g.append(s("text", { x: x + W - 12, y: y + H - 16, "text-anchor": "end", "font-size": 16, fill: seatColours[tile.master] }, "♛"));
    if (tile.beadle) g.append(s("text", { x: x + W - 12, y: y + 22, "text-anchor": "end", "font-size": 16 }, "⚑"));
    g.append(s("title", {}, `${tile.name || tile.id}${tile.second ? ` — 2nd: ${tile.second.join(", ")}` : ""}`));
    svg.append(g);
  }
  const hall = view.guildhall || {};
  if ((hall.cells || []).length) {
    // The guildhall may span several cells: one tile over all of them.
    const corners = hall.cells.map(([cx, cy]) => at(cx, cy));
    const x = Math.min(...corners.map(([px]) => px)), y = Math.min(...corners.map(([, py]) => py));
    const width = Math.max(...corners.map(([px]) => px)) - x + W, height = Math.max(...corners.map(([, py]) => py)) - y + H;
    const onclick = clicks.on({ what: "guildhall" });
    svg.append(s("g", { class: `gl-tile${onclick ? " legal clickable" : ""}`, "data-tile": "guildhall", onclick },
      s("rect", { x: x + 3, y: y + 3, width: width - 6, height: height - 6, rx: 8, fill: "#c6f6d5", stroke: onclick ? "#d69e2e" : "#2f855a", "stroke-width": onclick ? 4 : 2 }),
      s("text", { x: x + width / 2, y: y + 24, "text-anchor": "middle", "font-size": 13, "font-weight": 700 }, "Guildhall"),
      ...figures(hall.figures, x + 16, y + height - 22)));
  }
  const parts = [h("div", { class: "card panel" }, svg)];

  const plantation = view.plantation;
  if (plantation) {
    const onclick = clicks.on({ what: "plantation" });
    parts.push(h("div", { class: `card panel${onclick ? " legal" : ""}`, "data-panel": "plantation" },
      h("h3", {}, plantation.name || "Plantation", onclick ? h("button", { class: "secondary legal", style: "margin-left:.5rem", onclick }, "choose") : null),
      h("div", { class: "muted" }, `left: ${(plantation.left || []).join(", ")} · right: ${(plantation.right || []).join(", ")}`),
      h("div", {}, (plantation.figures || []).map((count, seat) => h("span", { class: "chip", style: `border-color:${seatColours[seat]}` }, `${payload.seats?.[seat]?.name || seat}: ${count}`)))));
  }
  if (Array.isArray(view.hand)) {
    parts.push(h("div", { class: "card panel", "data-panel": "hand" }, h("h3", {}, "Your action cards"),
      h("div", { class: "cards" }, view.hand.map((card) => {
        const what = `#${card.number}`;
        const actions = ["recruit", "move", "effect", "discard", "play"].map((type) => [type, clicks.find({ type, what })]).filter(([, entry]) => entry);
        const single = actions.length === 1 ? clicks.on({ type: actions[0][0], what }) : undefined;
        return h("div", { class: "card-face", style: actions.length ? "border-color:#d69e2e" : "", "data-card": card.number },
          h("span", { class: "big" }, `#${card.number} ${card.name}`), (card.symbols || []).join(" "),
          actions.length > 1 ? h("div", { class: "row" }, actions.map(([type]) => h("button", { class: "secondary legal", onclick: clicks.on({ type, what }) }, type)))
            : single ? h("div", {}, h("button", { class: "secondary legal", onclick: single }, actions[0][0])) : null);
      })),
      (view.reward_cards || []).length ? h("div", { class: "muted" }, `Mayoral reward cards: ${view.reward_cards.join(", ")}`) : null));
  }
  const choices = clicks.rest();
  if (choices) parts.splice(1, 0, h("div", { class: "card panel" }, choices));

  const names = (payload.seats || []).map((seat) => seat.name);
  parts.push(h("div", { class: "card panel" }, h("h3", {}, `Round ${view.round ?? "?"} of ${view.rounds ?? "?"}`), h("table", { class: "data" },
    h("tr", {}, h("th", {}, ""), h("th", {}, "VP"), h("th", {}, "Supply"), h("th", {}, "Neutrals"), h("th", {}, "Hand"), h("th", {}, "Reward cards")),
    (view.vp || []).map((vp, seat) => h("tr", {},
      h("td", {}, h("span", { class: "swatch", style: `background:${seatColours[seat]}` }), names[seat] || `Seat ${seat + 1}`),
      h("td", {}, String(vp)), h("td", {}, String(view.supply?.[seat] ?? "")), h("td", {}, String(view.neutrals?.[seat] ?? "")),
      h("td", {}, String(view.hand_sizes?.[seat] ?? "")), h("td", {}, String(view.reward_card_counts?.[seat] ?? "")))))));
  root.replaceChildren(...parts);
}

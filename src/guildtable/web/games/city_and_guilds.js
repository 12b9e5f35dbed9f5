// City and Guilds: the city map in SVG (blocks, lots, tiles, figures, street features), the display and your hand,
// the four guild tracks and the blocks. Legal lots and tiles are highlighted and clicked; every other decision
// (invest or double, a minstrel's figure, no tavern) is one button each.
import { Clicks, h, jsonPanel, svg as s } from "/static/js/common.js";

export const ownsMoves = true;
export const seatColours = ["#e53e3e", "#d69e2e", "#3182ce", "#38a169", "#805ad5"];

const CELL = 44;
const GUILD_FILL = { BA: "#f6ad55", WE: "#d6bcfa", CA: "#faf089", SM: "#90cdf4" };
const GUILD_NAMES = { BA: "baker", WE: "weaver", CA: "candle", SM: "smith" };
const BLOCK_FILL = ["#efe6d8", "#e3efe0", "#e2e6f2", "#f1eed8", "#eee0ee", "#dcecec", "#f2e6d8", "#dde6f0"];

function tileFill(code) {
  if (code === "MIN") return "#81e6d9";
  if (code === "TAV") return "#fbd38d";
  return GUILD_FILL[code.slice(-2)] || "#e2e8f0";
}

function tileTitle(code) {
  if (code === "MIN") return "minstrel house";
  if (code === "TAV") return "tavern";
  const guild = GUILD_NAMES[code.slice(-2)] || code;
  return code.startsWith("M") ? `${guild} market` : `${guild} building`;
}

function tileChip(code, extra = {}) {
  return h("button", { class: "cg-tile secondary", style: `background:${tileFill(code)};color:#1a202c`, title: tileTitle(code), "data-tile": code, ...extra }, code);
}

export function render(root, payload, ui) {
  const view = payload.view || {};
  const legal = ui.interactive ? payload.legal || [] : [];
  const clicks = new Clicks(legal, ui.move);
  const map = view.map || [];
  const rows = map.length, cols = rows ? map[0].length : 0;
  const blocks = [...new Set((view.lots || []).map((lot) => lot.block))].sort();
  const svg = s("svg", { viewBox: `0 0 ${cols * CELL} ${rows * CELL}`, class: "cg-map", role: "img", "aria-label": "City map" });
  svg.append(s("rect", { x: 0, y: 0, width: cols * CELL, height: rows * CELL, fill: "#cbd5e0" }));
  map.forEach((line, y) => [...line].forEach((ch, x) => {
    if (ch === "*") svg.append(s("text", { x: x * CELL + CELL / 2, y: y * CELL + CELL / 2 + 7, "text-anchor": "middle", "font-size": 22, fill: "#2c7a7b" }, "✲"));
    if (ch === "+") svg.append(s("rect", { x: x * CELL + 6, y: y * CELL + CELL / 2 - 4, width: CELL - 12, height: 8, fill: "#4a5568", rx: 3 }));
    if (ch === "#") svg.append(s("rect", { x: x * CELL + 8, y: y * CELL + 8, width: CELL - 16, height: CELL - 16, fill: "#718096", rx: 4 }));
  }));
  for (const lot of view.lots || []) {
    const x = lot.x * CELL, y = lot.y * CELL;
    const onclick = clicks.on({ lot: lot.lot });
    const entry = onclick !== undefined;
    const g = s("g", { class: `lot${entry ? " legal clickable" : ""}`, "data-lot": lot.lot, onclick });
    g.append(s("rect", { x: x + 1, y: y + 1, width: CELL - 2, height: CELL - 2, rx: 4,
      fill: lot.tile ? tileFill(lot.tile) : BLOCK_FILL[blocks.indexOf(lot.block) % BLOCK_FILL.length],
      stroke: entry ? "#d69e2e" : lot.owner !== null && lot.owner !== undefined ? seatColours[lot.owner] : "#a0aec0",
      "stroke-width": entry ? 4 : lot.owner !== null && lot.owner !== undefined ? 3 : 1 }));
    g.append(s("text", { x: x + CELL / 2, y: y + (lot.tile ? 20 : 26), "text-anchor": "middle", "font-size": lot.tile ? 12 : 10, "font-weight": lot.tile ? 700 : 400, fill: lot.tile ? "#1a202c" : "#718096" }, lot.tile || lot.lot));
    for (let f = 0; f < (lot.figures || 0); f++) {
      g.append(s("circle", { cx: x + 10 + f * 10, cy: y + CELL - 9, r: 4, fill: seatColours[lot.owner] || "#2d3748", stroke: "#1a202c" }));
    }
    if (lot.tile) g.append(s("title", {}, `${lot.lot}: ${tileTitle(lot.tile)}`));
    svg.append(g);
  }
  const parts = [h("div", { class: "card panel" }, svg)];

  const tileRow = (title, codes, id) => h("div", { class: "row", "data-panel": id }, h("strong", {}, title),
    (codes || []).map((code) => {
      const onclick = clicks.on({ tile: code });
      return tileChip(code, { class: `cg-tile secondary${onclick ? " legal" : ""}`, disabled: !onclick, onclick });
    }));
  parts.push(h("div", { class: "card panel" },
    tileRow("Display", view.display, "display"),
    Array.isArray(view.hand) ? tileRow("Your hand", view.hand, "hand") : null,
    h("div", { class: "muted" }, `Supply: ${view.supply_size ?? "?"} tiles · taverns left: ${view.taverns_left ?? "?"}`),
    clicks.rest()));

  const names = (payload.seats || []).map((seat) => seat.name);
  parts.push(h("div", { class: "card panel" }, h("h3", {}, "Players"), h("table", { class: "data" },
    h("tr", {}, h("th", {}, ""), h("th", {}, "Score"), h("th", {}, "Figures left"), h("th", {}, "Tiles placed"), h("th", {}, "Hand")),
    (view.scores || []).map((score, seat) => h("tr", {},
      h("td", {}, h("span", { class: "swatch", style: `background:${seatColours[seat]}` }), names[seat] || `Seat ${seat + 1}`),
      h("td", {}, String(score)), h("td", {}, String(view.figures_left?.[seat] ?? "")),
      h("td", {}, String(view.tiles_placed?.[seat] ?? "")), h("td", {}, String(view.hand_sizes?.[seat] ?? "")))))));
  parts.push(h("div", { class: "card panel" }, h("h3", {}, "Guild tracks"), h("table", { class: "data" },
    h("tr", {}, h("th", {}, "Guild"), h("th", {}, "Ranking (player: investment)")),
    (view.tracks || []).map((track) => h("tr", {}, h("td", {}, track.guild.toLowerCase()),
      h("td", {}, (track.ranking || []).map(([seat, amount]) => h("span", { class: "chip", style: `border-color:${seatColours[seat]}` }, `${names[seat] || seat}: ${amount}`))))))));
  parts.push(h("details", { class: "card panel" }, h("summary", {}, "Blocks"), jsonPanel(view.blocks)));
  root.replaceChildren(...parts);
}

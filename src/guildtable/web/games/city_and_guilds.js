// City and Guilds: the city map in SVG (blocks, lots, tiles, figures, street features), the display and your hand,
// the four guild tracks and the blocks. Legal lots and tiles are highlighted and clicked; every other decision
// (invest or double, a minstrel's figure, no tavern) is one button each.
import { Clicks, h, infoAttrs, svg as s } from "/static/js/common.js";

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

function tileWords(code) {
  if (code === "MIN") return ["minstrel", ""];
  if (code === "TAV") return ["tavern", ""];
  const guild = GUILD_NAMES[code.slice(-2)] || code;
  return [guild, code.startsWith("M") ? "market" : ""];
}

function tileChip(code, glossary, extra = {}) {
  const piece = glossary[code];
  return h("button", { class: "cg-tile secondary", style: `background:${tileFill(code)};color:#1a202c`, "data-tile": code, ...infoAttrs(piece), ...extra },
    piece ? piece.name : tileTitle(code));
}

export function render(root, payload, ui) {
  const view = payload.view || {};
  const glossary = ui.glossary || {};
  const names = (payload.seats || []).map((seat) => seat.name);
  const legal = ui.interactive ? payload.legal || [] : [];
  const clicks = new Clicks(legal, ui.move);
  const map = view.map || [];
  const rows = map.length, cols = rows ? map[0].length : 0;
  const blocks = [...new Set((view.lots || []).map((lot) => lot.block))].sort();
  // The lot that carries its block's letter in its corner: its own words sit lower so the two never overlap.
  const lettered = new Set(blocks.map((block) => (view.lots || []).find((lot) => lot.block === block)?.lot));
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
    const piece = lot.tile ? glossary[lot.tile] : null;
    const owner = lot.owner !== null && lot.owner !== undefined ? names[lot.owner] : null;
    const about = `Lot ${lot.lot}, block ${lot.block}, ${piece ? `${owner ? `${owner}'s ` : ""}${piece.name.toLowerCase()}` : "empty"}${lot.figures ? `, ${lot.figures} figure${lot.figures > 1 ? "s" : ""}` : ""}${entry ? ", you may place here" : ""}`;
    const g = s("g", { class: `lot${entry ? " legal clickable" : ""}`, "data-lot": lot.lot, onclick, "aria-label": about,
      ...(piece ? infoAttrs(piece, { extra: [about] }) : entry ? { tabindex: "0", role: "button" } : {}) });
    g.append(s("rect", { x: x + 1, y: y + 1, width: CELL - 2, height: CELL - 2, rx: 4,
      fill: lot.tile ? tileFill(lot.tile) : BLOCK_FILL[blocks.indexOf(lot.block) % BLOCK_FILL.length],
      stroke: entry ? "var(--legal-line)" : lot.owner !== null && lot.owner !== undefined ? seatColours[lot.owner] : "#a0aec0",
      "stroke-dasharray": entry ? "5 3" : null,
      "stroke-width": entry ? 4 : lot.owner !== null && lot.owner !== undefined ? 3 : 1 }));
    // A placed tile says what it is in a word or two (its full text is in its tooltip); an empty lot shows its name.
    const [word, kind] = lot.tile ? tileWords(lot.tile) : [lot.lot, ""];
    const low = lettered.has(lot.lot) ? 6 : 0;
    g.append(s("text", { x: x + CELL / 2, y: y + low + (kind ? 18 : 26), "text-anchor": "middle", "font-size": 11.5, "font-weight": lot.tile ? 700 : 400, fill: lot.tile ? "#1a202c" : "#4a5568" }, word));
    if (kind) g.append(s("text", { x: x + CELL / 2, y: y + low + 30, "text-anchor": "middle", "font-size": 11, fill: "#1a202c" }, kind));
    for (let f = 0; f < (lot.figures || 0); f++) {
      g.append(s("circle", { cx: x + 10 + f * 10, cy: y + CELL - 9, r: 4, fill: seatColours[lot.owner] || "#2d3748", stroke: "#1a202c" }));
    }
    svg.append(g);
  }
  // Block letters, once per block, at the block's first lot.
  for (const block of blocks) {
    const first = (view.lots || []).find((lot) => lot.block === block);
    if (first) svg.append(s("text", { x: first.x * CELL + 4, y: first.y * CELL + 13, "font-size": 11, "font-weight": 700, fill: "#2d3748" }, block));
  }
  const parts = [h("div", { class: "card panel cg-scroll" }, svg)];

  // Bug 2: the display's tiles are taken ("take"), the hand's are picked to place ("pick"); each row offers only its own.
  const tileRow = (title, codes, id, type) => h("div", { class: "row", "data-panel": id }, h("strong", {}, title),
    (codes || []).map((code) => {
      const onclick = clicks.on({ type, tile: code });
      return tileChip(code, glossary, { class: `cg-tile secondary${onclick ? " legal" : ""}`, "aria-disabled": onclick ? null : "true", onclick });
    }));
  parts.push(h("div", { class: `card panel${ui.interactive ? " hand-dock" : ""}` },
    tileRow("Display", view.display, "display", "take"),
    Array.isArray(view.hand) ? tileRow("Your hand", view.hand, "hand", "pick") : null,
    h("div", { class: "muted" }, `Supply: ${view.supply_size ?? "?"} tiles · taverns left: ${view.taverns_left ?? "?"}`)));
  ui.choices?.(clicks.rest());

  parts.push(h("div", { class: "card panel" }, h("h3", {}, "Players"), h("table", { class: "data table-scroll" },
    h("tr", {}, h("th", {}, ""), h("th", {}, "Score"), h("th", {}, "Figures left"), h("th", {}, "Tiles placed"), h("th", {}, "Hand")),
    (view.scores || []).map((score, seat) => h("tr", {},
      h("td", {}, h("span", { class: "swatch", style: `background:${seatColours[seat]}` }), names[seat] || `Seat ${seat + 1}`),
      h("td", {}, String(score)), h("td", {}, String(view.figures_left?.[seat] ?? "")),
      h("td", {}, String(view.tiles_placed?.[seat] ?? "")), h("td", {}, String(view.hand_sizes?.[seat] ?? "")))))));
  parts.push(h("div", { class: "card panel" }, h("h3", {}, "Guild tracks"), h("table", { class: "data" },
    h("tr", {}, h("th", {}, "Guild"), h("th", {}, "Ranking (player: figures invested)")),
    (view.tracks || []).map((track) => h("tr", {}, h("td", { ...infoAttrs(glossary[`guild:${track.guild}`]) }, glossary[`guild:${track.guild}`]?.name || track.guild.toLowerCase()),
      h("td", {}, (track.ranking || []).map(([seat, amount]) => h("span", { class: "chip", style: `border-color:${seatColours[seat]}` }, `${names[seat] || seat}: ${amount}`))))))));
  // At a glance: each block's value so far, who holds its white and black markers, and whether it is scored.
  const who = (seat) => (seat === null || seat === undefined ? "–" : names[seat] || "");
  parts.push(h("div", { class: "card panel glance" }, h("h3", {}, "Blocks"), h("div", { class: "table-scroll" }, h("table", { class: "data" },
    h("tr", {}, h("th", {}, "Block"), h("th", { class: "num" }, "Worth now"), h("th", {}, "White marker"), h("th", {}, "Black marker"), h("th", {}, "Lots left")),
    (view.blocks || []).map((block) => h("tr", { "data-block": block.block },
      h("td", {}, block.block), h("td", { class: "num" }, String(block.value_so_far ?? block.value ?? "")),
      h("td", {}, who(block.white)), h("td", {}, who(block.black)),
      h("td", {}, block.scored ? "scored" : String(block.empty ?? ""))))))));
  const legendKeys = Object.keys(glossary).filter((key) => !key.startsWith("guild:"));
  parts.push(h("details", { class: "card panel" }, h("summary", {}, "What the tiles and streets mean"),
    h("div", { class: "legend" }, legendKeys.map((key) => h("span", { ...infoAttrs(glossary[key]), "data-legend": key },
      h("strong", {}, `${glossary[key].name}:`), glossary[key].text)))));
  root.replaceChildren(...parts);
}

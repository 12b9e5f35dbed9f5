// City Blocks: the 5×6 board in SVG with the value tiles of its eleven streets, your hand, and clicks mapped to the
// legal actions' JSON. A placement is two clicks (a tile in hand, then a highlighted site); a courthouse swap is two
// highlighted streets, or "No swap".
import { h, infoAttrs, svg as s } from "/static/js/common.js";

export const ownsMoves = true;

const CELL = 78, LEFT = 92, TOP = 84, ROWS = 5, COLS = 6;
const OWNER_FILL = ["#2b6cb0", "#c53030"];
const KIND_NAMES = { H: "house", S: "store", F: "factory", SCH: "school", PWR: "power", MALL: "mall", CRT: "court" };
// What a special tile does, drawn on the tile: the kinds it turns to 0 in its streets, crossed out (the full sentence is
// in its tooltip and in "What the tiles do").
const ICONS = {
  H: "M1 10 L10 2 L19 10 V19 H1 Z",
  F: "M1 19 V9 L6 12 V9 L11 12 V9 L15 12 V2 H19 V19 Z",
  S: "M0 8 L3 2 H17 L20 8 Z M2 9 H18 V19 H12 V13 H8 V19 H2 Z",
};
// On a narrow screen the board is drawn small: words give way to the kinds' icons so no text is under 11 px.
let narrow = false;
const ZEROES = { SCH: ["F"], PWR: ["H"], MALL: ["H", "F"] };

let selection = { key: "", tile: null, street: null };

function effectIcons(key, size) {
  const kinds = ZEROES[key];
  if (!kinds) return key === "CRT" ? [s("text", { x: size / 2, y: size - 12, "text-anchor": "middle", "font-size": 18, fill: "#fff", "font-weight": 700 }, "⇄ $")] : [];
  const width = kinds.length * 26;
  return kinds.map((kind, index) => {
    const x = size / 2 - width / 2 + index * 26 + 3;
    return s("g", { transform: `translate(${x},${size - 30})` },
      s("path", { d: ICONS[kind], fill: "#fff" }),
      s("line", { x1: -1, y1: 21, x2: 21, y2: -1, stroke: "#fbd38d", "stroke-width": 3.5 }));
  });
}

function siteName(row, col) { return `R${row + 1}C${col + 1}`; }
function streetLabel(name) { return `${name[0] === "R" ? "Row" : "Column"} ${name.slice(1)}`; }
function kindKey(code) { return KIND_NAMES[code] ? code : code.replace(/[0-9]/g, ""); }
function kindOf(code) { return KIND_NAMES[kindKey(code)] || code; }

// A tile: its face value (or its kind's short name) large, and under it the kind, or what a special tile does.
// `ownerName` (a placed tile's owner) goes into the tooltip; `extra` are the group's own attributes.
function tileGroup(x, y, size, code, owner, glossary, extra = {}, ownerName = "") {
  const fill = owner === null || owner === undefined ? "#718096" : OWNER_FILL[owner] || "#718096";
  const key = kindKey(code);
  const value = code.replace(/^[A-Z]+/, "");
  const piece = glossary[key];
  const owned = ownerName ? [`Owner: ${ownerName}`] : [];
  return s("g", { transform: `translate(${x},${y})`, ...infoAttrs(piece, { extra: owned }), ...extra },
    s("rect", { class: "tile", x: 3, y: 3, width: size - 6, height: size - 6, rx: 8, fill, stroke: "#1a202c", "stroke-width": 1 }),
    value ? s("text", { x: size / 2, y: size / 2 + (narrow ? 0 : 4), "text-anchor": "middle", "font-size": 28, "font-weight": 700, fill: "#fff" }, value)
      : s("text", { x: size / 2, y: 26, "text-anchor": "middle", "font-size": narrow ? 19 : 17, "font-weight": 700, fill: "#fff" }, kindOf(code)),
    value && !narrow ? s("text", { x: size / 2, y: size - 11, "text-anchor": "middle", "font-size": 17, fill: "#f7fafc" }, kindOf(code)) : null,
    value && narrow && ICONS[key] ? s("path", { d: ICONS[key], fill: "#f7fafc", transform: `translate(${size / 2 - 10},${size - 28})` }) : null,
    ...(value ? [] : effectIcons(key, size)));
}

export function render(root, payload, ui) {
  const view = payload.view || {};
  const glossary = ui.glossary || {};
  const names = (payload.seats || []).map((seat) => seat.name);
  narrow = (root.clientWidth || window.innerWidth) < 620;
  const legal = ui.interactive ? payload.legal || [] : [];
  const key = `${payload.table || ""}:${payload.version}:${payload.seat}`;
  if (selection.key !== key) selection = { key, tile: null, street: null };

  // What the legal moves allow: sites per hand tile, partner streets per street.
  const sitesByTile = new Map();
  const partners = new Map();
  let noSwap = null;
  for (const entry of legal) {
    const a = entry.action;
    if (a.type === "build" || a.type === "rebuild") {
      if (!sitesByTile.has(a.tile)) sitesByTile.set(a.tile, new Map());
      sitesByTile.get(a.tile).set(a.site, a);
    } else if (a.type === "swap") {
      const [x, y] = a.streets;
      for (const [p, q] of [[x, y], [y, x]]) {
        if (!partners.has(p)) partners.set(p, new Map());
        partners.get(p).set(q, a);
      }
    } else if (a.type === "noswap") noSwap = a;
  }
  if (selection.tile === null && sitesByTile.size === 1) selection.tile = [...sitesByTile.keys()][0];
  const rerender = () => render(root, payload, ui);
  const targets = selection.tile !== null ? sitesByTile.get(selection.tile) || new Map() : new Map();
  const streetTargets = selection.street !== null ? partners.get(selection.street) || new Map() : null;

  const width = LEFT + COLS * CELL + 8, height = TOP + ROWS * CELL + 8;
  const svg = s("svg", { viewBox: `0 0 ${width} ${height}`, role: "img", "aria-label": "City Blocks board", class: "cb-board" });
  const last = (view.last_move || "").split(" ").pop().replace(/^x/, "");

  // Street value tiles: rows on the left, columns on top.
  const street = (name, cx, cy) => {
    const value = (view.slots || {})[name];
    const isLegal = streetTargets ? streetTargets.has(name) : partners.has(name);
    const selected = selection.street === name;
    const onclick = !isLegal && !selected ? undefined : () => {
      if (selected) { selection.street = null; rerender(); return; }
      if (streetTargets && streetTargets.has(name)) { ui.move(streetTargets.get(name)); return; }
      selection.street = name; rerender();
    };
    // Beside the value tile, each player's running total in this street under the effects in force.
    const totals = (view.street_totals || {})[name];
    const effects = (view.street_effects || {})[name] || [];
    const award = (view.awards || []).find((entry) => entry.street === name);
    const label = streetLabel(name);
    const about = award ? `${label}: scored, ${award.winner === null ? "a tie — the tile left the game" : `won by ${names[award.winner] || ""} for $${award.value}`}`
      : `${label}: value tile $${value ?? "?"}${totals ? `; totals now ${totals.map((t, seat) => `${names[seat] || ""} ${t}`).join(", ")}` : ""}`;
    const info = infoAttrs(glossary.value ? { ...glossary.value, name: about } : { name: about, text: "", details: [] }, { extra: effects });
    return s("g", { class: `street${isLegal ? " legal clickable" : ""}${selected ? " selected" : ""}`, "data-street": name, onclick, ...info,
      "aria-label": about },
      s("rect", { x: cx - 30, y: cy - 24, width: 60, height: 34, rx: 17, fill: value ? "#faf089" : "#edf2f7",
        stroke: isLegal ? "var(--legal-line)" : "#718096", "stroke-width": isLegal ? 4 : 1, "stroke-dasharray": isLegal ? "6 3" : null, class: selected ? "selected" : "" }),
      s("text", { x: cx, y: cy - 1, "text-anchor": "middle", "font-size": 20, "font-weight": 700, fill: "#1a202c" }, value ? `$${value}` : award ? "✓" : "–"),
      totals && !award ? s("text", { x: cx, y: cy + 29, "text-anchor": "middle", "font-size": narrow ? 19 : 17, "font-weight": 700 },
        s("tspan", { fill: OWNER_FILL[0] }, String(totals[0])), s("tspan", { fill: "#4a5568" }, " : "), s("tspan", { fill: OWNER_FILL[1] }, String(totals[1]))) : null);
  };
  for (let r = 0; r < ROWS; r++) svg.append(street(`R${r + 1}`, LEFT / 2, TOP + r * CELL + CELL / 2));
  for (let c = 0; c < COLS; c++) svg.append(street(`C${c + 1}`, LEFT + c * CELL + CELL / 2, TOP / 2));

  (view.board || []).forEach((rowCells, r) => rowCells.forEach((cell, c) => {
    const name = siteName(r, c);
    const x = LEFT + c * CELL, y = TOP + r * CELL;
    const action = targets.get(name);
    const [row, col] = [r + 1, c + 1];
    const holds = cell ? `${names[cell.owner] || ""}'s ${kindOf(cell.tile)}${cell.tile.replace(/^[A-Z]+/, "") ? ` ${cell.tile.replace(/^[A-Z]+/, "")}` : ""}` : "empty";
    const g = s("g", { class: `cell${action ? " legal" : ""}${name === last ? " last" : ""}`, "data-site": name,
      "aria-label": `Row ${row}, column ${col}: ${holds}${action ? `; you may ${action.type === "rebuild" ? "rebuild" : "build"} here` : ""}`,
      tabindex: action ? "0" : null, role: action ? "button" : null,
      onclick: action ? () => ui.move(action) : undefined });
    g.append(s("rect", { class: `site${action ? " legal" : ""}`, x: x + 1, y: y + 1, width: CELL - 2, height: CELL - 2, rx: 6 }));
    if (cell) g.append(tileGroup(x + 4, y + 4, CELL - 8, cell.tile, cell.owner, glossary, {}, names[cell.owner]));
    else if (!narrow) g.append(s("text", { x: x + CELL / 2, y: y + CELL / 2 + 6, "text-anchor": "middle", "font-size": 17, fill: "#5d6675" }, name));
    if (action && cell) g.append(s("rect", { x: x + 1, y: y + 1, width: CELL - 2, height: CELL - 2, rx: 6, fill: "#fefcbf", "fill-opacity": 0.45, stroke: "#d69e2e", "stroke-width": 3 }));
    svg.append(g);
  }));

  const parts = [svg];
  // The hand: only the seat's own (the server sends no one else's).
  if (Array.isArray(view.hand)) {
    const size = 70;
    const hand = s("svg", { viewBox: `0 0 ${Math.max(5, view.hand.length) * size + 4} ${size + 4}`, class: "cb-hand", role: "img", "aria-label": "Your hand" });
    view.hand.forEach((code, index) => {
      const isLegal = sitesByTile.has(code);
      const selected = selection.tile === code;
      hand.append(tileGroup(2 + index * size, 2, size, code, payload.seat, glossary, {
        class: `hand-tile${isLegal ? " legal clickable" : ""}${selected ? " selected" : ""}`, "data-tile": code,
        onclick: isLegal ? () => { selection.tile = selected ? null : code; rerender(); } : undefined }));
    });
    parts.push(h("div", { class: `card panel${legal.length ? " hand-dock" : ""}`, "data-panel": "hand" }, h("h3", {}, "Your hand"), hand));
  }
  if (legal.length) {
    let hint = "";
    const tileName = (code) => `${kindOf(code)}${code.replace(/^[A-Z]+/, "") ? ` ${code.replace(/^[A-Z]+/, "")}` : ""}`;
    if (sitesByTile.size) hint = selection.tile ? `Now click a highlighted site for your ${tileName(selection.tile)}.` : "Click a tile in your hand, then a highlighted site.";
    else if (partners.size) hint = selection.street ? `Swap ${streetLabel(selection.street).toLowerCase()} with which street?` : "Click two highlighted value tiles to swap them, or don't swap.";
    (ui.choices || (() => {}))(h("div", { class: "row cb-hint" }, h("span", { class: "muted" }, hint),
      noSwap ? h("button", { id: "noswap", class: "secondary", onclick: () => ui.move(noSwap) }, "Don't swap") : null));
  }
  // At a glance: the score, the value tiles each player holds (a rebuild pays the lowest), hand and pile.
  const info = h("table", { class: "data cb-info glance" },
    h("tr", {}, h("th", {}, "Player"), h("th", { class: "num" }, "Score"), h("th", {}, "Value tiles"), h("th", { class: "num" }, "Hand"), h("th", { class: "num" }, "Pile")),
    (view.scores || []).map((score, seat) => h("tr", {},
      h("td", {}, h("span", { class: "swatch", style: `background:${OWNER_FILL[seat]}` }), names[seat] || `Seat ${seat + 1}`),
      h("td", { class: "num" }, String(score)), h("td", {}, (view.won?.[seat] || []).map((v) => `$${v}`).join(" ") || "none"),
      h("td", { class: "num" }, String(view.hand_sizes?.[seat] ?? "")), h("td", { class: "num" }, String(view.pile_sizes?.[seat] ?? "")))));
  const legend = h("div", { class: "legend" }, ["H", "S", "F", "SCH", "PWR", "MALL", "CRT"].map((key) => glossary[key]
    ? h("span", { ...infoAttrs(glossary[key]), "data-legend": key }, h("strong", {}, `${glossary[key].name}:`), glossary[key].text) : null));
  parts.push(h("div", { class: "card panel" }, info,
    (view.removed_values || []).length ? h("div", { class: "muted" }, `Out of the game: ${(view.removed_values || []).map((v) => `$${v}`).join(" ")}`) : null,
    h("details", { class: "info" }, h("summary", {}, "What the tiles do"), legend)));
  root.replaceChildren(...parts);
}

// City Blocks: the 5×6 board in SVG with the value tiles of its eleven streets, your hand, and clicks mapped to the
// legal actions' JSON. A placement is two clicks (a tile in hand, then a highlighted site); a courthouse swap is two
// highlighted streets, or "No swap".
import { h, svg as s } from "/static/js/common.js";

export const ownsMoves = true;

const CELL = 78, LEFT = 64, TOP = 58, ROWS = 5, COLS = 6;
const OWNER_FILL = ["#2b6cb0", "#c53030"];
const KIND_NAMES = { H: "house", S: "store", F: "factory", SCH: "school", PWR: "power", MALL: "mall", CRT: "court" };

let selection = { key: "", tile: null, street: null };

function siteName(row, col) { return `R${row + 1}C${col + 1}`; }
function kindOf(code) { return KIND_NAMES[code] || KIND_NAMES[code.replace(/[0-9]/g, "")] || code; }

function tileGroup(x, y, size, code, owner, extra = {}) {
  const fill = owner === null || owner === undefined ? "#718096" : OWNER_FILL[owner] || "#718096";
  return s("g", { transform: `translate(${x},${y})`, ...extra },
    s("rect", { class: "tile", x: 3, y: 3, width: size - 6, height: size - 6, rx: 8, fill, stroke: "#1a202c", "stroke-width": 1 }),
    s("text", { x: size / 2, y: size / 2 + 2, "text-anchor": "middle", "font-size": code.length > 2 ? 17 : 22, "font-weight": 700, fill: "#fff" }, code),
    s("text", { x: size / 2, y: size - 12, "text-anchor": "middle", "font-size": 10, fill: "#e2e8f0" }, kindOf(code)));
}

export function render(root, payload, ui) {
  const view = payload.view || {};
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
    return s("g", { class: `street${isLegal ? " legal clickable" : ""}${selected ? " selected" : ""}`, "data-street": name, onclick },
      s("rect", { x: cx - 22, y: cy - 18, width: 44, height: 36, rx: 18, fill: value ? "#faf089" : "#edf2f7",
        stroke: isLegal ? "#d69e2e" : "#a0aec0", "stroke-width": isLegal ? 3 : 1, class: selected ? "selected" : "" }),
      s("text", { x: cx, y: cy + 2, "text-anchor": "middle", "font-size": 16, "font-weight": 700, fill: "#1a202c" }, value ?? "–"),
      s("text", { x: cx, y: cy + 14, "text-anchor": "middle", "font-size": 8, fill: "#4a5568" }, name));
  };
  for (let r = 0; r < ROWS; r++) svg.append(street(`R${r + 1}`, LEFT / 2, TOP + r * CELL + CELL / 2));
  for (let c = 0; c < COLS; c++) svg.append(street(`C${c + 1}`, LEFT + c * CELL + CELL / 2, TOP / 2));

  (view.board || []).forEach((rowCells, r) => rowCells.forEach((cell, c) => {
    const name = siteName(r, c);
    const x = LEFT + c * CELL, y = TOP + r * CELL;
    const action = targets.get(name);
    const g = s("g", { class: `cell${action ? " legal" : ""}${name === last ? " last" : ""}`, "data-site": name,
      onclick: action ? () => ui.move(action) : undefined });
    g.append(s("rect", { class: `site${action ? " legal" : ""}`, x: x + 1, y: y + 1, width: CELL - 2, height: CELL - 2, rx: 6 }));
    if (cell) g.append(tileGroup(x + 4, y + 4, CELL - 8, cell.tile, cell.owner));
    else g.append(s("text", { x: x + CELL / 2, y: y + CELL / 2 + 4, "text-anchor": "middle", "font-size": 10, fill: "#a0aec0" }, name));
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
      hand.append(tileGroup(2 + index * size, 2, size, code, payload.seat, {
        class: `hand-tile${isLegal ? " legal clickable" : ""}${selected ? " selected" : ""}`, "data-tile": code,
        onclick: isLegal ? () => { selection.tile = selected ? null : code; rerender(); } : undefined }));
    });
    parts.push(h("div", { class: "card panel" }, h("h3", {}, "Your hand"), hand));
  }
  if (legal.length) {
    let hint = "";
    if (sitesByTile.size) hint = selection.tile ? `Now click a highlighted site for ${selection.tile}.` : "Click a tile in your hand, then a highlighted site.";
    else if (partners.size) hint = selection.street ? `Swap ${selection.street} with which street?` : "Click two highlighted streets to swap their value tiles, or choose no swap.";
    parts.push(h("div", { class: "row cb-hint" }, h("span", { class: "muted" }, hint),
      noSwap ? h("button", { id: "noswap", class: "secondary", onclick: () => ui.move(noSwap) }, "No swap") : null));
  }
  const names = (payload.seats || []).map((seat) => seat.name);
  const info = h("table", { class: "data cb-info" },
    h("tr", {}, h("th", {}, ""), h("th", {}, "Score"), h("th", {}, "Value tiles"), h("th", {}, "Hand"), h("th", {}, "Pile")),
    (view.scores || []).map((score, seat) => h("tr", {},
      h("td", {}, h("span", { class: "swatch", style: `background:${OWNER_FILL[seat]}` }), names[seat] || `Seat ${seat + 1}`),
      h("td", {}, String(score)), h("td", {}, (view.won?.[seat] || []).join(", ") || "–"),
      h("td", {}, String(view.hand_sizes?.[seat] ?? "")), h("td", {}, String(view.pile_sizes?.[seat] ?? "")))));
  parts.push(h("div", { class: "card panel" }, info,
    (view.removed_values || []).length ? h("div", { class: "muted" }, `Out of play: ${(view.removed_values || []).join(", ")}`) : null));
  root.replaceChildren(...parts);
}

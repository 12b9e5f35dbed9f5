// City Blocks: the 5×6 board in SVG with the value tiles of its eleven streets, your hand, and clicks mapped to the
// legal actions' JSON. A placement is two clicks (a tile in hand, then a highlighted site); a courthouse swap is two
// highlighted streets, or "No swap". Every playable piece takes the keyboard (Tab or the arrow keys, then Enter).
import { htmlOrSvg, h, infoAttrs, pt, seatColour, seatInk, seatShape, seatSwatch, svg as s, t } from "/static/js/common.js";
import { icon, iconSvg } from "/static/js/icons.js";

/** @typedef {import("../types/api").components["schemas"]} Schemas */
/** @typedef {Schemas["CityBlocksView"]} CityBlocksView */
/** @typedef {import("/static/js/render_input.js").RenderInput} RenderInput */
/** @typedef {import("/static/js/render_input.js").RenderUi} RenderUi */
/** @typedef {import("/static/js/render_input.js").Glossary} Glossary */
/** @typedef {import("/static/js/render_input.js").GameEvent} GameEvent */
/** @typedef {import("/static/js/render_input.js").LegalMove} LegalMove */
/** @typedef {import("/static/js/render_input.js").Mark} Mark */
/** A City Blocks action as its legal moves send it (the game's own JSON). @typedef {LegalMove["action"] & { type?: string, tile?: string, site?: string, streets?: string[] }} Action */

export const ownsMoves = true;

const CELL = 78, LEFT = 92, TOP = 84;
// The kinds' names, looked up in the reader's language when shown (a function: the catalogue is loaded by then).
/** @type {Record<string, () => string>} */
const KIND_NAMES = { H: () => t("house"), S: () => t("store"), F: () => t("factory"), SCH: () => t("school"),
  PWR: () => t("power plant"), MALL: () => t("mall"), CRT: () => t("courthouse") };
/** @type {Record<string, string>} */
const KIND_ICONS = { H: "house", S: "store", F: "factory", SCH: "school", PWR: "power-plant", MALL: "mall", CRT: "courthouse" };
// On a narrow screen the board is drawn small: words give way to the kinds' icons so no text is under 11 px.
let narrow = false;

/** @type {{ key: string, tile: string | null, street: string | null }} */
let selection = { key: "", tile: null, street: null };

// What a special tile does, drawn on the tile: the kinds it turns to 0 in its streets (the view's `zeroes`), crossed
// out (the full sentence is in its tooltip and in "What the tiles do").
/** @param {string} key @param {number} size @param {string} ink @param {Record<string, string[]>} zeroes */
function effectIcons(key, size, ink, zeroes) {
  if (key === "CRT") {  // two value tiles change places: a pair of arrows
    const y = size - 22, left = size / 2 - 16, right = size / 2 + 16;
    return [s("path", { d: `M${left} ${y - 4} H${right} m-5 -5 l5 5 l-5 5 M${right} ${y + 6} H${left} m5 -5 l-5 5 l5 5`, fill: "none", stroke: ink,
      "stroke-width": 2.5, "stroke-linecap": "round", "stroke-linejoin": "round" })];
  }
  const kinds = zeroes[key] ?? [];
  const width = kinds.length * 24;
  return kinds.map((kind, index) => {
    const x = size / 2 - width / 2 + index * 24 + 2;
    return s("g", { color: ink }, icon(KIND_ICONS[kind], { x, y: size - 30, size: 20 }),
      s("line", { x1: x - 1, y1: size - 9, x2: x + 21, y2: size - 31, stroke: ink, "stroke-width": 2.5, "stroke-linecap": "round" }));
  });
}

/** @param {number} row @param {number} col */
function siteName(row, col) { return `R${row + 1}C${col + 1}`; }
/** @param {string} name */
function streetLabel(name) { const number = name.slice(1); return name[0] === "R" ? t("Row {number}", { number }) : t("Column {number}", { number }); }
// A street mid-sentence ("row 3"; German keeps the capital: "Reihe 3").
/** @param {string} name */
function streetWords(name) { const number = name.slice(1); return name[0] === "R" ? t("row {number}", { number }) : t("column {number}", { number }); }
/** @param {string} code */
function kindKey(code) { return KIND_NAMES[code] ? code : code.replace(/[0-9]/g, ""); }
/** @param {string} code */
function kindOf(code) { const name = KIND_NAMES[kindKey(code)]; return name ? name() : code; }
/** @param {string} code */
function tileName(code) { const value = code.replace(/^[A-Z]+/, ""); return value ? t("{kind} {number}", { kind: kindOf(code), number: value }) : kindOf(code); }
// What a tile shows in words, in the order drawn (its value, then its kind unless the board is drawn small): an
// accessible name begins with it.
/** @param {string} code */
function shownText(code) {
  const value = code.replace(/^[A-Z]+/, "");
  return value ? (narrow ? value : pt("tile face", "{number} {kind}", { number: value, kind: kindOf(code) })) : kindOf(code);
}

// A tile as a piece in its owner's colour: its kind's icon and face value (or, for a special tile, what it does), and
// the owner's shape in the corner so tiles are told apart without colour. `ownerName` goes into the tooltip.
/**
 * @param {number} x @param {number} y @param {number} size @param {string} code @param {number | null} owner
 * @param {Glossary} glossary @param {Record<string, string[]>} zeroes @param {Record<string, unknown>} [extra]
 */
function tileGroup(x, y, size, code, owner, glossary, zeroes, extra = {}, ownerName = "") {
  const ink = seatInk(owner);
  const key = kindKey(code);
  const value = code.replace(/^[A-Z]+/, "");
  const piece = glossary[key];
  const owned = ownerName ? [t("Owner: {name}", { name: ownerName })] : [];
  return s("g", { transform: `translate(${x},${y})`, ...infoAttrs(piece, { extra: owned }), ...extra },
    s("rect", { class: "tile", x: 3, y: 3, width: size - 6, height: size - 6, rx: 9, fill: seatColour(owner), stroke: "var(--piece-line)", "stroke-width": 1.5 }),
    s("rect", { x: 6, y: 6, width: size - 12, height: size - 12, rx: 7, fill: "none", stroke: ink, "stroke-opacity": 0.35, "stroke-width": 1 }),
    seatShape(owner, { x: size - 15, y: 15, size: 11, stroke: ink }),
    s("g", { color: ink }, value ? icon(KIND_ICONS[key], { x: 9, y: 9, size: 22 }) : icon(KIND_ICONS[key] || "figure", { x: size / 2 - 13, y: 8, size: 26 })),
    // Value and kind are one text ("4 house"), so what the tile shows is what its name begins with.
    value ? s("text", { x: size / 2 + 2, y: size / 2 + 13, "text-anchor": "middle", "font-size": 30, "font-weight": 800, fill: ink }, value,
      narrow ? null : s("tspan", { class: "cb-kind", x: size / 2, y: size - 9, "font-size": 12, "font-weight": 400 }, ` ${kindOf(code)}`)) : null,
    ...(value ? [] : effectIcons(key, size, ink, zeroes)));
}

// What the last move changed, for the page to frame and animate: the site built on (from the mover's hand tile when it
// is this player's own, else from the mover's line among the players), the streets swapped or scored.
/**
 * An event of City Blocks' log with the data `marks` reads (the game's own, by kind).
 * @typedef {GameEvent & { seat?: number, site?: string, tile?: string, streets?: string[], street?: string }} CityBlocksEvent
 */
/** @param {GameEvent[]} logged @param {RenderInput} payload @returns {Mark[]} */
export function marks(logged, payload) {
  const events = /** @type {CityBlocksEvent[]} */ (logged);
  /** @type {Mark[]} */
  const found = [];
  for (const event of events) {
    if ((event.kind === "build" || event.kind === "rebuild") && event.site) {
      const from = event.seat === payload.seat ? `#board .cb-hand [data-tile="${event.tile}"]` : `#players [data-seat="${event.seat}"]`;
      found.push({ to: `#board [data-site="${event.site}"]`, from });
    } else if (event.kind === "swap") {
      const [a, b] = event.streets || [];
      found.push({ to: `#board [data-street="${a}"]`, from: `#board [data-street="${b}"]` }, { to: `#board [data-street="${b}"]`, from: `#board [data-street="${a}"]` });
    } else if (event.kind === "award" && event.street) {
      found.push({ to: `#board [data-street="${event.street}"]` });
    }
  }
  return found;
}

// A hand tile's accessible name: what it shows, whose it is, and what may be done with it.
/** @param {string} code @param {boolean} isLegal @param {boolean} selected */
function handLabel(code, isLegal, selected) {
  const tile = tileName(code);
  let text = t("your {tile}", { tile });
  if (isLegal) text = selected ? t("your {tile}, chosen: now choose a site", { tile }) : t("your {tile}, you may place it", { tile });
  return `${shownText(code)}: ${text}`;
}

/**
 * @template K, V
 * @param {Map<K, Map<string, V>>} map @param {K} key
 * @returns {Map<string, V>} the map under `key`, made when missing
 */
function inner(map, key) {
  let found = map.get(key);
  if (!found) map.set(key, (found = new Map()));
  return found;
}

/** @param {HTMLElement} root @param {RenderInput} payload @param {RenderUi} ui */
export function render(root, payload, ui) {
  const view = /** @type {CityBlocksView} */ (payload.view);
  const glossary = ui.glossary ?? {};
  const names = payload.seats.map((seat) => seat.name);
  narrow = (root.clientWidth || window.innerWidth) < 620;
  const legal = ui.interactive ? payload.legal : [];
  const key = `${payload.table}:${payload.version}:${payload.seat}`;
  if (selection.key !== key) selection = { key, tile: null, street: null };
  // The board's size is the view's: its rows of sites, each as long as the first.
  const rows = view.board.length, cols = view.board[0]?.length ?? 0;

  // What the legal moves allow: sites per hand tile, partner streets per street.
  /** @type {Map<string, Map<string, Action>>} */
  const sitesByTile = new Map();
  /** @type {Map<string, Map<string, Action>>} */
  const partners = new Map();
  /** @type {Action | null} */
  let noSwap = null;
  for (const entry of legal) {
    const a = /** @type {Action} */ (entry.action);
    if ((a.type === "build" || a.type === "rebuild") && a.tile && a.site) {
      inner(sitesByTile, a.tile).set(a.site, a);
    } else if (a.type === "swap" && a.streets) {
      const [x, y] = a.streets;
      for (const [p, q] of [[x, y], [y, x]]) inner(partners, p).set(q, a);
    } else if (a.type === "noswap") noSwap = a;
  }
  if (selection.tile === null && sitesByTile.size === 1) selection.tile = [...sitesByTile.keys()][0];
  // A choice that only redraws (a tile or a street chosen) keeps keyboard focus on the board: on the first piece that
  // may be played next.
  const rerender = () => {
    const focused = root.contains(document.activeElement);
    render(root, payload, ui);
    const next = focused && !root.contains(document.activeElement) ? root.querySelector(".legal[tabindex]") : null;
    if (next && htmlOrSvg(next)) next.focus({ preventScroll: true });
  };
  const targets = selection.tile !== null ? sitesByTile.get(selection.tile) ?? new Map() : new Map();
  const streetTargets = selection.street !== null ? partners.get(selection.street) ?? new Map() : null;

  const width = LEFT + cols * CELL + 8, height = TOP + rows * CELL + 8;
  const svg = s("svg", { viewBox: `0 0 ${width} ${height}`, role: "group", class: "cb-board", "data-board": "svg",
    "aria-label": t("City Blocks board: {rows} rows and {columns} columns of sites, each street's value tile at its start", { rows, columns: cols }) });

  // Street value tiles: rows on the left, columns on top.
  /** @param {string} name @param {number} cx @param {number} cy */
  const street = (name, cx, cy) => {
    const value = view.slots[name];
    const isLegal = streetTargets ? streetTargets.has(name) : partners.has(name);
    const selected = selection.street === name;
    const onclick = !isLegal && !selected ? undefined : () => {
      if (selected) { selection.street = null; rerender(); return; }
      const swap = streetTargets?.get(name);
      if (swap) { ui.move(swap); return; }
      selection.street = name; rerender();
    };
    // Beside the value tile, each player's running total in this street under the effects in force.
    const totals = view.street_totals[name];
    const effects = view.street_effects[name] ?? [];
    const award = view.awards.find((entry) => entry.street === name);
    const label = streetLabel(name);
    let about;
    if (award) {
      about = award.winner === null ? t("{street}: scored, a tie — the tile left the game", { street: label })
        : t("{street}: scored, won by {name} for ${value}", { street: label, name: names[award.winner] ?? "", value: award.value });
    } else if (totals) {
      about = t("{street}: value tile ${value}; totals now {first} {first_total}, {second} {second_total}",
        { street: label, value: value ?? "?", first: names[0] || "", first_total: totals[0], second: names[1] || "", second_total: totals[1] });
    } else {
      about = t("{street}: value tile ${value}", { street: label, value: value ?? "?" });
    }
    const info = infoAttrs(glossary.value ? { ...glossary.value, name: about } : { name: about, text: "", details: [] }, { extra: effects });
    // A value tile is a money token (gold, its value large); a scored street shows its winner's shape.
    const winnerMark = award && award.winner !== null ? seatShape(award.winner, { x: cx, y: cy - 7, size: 18 }) : null;
    return s("g", { class: `street${isLegal ? " legal clickable" : ""}${selected ? " selected" : ""}`, "data-street": name, onclick, ...info,
      "aria-label": isLegal ? t("{about}; you may swap it", { about }) : about, role: isLegal ? "button" : "img" },
      s("rect", { x: cx - 31, y: cy - 25, width: 62, height: 36, rx: 8, fill: value ? "var(--cb-money)" : "var(--site)",
        stroke: isLegal ? "var(--legal-line)" : "var(--cb-money-line)", "stroke-width": isLegal ? 3.5 : 1.5, "stroke-dasharray": isLegal ? "6 3" : null, class: selected ? "selected" : "" }),
      value ? s("rect", { x: cx - 27, y: cy - 21, width: 54, height: 28, rx: 6, fill: "none", stroke: "var(--cb-money-ink)", "stroke-opacity": 0.3 }) : null,
      winnerMark || s("text", { "aria-hidden": "true", x: cx, y: cy + 1, "text-anchor": "middle", "font-size": 20, "font-weight": 800, fill: value ? "var(--cb-money-ink)" : "var(--site-ink)" }, value ? `$${value}` : "–"),
      totals && !award ? s("text", { "aria-hidden": "true", x: cx, y: cy + 30, "text-anchor": "middle", "font-size": narrow ? 19 : 17, "font-weight": 700 },
        s("tspan", { fill: "var(--cb-total0)" }, String(totals[0])), s("tspan", { fill: "var(--muted)" }, " : "), s("tspan", { fill: "var(--cb-total1)" }, String(totals[1]))) : null);
  };
  for (let r = 0; r < rows; r++) svg.append(street(`R${r + 1}`, LEFT / 2, TOP + r * CELL + CELL / 2));
  for (let c = 0; c < cols; c++) svg.append(street(`C${c + 1}`, LEFT + c * CELL + CELL / 2, TOP / 2));

  view.board.forEach((rowCells, r) => rowCells.forEach((cell, c) => {
    const name = siteName(r, c);
    const x = LEFT + c * CELL, y = TOP + r * CELL;
    const action = targets.get(name);
    const [row, col] = [r + 1, c + 1];
    // The name begins with what the site shows (a tile's value and kind, or an empty site's name).
    const shown = cell ? shownText(cell.tile) : "";
    const holds = cell ? t("{name}'s {tile}", { name: names[cell.owner] || "", tile: tileName(cell.tile) }) : t("empty");
    // The site is one piece for the keyboard and screen readers: its name says what holds it and what you may do; a
    // tile's text is the site's tooltip.
    const tileInfo = cell ? infoAttrs(glossary[kindKey(cell.tile)], { extra: [t("Owner: {name}", { name: names[cell.owner] || "" })] }) : {};
    const where = t("row {row}, column {column}, {holds}", { row, column: col, holds });
    const may = action ? (action.type === "rebuild" ? t("{site}; you may rebuild here", { site: where }) : t("{site}; you may build here", { site: where })) : where;
    const g = s("g", { class: `cell${action ? " legal" : ""}`, "data-site": name, ...tileInfo,
      "aria-label": shown ? `${shown}: ${may}` : may,
      tabindex: action || cell ? "0" : null, role: action ? "button" : "img",
      onclick: action ? () => ui.move(action) : undefined });
    g.append(s("rect", { class: `site${action ? " legal" : ""}`, x: x + 1, y: y + 1, width: CELL - 2, height: CELL - 2, rx: 6 }));
    if (cell) g.append(tileGroup(x + 4, y + 4, CELL - 8, cell.tile, cell.owner, glossary, view.zeroes, { "data-info": null, tabindex: null }));
    if (action && cell) g.append(s("rect", { class: "legal-frame", x: x + 2, y: y + 2, width: CELL - 4, height: CELL - 4, rx: 7, fill: "var(--legal-fill)", "fill-opacity": 0.35 }));
    svg.append(g);
  }));

  /** @type {Element[]} */
  const parts = [svg];
  // The hand: only the seat's own (the server sends no one else's).
  if (Array.isArray(view.hand)) {
    const size = 70;
    const hand = s("svg", { viewBox: `0 0 ${Math.max(5, view.hand.length) * size + 4} ${size + 4}`, class: "cb-hand", role: "group", "aria-label": t("Your hand") });
    view.hand.forEach((code, index) => {
      const isLegal = sitesByTile.has(code);
      const selected = selection.tile === code;
      hand.append(tileGroup(2 + index * size, 2, size, code, payload.seat, glossary, view.zeroes, {
        class: `hand-tile${isLegal ? " legal clickable" : ""}${selected ? " selected" : ""}`, "data-tile": code,
        role: isLegal ? "button" : "img", "aria-pressed": isLegal ? String(selected) : null,
        "aria-label": handLabel(code, isLegal, selected),
        onclick: isLegal ? () => {
          selection.tile = selected ? null : code;
          rerender();
          // Keyboard players go on where the tile can go: the first highlighted site.
          const next = root.querySelector(selection.tile ? "g.cell.legal" : `.hand-tile[data-tile="${code}"]`);
          if (next && htmlOrSvg(next)) next.focus({ preventScroll: true });
        } : undefined }));
    });
    parts.push(h("div", { class: `card panel${legal.length ? " hand-dock" : ""}`, "data-panel": "hand" }, h("h3", {}, t("Your hand")), hand));
  }
  if (legal.length) {
    let hint = "";
    if (sitesByTile.size) hint = selection.tile ? t("Now click a highlighted site for your {tile}.", { tile: tileName(selection.tile) }) : t("Click a tile in your hand, then a highlighted site.");
    else if (partners.size) hint = selection.street ? t("Swap {street} with which street?", { street: streetWords(selection.street) }) : t("Click two highlighted value tiles to swap them, or don't swap.");
    ui.choices?.(h("div", { class: "row cb-hint" }, h("span", { class: "muted" }, hint),
      noSwap ? h("button", { id: "noswap", class: "secondary", onclick: () => ui.move(noSwap) }, t("Don't swap")) : null));
  }
  // At a glance: the score, the value tiles each player holds (a rebuild pays the lowest), hand and pile.
  const info = h("table", { class: "data cb-info glance" },
    h("tr", {}, h("th", {}, t("Player")), h("th", { class: "num" }, t("Score")), h("th", {}, t("Value tiles")), h("th", { class: "num" }, t("Hand")), h("th", { class: "num" }, t("Pile"))),
    view.scores.map((score, seat) => h("tr", {},
      h("td", {}, seatSwatch(seat), names[seat] || t("Seat {n}", { n: seat + 1 })),
      h("td", { class: "num" }, String(score)), h("td", {}, view.won[seat].map((v) => `$${v}`).join(" ") || t("none")),
      h("td", { class: "num" }, String(view.hand_sizes[seat])), h("td", { class: "num" }, String(view.pile_sizes[seat])))));
  const legend = h("div", { class: "legend" }, ["H", "S", "F", "SCH", "PWR", "MALL", "CRT"].map((key) => glossary[key]
    ? h("span", { ...infoAttrs(glossary[key]), "data-legend": key }, iconSvg(KIND_ICONS[key], { size: 18 }), h("strong", {}, `${glossary[key].name}:`), glossary[key].text) : null));
  // A narrow screen pans the table inside its own box (German headings are long), never the page.
  parts.push(h("div", { class: "card panel" }, h("div", { class: "table-scroll", tabindex: "0", role: "region", "aria-label": t("Players at a glance") }, info),
    view.removed_values.length ? h("div", { class: "muted" }, t("Out of the game: {values}", { values: view.removed_values.map((v) => `$${v}`).join(" ") })) : null,
    h("details", { class: "info" }, h("summary", {}, t("What the tiles do")), legend)));
  root.replaceChildren(...parts);
}

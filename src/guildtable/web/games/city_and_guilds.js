// City and Guilds: the city map in SVG (blocks of lots on their ground, placed tiles drawn as pieces with their guild's
// icon, the players' figures in their seat's colour and shape, fountains, troughs and walls in the streets, each
// block's letter with its white and black markers), the display, the tile being placed and your hand, the guild
// tracks and the blocks. Legal lots and tiles are outlined and played by click, Enter or Space (Tab or the arrow keys
// reach them); every other decision (invest or double, a minstrel's figure, no tavern) is one button each. `marks`
// tells the page what the last move changed and where its piece came from.
import { Clicks, h, infoAttrs, nt, seatShape, seatSwatch, svg as s, t } from "/static/js/common.js";
import { icon } from "/static/js/icons.js";

/** @typedef {import("../types/api").components["schemas"]} Schemas */
/** @typedef {Schemas["CityAndGuildsView"]} CityAndGuildsView */
/** @typedef {Schemas["LotView"]} LotView */
/** @typedef {Schemas["BlockView"]} BlockView */
/** @typedef {import("/static/js/render_input.js").RenderInput} RenderInput */
/** @typedef {import("/static/js/render_input.js").RenderUi} RenderUi */
/** @typedef {import("/static/js/render_input.js").Glossary} Glossary */
/** @typedef {import("/static/js/render_input.js").GameEvent} GameEvent */
/** @typedef {import("/static/js/render_input.js").Mark} Mark */

export const ownsMoves = true;

const CELL = 52;     // one map square
const INSET = 2;     // a tile's margin inside its square
const GROUND = 4;    // how far a block's ground reaches past its lots
/** @type {Record<string, string>} */
const GUILDS = { BA: "baker", WE: "weaver", CA: "candle", SM: "smith" };
/** @type {Record<string, string>} */
const GUILD_ICONS = { BA: "baker", WE: "weaver", CA: "candlemaker", SM: "smith" };
/** @type {Record<string, string>} */
const TRACK_CODES = { BAKER: "BA", WEAVER: "WE", CANDLE: "CA", SMITH: "SM" };
// The words drawn or read, in the reader's language (functions, so the game's catalogue is loaded when they run).
/** @param {string} ch */
const featureName = (ch) => (/** @type {Record<string, string>} */ ({ "*": t("fountain"), "+": t("trough"), "#": t("wall"), ".": t("street") }))[ch];
/** @param {number} index */
const place = (index) => [t("1st"), t("2nd"), t("3rd"), t("4th"), t("5th")][index] || t("{n}th", { n: index + 1 });
/** @param {number} seat */
const seatWord = (seat) => t("Seat {n}", { n: seat + 1 });

// --- tiles ---------------------------------------------------------------------------------------------------------
// What a tile code is: {kind: building | market | minstrel | tavern, guild: "BA".. or null}.
/** @param {string} code @returns {{ kind: "building" | "market" | "minstrel" | "tavern", guild: string | null }} */
function tileKind(code) {
  if (code === "MIN") return { kind: "minstrel", guild: null };
  if (code === "TAV") return { kind: "tavern", guild: null };
  if (code.length === 3 && code[0] === "M") return { kind: "market", guild: code.slice(1) };
  return { kind: "building", guild: code };
}

// A tile's name in words (the glossary's when the page has it).
/** @param {string} code @param {Glossary} [glossary] */
function tileName(code, glossary = {}) {
  if (glossary[code]) return glossary[code].name;
  /** @type {Record<string, string>} */
  const names = {
    BA: t("Baker building"), WE: t("Weaver building"), CA: t("Candle building"), SM: t("Smith building"),
    MBA: t("Baker market"), MWE: t("Weaver market"), MCA: t("Candle market"), MSM: t("Smith market"),
    MIN: t("Minstrel house"), TAV: t("Tavern"),
  };
  return names[code] || code;
}

// "your weaver market": the tile being placed, as the object of "you may place ... here".
/** @param {string} code */
function yourTile(code) {
  /** @type {Record<string, string>} */
  const phrases = {
    BA: t("your baker building"), WE: t("your weaver building"), CA: t("your candle building"), SM: t("your smith building"),
    MBA: t("your baker market"), MWE: t("your weaver market"), MCA: t("your candle market"), MSM: t("your smith market"),
    MIN: t("your minstrel house"), TAV: t("your tavern"),
  };
  return phrases[code] || code;
}

// The short word written on a placed tile: the guild for a building, "market", "minstrel", "tavern".
/** @param {string} code */
function tileWord(code) {
  const { kind, guild } = tileKind(code);
  /** @type {Record<string, string>} */
  const guildWords = { BA: t("baker"), WE: t("weaver"), CA: t("candle"), SM: t("smith") };
  if (kind === "building") return guildWords[guild ?? ""] || guild || "";
  return { market: t("market"), minstrel: t("minstrel"), tavern: t("tavern") }[kind];
}

/** @param {string} code */
function tileFill(code) {
  const { kind, guild } = tileKind(code);
  return kind === "minstrel" || kind === "tavern" ? `var(--cg-${kind})` : `var(--cg-${GUILDS[guild ?? ""] || "baker"})`;
}

/** @param {string} code */
function tileIcon(code) {
  const { kind, guild } = tileKind(code);
  return kind === "minstrel" ? "minstrel-house" : kind === "tavern" ? "tavern" : GUILD_ICONS[guild ?? ""];
}

// A market's striped awning across the top of its tile (markets and buildings differ by more than an icon).
/** @param {number} x @param {number} y @param {number} size */
function awning(x, y, size) {
  const top = y + 2.5, height = size * 0.2, left = x + 4, width = size - 8, stripes = 5;
  const parts = [];
  for (let i = 0; i < stripes; i += 2) {
    parts.push(s("rect", { x: left + (i * width) / stripes, y: top, width: width / stripes, height, fill: "var(--cg-awning)" }));
  }
  parts.push(s("line", { x1: left, y1: top + height, x2: left + width, y2: top + height, stroke: "var(--cg-tile-ink)", "stroke-width": 1 }));
  return parts;
}

// A tile as a piece, its top left at (x, y), `size` across: the frame every tile shares (--piece-line, rounded), its
// kind's colour and icon, a market's awning, optionally its word and the figures standing on it.
/**
 * @param {string} code
 * @param {{ x?: number, y?: number, size?: number, word?: boolean, figures?: number, owner?: number | null, ownerName?: string }} [options]
 * @returns {SVGElement[]}
 */
function tileShapes(code, { x = 0, y = 0, size = CELL - 2 * INSET, word = true, figures = 0, owner = null, ownerName = "" } = {}) {
  const { kind } = tileKind(code);
  const hasFigures = figures > 0 && owner !== null;
  const iconSize = size * (word ? (kind === "market" ? 0.42 : 0.5) : 0.62);
  const iconX = hasFigures ? x + size * 0.36 - iconSize / 2 : x + size / 2 - iconSize / 2;
  const iconY = word ? y + size * (kind === "market" ? 0.27 : 0.08) : y + size / 2 - iconSize / 2 + (kind === "market" ? size * 0.08 : 0);
  const parts = [
    s("rect", { class: "cg-face", x, y, width: size, height: size, rx: size * 0.14, fill: tileFill(code), stroke: "var(--piece-line)", "stroke-width": 1.5 }),
    ...(kind === "market" ? awning(x, y, size) : []),
    s("g", { color: "var(--cg-tile-ink)" }, icon(tileIcon(code), { x: iconX, y: iconY, size: iconSize })),
  ];
  if (word) {
    // A long word ("minstrel") is drawn a little narrower, never smaller, so it stays inside its tile.
    const text = tileWord(code);
    const squeeze = text.length > 5 ? { textLength: size - 6, lengthAdjust: "spacingAndGlyphs" } : {};
    parts.push(s("text", { class: "cg-word", x: x + size / 2, y: y + size - 5, "text-anchor": "middle", "font-size": 12, "font-weight": 700, fill: "var(--cg-tile-ink)", "aria-hidden": "true", ...squeeze },
      text));
  }
  // Each figure stands on a token disc, so its seat's colour and shape read on a tile of any colour.
  for (let f = 0; hasFigures && f < figures; f++) {
    const cx = x + size - 10, cy = y + 10 + f * 15.5;
    parts.push(s("g", { class: "cg-figure" },
      s("circle", { cx, cy, r: 7.8, fill: "var(--cg-token)", stroke: "var(--piece-line)", "stroke-width": 1 }),
      seatShape(owner, { x: cx, y: cy, size: 11, title: ownerName ? t("{name}'s figure", { name: ownerName }) : null })));
  }
  return parts;
}

// The same piece as a small picture for HTML (display, hand, legend).
/** @param {string} code */
function tileSvg(code, size = 34) {
  return s("svg", { class: "cg-mini", width: size, height: size, viewBox: `-1 -1 ${size + 2} ${size + 2}`, "aria-hidden": "true", focusable: "false" },
    tileShapes(code, { size, word: false }));
}

// --- street features -------------------------------------------------------------------------------------------------
/** @param {string} ch @param {number} x @param {number} y @returns {SVGElement[]} */
function featureShapes(ch, x, y) {
  const cx = x + CELL / 2, cy = y + CELL / 2;
  if (ch === "*") {  // a fountain: the well icon on a round basin
    return [s("circle", { cx, cy, r: CELL * 0.36, fill: "var(--cg-basin)", stroke: "var(--cg-feature-line)", "stroke-width": 1.5 }),
      s("g", { color: "var(--cg-water)" }, icon("well", { x: cx - 13, y: cy - 14, size: 26 }))];
  }
  if (ch === "+") {  // a trough: a stone box with water in it
    return [s("path", { d: `M${x + 7} ${cy - 8} h${CELL - 14} l-4 17 h${-(CELL - 22)} Z`, fill: "var(--cg-stone)", stroke: "var(--cg-feature-line)", "stroke-width": 1.5, "stroke-linejoin": "round" }),
      s("rect", { x: x + 11, y: cy - 5, width: CELL - 22, height: 5, rx: 2, fill: "var(--cg-water)" })];
  }
  if (ch === "#") {  // a wall: bricks that lots cannot see through
    const left = x + 5, top = y + 9, width = CELL - 10, height = CELL - 18;
    const mortar = { stroke: "var(--cg-mortar)", "stroke-width": 1.5 };
    return [s("rect", { x: left, y: top, width, height, rx: 3, fill: "var(--cg-wall)", stroke: "var(--cg-feature-line)", "stroke-width": 1.5 }),
      ...[1, 2].map((row) => s("line", { x1: left, y1: top + (row * height) / 3, x2: left + width, y2: top + (row * height) / 3, ...mortar })),
      ...[[0, 0.5], [1, 0.25], [1, 0.75], [2, 0.5]].map(([row, at]) => s("line", { x1: left + at * width, y1: top + (row * height) / 3, x2: left + at * width, y2: top + ((row + 1) * height) / 3, ...mortar }))];
  }
  return [];
}

/** @param {string} ch */
function featureSvg(ch, size = 34) {
  return s("svg", { class: "cg-mini", width: size, height: size, viewBox: `0 0 ${CELL} ${CELL}`, "aria-hidden": "true", focusable: "false" },
    s("rect", { x: 0, y: 0, width: CELL, height: CELL, rx: 6, fill: "var(--board)" }), featureShapes(ch, 0, 0));
}

// --- block markers -----------------------------------------------------------------------------------------------------
// A block's white (1st place) or black (2nd place) marker: a disc of that colour carrying its holder's seat shape.
/** @param {string} colour @param {number} seat @param {number} cx @param {number} cy @param {number} r @param {string | null} [title] */
function markerShapes(colour, seat, cx, cy, r, title = null) {
  const g = s("g", { class: `cg-marker cg-marker-${colour}`, "data-marker": colour, "data-seat": seat });
  g.append(s("circle", { cx, cy, r, fill: `var(--cg-${colour}-marker)`, stroke: `var(--cg-${colour}-marker-line)`, "stroke-width": 1.5 }),
    seatShape(seat, { x: cx, y: cy, size: r * 1.15 }));
  if (title) g.append(s("title", {}, title));
  return g;
}

/** @param {string} colour @param {number} seat */
function markerSvg(colour, seat, size = 18) {
  return s("svg", { class: "cg-mini", width: size, height: size, viewBox: `0 0 ${size} ${size}`, "aria-hidden": "true", focusable: "false" },
    markerShapes(colour, seat, size / 2, size / 2, size / 2 - 1));
}

// --- the map -----------------------------------------------------------------------------------------------------------
// The part of the map worth drawing: everything but the street around its edge, with room for the block labels.
/** @param {string[]} map */
function mapBox(map) {
  let left = Infinity, top = Infinity, right = -Infinity, bottom = -Infinity;
  map.forEach((line, y) => [...line].forEach((ch, x) => {
    if (ch === ".") return;
    left = Math.min(left, x); right = Math.max(right, x); top = Math.min(top, y); bottom = Math.max(bottom, y);
  }));
  if (left === Infinity) return { x: 0, y: 0, width: 1, height: 1 };
  const margin = CELL / 2;
  return { x: left * CELL - margin, y: top * CELL - margin, width: (right - left + 1) * CELL + 2 * margin, height: (bottom - top + 1) * CELL + 2 * margin };
}

// One lot: empty (its name), legal (outlined, a button), or its tile as a piece with the figures on it.
/**
 * @param {LotView} lot
 * @param {{ glossary: Glossary, names: string[], onclick: (() => void) | undefined, placing: string }} options
 */
function lotGroup(lot, { glossary, names, onclick, placing }) {
  const x = lot.x * CELL, y = lot.y * CELL, size = CELL - 2 * INSET;
  const legal = onclick !== undefined;
  const owner = lot.owner;
  const ownerName = owner !== null ? names[owner] || seatWord(owner) : "";
  const figures = lot.figures;
  const tile = lot.tile ? tileName(lot.tile, glossary) : "";
  const what = !lot.tile ? t("empty")
    : owner === null ? tile
    : figures ? nt("{name}'s {tile} with {n} figure", "{name}'s {tile} with {n} figures", figures, { tile, name: ownerName })
    : t("{name}'s {tile}", { tile, name: ownerName });
  const about = legal
    ? t("Lot {lot}, block {block}, {what}, you may place {placing} here", { lot: lot.lot, block: lot.block, what, placing })
    : t("Lot {lot}, block {block}, {what}", { lot: lot.lot, block: lot.block, what });
  // A placed tile shows its text on hover or tap; only what can be played is a tab stop.
  const { tabindex: _tab, ...info } = lot.tile ? infoAttrs(glossary[lot.tile], { extra: [about] }) : {};
  const g = s("g", { class: `lot${legal ? " legal clickable" : ""}`, "data-lot": lot.lot, "data-block": lot.block, onclick, "aria-label": about,
    ...info, ...(legal ? { tabindex: "0", role: "button" } : { role: "img" }) });
  if (lot.tile) {
    g.append(...tileShapes(lot.tile, { x: x + INSET, y: y + INSET, size, figures, owner, ownerName }));
  } else {
    g.append(s("rect", { class: "cg-lot", x: x + INSET, y: y + INSET, width: size, height: size, rx: 6,
      fill: legal ? "var(--legal-fill)" : "var(--site)", stroke: legal ? "var(--legal-line)" : "var(--cg-lot-line)",
      "stroke-width": legal ? 3 : 1, "stroke-dasharray": legal ? "6 3" : null }),
    s("text", { x: x + CELL / 2, y: y + CELL / 2 + 4, "text-anchor": "middle", "font-size": 12, "font-weight": legal ? 700 : 400,
      fill: legal ? "var(--ink)" : "var(--site-ink)", "aria-hidden": "true" }, lot.lot));
  }
  return g;
}

// Each block's ground: one patch under its lots, so a block reads as one piece of land.
/** @param {string} letter @param {LotView[]} lots @param {boolean | undefined} scored */
function blockGround(letter, lots, scored) {
  const g = s("g", { class: `cg-ground${scored ? " scored" : ""}`, "data-ground": letter, "aria-hidden": "true" });
  for (const lot of lots) {
    g.append(s("rect", { x: lot.x * CELL - GROUND + INSET, y: lot.y * CELL - GROUND + INSET, width: CELL - 2 * INSET + 2 * GROUND,
      height: CELL - 2 * INSET + 2 * GROUND, rx: 8, fill: scored ? "var(--cg-ground-scored)" : "var(--cg-ground)" }));
  }
  return g;
}

// A block's label above its first lot: its letter, a check once scored, and its white and black markers.
/** @param {BlockView} block @param {LotView} first @param {string[]} names */
function blockLabel(block, first, names) {
  /** @param {number} seat */
  const name = (seat) => names[seat] || seatWord(seat);
  /** @type {[string, number][]} */
  const markers = [];
  if (block.white !== null) markers.push(["white", block.white]);
  if (block.black !== null) markers.push(["black", block.black]);
  const said = [t("Block {block}", { block: block.block }),
    block.scored ? t("scored") : t("worth {n} now", { n: block.value_so_far }),
    ...markers.map(([colour, seat]) => (colour === "white" ? t("white marker: {name}", { name: name(seat) }) : t("black marker: {name}", { name: name(seat) })))].join(", ");
  const x = first.x * CELL + INSET - GROUND, y = first.y * CELL + INSET - GROUND - 19;
  const width = 20 + (block.scored ? 13 : 0) + markers.length * 17;
  const g = s("g", { class: "cg-label", "data-label": block.block, role: "img", "aria-label": said },
    s("rect", { x, y, width, height: 19, rx: 9.5, fill: block.scored ? "var(--good-soft)" : "var(--card)", stroke: block.scored ? "var(--good)" : "var(--line-strong)", "stroke-width": 1 }),
    s("text", { x: x + 10, y: y + 14, "text-anchor": "middle", "font-size": 12, "font-weight": 800, fill: "var(--ink)", "aria-hidden": "true" }, block.block));
  let at = x + 20;
  if (block.scored) {
    g.append(s("path", { d: `M${at} ${y + 10} l3.5 3.5 l6 -7`, fill: "none", stroke: "var(--good)", "stroke-width": 2.2, "stroke-linecap": "round", "stroke-linejoin": "round" }));
    at += 13;
  }
  for (const [colour, seat] of markers) {
    g.append(markerShapes(colour, seat, at + 7.5, y + 9.5, 7));
    at += 17;
  }
  return g;
}

/**
 * @param {CityAndGuildsView} view
 * @param {{ glossary: Glossary, names: string[], clicks: Clicks, placing: string }} options
 */
function cityMap(view, { glossary, names, clicks, placing }) {
  const map = view.map;
  const lots = view.lots;
  const box = mapBox(map);
  const svg = s("svg", { viewBox: `${box.x} ${box.y} ${box.width} ${box.height}`, class: "cg-map", role: "group", "aria-label": t("Blocks, lots and streets of the city") });
  svg.append(s("rect", { x: box.x, y: box.y, width: box.width, height: box.height, fill: "var(--board)" }));
  const blocks = view.blocks;
  /** @type {Map<string, LotView[]>} */
  const byBlock = new Map();
  for (const lot of lots) byBlock.set(lot.block, [...(byBlock.get(lot.block) ?? []), lot]);
  for (const [letter, group] of byBlock) svg.append(blockGround(letter, group, blocks.find((block) => block.block === letter)?.scored));
  map.forEach((line, y) => [...line].forEach((ch, x) => {
    const shapes = featureShapes(ch, x * CELL, y * CELL);
    if (!shapes.length) return;
    const piece = glossary[`feature:${ch}`];
    const { tabindex: _tab, ...info } = infoAttrs(piece);
    svg.append(s("g", { class: "cg-feature", "data-feature": ch, role: "img", "aria-label": piece?.name || featureName(ch), ...info }, shapes));
  }));
  for (const lot of lots) svg.append(lotGroup(lot, { glossary, names, placing, onclick: clicks.on({ lot: lot.lot }) }));
  // Labels last, so they sit on top of the streets and grounds.
  for (const block of blocks) {
    const first = byBlock.get(block.block)?.[0];
    if (first) svg.append(blockLabel(block, first, names));
  }
  return svg;
}

// --- the panels ----------------------------------------------------------------------------------------------------------
// A tile in the display, the hand or being placed: a button with the piece and its name (its text on hover and focus).
/** @param {string} code @param {Glossary} glossary @param {(() => void) | undefined} onclick @param {string | null} [label] */
function tileButton(code, glossary, onclick, label = null) {
  return h("button", { class: `card-face cg-tile${onclick ? " legal" : ""}`, "data-tile": code, ...infoAttrs(glossary[code]),
    "aria-disabled": onclick ? null : "true", "aria-label": label, onclick },
  tileSvg(code), h("span", {}, tileName(code, glossary)));
}

/**
 * @param {CityAndGuildsView} view
 * @param {{ glossary: Glossary, names: string[], clicks: Clicks, interactive: boolean, seat: number | null }} options
 */
function dock(view, { glossary, names, clicks, interactive, seat }) {
  /** @param {string} title @param {string} id @param {HTMLElement | HTMLElement[]} children */
  const row = (title, id, children) => h("div", { class: "row cg-row", "data-panel": id }, h("strong", {}, title), children);
  // Bug 2: the display's tiles are taken ("take"), the hand's are picked to place ("pick") or given back in the setup
  // ("return"); each row offers only its own.
  const display = view.display.map((code) => tileButton(code, glossary, clicks.on({ type: "take", tile: code })));
  const hand = Array.isArray(view.hand)
    ? view.hand.map((code) => tileButton(code, glossary, clicks.on({ type: "pick", tile: code }) || clicks.on({ type: "return", tile: code })))
    : null;
  const mover = view.decision?.seat;
  const placer = mover === seat || mover === undefined ? t("Placing") : t("{name} places", { name: names[mover] || t("A player") });
  const placing = view.placing ? row(placer, "placing", tileButton(view.placing, glossary, undefined)) : null;
  return h("div", { class: `card panel cg-dock${interactive ? " hand-dock" : ""}`, role: "region", "aria-label": t("Display and hand") },
    placing,
    row(t("Display"), "display", display.length ? display : h("span", { class: "muted" }, t("empty"))),
    hand ? row(t("Your hand"), "hand", hand.length ? hand : h("span", { class: "muted" }, t("empty"))) : null,
    h("div", { class: "row cg-supply muted" },
      h("span", { "data-panel": "supply" }, t("Supply: {n} tiles", { n: view.supply_size })),
      h("span", { "data-panel": "taverns", class: "cg-taverns" }, tileSvg("TAV", 22), t("Taverns left: {n}", { n: view.taverns_left }))));
}

// A wide table scrolls inside its own box on a phone; the box takes the keyboard so it can be scrolled without a mouse.
/** @param {string} label @param {HTMLElement} table */
function scrollBox(label, table) {
  return h("div", { class: "table-scroll", tabindex: "0", role: "region", "aria-label": label }, table);
}

/** @param {CityAndGuildsView} view @param {string[]} names */
function playersPanel(view, names) {
  return h("div", { class: "card panel" }, h("h3", {}, t("Players")), scrollBox(t("Players table"), h("table", { class: "data" },
    h("tr", {}, h("th", { scope: "col" }, t("Player")), h("th", { scope: "col", class: "num" }, t("Score")), h("th", { scope: "col", class: "num" }, t("Figures left")),
      h("th", { scope: "col", class: "num" }, t("Tiles placed")), h("th", { scope: "col", class: "num" }, t("Hand"))),
    view.scores.map((score, seat) => h("tr", { "data-player": seat },
      h("td", {}, seatSwatch(seat), names[seat] || seatWord(seat)),
      h("td", { class: "num" }, String(score)), h("td", { class: "num" }, String(view.figures_left[seat])),
      h("td", { class: "num" }, String(view.tiles_placed[seat])), h("td", { class: "num", "data-hand": seat }, String(view.hand_sizes[seat])))))));
}

// Each guild's track: its players in order (1st scores most), each as their marker with the steps invested.
/** @param {CityAndGuildsView} view @param {{ glossary: Glossary, names: string[] }} options */
function tracksPanel(view, { glossary, names }) {
  /** @type {Record<string, string>} */
  const guildTitles = { BA: t("Baker guild"), WE: t("Weaver guild"), CA: t("Candle guild"), SM: t("Smith guild") };
  const rows = view.tracks.map((track) => {
    const code = TRACK_CODES[track.guild] || "BA";
    const piece = glossary[`guild:${track.guild}`];
    const title = piece?.name || guildTitles[code];
    const ranked = track.ranking.filter(([, amount]) => amount > 0);
    const zero = track.at_zero;
    return h("div", { class: "cg-track", "data-track": track.guild },
      h("span", { class: "cg-guild", ...infoAttrs(piece) }, tileSvg(code, 26), h("strong", {}, title)),
      h("ol", { class: "cg-ranks", "aria-label": t("{guild}: players in order", { guild: title }) },
        ranked.map(([seat, amount], rank) => h("li", { class: "cg-rank", "data-seat": seat },
          h("span", { class: "cg-place" }, place(rank)), seatSwatch(seat, 16), h("span", {}, names[seat] || seatWord(seat)),
          h("span", { class: "cg-steps", "aria-label": nt("{n} step", "{n} steps", amount) }, String(amount)))),
        zero.length ? h("li", { class: "cg-zero muted" }, t("Not yet on it: "), zero.map((seat) => h("span", { class: "cg-who" }, seatSwatch(seat, 14), names[seat] || seatWord(seat)))) : null));
  });
  return h("div", { class: "card panel" }, h("h3", {}, t("Guild tracks")), rows);
}

// At a glance: each block's value so far, who holds its white and black markers, and whether it is scored.
/** @param {CityAndGuildsView} view @param {string[]} names */
function blocksPanel(view, names) {
  /** @param {string} colour @param {number | null} seat */
  const who = (colour, seat) => (seat === null ? h("span", { class: "muted" }, t("none"))
    : h("span", { class: "cg-who" }, markerSvg(colour, seat), names[seat] || seatWord(seat)));
  return h("div", { class: "card panel glance" }, h("h3", {}, t("Blocks")), scrollBox(t("Blocks table"), h("table", { class: "data" },
    h("tr", {}, h("th", { scope: "col" }, t("Block")), h("th", { scope: "col", class: "num" }, t("Worth now")), h("th", { scope: "col" }, t("White (1st)")),
      h("th", { scope: "col" }, t("Black (2nd)")), h("th", { scope: "col" }, t("Lots left"))),
    view.blocks.map((block) => h("tr", { "data-block-row": block.block },
      h("td", {}, block.block), h("td", { class: "num" }, String(block.value_so_far)),
      h("td", {}, who("white", block.white)), h("td", {}, who("black", block.black)),
      h("td", {}, block.scored ? t("scored") : String(block.empty)))))));
}

/** @param {Glossary} glossary */
function legendPanel(glossary) {
  const keys = Object.keys(glossary).filter((key) => !key.startsWith("guild:"));
  /** @param {string} key */
  const picture = (key) => (key.startsWith("feature:") ? (key.slice(8) === "." ? null : featureSvg(key.slice(8), 28)) : key === "block" ? null : tileSvg(key, 28));
  return h("details", { class: "card panel" }, h("summary", {}, t("What the tiles and streets mean")),
    h("div", { class: "legend cg-legend" }, keys.map((key) => h("span", { ...infoAttrs(glossary[key]), "data-legend": key },
      picture(key), h("span", {}, h("strong", {}, t("{name}:", { name: glossary[key].name })), ` ${glossary[key].text}`)))));
}

/** @param {HTMLElement} root @param {RenderInput} payload @param {RenderUi} ui */
export function render(root, payload, ui) {
  const view = /** @type {CityAndGuildsView} */ (payload.view);
  const glossary = ui.glossary ?? {};
  const names = payload.seats.map((seat) => seat.name);
  const legal = ui.interactive ? payload.legal : [];
  const clicks = new Clicks(legal, ui.move);
  const placing = view.decision?.kind === "tavern" ? t("a tavern") : view.placing ? yourTile(view.placing) : t("a tile");
  const map = h("div", { class: "card panel cg-scroll", tabindex: "0", role: "region", "aria-label": t("City map"), "data-board": "svg" },
    cityMap(view, { glossary, names, clicks, placing }));
  // The map and the dock (tile being placed, display, hand): side by side on a wider screen, the dock under the map
  // (a phone: at the bottom of the screen) on a narrower one. Issue 33: the map and the hand in view together.
  /** @type {HTMLElement[]} */
  const parts = [h("div", { class: "cg-table" }, map, dock(view, { glossary, names, clicks, interactive: ui.interactive, seat: payload.seat }))];
  ui.choices?.(clicks.rest());
  parts.push(h("div", { class: "cg-panels" }, tracksPanel(view, { glossary, names }), blocksPanel(view, names)), playersPanel(view, names));
  parts.push(legendPanel(glossary));
  root.replaceChildren(...parts);
}

// --- what just happened ----------------------------------------------------------------------------------------------
// For each event of the last move: what it changed on the page (`to`) and where its piece was before (`from`): a placed
// tile comes from the tile being placed, a tile taken goes from the display to the taker's hand (or their line among the
// players when the hand is not shown), figures come from their player, an investment lands on the guild's track.
/**
 * An event of City and Guilds' log with the data `marks` reads (the game's own, by kind).
 * @typedef {GameEvent & { seat?: number, tile?: string, lot?: string, figures?: number, guild?: string, block?: string,
 *   tiles?: string[] }} CityAndGuildsEvent
 */
/** @param {GameEvent[]} logged @param {RenderInput} payload @returns {Mark[]} */
export function marks(logged, payload) {
  const events = /** @type {CityAndGuildsEvent[]} */ (logged);
  const me = payload.seat;
  /** @param {number | undefined} seat */
  const player = (seat) => `#players [data-seat="${seat}"]`;
  /** @param {string} panel @param {string | undefined} code */
  const tile = (panel, code) => `[data-panel="${panel}"] [data-tile="${code}"]`;
  /** @param {string | undefined} name */
  const lot = (name) => `svg.cg-map [data-lot="${name}"]`;
  /** @param {number | undefined} seat @param {string | undefined} code */
  const hand = (seat, code) => (seat === me ? tile("hand", code) : player(seat));
  /** @type {Mark[]} */
  const out = [];
  for (const event of events) {
    switch (event.kind) {
      case "take":  // and the taker's hand size in the players table
        out.push({ to: hand(event.seat, event.tile), from: tile("display", event.tile) }, { to: `[data-hand="${event.seat}"]` });
        break;
      case "pick": out.push({ to: tile("placing", event.tile), from: hand(event.seat, event.tile) }); break;
      case "put_back": out.push({ to: hand(event.seat, event.tile), from: tile("placing", event.tile) }); break;
      case "place": out.push({ to: lot(event.lot), from: tile("placing", event.tile) }); break;
      case "tavern": out.push({ to: lot(event.lot), from: '[data-panel="taverns"]' }); break;
      case "resolve":
      case "forced": out.push({ to: lot(event.lot), from: event.figures === 0 ? undefined : player(event.seat) }); break;
      case "invest": out.push({ to: `[data-track="${event.guild}"]` }); break;
      case "markers":
      case "block_scored": out.push({ to: `svg.cg-map [data-label="${event.block}"]` }); break;
      case "reveal": for (const code of new Set(event.tiles || [])) out.push({ to: tile("display", code) }); break;
      case "return": out.push({ to: '[data-panel="supply"]', from: player(event.seat) }); break;
      default: break;
    }
  }
  return out;
}

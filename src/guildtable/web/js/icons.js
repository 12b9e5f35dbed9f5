// The games' pieces as small SVG icons drawn in code: each in a 24×24 box with a few simple shapes in currentColor,
// so an icon takes the colour of the text around it (light and dark theme alike) and reads at 16–20 px.
//
//   icon(name, {x, y, size, title, color})       an SVG <g> for a board, translated to (x, y) and scaled to size px
//   iconSvg(name, {size, title, color, className}) an inline <svg class="icon"> for HTML
//
// An unknown name draws a neutral placeholder (a small ring) and never throws.

import { svg } from "./common.js";

/** One shape of an icon (see ICONS): a filled path, or its kind and numbers (a group: its shapes). @typedef {string | (string | number | object)[]} Shape */

// Path pieces. Every filled path uses the even-odd rule, so a piece inside another (a window, a door) is a hole.
/** @param {number} cx @param {number} cy @param {number} r */
const circ = (cx, cy, r) => `M${cx - r} ${cy}a${r} ${r} 0 1 0 ${2 * r} 0a${r} ${r} 0 1 0 ${-2 * r} 0Z`;
/** @param {number} x @param {number} y @param {number} w @param {number} h */
const box = (x, y, w, h) => `M${x} ${y}h${w}v${h}h${-w}Z`;
/** @param {number} n */
const fix = (n) => +n.toFixed(2);
// A bar of width w from (x1, y1) to (x2, y2) with square ends: a cut line inside a solid shape.
/** @param {number} x1 @param {number} y1 @param {number} x2 @param {number} y2 */
function slot(x1, y1, x2, y2, w = 1.4) {
  const len = Math.hypot(x2 - x1, y2 - y1);
  const nx = ((y1 - y2) / len) * (w / 2), ny = ((x2 - x1) / len) * (w / 2);
  /** @param {number} x @param {number} y */
  const corner = (x, y) => `${fix(x)} ${fix(y)}`;
  return `M${corner(x1 + nx, y1 + ny)}L${corner(x2 + nx, y2 + ny)}`
    + `L${corner(x2 - nx, y2 - ny)}L${corner(x1 - nx, y1 - ny)}Z`;
}
// An n-pointed star, first point up.
/** @param {number} cx @param {number} cy @param {number} R @param {number} r */
function star(cx, cy, R, r, n = 5) {
  const points = [];
  for (let i = 0; i < 2 * n; i++) {
    const a = (Math.PI * i) / n - Math.PI / 2, radius = i % 2 ? r : R;
    points.push(`${fix(cx + radius * Math.cos(a))} ${fix(cy + radius * Math.sin(a))}`);
  }
  return `M${points.join("L")}Z`;
}
// A laurel wreath: two stems curving up from the bottom, leaves along them pointing up, alternately out and in.
/** @param {number} cx @param {number} cy @param {number} R @returns {Shape[]} */
function wreath(cx, cy, R) {
  /** @type {Shape[]} */
  const shapes = [];
  for (const side of [-1, 1]) {
    /** @param {number} deg */
    const at = (deg) => {
      const a = (deg * Math.PI) / 180;
      return [cx + side * R * Math.sin(a), cy + R * Math.cos(a)];
    };
    const [x0, y0] = at(8), [x1, y1] = at(125);
    shapes.push(["s", `M${fix(x0)} ${fix(y0)}A${R} ${R} 0 0 ${side > 0 ? 0 : 1} ${fix(x1)} ${fix(y1)}`, 1.5]);
    /** @param {number} deg @param {number} tilt */
    const leaf = (deg, tilt) => { // a pointed leaf from the stem, 5 long and 2.4 wide
      const [x, y] = at(deg), up = side > 0 ? -deg : deg - 180, a = ((up + side * tilt) * Math.PI) / 180;
      const [dx, dy] = [Math.cos(a), Math.sin(a)], [mx, my] = [x + 2.5 * dx, y + 2.5 * dy];
      shapes.push(`M${fix(x)} ${fix(y)}Q${fix(mx - 2.4 * dy)} ${fix(my + 2.4 * dx)} ${fix(x + 5 * dx)} ${fix(y + 5 * dy)}`
        + `Q${fix(mx + 2.4 * dy)} ${fix(my - 2.4 * dx)} ${fix(x)} ${fix(y)}Z`);
    };
    for (const deg of [28, 64, 100]) { leaf(deg, 36); leaf(deg, -34); }
    leaf(128, 0);
  }
  return shapes;
}

// A crown (the Guilds of London symbol, and the master's mark): three points with balls over a band.
/** @type {Shape[]} */
const CROWN = [
  "M3 8l4.5 4.5L12 5.5l4.5 7L21 8l-1.5 9.5h-15Z", ["c", 3, 6.8, 1.6], ["c", 12, 4.3, 1.7], ["c", 21, 6.8, 1.6],
  ["r", 4.5, 19, 15, 2.5, 0.8],
];

// name → shapes. A shape is a path string (filled), or [kind, ...numbers]:
//   ["s", d, width=2] stroked path · ["c", cx, cy, r] disc · ["o", cx, cy, r, width=2] ring
//   ["r", x, y, w, h, rx=0] filled rect · ["R", x, y, w, h, rx=0, width=2] outlined rect
//   ["e", cx, cy, rx, ry, degrees=0] filled ellipse · ["soft", d] filled path with its corners rounded by 0.5
/** @type {Record<string, Shape[]>} */
const ICONS = {
  // ——— City Blocks: building types
  // a house: pitched roof over a wall with a door
  house: ["M12 2.5L22 11h-3v10h-5v-6h-4v6H5V11H2Z"],
  // a shop front: scalloped awning over a window and a door
  store: [
    "M4 3h16l2 5.5a2.5 2.5 0 0 1-5 0a2.5 2.5 0 0 1-5 0a2.5 2.5 0 0 1-5 0a2.5 2.5 0 0 1-5 0Z",
    "M4 13h16v8h-2.5v-5h-4v5H4Z" + box(6, 15.5, 4.5, 3.5),
  ],
  // a factory: saw-tooth roof, a chimney, a row of windows
  factory: ["M2.5 21.5V11l6-4v4l6-4v4h2V3h5v18.5Z" + box(5, 14, 3, 3) + box(10.5, 14, 3, 3) + box(16, 14, 3, 3)],
  // a school house: a flag over a gabled front with a round window and a door
  school: [
    ["s", "M12 7.5V2.6", 1.5],
    "M12.5 2.3l5.5 1.9-5.5 1.9Z",
    "M2.5 21.5V13L12 7.5l9.5 5.5v8.5H14V17h-4v4.5Z" + circ(12, 12.6, 1.6) + box(4.8, 15, 3, 3) + box(16.2, 15, 3, 3),
  ],
  // a power plant: a cooling tower with a lightning bolt
  "power-plant": [
    "M4.5 21.5C7.5 16 8 12.5 6.5 9h11c-1.5 3.5-1 7 2 12.5Z" + "M13 11L9.6 16h2.6l-1.1 4 3.5-5.2H12Z",
    ["c", 9, 5.5, 2.2], ["c", 12.6, 4.3, 2.8], ["c", 16.2, 5.7, 2],
  ],
  // a shopping mall: a shopping bag with handles
  mall: [["s", "M8.5 8.5V7a3.5 3.5 0 0 1 7 0v1.5"], "M4.5 8h15l1.5 13.5H3Z"],
  // a courthouse: pediment, four columns, steps
  courthouse: [
    "M2 8.5L12 3l10 5.5Z", ["r", 3, 9.5, 18, 2],
    ["r", 4.3, 12.5, 2.6, 6], ["r", 8.5, 12.5, 2.6, 6], ["r", 12.9, 12.5, 2.6, 6], ["r", 17.1, 12.5, 2.6, 6],
    ["r", 2, 19.5, 20, 2],
  ],

  // ——— City and Guilds: guilds
  // the baker: a pretzel, the bakers' guild sign
  baker: [
    ["s", "M16.8 17.6C15.6 16.3 14.4 15 13.4 13.6M10.6 9.4C9.8 7.4 9.3 4.5 7 4.5C4.5 4.5 3 7 3 10.5C3 16 7 20.5 12 20.5C17 20.5 21 16 21 10.5C21 7 19.5 4.5 17 4.5C13.8 4.5 13.8 8.5 12 11.5C10.7 13.7 9 15.6 7.2 17.6", 2.3],
  ],
  // the weaver: a spool of thread with a loose end
  weaver: [
    ["r", 4, 2.5, 14, 3, 1], ["r", 4, 18.5, 14, 3, 1],
    box(6, 5, 10, 14) + slot(7, 9, 15, 9, 1.2) + slot(7, 12, 15, 12, 1.2) + slot(7, 15, 15, 15, 1.2),
    ["s", "M16 15.5c3 .5 4.5 2.5 4 6", 1.5],
  ],
  // the candlemaker: a candle with its flame in a holder
  candlemaker: [
    "M12 2c2.3 2.3 2.7 3.7 2.7 4.8a2.7 2.7 0 0 1-5.4 0C9.3 5.7 9.7 4.3 12 2Z",
    ["s", "M12 9.5V11.5", 1.5], ["r", 8.5, 11, 7, 9, 1], ["r", 5, 19.5, 14, 2, 1],
  ],
  // the smith: an anvil with a hammer over it
  smith: [
    "M2 11h19.5v3c-2 0-3.8.8-4.3 3H19v4.5H6.5V17h1.8c-.3-1.5-1.8-2.3-3.8-3.2C3.3 13.2 2.4 12.2 2 11Z",
    "M4.88 6.38L8.87 4.08 11.17 8.06 7.18 10.36Z", ["s", "M9.6 6.3L16.5 2.3", 1.9],
  ],
  // ——— City and Guilds: tiles
  // a building: a tall gabled town-house front with windows and an arched door
  building: [
    "M5 21.5V10l7-7 7 7v11.5h-5V18a2 2 0 0 0-4 0v3.5Z" + box(7.3, 11.5, 3, 3) + box(13.7, 11.5, 3, 3) + circ(12, 8.2, 1.2),
  ],
  // a market: a stall with a striped awning on posts and goods on the counter
  market: [
    "M3 2.5h18l1.5 5a2.625 2.625 0 0 1-5.25 0a2.625 2.625 0 0 1-5.25 0a2.625 2.625 0 0 1-5.25 0a2.625 2.625 0 0 1-5.25 0Z"
      + slot(7.5, 3.6, 7, 6.5, 1.2) + slot(12, 3.6, 12, 6.5, 1.2) + slot(16.5, 3.6, 17, 6.5, 1.2),
    ["s", "M4.5 10v11.5"], ["s", "M19.5 10v11.5"], ["r", 3, 15, 18, 2.5, 0.5],
    ["c", 8.3, 13, 1.6], ["c", 12, 13, 1.6], ["c", 15.7, 13, 1.6],
  ],
  // a minstrels' house: two beamed music notes
  "minstrel-house": [
    ["e", 7, 18, 3.2, 2.4, -25], ["e", 17, 16, 3.2, 2.4, -25],
    ["s", "M9.8 17V6"], ["s", "M19.8 15V3.5"], "M8.8 4.6L20.8 2v3.6L8.8 8.2Z",
  ],
  // a tavern: a tankard with a head of foam
  tavern: [["g", "translate(-.75 0)", [
      "M4.5 8h12v11a2 2 0 0 1-2 2h-8a2 2 0 0 1-2-2Z" + slot(8.5, 11, 8.5, 18) + slot(12.5, 11, 12.5, 18),
      ["s", "M16.5 10.5h2a2 2 0 0 1 2 2V15a2 2 0 0 1-2 2h-2"],
      ["c", 6.5, 6.5, 2.5], ["c", 10.5, 5.3, 3], ["c", 14.5, 6.5, 2.5],
  ]]],
  // ——— City and Guilds: street features
  // a well: a little roof on posts, a bucket on its rope, a stone wall
  well: [
    "M2.5 7.5L12 2l9.5 5.5Z", ["s", "M5 7.5v7.5M19 7.5v7.5"], ["s", "M5 9.5h14M12 9.5v1.5", 1.5],
    "M9.8 11h4.4l-.6 3h-3.2Z",
    "M3 15.5h18v6H3Z" + slot(4.5, 18.5, 19.5, 18.5, 1.1),
  ],
  // a gate: a crenellated gatehouse with an arch and a raised portcullis
  gate: [
    "M3 21.5V4h3v2.5h2V4h3v2.5h2V4h3v2.5h2V4h3v17.5h-5V14a4 4 0 0 0-8 0v7.5Z",
    ["s", "M10 10.5V16M12 10V16M14 10.5V16M8.2 13.2h7.6", 1.2],
  ],

  // ——— Guildhall: professions
  // the robber: a bandit's eye mask
  robber: [
    "M2 10.5c0-3.3 3-4 6-3.5 2 .4 3 1.5 4 1.5s2-1.1 4-1.5c3-.5 6 .2 6 3.5 0 4.5-3 7.5-6.5 7-2-.3-2.5-2.3-3.5-2.3s-1.5 2-3.5 2.3c-3.5.5-6.5-2.5-6.5-7Z"
      + "M5 11.3a2.4 1.6 0 1 0 4.8 0a2.4 1.6 0 1 0-4.8 0Z" + "M14.2 11.3a2.4 1.6 0 1 0 4.8 0a2.4 1.6 0 1 0-4.8 0Z",
  ],
  // the scholar: an open book
  scholar: [
    "M11 6.5C8.5 5 5.5 4.5 2.5 5v14c3-.5 6 0 8.5 1.5Z" + slot(4.5, 9, 9, 9.8, 1.1) + slot(4.5, 12.5, 9, 13.3, 1.1),
    "M13 6.5c2.5-1.5 5.5-2 8.5-1.5v14c-3-.5-6 0-8.5 1.5Z" + slot(15, 9.8, 19.5, 9, 1.1) + slot(15, 13.3, 19.5, 12.5, 1.1),
  ],
  // the hunter: a bow with an arrow on the string
  hunter: [
    ["s", "M8 2.5c7 3.5 7 15.5 0 19"], ["s", "M8 2.5v19", 1], ["s", "M3 12h15", 1.75],
    "M22 12l-5-3v6Z", ["s", "M2.5 9.5L5 12l-2.5 2.5M5 9.5L7.5 12L5 14.5", 1.5],
  ],
  // the peddler: a handcart loaded with sacks
  peddler: [["g", "translate(.3 -1)", [
      ["s", "M2.5 8l4.5 3"], "M6.5 11h15l-1.3 5.5H8Z", circ(11, 18.5, 3) + circ(11, 18.5, 1), ["s", "M18.5 16.5v5"],
      "M8.5 10a3 3.5 0 0 1 6 0Z", "M14 10c0-3.5 1.5-5.5 3.5-5.5s3.5 2 3.5 5.5Z",
  ]]],
  // the bricklayer: a brick wall half built, its courses stepped
  bricklayer: [
    ["r", 2, 18.5, 9.5, 3], ["r", 12.5, 18.5, 9.5, 3],
    ["r", 2, 14.5, 4.3, 3], ["r", 7.3, 14.5, 9.5, 3], ["r", 17.7, 14.5, 4.3, 3],
    ["r", 2, 10.5, 9.5, 3], ["r", 12.5, 10.5, 5, 3],
    ["r", 2, 6.5, 4.3, 3], ["r", 7.3, 6.5, 5, 3], ["r", 2, 2.5, 4.3, 3],
  ],
  // the tax collector: a money bag with a coin on it
  "tax-collector": [
    "M9 2.5h6l-1.2 3.7c4 1.3 6.7 5.3 6.7 9.3s-3.5 6-8.5 6-8.5-2-8.5-6 2.7-8 6.7-9.3Z"
      + slot(9.6, 7.4, 14.4, 7.4, 1.2) + circ(12, 15, 3.5) + circ(12, 15, 2),
  ],
  // prestige: a medal with a star on two crossed ribbons
  prestige: ["M6.5 2h4l3 7h-4Z", "M17.5 2h-4l-3 7h4Z", circ(12, 15, 6.5) + star(12, 15.3, 4.3, 1.8)],
  // a chapter: a fanned stack of three cards
  chapter: [
    ["soft", "M2.68 6.04L6.35 5.13V19.56L6.06 19.63Z"],
    ["soft", "M8.75 4.5H12.53L9.04 18.5H8.75Z"],
    ["soft", "M15.02 4.47L21.32 6.04L17.94 19.63L11.63 18.06Z"],
  ],

  // ——— Guilds of London: symbols
  // compasses: a pair of dividers opened over an arc
  compasses: [
    ["s", "M12 2.3v1.5", 1.75], circ(12, 6, 2.3) + circ(12, 6, 0.9),
    ["s", "M10.9 8.1L5.2 21M13.1 8.1L18.8 21"], ["s", "M7.4 16.5Q12 19 16.6 16.5", 1.5],
  ],
  // an anchor: ring, stock, shank and curved arms with flukes
  anchor: [
    ["o", 12, 4.3, 2.1, 1.8], ["s", "M12 6.5V21"], ["s", "M7.5 9.5h9"],
    ["s", "M4.5 14.5C5 18.5 8 21 12 21s7-2.5 7.5-6.5"], "M2 16.2l2.4-4.2 2.5 3.9Z", "M22 16.2l-2.4-4.2-2.5 3.9Z",
  ],
  // a cross
  cross: ["M10 2.5h4V8h5.5v4H14v9.5h-4V12H4.5V8H10Z"],
  // a scythe: a long handle with a grip and a curved blade
  scythe: [
    ["s", "M14.5 2.5C15.5 9 17.5 15.5 20 21.5", 2.25], ["s", "M14.3 10.5l3.6-1.2M16.3 16.3l3.6-1.2", 1.75],
    "M15 2.3C9.5 1.5 4.5 4 2 10.5c4-3.8 8.2-4.9 13.4-4.3Z",
  ],
  // a crown: three points with balls over a band
  crown: CROWN,
  // ——— Guilds of London: buildings
  // a church: a steeple with a cross between the two sides of the nave
  church: [
    ["s", "M12 2.2V6M10.3 3.8h3.4", 1.5],
    "M12 6l3.5 4.5v11h-2V18a1.5 1.5 0 0 0-3 0v3.5h-2v-11Z",
    "M2.5 21.5V14l5-3v10.5Z", "M21.5 21.5V14l-5-3v10.5Z",
  ],
  // the giants Gog and Magog: two tall figures, one with a spear, one with a club
  giants: [
    circ(8.15, 4.9, 2.2), "M5 21.5v-9C5 10 6.4 8.4 8.15 8.4S11.3 10 11.3 12.5v9H8.9V16H7.4v5.5Z",
    circ(15.85, 4.9, 2.2), "M12.7 21.5v-9c0-2.5 1.4-4.1 3.15-4.1S19 10 19 12.5v9h-2.4V16h-1.5v5.5Z",
    ["s", "M3 21V5.5", 1.75], "M3 1.8l1.3 3.7H1.7Z", ["s", "M21 21V10", 1.75], ["c", 21, 8.6, 1.7],
  ],
  // a livery hall: a gabled hall with the company's shield on its front
  "livery-hall": ["M3 21.5V10l9-7 9 7v11.5Z" + "M9 9.5h6v4c0 2.7-1.3 4.1-3 5-1.7-.9-3-2.3-3-5Z"],
  // a parade: a swallow-tailed banner carried on a pole
  parade: [
    ["s", "M4 4.5h16"], ["s", "M12 15.5V21"], ["c", 12, 2.8, 1.3], "M6 5.5h12v13l-6-3.5-6 3.5Z" + star(12, 10.3, 3, 1.3),
  ],
  // a university: a mortarboard with its tassel
  university: [
    "M12 3.5l10.5 5-10.5 5-10.5-5Z",
    "M6 12.6l6 2.9 6-2.9V17c0 2-2.5 3.5-6 3.5S6 19 6 17Z",
    ["s", "M20.3 9.5v5.5", 1.25], ["r", 19.4, 14.5, 1.8, 3.5, 0.6],
  ],
  // the Guildhall: a gothic front with pinnacles, a central gable and an arched porch
  guildhall: [
    "M3.5 21.5V9h17v12.5h-6V17a2.5 2.5 0 0 0-5 0v4.5Z" + "M5.7 17v-3.5q1-2 2 0V17Z" + "M16.3 17v-3.5q1-2 2 0V17Z",
    "M3.5 8V4.5L4.75 2.5 6 4.5V8Z", "M18 8V4.5l1.25-2 1.25 2V8Z", "M8.5 8L12 3l3.5 5Z",
  ],
  // a plantation: two trees on the ground
  plantation: [
    circ(9, 8.5, 5.5), ["r", 8, 12, 2, 8], circ(17.5, 12, 3.5), ["r", 16.6, 14, 1.8, 6], ["s", "M3 20.5h18"],
  ],
  // a liveryman: a pawn
  liveryman: [
    circ(12, 6, 3.5), ["r", 8.5, 10, 7, 1.8, 0.9], "M9.7 12.5h4.6c.4 3 1.8 5.5 3.5 7H6.2c1.7-1.5 3.1-4 3.5-7Z",
    ["r", 5, 19, 14, 2.5, 1],
  ],
  // a master: a pawn with a crown beside its head
  master: [
    circ(9, 8.5, 3), ["r", 5.8, 12.2, 6.4, 1.6, 0.8], "M6.9 14.3h4.2c.4 2.4 1.6 4.2 3.1 5.2H3.8c1.5-1 2.7-2.8 3.1-5.2Z",
    ["r", 2.5, 19.5, 13, 2, 1], ["g", "translate(11.8 .7) scale(.44)", CROWN],
  ],
  // a coin: a disc with a raised rim
  coin: [circ(12, 12, 9.5) + circ(12, 12, 7.6) + circ(12, 12, 6.2)],
  // victory points: a laurel wreath
  vp: wreath(12, 12.3, 6.3),
  // a card: a card with a diamond pip
  card: [["R", 5, 2.5, 14, 19, 2], "M12 7.5l3.5 4.5-3.5 4.5-3.5-4.5Z"],
  // the beadle: a ceremonial mace
  beadle: [
    ["s", "M12 2.3v2.7M10.2 3.7h3.6", 1.6], ["c", 12, 8.3, 3.4], ["r", 8.8, 11.7, 6.4, 2, 1],
    ["s", "M12 13.5v6", 2.6], ["r", 10, 16.2, 4, 1.6, 0.8], ["c", 12, 20.2, 1.5],
  ],

  // ——— Generic
  // a figure: a meeple
  figure: [
    "M12 2.5c2.2 0 3.7 1.6 3.7 3.7 0 .9-.3 1.6-.7 2.1l5 1.3c1.5.4 2 1.4 1.6 2.4-.3.9-1.2 1.3-2.1 1.2L16 12.8l3.6 7c.4.9-.2 1.7-1.1 1.7h-4L12 16.8l-2.5 4.7h-4c-.9 0-1.5-.8-1.1-1.7l3.6-7-3.5.4c-.9.1-1.8-.3-2.1-1.2-.4-1 .1-2 1.6-2.4l5-1.3c-.4-.5-.7-1.2-.7-2.1 0-2.1 1.5-3.7 3.7-3.7Z",
  ],
};

/** @type {Shape[]} */
const PLACEHOLDER = [["o", 12, 12, 4]];

export const ICON_NAMES = Object.freeze(Object.keys(ICONS));

/** @param {string} name */
export function hasIcon(name) {
  return Object.prototype.hasOwnProperty.call(ICONS, name);
}

const FILL = { fill: "currentColor", "fill-rule": "evenodd" };
/** @param {unknown} width */
const stroke = (width) => ({
  fill: "none", stroke: "currentColor", "stroke-width": width, "stroke-linecap": "round", "stroke-linejoin": "round",
});

// One shape spec (see ICONS) as an SVG element.
/** @param {Shape} spec @returns {SVGElement | null} */
function shape(spec) {
  if (typeof spec === "string") return svg("path", { d: spec, ...FILL });
  const [kind, ...a] = spec;
  switch (kind) {
    case "s": return svg("path", { d: a[0], ...stroke(a[1] ?? 2) });
    case "soft": return svg("path", { d: a[0], ...FILL, stroke: "currentColor", "stroke-width": 1, "stroke-linejoin": "round" });
    case "c": return svg("circle", { cx: a[0], cy: a[1], r: a[2], fill: "currentColor" });
    case "o": return svg("circle", { cx: a[0], cy: a[1], r: a[2], ...stroke(a[3] ?? 2) });
    case "r": return svg("rect", { x: a[0], y: a[1], width: a[2], height: a[3], rx: a[4] || null, fill: "currentColor" });
    case "R": return svg("rect", { x: a[0], y: a[1], width: a[2], height: a[3], rx: a[4] || null, ...stroke(a[5] ?? 2) });
    case "e": {
      const turn = a[4] ? `rotate(${a[4]} ${a[0]} ${a[1]})` : null;
      return svg("ellipse", { cx: a[0], cy: a[1], rx: a[2], ry: a[3], transform: turn, fill: "currentColor" });
    }
    case "g": return svg("g", { transform: a[0] }, /** @type {Shape[]} */ (a[1]).map(shape));
    default: return null;
  }
}

/** @param {string} name */
function shapesOf(name) {
  return (hasIcon(name) ? ICONS[name] : PLACEHOLDER).map(shape);
}

/**
 * @template {SVGElement} E
 * @param {E} el @param {string} name @param {string | null} title @param {string | null} color
 * @returns {E}
 */
function dress(el, name, title, color) {
  el.setAttribute("data-icon", hasIcon(name) ? name : "placeholder");
  if (color) {
    el.setAttribute("color", color);
    el.style.color = color; // an inline style also takes var(--seat0) and beats any stylesheet
  }
  if (title) {
    el.setAttribute("role", "img");
    el.prepend(svg("title", {}, String(title)));
  } else {
    el.setAttribute("aria-hidden", "true");
  }
  return el;
}

// An SVG <g> for use inside an SVG board: translated to (x, y), scaled from the 24-box to `size` px.
/** @param {string} name @param {{ x?: number, y?: number, size?: number, title?: string | null, color?: string | null } | null} [options] */
export function icon(name, options = {}) {
  const { x = 0, y = 0, size = 24, title = null, color = null } = options || {};
  const g = svg("g", { class: "icon-g", transform: `translate(${x} ${y}) scale(${size / 24})` }, shapesOf(name));
  return dress(g, name, title, color);
}

// An inline <svg class="icon"> for use in HTML.
/** @param {string} name @param {{ size?: number, title?: string | null, color?: string | null, className?: string } | null} [options] */
export function iconSvg(name, options = {}) {
  const { size = 18, title = null, color = null, className = "" } = options || {};
  const el = svg("svg", {
    class: className ? `icon ${className}` : "icon", viewBox: "0 0 24 24", width: size, height: size, focusable: "false",
  }, shapesOf(name));
  return dress(el, name, title, color);
}

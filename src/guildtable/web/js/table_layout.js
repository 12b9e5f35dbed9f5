// The table's layout (issue 33): what a player sees of the game at once, on a desktop, a tablet and a phone.
// - The board fits the room it has: its column's width and, on a wider screen, the height left above the hand, so the
//   board and the hand are in view together without scrolling. A game module names its board with `data-board`: an
//   SVG board ("svg") is drawn at the fitted width (its text keeps a readable size through `--board-scale`); a city of
//   HTML tiles ("city") or of cards ("cards") is drawn as dense as it must be to fit (`data-density`).
// - On a phone the prompt and the hand are one slim bar at the bottom of the screen, in reach of the thumb: the prompt
//   with its choices, and a button that shows or hides the hand above it (the player's choice is remembered).
// - On a phone the board fits the width; two fingers (or the zoom buttons) zoom in and out, one finger pans.
// - A playable piece out of view is pointed to by a cue at the edge it lies beyond; the cue brings it into view. A hand
//   that is hidden and holds a playable piece says so on its button.
import { byId as $, h, htmlOrSvg, nt, reducedMotion, t } from "/static/js/common.js";

const PHONE = window.matchMedia("(max-width: 599px)");
const SHEET_KEY = "guildtable.sheet";
const MAX_ZOOM = 3;
const MIN_WIDTH = 320;  // a board is never drawn narrower than this (or its column) to fit a short window
const GAP = 6;
/** The way to a piece out of view. @typedef {"up" | "down" | "left" | "right"} Way */
/** The part of the window where the board shows. @typedef {{ top: number, bottom: number }} Band */

let zoom = 1;  // the player's zoom of the board on a phone: 1 fits the width
let frame = 0;
let cueFrame = 0;

const sheetOpen = () => localStorage.getItem(SHEET_KEY) !== "closed";
/** @param {string} selector */
const found = (selector) => {
  const el = document.querySelector(selector);
  return el && htmlOrSvg(el) ? el : null;
};
const boardOf = () => found("#board [data-board]");
const dockOf = () => found("#board .hand-dock");
// A board that zooms and pans on a phone: a panel holding an SVG board or a city of tiles.
/** @param {HTMLElement | SVGElement | null} board @returns {board is HTMLElement} */
const zoomable = (board) => board instanceof HTMLElement && board.dataset.board !== "cards";

function schedule() {
  if (!frame) frame = requestAnimationFrame(layout);
}

function scheduleCues() {
  if (!cueFrame) cueFrame = requestAnimationFrame(updateCues);
}

// --- the bar and its sheet (a phone) ---------------------------------------------------------------------------------

function toggleSheet() {
  localStorage.setItem(SHEET_KEY, sheetOpen() ? "closed" : "open");
  layout();
}

/** @param {boolean} phone @param {HTMLElement | SVGElement | null} dock */
function drawBar(phone, dock) {
  const open = !phone || sheetOpen();
  const body = document.body.dataset;
  body.dock = dock ? "true" : "false";
  body.sheet = open ? "open" : "closed";
  const toggle = $("sheet-toggle");
  toggle.hidden = !dock;
  if (dock) {
    dock.id = dock.id || "hand-sheet";
    const label = dock.getAttribute("aria-label") || dock.querySelector("h3")?.firstChild?.textContent || t("Your hand");
    toggle.setAttribute("aria-controls", dock.id);
    toggle.setAttribute("aria-expanded", String(open));
    const words = toggle.querySelector(".sheet-label");
    if (words) words.textContent = label.trim();
  }
  const style = document.documentElement.style;
  style.setProperty("--bar-h", phone ? `${$("status").offsetHeight}px` : "0px");
  style.setProperty("--sheet-h", phone && dock && open ? `${height(dock)}px` : "0px");
}

// --- fitting the board -----------------------------------------------------------------------------------------------

// The height the board may take. On a phone: the window less the bar and the open hand (the board scrolls up to the
// top of the window). Wider: from the board's top, with the page at its top, to the window's bottom, less all that
// must show under it: everything down to the end of the hand (or, for a board far down the page, the window less the
// prompt that sticks at its top).
/** @param {HTMLElement | SVGElement} board @param {boolean} phone @param {HTMLElement | SVGElement | null} dock */
function roomHeight(board, phone, dock) {
  if (phone) return window.innerHeight - $("status").offsetHeight - (dock && sheetOpen() ? height(dock) : 0) - 2 * GAP;
  const top = board.getBoundingClientRect().top + window.scrollY;
  let below = 0;
  const hand = dock || found('#board [data-panel="hand"]');
  if (hand && board.compareDocumentPosition(hand) & Node.DOCUMENT_POSITION_FOLLOWING) {
    // Measured where it lies in the page, not where it sticks.
    const position = hand.style.position;
    hand.style.position = "static";
    below = Math.max(0, hand.getBoundingClientRect().bottom - board.getBoundingClientRect().bottom);
    hand.style.position = position;
  }
  const atTop = window.innerHeight - top - below - GAP;
  // Far down the page (under the end of the game's result), it fits the window under the prompt once scrolled to.
  const scrolledTo = window.innerHeight - $("status").offsetHeight - below - 2 * GAP;
  return atTop >= scrolledTo / 2 ? atTop : scrolledTo;
}

// An element's height as laid out (an HTML element's offsetHeight; an SVG one's box).
/** @param {HTMLElement | SVGElement} el */
function height(el) {
  return el instanceof HTMLElement ? el.offsetHeight : el.getBoundingClientRect().height;
}

/** @param {Element} el */
function innerWidth(el) {
  const style = getComputedStyle(el);
  return el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
}

/** @param {HTMLElement | SVGElement} board @param {boolean} phone @param {number} room */
function fitSvg(board, phone, room) {
  const picture = board instanceof SVGSVGElement ? board : board.querySelector("svg");
  const box = picture?.viewBox?.baseVal;
  if (!picture || !box || !box.width || !box.height || !picture.parentElement) return;
  const width = innerWidth(picture.parentElement);
  // The room is the board's: its panel's padding and borders take their share.
  const edges = board === picture ? 0 : board.getBoundingClientRect().height - picture.getBoundingClientRect().height;
  const fitted = Math.max(Math.min(width, (box.width * (room - edges)) / box.height), Math.min(width, MIN_WIDTH));
  const drawn = phone ? fitted * zoom : fitted;
  picture.style.width = `${Math.floor(drawn)}px`;
  const scale = drawn / box.width;
  picture.style.setProperty("--board-scale", scale.toFixed(4));
  // Drawn this small, a board's words give way to its pictures (the stylesheet draws them larger down to here).
  picture.dataset.small = String(scale < 0.75);
}

// A board of HTML pieces is drawn as dense as it must be to fit: each level in turn until one fits its width and the
// room it has (which the level may change: a denser hand leaves more room).
/**
 * @param {HTMLElement | SVGElement} board @param {HTMLElement | SVGElement} target @param {string[]} levels
 * @param {boolean} phone @param {HTMLElement | SVGElement | null} dock
 */
function fitDensity(board, target, levels, phone, dock) {
  for (const level of levels) {
    target.dataset.density = level;
    if (board.scrollWidth <= board.clientWidth + 1 && board.getBoundingClientRect().height <= roomHeight(board, phone, dock)) break;
  }
}

/** @param {boolean} phone @param {HTMLElement | SVGElement | null} dock */
function fit(phone, dock) {
  const board = boardOf();
  if (!board) return;
  const kind = board.dataset.board;
  const city = board.querySelector(".gl-city");
  if (kind === "svg") fitSvg(board, phone, roomHeight(board, phone, dock));
  // A city of tiles: its full tiles, else denser ones (zoomed in on a phone: full, and it pans).
  else if (kind === "city" && city && htmlOrSvg(city)) {
    fitDensity(board, city, phone && zoom > 1 ? ["full"] : ["full", "medium", "compact"], phone, dock);
  }
  // Cards: all their words, else the board's cards show theirs on hover or a long press, else the hand's too.
  else if (kind === "cards") fitDensity(board, $("board"), ["full", "compact", "tight"], phone, dock);
  document.body.dataset.zoomed = String(phone && zoom > 1);
  if (phone && zoomable(board)) zoomControls(board);
}

// --- zoom and pan on a phone -----------------------------------------------------------------------------------------

/** @param {HTMLElement} board */
function zoomControls(board) {
  let box = board.nextElementSibling?.classList.contains("board-zoom") ? board.nextElementSibling : null;
  if (!box) {
    box = h("div", { class: "board-zoom", role: "group", "aria-label": t("Zoom the board") },
      h("button", { type: "button", class: "secondary", "data-zoom": "out", "aria-label": t("Zoom out"), title: t("Zoom out"),
        onclick: () => setZoom(board.dataset.board === "city" ? 1 : zoom / 1.5) }, "−"),
      h("button", { type: "button", class: "secondary", "data-zoom": "in", "aria-label": t("Zoom in"), title: t("Zoom in"),
        onclick: () => setZoom(board.dataset.board === "city" ? 2 : zoom * 1.5) }, "+"));
    board.after(box);
  }
  const out = box.querySelector('[data-zoom="out"]'), into = box.querySelector('[data-zoom="in"]');
  if (out instanceof HTMLButtonElement) out.disabled = zoom <= 1;
  if (into instanceof HTMLButtonElement) into.disabled = board.dataset.board === "city" ? zoom > 1 : zoom >= MAX_ZOOM;
}

// What the zoom scales in a board: its picture or its city.
/** @param {HTMLElement} board */
function zoomed(board) {
  return board.querySelector("svg[viewBox]") || board.querySelector(".gl-city") || board;
}

// Zoom to `to`, keeping the point of the board under `anchor` (the pinch's middle; else the middle of what shows of
// the board) where it is on the screen.
/** @param {number} to @param {{ x: number, y: number } | null} [anchor] */
function setZoom(to, anchor = null) {
  const board = boardOf();
  if (!zoomable(board)) return;
  const next = Math.min(MAX_ZOOM, Math.max(1, to));
  if (Math.abs(next - zoom) < 0.01) return;
  const before = zoomed(board).getBoundingClientRect();
  const shown = board.getBoundingClientRect();
  const point = anchor || { x: shown.left + shown.width / 2, y: Math.max(shown.top, 0) + (Math.min(shown.bottom, window.innerHeight) - Math.max(shown.top, 0)) / 2 };
  const fx = (point.x - before.left) / before.width, fy = (point.y - before.top) / before.height;
  zoom = next;
  layout();
  const after = zoomed(board).getBoundingClientRect();
  board.scrollLeft += after.left + fx * after.width - point.x;
  window.scrollBy(0, after.top + fy * after.height - point.y);
}

/** @param {HTMLElement} root */
function installPinch(root) {
  /** @type {{ distance: number, zoom: number, board: HTMLElement, ratio: number, at: { x: number, y: number } } | null} */
  let pinch = null;
  /** @param {TouchList} touches */
  const apart = (touches) => Math.hypot(touches[0].clientX - touches[1].clientX, touches[0].clientY - touches[1].clientY);
  /** @param {TouchList} touches */
  const middle = (touches) => ({ x: (touches[0].clientX + touches[1].clientX) / 2, y: (touches[0].clientY + touches[1].clientY) / 2 });
  root.addEventListener("touchstart", (event) => {
    if (event.touches.length !== 2 || !PHONE.matches) return;
    const near = event.target instanceof Element ? event.target.closest("[data-board]") : null;
    const board = near && htmlOrSvg(near) ? near : null;
    if (!zoomable(board)) return;
    pinch = { distance: apart(event.touches) || 1, zoom, board, ratio: 1, at: middle(event.touches) };
  }, { passive: true });
  root.addEventListener("touchmove", (event) => {
    if (!pinch || event.touches.length !== 2) return;
    event.preventDefault();
    pinch.ratio = apart(event.touches) / pinch.distance;
    pinch.at = middle(event.touches);
    if (pinch.board.dataset.board === "svg") setZoom(pinch.zoom * pinch.ratio, pinch.at);
  }, { passive: false });
  /** @param {TouchEvent} event */
  const end = (event) => {
    if (!pinch || event.touches.length >= 2) return;
    // A city has two sizes: the whole city, and its tiles at full size to pan over.
    if (pinch.board.dataset.board === "city" && pinch.ratio > 1.15) setZoom(2, pinch.at);
    else if (pinch.board.dataset.board === "city" && pinch.ratio < 0.87) setZoom(1, pinch.at);
    pinch = null;
  };
  root.addEventListener("touchend", end);
  root.addEventListener("touchcancel", end);
}

// --- cues to playable pieces out of view -----------------------------------------------------------------------------

/** @param {Element} el */
const playable = (el) => !el.hasAttribute("disabled") && el.getAttribute("aria-disabled") !== "true" && el.getClientRects().length > 0;

// The part of the window where the board shows: below a status that sticks at the top, above the phone's bar and its
// open hand, or above a hand that sticks at the bottom.
/** @param {boolean} phone @param {HTMLElement | SVGElement | null} dock @returns {Band} */
function visibleBand(phone, dock) {
  const status = $("status").getBoundingClientRect();
  let top = 0, bottom = window.innerHeight;
  if (phone) {
    bottom = status.top;
    if (dock && sheetOpen()) bottom = Math.min(bottom, dock.getBoundingClientRect().top);
  } else {
    if (getComputedStyle($("status")).position === "sticky" && status.top <= 1) top = status.bottom;
    const docked = dock?.getBoundingClientRect();
    if (docked && docked.top < bottom && docked.bottom >= window.innerHeight - 1) bottom = docked.top;
  }
  return { top, bottom };
}

// Where a piece is, seen from the screen: "shown", or the way to it ("up", "down", "left", "right") with the panel that
// pans to it sideways.
/**
 * @param {Element} el @param {Band} band @param {HTMLElement | SVGElement | null} dock
 * @returns {{ way: Way | "shown", panel: HTMLElement | null }}
 */
function whereIs(el, band, dock) {
  const rect = el.getBoundingClientRect();
  /** @type {HTMLElement | null} */
  let panel = null;
  for (let up = el.parentElement; up && up.id !== "board"; up = up.parentElement) {
    const overflow = getComputedStyle(up).overflowX;
    if (overflow !== "auto" && overflow !== "scroll") continue;
    const box = up.getBoundingClientRect();
    if (rect.right <= box.left + 2) return { way: "left", panel: up };
    if (rect.left >= box.right - 2) return { way: "right", panel: up };
    panel = panel || up;
  }
  const inDock = dock && dock.contains(el);
  const top = inDock ? 0 : band.top, bottom = inDock ? window.innerHeight : band.bottom;
  if (rect.bottom <= top + 2) return { way: "up", panel };
  if (rect.top >= bottom - 2) return { way: "down", panel };
  return { way: "shown", panel };
}

/** @type {Record<Way, (n: number) => string>} */
const CUE_WORDS = {
  up: (n) => nt("{n} place to play above", "{n} places to play above", n),
  down: (n) => nt("{n} place to play below", "{n} places to play below", n),
  left: (n) => nt("{n} place to play to the left", "{n} places to play to the left", n),
  right: (n) => nt("{n} place to play to the right", "{n} places to play to the right", n),
};
/** @type {Record<Way, string>} */
const ARROWS = { up: "▲", down: "▼", left: "◀", right: "▶" };

// Bring a piece into the middle of what shows: its panel pans sideways, the page scrolls.
/** @param {Element} el @param {Band} band */
function reveal(el, band) {
  const behavior = reducedMotion() ? "auto" : "smooth";
  const rect = el.getBoundingClientRect();
  for (let up = el.parentElement; up && up.id !== "board"; up = up.parentElement) {
    const overflow = getComputedStyle(up).overflowX;
    if (overflow !== "auto" && overflow !== "scroll") continue;
    const box = up.getBoundingClientRect();
    up.scrollBy({ left: rect.left + rect.width / 2 - (box.left + box.width / 2), behavior });
  }
  window.scrollBy({ top: rect.top + rect.height / 2 - (band.top + band.bottom) / 2, behavior });
}

// The playable pieces out of view, by the way to them.
/** @param {Band} band @param {HTMLElement | SVGElement | null} dock */
function awayPieces(band, dock) {
  /** @type {Record<Way, { el: Element, panel: HTMLElement | null }[]>} */
  const away = { up: [], down: [], left: [], right: [] };
  const counted = new Set();
  for (const el of [...document.querySelectorAll("#board .legal")].filter(playable)) {
    // A card's uses are one place to play: the card.
    const piece = el.parentElement?.closest("#board [data-card], #board [data-reward]") || el;
    if (counted.has(piece)) continue;
    counted.add(piece);
    const found = whereIs(el, band, dock);
    if (found.way !== "shown") away[found.way].push({ el, panel: found.panel });
  }
  return away;
}

// A cue's tap: the nearest piece that way, as the page is now, into view.
/** @param {Way} way */
function revealWay(way) {
  const dock = dockOf();
  const band = visibleBand(PHONE.matches, dock);
  const sideways = way === "left" || way === "right";
  /** @param {Element} el */
  const off = (el) => {
    const rect = el.getBoundingClientRect();
    return sideways ? Math.abs(rect.left + rect.width / 2 - window.innerWidth / 2) : Math.abs(rect.top + rect.height / 2 - (band.top + band.bottom) / 2);
  };
  const nearest = awayPieces(band, dock)[way].map((entry) => entry.el).sort((a, b) => off(a) - off(b))[0];
  if (nearest) reveal(nearest, band);
}

function updateCues() {
  cueFrame = 0;
  const cues = document.getElementById("play-cues");
  if (!cues) return;
  const phone = PHONE.matches;
  const dock = dockOf();
  const band = visibleBand(phone, dock);
  const away = awayPieces(band, dock);
  const toggle = $("sheet-toggle");
  const hidden = phone && dock && !sheetOpen() && dock.querySelector(".legal") !== null;
  toggle.dataset.cue = String(Boolean(hidden));
  const said = toggle.querySelector(".sheet-cue");
  if (said) said.textContent = hidden ? t("(you can play from it)") : "";
  /** @type {HTMLButtonElement[]} */
  const shown = [];
  for (const way of /** @type {Way[]} */ (Object.keys(away))) {
    const list = away[way];
    if (!list.length) continue;
    // Up and down say it in words; to the side, over the edge of a panel, an arrow and the count (the words are its
    // name and its title).
    const words = CUE_WORDS[way](list.length);
    const sideways = way === "left" || way === "right";
    const cue = h("button", { type: "button", class: `play-cue play-cue-${way}`, "data-way": way,
      "aria-label": sideways ? words : null, title: sideways ? words : null,
      onclick: () => revealWay(way) },
    way === "right" ? null : h("span", { "aria-hidden": "true" }, ARROWS[way]), sideways ? String(list.length) : ` ${words}`,
    way === "right" ? h("span", { "aria-hidden": "true" }, ARROWS[way]) : null);
    shown.push(cue);
    // Placed at the edge the pieces lie beyond: the band's top or bottom, or the panel's side.
    const panel = list[0].panel?.getBoundingClientRect();
    if (way === "up") cue.style.top = `${band.top + 6}px`;
    else if (way === "down") cue.style.bottom = `${window.innerHeight - band.bottom + 6}px`;
    else if (panel) {
      // In the middle of what shows of the panel (a hand's row shows in full above the bar).
      const inDock = dock && dock.contains(list[0].panel);
      const top = inDock ? 0 : band.top, bottom = inDock ? window.innerHeight : band.bottom;
      const middle = (Math.max(panel.top, top) + Math.min(panel.bottom, bottom)) / 2;
      cue.style.top = `${Math.max(top + 6, middle - 18)}px`;
      if (way === "left") cue.style.left = `${Math.max(4, panel.left + 4)}px`;
      else cue.style.right = `${Math.max(4, window.innerWidth - panel.right + 4)}px`;
    }
  }
  // Only redrawn when what they say changed: a cue under the finger stays the same element.
  const now = shown.map((cue) => `${cue.dataset.way}:${cue.textContent}:${cue.style.cssText}`).join("|");
  if (cues.dataset.said !== now) {
    cues.dataset.said = now;
    cues.replaceChildren(...shown);
  }
}

// --- all of it -------------------------------------------------------------------------------------------------------

function layout() {
  if (frame) cancelAnimationFrame(frame);
  frame = 0;
  const phone = PHONE.matches;
  const dock = dockOf();
  drawBar(phone, dock);
  fit(phone, dock);
  updateCues();
}

export function installTableLayout() {
  const status = document.getElementById("status");
  const board = document.getElementById("board");
  if (!status || !board) return;
  status.append(h("button", { id: "sheet-toggle", class: "sheet-toggle secondary", type: "button", hidden: true, onclick: toggleSheet },
    h("span", { class: "sheet-label" }), h("span", { class: "sheet-cue visually-hidden" }), h("span", { class: "sheet-chevron", "aria-hidden": "true" })));
  document.body.append(h("div", { id: "play-cues", class: "play-cues" }));
  // A phone shows the prompt's first lines; a tap on it shows all of it, another its first lines again.
  $("status-text").addEventListener("click", () => {
    if (!PHONE.matches) return;
    if (document.body.dataset.prompt === "full") delete document.body.dataset.prompt;
    else document.body.dataset.prompt = "full";
    schedule();
  });
  // Redrawn board (a move, a choice that only redraws): fit it again. The zoom buttons this module adds are not news.
  /** @param {Node} node */
  const ours = (node) => node instanceof Element && node.classList.contains("board-zoom");
  new MutationObserver((records) => {
    if (records.every((record) => [...record.addedNodes, ...record.removedNodes].every(ours))) return;
    schedule();
  }).observe(board, { childList: true, subtree: true });
  new MutationObserver(schedule).observe($("choices"), { childList: true, subtree: true });
  new ResizeObserver(schedule).observe(status);
  window.addEventListener("resize", schedule);
  window.addEventListener("scroll", scheduleCues, { passive: true });
  board.addEventListener("scroll", scheduleCues, { passive: true, capture: true });
  PHONE.addEventListener("change", () => { zoom = 1; schedule(); });
  installPinch(board);
  schedule();
}

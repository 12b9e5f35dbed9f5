// What every page shares: a tiny DOM builder, the API client, the tables this browser knows, and JSON-as-panels.

export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith("on") && typeof value === "function") el.addEventListener(key.slice(2), value);
    else if (key === "class") el.className = value;
    else if (key === "text") el.textContent = value;
    else el.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat()) {
    if (child === undefined || child === null || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
}

// The same for SVG elements: the boards of the game modules.
const SVG_NS = "http://www.w3.org/2000/svg";
export function svg(tag, attrs = {}, ...children) {
  const el = document.createElementNS(SVG_NS, tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith("on") && typeof value === "function") el.addEventListener(key.slice(2), value);
    else el.setAttribute(key, value);
  }
  for (const child of children.flat()) {
    if (child === undefined || child === null || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
}

export const SEAT_COLOURS = ["var(--seat0)", "var(--seat1)", "var(--seat2)", "var(--seat3)", "var(--seat4)"];

export class ApiError extends Error {
  constructor(problem) {
    super(problem.detail || problem.title || "request failed");
    this.problem = problem;
  }
}

export async function api(path, { method = "GET", body, token } = {}) {
  const headers = {};
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers["Authorization"] = `Bearer ${token}`;
  const response = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const data = await response.json().catch(() => ({ detail: response.statusText }));
  if (!response.ok) throw new ApiError(data);
  return data;
}

// The tables this browser created or joined: {id: {game, title, created, tokens: {seat: token}, hotseat}}.
const KEY = "guildtable.tables";

export function myTables() {
  try { return JSON.parse(localStorage.getItem(KEY) || "{}"); } catch { return {}; }
}

export function rememberTable(id, entry) {
  const all = myTables();
  const old = all[id] || { tokens: {} };
  all[id] = { ...old, ...entry, tokens: { ...old.tokens, ...(entry.tokens || {}) } };
  localStorage.setItem(KEY, JSON.stringify(all));
  return all[id];
}

export function myName() { return localStorage.getItem("guildtable.name") || ""; }
export function setMyName(name) { localStorage.setItem("guildtable.name", name); }

// Any JSON value as readable panels, for the generic renderer of a game without a module of its own.
export function jsonPanel(value, depth = 0) {
  if (value === null || value === undefined) return h("span", { class: "muted" }, "—");
  if (typeof value !== "object") return h("span", {}, String(value));
  if (Array.isArray(value)) {
    if (value.length === 0) return h("span", { class: "muted" }, "none");
    if (value.every((item) => item === null || typeof item !== "object")) {
      return h("div", { class: "chips" }, value.map((item) => h("span", { class: "chip" }, item === null ? "·" : String(item))));
    }
    if (value.every((row) => Array.isArray(row))) {
      return h("table", { class: "grid-table" }, value.map((row) => h("tr", {}, row.map((cell) => h("td", {}, cellText(cell))))));
    }
    if (value.every((item) => item && typeof item === "object" && !Array.isArray(item))) {
      const keys = [...new Set(value.flatMap((item) => Object.keys(item)))];
      return h("table", { class: "data" },
        h("tr", {}, keys.map((key) => h("th", {}, label(key)))),
        value.map((item) => h("tr", {}, keys.map((key) => h("td", {}, jsonPanel(item[key], depth + 1))))));
    }
    return h("ol", {}, value.map((item) => h("li", {}, jsonPanel(item, depth + 1))));
  }
  const entries = Object.entries(value);
  if (entries.length === 0) return h("span", { class: "muted" }, "none");
  return h("div", { class: "kv" }, entries.flatMap(([key, item]) => [h("div", { class: "k" }, label(key)), h("div", {}, jsonPanel(item, depth + 1))]));
}

function cellText(cell) {
  if (cell === null || cell === undefined) return "·";
  if (typeof cell !== "object") return String(cell);
  return Object.values(cell).map((v) => (typeof v === "object" ? JSON.stringify(v) : String(v))).join(" ");
}

export function label(key) {
  return String(key).replace(/_/g, " ");
}

export function seatName(seats, seat) {
  const entry = (seats || [])[seat];
  return entry ? entry.name : `Seat ${seat + 1}`;
}

// The game module that draws a game's view, or the generic one.
const modules = {};
export async function rendererFor(game) {
  if (!modules[game]) {
    const file = `/static/games/${game.replace(/-/g, "_")}.js`;
    modules[game] = import(file).catch((error) => {
      if (!String(error).includes("Failed to fetch")) console.error(`renderer ${file}:`, error);
      return import("/static/games/fallback.js");
    });
  }
  return modules[game];
}

// Helpers for game modules. `Clicks` hands out the legal action behind each clickable thing a module draws and
// remembers which it handed out; `rest()` is one button for every legal action not offered as a click, so a game
// module can never leave a player without a way to move.
export class Clicks {
  constructor(legal, move) {
    this.legal = legal;
    this.move = move;
    this.used = new Set();
  }

  // The first legal entry whose action has all of `fields` (e.g. {type: "place", lot: "A1"}), or null.
  find(fields) {
    return this.legal.find((entry) => Object.entries(fields).every(([key, value]) => entry.action[key] === value)) || null;
  }

  // An onclick for the entry matching `fields` (marking it offered), or undefined when none is legal.
  on(fields) {
    const entry = this.find(fields);
    if (!entry) return undefined;
    this.used.add(entry);
    return () => this.move(entry.action);
  }

  // Every legal move not offered as a click, as one button each, labelled in plain words.
  rest() {
    const left = this.legal.filter((entry) => !this.used.has(entry));
    if (!left.length) return null;
    return h("div", { class: "row choices", role: "group", "aria-label": "Your choices" }, left.map((entry) =>
      h("button", { class: "secondary choice", "data-notation": entry.notation, onclick: () => this.move(entry.action) }, entry.label || entry.notation)));
  }
}

// --- what every piece does --------------------------------------------------------------------------------------
// A game's glossary (GET /api/games/{game}/glossary): {key: {name, text, details: [{label, text, level}]}}, fetched
// once per page. Renderers look pieces up by the keys their views use and attach the text with `infoAttrs`.
const glossaries = {};
export function glossaryFor(game) {
  if (!glossaries[game]) glossaries[game] = fetch(`/api/games/${encodeURIComponent(game)}/glossary`).then((r) => (r.ok ? r.json() : {})).catch(() => ({}));
  return glossaries[game];
}

// Attributes that give an element its piece text on hover, tap and keyboard focus (one tooltip for the whole page)
// and an accessible description. `usable` (optional) is a count, e.g. the cards in a Guildhall chapter: detail lines
// with a `level` at or below it are marked as usable now.
export function infoAttrs(piece, { usable = null, extra = [] } = {}) {
  if (!piece) return {};
  return { "data-info": JSON.stringify({ ...piece, usable, extra }), tabindex: "0" };
}

let tip = null;
let tipFor = null;
function tipBody(info) {
  const lines = (info.details || []).map((detail) => {
    const usable = info.usable !== null && detail.level !== null && detail.level !== undefined && detail.level <= info.usable;
    return h("li", { class: usable ? "usable" : "" }, h("strong", {}, `${detail.label}: `), detail.text, usable ? h("span", { class: "badge" }, " usable now") : null);
  });
  return [h("div", { class: "tip-title" }, info.name), info.text ? h("div", {}, info.text) : null,
    lines.length ? h("ul", {}, lines) : null, ...(info.extra || []).map((line) => h("div", { class: "muted" }, line))];
}

function showTip(target) {
  let info;
  try { info = JSON.parse(target.getAttribute("data-info")); } catch { return; }
  if (!tip) {
    tip = h("div", { id: "piece-tip", class: "piece-tip", role: "tooltip" });
    document.body.append(tip);
  }
  tipFor = target;
  tip.replaceChildren(...tipBody(info));
  tip.hidden = false;
  const box = target.getBoundingClientRect();
  const width = Math.min(320, window.innerWidth - 16);
  tip.style.maxWidth = `${width}px`;
  const left = Math.max(8, Math.min(box.left + window.scrollX, window.scrollX + window.innerWidth - width - 8));
  tip.style.left = `${left}px`;
  const below = box.bottom + window.scrollY + 6;
  tip.style.top = `${below}px`;
  const height = tip.getBoundingClientRect().height;
  if (box.bottom + height + 12 > window.innerHeight && box.top > height + 12) tip.style.top = `${box.top + window.scrollY - height - 6}px`;
}

function hideTip() {
  if (tip) tip.hidden = true;
  tipFor = null;
}

// Hover (mouse), focus (keyboard) and a tap (touch) show a piece's text; leaving, blurring, Escape or a tap elsewhere
// hide it.
export function installTips() {
  const owner = (event) => (event.target instanceof Element ? event.target.closest("[data-info]") : null);
  document.addEventListener("mouseover", (event) => { const el = owner(event); if (el) showTip(el); else if (tipFor) hideTip(); });
  document.addEventListener("focusin", (event) => { const el = owner(event); if (el) showTip(el); });
  document.addEventListener("focusout", () => hideTip());
  document.addEventListener("pointerdown", (event) => {
    if (event.pointerType !== "touch") return;
    const el = owner(event);
    if (el) showTip(el); else hideTip();
  });
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape") hideTip();
    // A board piece that can be played (an SVG element with a click handler and a tab stop) plays with Enter or Space.
    const el = event.target;
    if ((event.key === "Enter" || event.key === " ") && el instanceof SVGElement && el.classList.contains("legal")) {
      event.preventDefault();
      el.dispatchEvent(new MouseEvent("click", { bubbles: true }));
    }
  });
  window.addEventListener("scroll", () => { if (tipFor && !tipFor.isConnected) hideTip(); }, { passive: true });
}

// The end screen's score sheet: one table per category (a named line per scored thing, a column per player, the
// category's subtotal), then the totals. Every column adds up to the player's final score.
export function scoreSheet(sheet, names) {
  const points = (value) => (value === 0 ? "·" : String(value));
  const head = (title) => h("tr", {}, h("th", { scope: "col" }, title), names.map((name) => h("th", { scope: "col", class: "num" }, name)));
  const tables = sheet.categories.map((category) => h("table", { class: "data sheet" },
    h("caption", {}, category.title),
    head(""),
    category.lines.map((entry) => h("tr", {}, h("td", {}, entry.label), entry.points.map((value) => h("td", { class: "num" }, points(value))))),
    h("tr", { class: "subtotal" }, h("td", {}, "Subtotal"), category.subtotals.map((value) => h("td", { class: "num" }, String(value))))));
  const total = h("table", { class: "data sheet total" }, head("Final score"),
    h("tr", { class: "subtotal" }, h("td", {}, "Total"), sheet.totals.map((value) => h("td", { class: "num" }, String(value)))));
  return h("div", { class: "score-sheet", id: "score-sheet" }, ...tables, total);
}

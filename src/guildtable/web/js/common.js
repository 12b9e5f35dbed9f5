// What every page shares: words in the reader's language, a tiny DOM builder, the API client, the tables this
// browser knows, and JSON-as-panels.

/** @typedef {import("../types/api").components["schemas"]} Schemas */

// --- words ------------------------------------------------------------------------------------------------------
// Every text a player reads comes from a gettext catalogue (extracted from these files by `guildtable catalogues
// extract`): the page carries the `web` one, and `rendererFor(game)` loads the game's before its module runs.
//   t("{name} wins", { name })          a message, with named placeholders
//   nt("{n} point", "{n} points", n)     the form for a count ({n} is the count)
//   pt("seat colour", "Red")             a message whose meaning needs a context
/** A gettext catalogue as the server sends it: a message's text, or its forms for a count (`nt`).
 * @typedef {{ language?: string, messages?: Record<string, string | string[]> }} Catalogue */
/** @type {Map<string, string | string[]>} */
const words = new Map();
/** @type {Map<string, Promise<void>>} */
const loadedDomains = new Map();
/** @param {Catalogue | null} catalogue */
function absorb(catalogue) {
  for (const [key, text] of Object.entries(catalogue?.messages ?? {})) words.set(key, text);
}
const pageCatalogue = document.getElementById("i18n");
/** @type {Catalogue} */
const pageWords = pageCatalogue ? JSON.parse(pageCatalogue.textContent ?? "{}") : { language: "en" };
absorb(pageWords);
// The language the page was served in ("qps" is the test pseudo-locale, shown as English to the browser).
export const LANGUAGE = pageWords.language || "en";
// Numbers as the reader writes them: "2.5" in English, "2,5" in German.
const NUMBERS = new Intl.NumberFormat(LANGUAGE === "de" ? "de" : "en", { maximumFractionDigits: 2 });
// How far off a moment `seconds` from now is, in the reader's words ("in 3 days", "in 2 hours"): a turn-based move's
// deadline (issue 16).
/** @param {number} seconds */
export function relativeTime(seconds) {
  /** @type {[Intl.RelativeTimeFormatUnit, number][]} */
  const units = [["day", 86400], ["hour", 3600], ["minute", 60]];
  const [unit, size] = units.find(([, length]) => Math.abs(seconds) >= length) ?? ["minute", 60];
  return new Intl.RelativeTimeFormat(LANGUAGE, { numeric: "auto" }).format(Math.max(0, Math.round(seconds / size)), unit);
}

/** @param {unknown} value */
export function num(value) {
  return typeof value === "number" ? NUMBERS.format(value) : String(value);
}

/** Placeholders' values, by name.
 * @typedef {Record<string, unknown>} Params */
/** @param {string} text @param {Params} [params] */
function fill(text, params) {
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name) => (name in params ? String(params[name]) : whole));
}

/** @param {string} message @param {Params} [params] */
export function t(message, params) {
  const text = words.get(message);
  return fill(typeof text === "string" ? text : message, params);
}

/** @param {string} context @param {string} message @param {Params} [params] */
export function pt(context, message, params) {
  const text = words.get(`${context}\u0004${message}`);
  return fill(typeof text === "string" ? text : message, params);
}

/** @param {string} singular @param {string} plural @param {number} n @param {Params} [params] */
export function nt(singular, plural, n, params = {}) {
  const forms = words.get(singular);
  const chosen = Array.isArray(forms) ? forms[n === 1 ? 0 : 1] ?? forms[forms.length - 1] : (n === 1 ? singular : plural);
  return fill(chosen, { n, ...params });
}

// Names joined as a sentence lists them: "A and B", "A and B and C" (as the English pages always did).
/** @param {string[]} names */
export function listing(names) {
  return names.length ? names.reduce((first, last) => t("{first} and {last}", { first, last })) : "";
}

// A game's (or any catalogue domain's) messages, fetched once.
/** @param {string} domain */
export function loadWords(domain) {
  let loading = loadedDomains.get(domain);
  if (!loading) {
    loading = fetch(`/i18n/${LANGUAGE}/${domain}.json`)
      .then((response) => (response.ok ? response.json() : null))
      .then((catalogue) => absorb(catalogue))
      .catch(() => {});
    loadedDomains.set(domain, loading);
  }
  return loading;
}

// The language switch keeps the page's own query (a seat's link) and only changes `lang`.
for (const link of document.querySelectorAll(".lang-switch a[data-lang]")) {
  if (!(link instanceof HTMLAnchorElement)) continue;
  const url = new URL(location.href);
  url.searchParams.set("lang", link.dataset.lang ?? "");
  link.href = url.pathname + url.search + url.hash;
}

// --- the DOM ------------------------------------------------------------------------------------------------------

/** What `h` and `svg` put in an element: nodes, text, numbers; nothing for null, undefined and false; arrays flat.
 * @typedef {Node | string | number | boolean | null | undefined} Child */
/** An element's attributes: `on…` a listener, `class`, `text`, `style`, any other an attribute (true: present).
 * @typedef {Record<string, unknown>} Attrs */

/**
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag @param {Attrs | null} [attrs] @param {...(Child | Child[])} children
 * @returns {HTMLElementTagNameMap[K]}
 */
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs ?? {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith("on") && typeof value === "function") el.addEventListener(key.slice(2), /** @type {EventListener} */ (value));
    else if (key === "class") el.className = String(value);
    else if (key === "text") el.textContent = String(value);
    // Through the CSSOM: the Content-Security-Policy refuses a `style` attribute, not a style set from a script.
    else if (key === "style") el.style.cssText = String(value);
    else el.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children.flat()) {
    if (child === undefined || child === null || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
}

// The same for SVG elements: the boards of the game modules.
const SVG_NS = "http://www.w3.org/2000/svg";
/**
 * @template {keyof SVGElementTagNameMap} K
 * @param {K} tag @param {Attrs | null} [attrs] @param {...(Child | Child[])} children
 * @returns {SVGElementTagNameMap[K]}
 */
export function svg(tag, attrs = {}, ...children) {
  const el = document.createElementNS(SVG_NS, tag);
  for (const [key, value] of Object.entries(attrs ?? {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith("on") && typeof value === "function") el.addEventListener(key.slice(2), /** @type {EventListener} */ (value));
    else if (key === "style") el.style.cssText = String(value);  // as in h()
    else el.setAttribute(key, String(value));
  }
  for (const child of children.flat()) {
    if (child === undefined || child === null || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
}

/**
 * The page's element `id`, which its HTML always has (one missing is a mistake in the page, said at once), as the
 * kind of element it is (`byId("moves-filter", HTMLInputElement)`).
 * @overload
 * @param {string} id
 * @returns {HTMLElement}
 */
/**
 * @template {Element} T
 * @overload
 * @param {string} id
 * @param {{ new (): T, prototype: T }} kind
 * @returns {T}
 */
/**
 * @param {string} id
 * @param {{ new (): Element, prototype: Element }} [kind]
 * @returns {Element}
 */
export function byId(id, kind = HTMLElement) {
  const el = document.getElementById(id);
  if (!(el instanceof kind)) throw new Error(`the page has no element #${id} of that kind`);
  return el;
}

// --- seats: one palette and one shape per seat, for every game ------------------------------------------------------
// The colours are the stylesheet's --seat0..4 (one place, both themes); every seat also has a shape, so nothing is told
// by colour alone. Renderers draw owners, figures and swatches with these and nothing else.
export const SEAT_COLOURS = [0, 1, 2, 3, 4].map((seat) => `var(--seat${seat})`);
export const SEAT_SHAPES = ["circle", "square", "triangle", "diamond", "star"];
/** A seat as the views name it: its index, or null (nobody's, a spectator). @typedef {number | null | undefined} Seat */
/** @type {(seat: Seat) => seat is number} */
const validSeat = (seat) => Number.isInteger(seat) && Number(seat) >= 0 && Number(seat) < SEAT_COLOURS.length;
/** @param {Seat} seat */
export function seatColour(seat) { return validSeat(seat) ? SEAT_COLOURS[seat] : "var(--neutral-piece)"; }
// The ink to write on a seat's colour (white or dark, whichever reads).
/** @param {Seat} seat */
export function seatInk(seat) { return validSeat(seat) ? `var(--seat${seat}-ink)` : "var(--neutral-ink)"; }
/** @param {Seat} seat */
export function seatShapeName(seat) { return validSeat(seat) ? SEAT_SHAPES[seat] : "circle"; }

// A seat's shape filled with its colour, centred on (x, y), `size` across: a figure, a marker, an owner's mark.
/**
 * @param {Seat} seat
 * @param {{ x?: number, y?: number, size?: number, stroke?: string, title?: string | null } & Attrs} [options]
 * @returns {SVGElement}
 */
export function seatShape(seat, { x = 0, y = 0, size = 12, stroke = "var(--piece-line)", title = null, ...extra } = {}) {
  const r = size / 2;
  const attrs = { fill: seatColour(seat), stroke, "stroke-width": Math.max(1, size / 10), "stroke-linejoin": "round", "data-seat": seat, "data-shape": seatShapeName(seat), ...extra };
  /** @param {number[][]} list */
  const points = (list) => list.map(([px, py]) => `${(x + px * r).toFixed(2)},${(y + py * r).toFixed(2)}`).join(" ");
  let shape;
  switch (seatShapeName(seat)) {
    case "square": shape = svg("rect", { x: x - r * 0.84, y: y - r * 0.84, width: r * 1.68, height: r * 1.68, rx: r * 0.2, ...attrs }); break;
    case "triangle": shape = svg("polygon", { points: points([[0, -1], [0.95, 0.8], [-0.95, 0.8]]), ...attrs }); break;
    case "diamond": shape = svg("polygon", { points: points([[0, -1], [1, 0], [0, 1], [-1, 0]]), ...attrs }); break;
    case "star": {
      const star = [];
      for (let i = 0; i < 10; i++) {
        const angle = -Math.PI / 2 + (i * Math.PI) / 5;
        const radius = i % 2 ? 0.45 : 1;
        star.push([Math.cos(angle) * radius, Math.sin(angle) * radius + 0.08]);
      }
      shape = svg("polygon", { points: points(star), ...attrs });
      break;
    }
    default: shape = svg("circle", { cx: x, cy: y, r: r * 0.92, ...attrs });
  }
  if (title) shape.append(svg("title", {}, title));
  return shape;
}

// A seat's swatch for HTML (players lists, tables): its shape in its colour.
/** @param {Seat} seat */
export function seatSwatch(seat, size = 14) {
  return svg("svg", { class: "seat-swatch", width: size, height: size, viewBox: `0 0 ${size} ${size}`, "aria-hidden": "true" },
    seatShape(seat, { x: size / 2, y: size / 2, size: size - 2 }));
}

/** A refusal's body (RFC 9457), `problem` naming it (`"seat-taken"`). @typedef {Schemas["Problem"]} Problem */

export class ApiError extends Error {
  /** @param {Partial<Problem>} problem */
  constructor(problem) {
    super(problem.detail || problem.title || t("request failed"));
    this.problem = problem;
  }
}

/**
 * A JSON request to the API; its answer (null for 204), or an ApiError with the problem body. The caller casts the
 * answer to its schema's type (web/types/api.d.ts).
 * @param {string} path
 * @param {{ method?: string, body?: unknown, token?: string }} [options]
 * @returns {Promise<unknown>}
 */
export async function api(path, { method = "GET", body, token } = {}, retried = false) {
  /** @type {Record<string, string>} */
  const headers = method === "GET" ? {} : await csrfHeaders();
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers["Authorization"] = `Bearer ${token}`;
  const response = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  if (response.status === 204) return null;
  const data = await response.json().catch(() => ({ detail: response.statusText }));
  // The session changed in another tab (signed in again, or out): ask who is signed in now and send it once more.
  if (response.status === 403 && data.problem === "csrf" && !retried) {
    accountLoad = null;
    return api(path, { method, body, token }, true);
  }
  if (!response.ok) throw new ApiError(data);
  return data;
}

// --- the account (issue 16) ------------------------------------------------------------------------------------------
// A signed-in browser holds a session cookie and sends its CSRF token with every request that changes something (the
// server refuses a cookie's request without it). `account()` is the signed-in account ({name, csrf, created}) or null
// for a guest; guests use every page exactly as before.
/** Who is signed in: the account's name and its session's CSRF token (a sign-in's answer, or GET /api/session's).
 * @typedef {Schemas["SignedInAccount"]} Account */
/** @type {Account | null} */
let signedIn = null;
/** @type {Promise<Account | null> | null} */
let accountLoad = null;

export function account() {
  if (!accountLoad) {
    // Issue 33: GET /api/session answers a guest too ({signed_in: false}), so a guest's page makes no request
    // that fails (GET /api/account is 401 for them).
    accountLoad = fetch("/api/session", { headers: { Accept: "application/json" } })
      .then((response) => (response.ok ? response.json() : null))
      .catch(() => null)
      .then((/** @type {Schemas["GuestSession"] | Schemas["AccountSession"] | null} */ data) => {
        signedIn = data?.signed_in ? data : null;
        drawAccount();
        return signedIn;
      });
  }
  return accountLoad;
}

// After signing in or out on this page: the answer of POST /api/session or /api/account (or null).
/** @param {Account | null} data */
export function setAccount(data) {
  signedIn = data;
  accountLoad = Promise.resolve(signedIn);
  drawAccount();
  return signedIn;
}

// The headers a request that changes something sends: the CSRF token when signed in.
export async function csrfHeaders() {
  const who = await account();
  /** @type {Record<string, string>} */
  const headers = who && who.csrf ? { "X-CSRF-Token": who.csrf } : {};
  return headers;
}

export async function signOut() {
  await api("/api/session", { method: "DELETE" }).catch(() => {});
  setAccount(null);
}

// Where this page is, for "back to where the player came from" after signing in.
export function here() {
  return location.pathname + location.search;
}

// A safe place to go back to: a path of this site (never another site's address).
/** @param {unknown} value */
export function safeNext(value, fallback = "/me") {
  return typeof value === "string" && value.startsWith("/") && !value.startsWith("//") && !value.startsWith("/\\") ? value : fallback;
}

/** @param {string} name */
export function playerHref(name) {
  return `/players/${encodeURIComponent(name)}`;
}

// The header's account corner (layout.html #account): "Sign in", or the name, "My games" and "Sign out".
function drawAccount() {
  const corner = document.getElementById("account");
  if (!corner) return;
  const signin = byId("signin-link", HTMLAnchorElement);
  const inside = byId("signed-in");
  if (signedIn) {
    const name = byId("account-name", HTMLAnchorElement);
    name.textContent = signedIn.name;
    name.href = playerHref(signedIn.name);
    if (location.pathname === name.pathname) name.setAttribute("aria-current", "page");
    if (location.pathname === "/me") byId("my-games-link").setAttribute("aria-current", "page");
  } else if (location.pathname === "/signin") {
    signin.setAttribute("aria-current", "page");
  } else {
    signin.href = `/signin?next=${encodeURIComponent(here())}`;
  }
  signin.hidden = Boolean(signedIn);
  inside.hidden = !signedIn;
  corner.hidden = false;
  // Pages that offer something only to a signed-in player (the lobby's rated game) follow along.
  document.dispatchEvent(new CustomEvent("guildtable:account", { detail: signedIn }));
}

const signOutButton = document.getElementById("signout");
if (signOutButton instanceof HTMLButtonElement) {
  signOutButton.addEventListener("click", async () => {
    signOutButton.disabled = true;
    await signOut();
    signOutButton.disabled = false;
    // A page that shows an account's own things shows them no longer.
    if (location.pathname === "/me" || location.pathname === "/signin") location.reload();
  });
}
account();

// A date as the reader writes it ("25 Nov 2026" / "25.11.2026"); `value` is an ISO string or seconds since 1970.
/** @param {string | number | null | undefined} value */
export function day(value) {
  const when = typeof value === "number" ? new Date(value * 1000) : new Date(value ?? NaN);
  if (Number.isNaN(when.getTime())) return String(value ?? "");
  return new Intl.DateTimeFormat(LANGUAGE === "de" ? "de" : "en-GB", { dateStyle: "medium" }).format(when);
}

// The tables this browser created or joined: {id: {game, title, created, tokens: {seat: token}, hotseat}}.
const KEY = "guildtable.tables";

/**
 * @typedef {object} KnownTable what this browser keeps of a table (localStorage)
 * @property {string} [game]
 * @property {string} [title]
 * @property {string | number} [created]
 * @property {Record<string, string | null>} tokens each seat's secret, by seat (null: one the account's list had none for)
 * @property {boolean} [hotseat]
 * @property {{ seat: number, token: string } | null} [invite] an invite not used yet
 * @property {{ account: string, seats: number[] }} [claimed] seats whose binding to an account was asked about
 * @property {string} [tutorial] issue 34: the game whose tutorial this table is
 * @property {number} [tutorialRead] issue 34: the last explanation step read ("Next")
 */
/** @returns {Record<string, KnownTable>} */
export function myTables() {
  try { return JSON.parse(localStorage.getItem(KEY) || "{}"); } catch { return {}; }
}

/** @param {string} id @param {Partial<KnownTable>} entry */
export function rememberTable(id, entry) {
  const all = myTables();
  const old = all[id] || { tokens: {} };
  all[id] = { ...old, ...entry, tokens: { ...old.tokens, ...(entry.tokens || {}) } };
  localStorage.setItem(KEY, JSON.stringify(all));
  return all[id];
}

export function myName() { return localStorage.getItem("guildtable.name") || ""; }
/** @param {string} name */
export function setMyName(name) { localStorage.setItem("guildtable.name", name); }

// Any JSON value as readable panels, for the generic renderer of a game without a module of its own.
/** @param {unknown} value @returns {HTMLElement} */
export function jsonPanel(value, depth = 0) {
  if (value === null || value === undefined) return h("span", { class: "muted" }, "—");
  if (typeof value !== "object") return h("span", {}, String(value));
  if (Array.isArray(value)) {
    if (value.length === 0) return h("span", { class: "muted" }, t("none"));
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
  if (entries.length === 0) return h("span", { class: "muted" }, t("none"));
  return h("div", { class: "kv" }, entries.flatMap(([key, item]) => [h("div", { class: "k" }, label(key)), h("div", {}, jsonPanel(item, depth + 1))]));
}

/** @param {unknown} cell */
function cellText(cell) {
  if (cell === null || cell === undefined) return "·";
  if (typeof cell !== "object") return String(cell);
  return Object.values(cell).map((v) => (typeof v === "object" ? JSON.stringify(v) : String(v))).join(" ");
}

/** @param {string} key */
export function label(key) {
  return String(key).replace(/_/g, " ");
}

/** @param {{ name: string }[]} seats @param {number | null} seat */
export function seatName(seats, seat) {
  const entry = seat === null ? undefined : seats[seat];
  return entry ? entry.name : t("Seat {n}", { n: Number(seat) + 1 });
}

// The game module that draws a game's view, or the generic one. Each game names its module (and the catalogue of its
// words) in `/api/games`: nothing here lists the games.
/** @typedef {import("/static/js/render_input.js").Renderer} Renderer */
/** @typedef {import("/static/js/render_input.js").LegalMove} LegalMove */
/** @typedef {import("/static/js/render_input.js").Glossary} Glossary */
/** @typedef {import("/static/js/render_input.js").PieceText} PieceText */
/** @typedef {import("/static/js/render_input.js").Mark} Mark */
/** @typedef {import("/static/js/render_input.js").GameEvent} GameEvent */
/** GET /api/games: every game, with its renderer module's name. @typedef {Schemas["GamesCatalogue"]} GamesCatalogue */
/** @type {Record<string, Promise<Renderer>>} */
const modules = {};
/** @type {Promise<GamesCatalogue> | null} */
let gameCatalogue = null;
/** @returns {Promise<GamesCatalogue>} */
function gameListing() {
  if (!gameCatalogue) gameCatalogue = fetch("/api/games").then((response) => (response.ok ? response.json() : { games: [] })).catch(() => ({ games: [] }));
  return gameCatalogue;
}
/** Issue 34: whether `game` has a guided first game (/learn/{game}). @param {string} game */
export async function hasTutorial(game) {
  const { games } = await gameListing();
  return Boolean(games.find((known) => known.name === game)?.tutorial);
}
/** @param {string} game @returns {Promise<Renderer>} */
export async function rendererFor(game) {
  if (!modules[game]) {
    modules[game] = gameListing().then(({ games }) => {
      const entry = games.find((known) => known.name === game);
      const renderer = entry?.renderer;
      if (!renderer) return import("/static/games/fallback.js");
      const file = `/static/games/${renderer}.js`;
      return loadWords(renderer).then(() => import(file)).catch((error) => {
        if (!String(error).includes("Failed to fetch")) console.error(`renderer ${file}:`, error);
        return import("/static/games/fallback.js");
      });
    });
  }
  return modules[game];
}

// Helpers for game modules. `Clicks` hands out the legal action behind each clickable thing a module draws and
// remembers which it handed out; `rest()` is one button for every legal action not offered as a click, so a game
// module can never leave a player without a way to move.
export class Clicks {
  /** @param {LegalMove[]} legal @param {(action: LegalMove["action"]) => void} move */
  constructor(legal, move) {
    this.legal = legal;
    this.move = move;
    /** @type {Set<LegalMove>} */
    this.used = new Set();
  }

  // The first legal entry whose action has all of `fields` (e.g. {type: "place", lot: "A1"}), or null.
  /** @param {Record<string, unknown>} fields */
  find(fields) {
    return this.legal.find((entry) => Object.entries(fields).every(([key, value]) => entry.action[key] === value)) || null;
  }

  // An onclick for the entry matching `fields` (marking it offered), or undefined when none is legal.
  /** @param {Record<string, unknown>} fields */
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
    return h("div", { class: "row choices", role: "group", "aria-label": t("Your choices") }, left.map((entry) =>
      h("button", { class: "secondary choice", "data-notation": entry.notation, onclick: () => this.move(entry.action) }, entry.label || entry.notation)));
  }
}

// --- what every piece does --------------------------------------------------------------------------------------
// A game's glossary (GET /api/games/{game}/glossary): {key: {name, text, details: [{label, text, level}]}}, fetched
// once per page. Renderers look pieces up by the keys their views use and attach the text with `infoAttrs`.
/** @type {Record<string, Promise<Glossary>>} */
const glossaries = {};
/** @param {string} game @returns {Promise<Glossary>} */
export function glossaryFor(game) {
  if (!glossaries[game]) glossaries[game] = fetch(`/api/games/${encodeURIComponent(game)}/glossary`).then((r) => (r.ok ? r.json() : {})).catch(() => ({}));
  return glossaries[game];
}

// Attributes that give an element its piece text on hover, tap and keyboard focus (one tooltip for the whole page)
// and an accessible description. `usable` (optional) is a count, e.g. the cards in a Guildhall chapter: detail lines
// with a `level` at or below it are marked as usable now.
/**
 * @param {PieceText | null | undefined} piece
 * @param {{ usable?: number | null, extra?: (string | null)[] }} [options]
 * @returns {{ "data-info"?: string, tabindex?: string }}
 */
export function infoAttrs(piece, { usable = null, extra = [] } = {}) {
  if (!piece) return {};
  return { "data-info": JSON.stringify({ ...piece, usable, extra }), tabindex: "0" };
}

/** A piece's text as `infoAttrs` stores it on the piece. @typedef {PieceText & { usable: number | null, extra: (string | null)[] }} PieceInfo */
/** @type {HTMLElement | null} */
let tip = null;
/** @type {Element | null} */
let tipFor = null;
/** @param {PieceInfo} info */
function tipBody(info) {
  const lines = info.details.map((detail) => {
    const usable = info.usable !== null && detail.level !== null && detail.level <= info.usable;
    return h("li", { class: usable ? "usable" : "" }, h("strong", {}, `${detail.label}: `), detail.text, usable ? h("span", { class: "badge" }, " ", t("usable now")) : null);
  });
  return [h("div", { class: "tip-title" }, info.name), info.text ? h("div", {}, info.text) : null,
    lines.length ? h("ul", {}, lines) : null, ...info.extra.filter(Boolean).map((line) => h("div", { class: "muted" }, line))]
    .filter((part) => part !== null);
}

// `touch`: opened by a finger (issue 33): the text then takes taps itself (one closes it, playing nothing beneath).
/** @param {Element} target */
function showTip(target, touch = false) {
  /** @type {PieceInfo} */
  let info;
  try { info = JSON.parse(target.getAttribute("data-info") ?? ""); } catch { return; }
  if (!tip) {
    tip = h("div", { id: "piece-tip", class: "piece-tip", role: "tooltip" });
    document.body.append(tip);
  }
  tipFor = target;
  tip.replaceChildren(...tipBody(info));
  tip.classList.toggle("touch", touch);
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

// Close the piece text that is open, if any: the table calls it when play goes on (a new move, another view).
export function hideTip() {
  if (tip) tip.hidden = true;
  tipFor = null;
}

// Hover (mouse) and keyboard focus show a piece's text; leaving, blurring, Escape or a tap elsewhere hide it.
// Issue 33: on a touch screen a tap plays (or chooses) and never leaves a text open over the game. A piece's text opens
// on a deliberate gesture: touching and holding the piece (a long press, which then plays nothing), or tapping a piece
// that a tap cannot play. It closes at the next touch (a tap on the text itself only closes it), when its piece leaves
// the page (the bots moved, the view changed), when the window changes size, and when the page says play goes on
// (`hideTip`).
const HOLD_MS = 450;
let quietly = false;
// Focus that the page moves itself (issue 33: back to play after the bots' replies, to the result at the end): it opens
// no piece text, even for a keyboard player; their next key does.
/** @param {HTMLElement | SVGElement} el @param {FocusOptions} [options] */
export function focusQuietly(el, options) {
  quietly = true;
  try { el.focus(options); } finally { quietly = false; }
}
const TAP_PLAYS = "button:not(:disabled):not([aria-disabled='true']), a[href], input, select, textarea, summary, label, "
  + ".legal, .clickable, [role='button']";
export function installTips() {
  /** @param {Event} event */
  const owner = (event) => (event.target instanceof Element ? event.target.closest("[data-info]") : null);
  let touching = false;  // the last pointer was a finger: the mouse events a browser makes up after a tap show nothing
  /** @type {{ el: Element, x: number, y: number, timer: ReturnType<typeof setTimeout> } | null} */
  let hold = null;  // a long press under way
  let swallow = false;  // the click that ends this touch plays nothing (it opened or closed a text)
  /** @type {Element | null} */
  let openedBy = null;  // the piece whose text was open when this touch began: a second tap on it closes it
  const endHold = () => { if (hold) clearTimeout(hold.timer); hold = null; };
  document.addEventListener("pointerover", (event) => {
    if (event.pointerType === "touch") return;
    const el = owner(event);
    if (el) showTip(el); else if (tipFor) hideTip();
  });
  // Only focus the player moved with the keyboard shows a text: the page moving focus (after a click, or with
  // `focusQuietly` after a move) does not.
  document.addEventListener("focusin", (event) => { const el = owner(event); if (el && !quietly && el.matches(":focus-visible")) showTip(el); });
  // A text a finger opened stays through the focus moves its touch makes.
  document.addEventListener("focusout", () => { if (!tip?.classList.contains("touch")) hideTip(); });
  document.addEventListener("pointerdown", (event) => {
    touching = event.pointerType === "touch";
    if (!touching) return;
    const open = tip && !tip.hidden;
    openedBy = open ? tipFor : null;
    swallow = Boolean(open && event.target instanceof Node && tip?.contains(event.target));
    hideTip();
    endHold();
    const el = owner(event);
    if (!el || swallow) return;
    hold = { el, x: event.clientX, y: event.clientY, timer: setTimeout(() => {
      const piece = hold?.el;
      hold = null;
      if (piece?.isConnected) { showTip(piece, true); swallow = true; }
    }, HOLD_MS) };
  });
  document.addEventListener("pointermove", (event) => {
    if (hold && Math.hypot(event.clientX - hold.x, event.clientY - hold.y) > 10) endHold();
  });
  document.addEventListener("pointerup", endHold);
  document.addEventListener("pointercancel", endHold);
  // Holding a piece asks for its text, not for the browser's menu or a text selection.
  document.addEventListener("contextmenu", (event) => { if (touching && owner(event)) event.preventDefault(); });
  window.addEventListener("click", (event) => {
    if (!swallow) return;
    swallow = false;
    event.preventDefault();
    event.stopPropagation();
  }, true);
  document.addEventListener("click", (event) => {
    if (!touching) return;
    const el = owner(event);
    if (!el || !el.isConnected || el === openedBy || (event.target instanceof Element && event.target.closest(TAP_PLAYS))) return;
    showTip(el, true);
  });
  document.addEventListener("keydown", (event) => {
    touching = false;
    swallow = false;
    if (event.key === "Escape") hideTip();
    // A board piece that can be played (an SVG element with a click handler and a tab stop) plays with Enter or Space.
    const el = event.target;
    if ((event.key === "Enter" || event.key === " ") && el instanceof SVGElement && el.classList.contains("legal")) {
      event.preventDefault();
      el.dispatchEvent(new MouseEvent("click", { bubbles: true }));
    }
  });
  window.addEventListener("scroll", () => { if (tipFor && !tipFor.isConnected) hideTip(); }, { passive: true });
  window.addEventListener("resize", () => { if (tipFor) hideTip(); });
  new MutationObserver(() => { if (tipFor && !tipFor.isConnected) hideTip(); }).observe(document.body, { childList: true, subtree: true });
}

// The end screen's score sheet: one table per category (a named line per scored thing, a column per player, the
// category's subtotal), then the totals. Every column adds up to the player's final score.
/** A game's score sheet, as a table's and a replay's result carry it. @typedef {Schemas["ScoreSheetJSON"]} ScoreSheet */
/** @param {ScoreSheet} sheet @param {string[]} names */
export function scoreSheet(sheet, names) {
  /** @param {number} value */
  const points = (value) => (value === 0 ? "·" : num(value));
  /** @param {string} title */
  const head = (title) => h("tr", {}, h("th", { scope: "col" }, title), names.map((name) => h("th", { scope: "col", class: "num" }, name)));
  const tables = sheet.categories.map((category) => h("table", { class: "data sheet" },
    h("caption", {}, category.title),
    head(""),
    category.lines.map((entry) => h("tr", {}, h("td", {}, entry.label), entry.points.map((value) => h("td", { class: "num" }, points(value))))),
    h("tr", { class: "subtotal" }, h("td", {}, t("Subtotal")), category.subtotals.map((value) => h("td", { class: "num" }, num(value))))));
  const total = h("table", { class: "data sheet total" }, head(t("Final score")),
    h("tr", { class: "subtotal" }, h("td", {}, t("Total")), sheet.totals.map((value) => h("td", { class: "num" }, num(value)))));
  // On a phone the widest table pans inside its own box (which takes the keyboard), never the page.
  return h("div", { class: "score-sheet-scroll", tabindex: "0", role: "region", "aria-label": t("How the points were scored") },
    h("div", { class: "score-sheet", id: "score-sheet" }, ...tables, total));
}

// --- what just happened: the last move marked, a fresh one animated -------------------------------------------------
// A renderer may export `marks(events, payload)`: for the events of the last move (what `lastEvents` returns), a list of
// {to, from} CSS selectors (document-wide): `to` what the move changed on the page, `from` (optional) where its piece
// came from, on the page as it was before the move. The page marks every `to` with a frame; when the move is fresh
// (made by someone else since the last drawing) the piece travels from `from` to `to`, or flashes where no `from` is
// known, and points scored fly to the player. Nothing moves under prefers-reduced-motion.

// The events of the latest move in `log` (those of its highest version), or [].
/** @param {GameEvent[]} log */
export function lastEvents(log) {
  if (!log.length) return [];
  const version = log[log.length - 1].version;
  return log.filter((event) => event.version === version);
}

export function reducedMotion() {
  return window.matchMedia?.("(prefers-reduced-motion: reduce)").matches ?? false;
}

// Where each `from` of `marks` is now (measured before the page is redrawn).
/** @param {Mark[]} marks */
export function measureFrom(marks) {
  /** @type {Map<string, DOMRect>} */
  const rects = new Map();
  for (const mark of marks) {
    if (!mark.from || rects.has(mark.from)) continue;
    const el = document.querySelector(mark.from);
    if (el) rects.set(mark.from, el.getBoundingClientRect());
  }
  return rects;
}

// Frame what the last move changed; when `fresh`, animate it (from the rects `measureFrom` took before the redraw).
/** @param {Mark[]} marks @param {{ fresh?: boolean, fromRects?: Map<string, DOMRect> }} [options] */
export function showMarks(marks, { fresh = false, fromRects = new Map() } = {}) {
  const motion = fresh && !reducedMotion();
  /** @type {Element[]} */
  const landed = [];
  for (const mark of marks) {
    let targets;
    try { targets = document.querySelectorAll(mark.to); } catch { continue; }
    for (const el of targets) {
      frame(el);
      landed.push(el);
      if (!motion) continue;
      const from = mark.from ? fromRects.get(mark.from) : null;
      if (from && from.width && from.height && (el instanceof HTMLElement || el instanceof SVGGraphicsElement)) travel(el, from);
      else flash(el);
    }
  }
  return landed;
}

/** @param {Element} el */
function frame(el) {
  if (el instanceof SVGGraphicsElement && !(el instanceof SVGSVGElement)) {
    const box = el.getBBox();
    if (!box.width && !box.height) return;
    el.append(svg("rect", { class: "last-frame", x: box.x - 2, y: box.y - 2, width: box.width + 4, height: box.height + 4, rx: 6, "aria-hidden": "true" }));
    el.classList.add("last-move");
  } else if (el instanceof HTMLElement) {
    el.classList.add("last-move");
  }
}

/** @param {Element} el */
function flash(el) {
  if (el instanceof SVGGraphicsElement && !(el instanceof SVGSVGElement)) {
    const box = el.getBBox();
    const pulse = svg("rect", { class: "flash-frame", x: box.x - 2, y: box.y - 2, width: box.width + 4, height: box.height + 4, rx: 6, "aria-hidden": "true" });
    el.append(pulse);
    setTimeout(() => pulse.remove(), 2400);
  } else if (el instanceof HTMLElement) {
    el.classList.add("flash");
    setTimeout(() => el.classList.remove("flash"), 2400);
  }
}

// A copy of `el` flies from `from` (a DOMRect) to where `el` is; `el` shows once it has landed.
/** @param {HTMLElement | SVGGraphicsElement} el @param {DOMRect} from */
function travel(el, from) {
  const to = el.getBoundingClientRect();
  if (!to.width || !to.height) return;
  /** @type {HTMLElement | SVGElement} */
  let ghost;
  if (el instanceof SVGGraphicsElement && !(el instanceof SVGSVGElement)) {
    const box = el.getBBox();
    const copy = /** @type {SVGGraphicsElement} */ (el.cloneNode(true));
    copy.removeAttribute("transform");
    copy.setAttribute("class", "ghost-piece");  // not found by what finds the piece itself
    copy.querySelectorAll(".last-frame, .flash-frame").forEach((node) => node.remove());
    ghost = svg("svg", { class: "ghost", viewBox: `${box.x} ${box.y} ${box.width} ${box.height}`, "aria-hidden": "true" }, copy);
  } else {
    ghost = /** @type {HTMLElement | SVGSVGElement} */ (el.cloneNode(true));
    ghost.setAttribute("class", "ghost");
    ghost.setAttribute("aria-hidden", "true");
  }
  // Only a picture: nothing in it takes focus or is read out.
  ghost.setAttribute("inert", "");
  for (const node of [ghost, ...ghost.querySelectorAll("*")]) {
    for (const name of [...node.getAttributeNames()]) {
      if (name.startsWith("data-") || ["tabindex", "role", "aria-label", "aria-pressed", "id"].includes(name)) node.removeAttribute(name);
    }
  }
  Object.assign(ghost.style, { left: `${to.left}px`, top: `${to.top}px`, width: `${to.width}px`, height: `${to.height}px`, transformOrigin: "0 0" });
  document.body.append(ghost);
  el.style.visibility = "hidden";
  // Issue 33: the piece keeps its shape on the way: one scale for both sides (it fits where it came from, a player's
  // line or a hand card of another shape), centred there, never stretched to that place's shape.
  const scale = Math.min(from.width / to.width, from.height / to.height);
  const dx = from.left + from.width / 2 - (to.left + (to.width * scale) / 2);
  const dy = from.top + from.height / 2 - (to.top + (to.height * scale) / 2);
  const duration = parseFloat(getComputedStyle(document.documentElement).getPropertyValue("--motion")) || 280;
  const done = () => { ghost.remove(); el.style.visibility = ""; flash(el); };
  const run = ghost.animate([{ transform: `translate(${dx}px, ${dy}px) scale(${scale})`, opacity: 0.85 }, { transform: "none", opacity: 1 }],
    { duration, easing: "cubic-bezier(.2, .7, .2, 1)" });
  run.onfinish = done;
  run.oncancel = done;
}

// "+N" flies from `from` (a DOMRect, or the middle of the screen) to the element `to` (a player's score).
/** @param {Element | null | undefined} to @param {string} text @param {DOMRect | null} [from] */
export function flyPoints(to, text, from = null) {
  if (!to) return;
  to.classList.remove("bumped");
  void to.getBoundingClientRect();  // restart the bump
  to.classList.add("bumped");
  if (reducedMotion()) return;
  const end = to.getBoundingClientRect();
  const start = from || { left: window.innerWidth / 2, top: window.innerHeight / 2, width: 0, height: 0 };
  const bubble = h("div", { class: "points-fly", "aria-hidden": "true" }, text);
  document.body.append(bubble);
  const x0 = start.left + start.width / 2, y0 = start.top + start.height / 2;
  const x1 = end.left + end.width / 2, y1 = end.top + end.height / 2;
  Object.assign(bubble.style, { left: `${x0}px`, top: `${y0}px` });
  const run = bubble.animate([{ transform: "translate(-50%, -50%) scale(1.2)", opacity: 1 },
    { transform: `translate(calc(${x1 - x0}px - 50%), calc(${y1 - y0}px - 50%)) scale(.8)`, opacity: 1 }],
  { duration: 700, easing: "cubic-bezier(.4, 0, .6, 1)" });
  run.onfinish = () => bubble.remove();
  run.oncancel = () => bubble.remove();
}

// --- keyboard and screen readers -----------------------------------------------------------------------------------
// Whether `el` is an HTML or SVG element: one with a style, a dataset, a tab index and focus().
/** @param {Element} el @returns {el is HTMLElement | SVGElement} */
export function htmlOrSvg(el) {
  return el instanceof HTMLElement || el instanceof SVGElement;
}

// Inside `root` (a game board), the arrow keys move between the pieces that can be played now (anything with the
// class `legal` that takes focus), Home and End go to the first and last; Enter or Space plays (installTips).
/** @param {HTMLElement} root */
export function installBoardKeys(root) {
  root.addEventListener("keydown", (event) => {
    if (!["ArrowRight", "ArrowDown", "ArrowLeft", "ArrowUp", "Home", "End"].includes(event.key)) return;
    if (event.target instanceof HTMLInputElement || event.target instanceof HTMLSelectElement || event.target instanceof HTMLTextAreaElement) return;
    const stops = [...root.querySelectorAll(".legal")].filter(htmlOrSvg).filter((el) => el.tabIndex >= 0 && !el.hasAttribute("disabled") && el.getAttribute("aria-disabled") !== "true");
    if (!stops.length) return;
    const piece = event.target instanceof Element ? event.target.closest(".legal") : null;
    const at = stops.findIndex((stop) => stop === piece);
    let next;
    if (event.key === "Home") next = 0;
    else if (event.key === "End") next = stops.length - 1;
    else if (event.key === "ArrowRight" || event.key === "ArrowDown") next = at < 0 ? 0 : (at + 1) % stops.length;
    else next = at < 0 ? stops.length - 1 : (at - 1 + stops.length) % stops.length;
    event.preventDefault();
    stops[next].focus();
  });
}

// Say `text` through the page's polite live region (#announce).
/** @type {ReturnType<typeof setTimeout> | undefined} */
let announceTimer;
/** @param {string} text */
export function announce(text) {
  const region = document.getElementById("announce");
  if (!region || !text) return;
  clearTimeout(announceTimer);
  region.textContent = "";
  announceTimer = setTimeout(() => { region.textContent = text; }, 60);
}

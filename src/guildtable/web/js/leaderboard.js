// The leaderboard (issue 16): for each game, the rated players and computer levels in order of their rating (a cautious
// estimate, openskill's mu - 3 sigma, shown as a whole number that starts at 1500: issue 33), with the games each
// played. A game picker (links, so each game's board has its
// own address: /leaderboard?game=guildhall) switches between the games without reloading the page. Issue 30: a player
// is listed once they have the server's minimum of rated games (the board says how many); a computer level before
// that, its rating marked "?" as provisional.
import { LANGUAGE, account, api, byId as $, h, nt, num, playerHref, svg, t } from "/static/js/common.js";

/** @typedef {import("../types/api").components["schemas"]} Schemas */
/** @typedef {Schemas["Leaderboard"]} Leaderboard */
/** @typedef {Schemas["LeaderboardEntry"]} LeaderboardEntry */
/** @typedef {import("/static/js/common.js").Account} Account */

// A rating as ratings are written: a whole number without a thousands separator ("1540").
const RATING = new Intl.NumberFormat(LANGUAGE === "de" ? "de" : "en", { maximumFractionDigits: 0, useGrouping: false });
/** @type {Schemas["GameInfo"][]} */
let games = [];
/** @type {Map<string, Leaderboard>} */
const boards = new Map();
/** @type {Account | null} */
let me = null;

/** @param {string} text */
function showError(text) { $("error").textContent = text; $("error").hidden = !text; }

/** @param {number | null} value */
function rating(value) { return typeof value === "number" ? RATING.format(Math.round(value)) : "—"; }

// A provisional rating's mark: "?" to the eye, words to a screen reader.
/** @param {LeaderboardEntry} entry */
function provisional(entry) {
  if (!entry.provisional) return null;
  return h("span", { class: "muted", title: t("Provisional: too few rated games yet") },
    h("span", { "aria-hidden": "true" }, "?"), h("span", { class: "visually-hidden" }, t("(provisional)")));
}

// A computer level's mark: a small robot's head. Its name ("Computer, hard", as at the table) already says what it is, so the picture
// is only for the eye running down the list.
function botMark() {
  return svg("svg", { class: "bot-mark", width: 18, height: 18, viewBox: "0 0 24 24", "aria-hidden": "true" },
    svg("path", { fill: "currentColor", "fill-rule": "evenodd",
      d: "M11 2h2v3h5a3 3 0 0 1 3 3v9a3 3 0 0 1-3 3H6a3 3 0 0 1-3-3V8a3 3 0 0 1 3-3h5Z"
        + "M8.5 10a1.75 1.75 0 1 0 0 3.5a1.75 1.75 0 1 0 0-3.5Z M15.5 10a1.75 1.75 0 1 0 0 3.5a1.75 1.75 0 1 0 0-3.5Z"
        + "M8 15.5h8v1.6H8Z" }));
}

/** @param {LeaderboardEntry} entry */
function nameCell(entry) {
  if (entry.kind === "bot") {
    return h("td", { class: "ranking-name" }, h("span", { class: "ranking-who bot" }, botMark(), h("span", {}, entry.name)));
  }
  const you = me && me.name.toLowerCase() === entry.name.toLowerCase();
  // Issue 37: a bot account (a program playing through the Bot API) has the computers' mark and says it is a bot.
  return h("td", { class: "ranking-name" }, h("span", { class: entry.bot_account ? "ranking-who bot" : "ranking-who" },
    entry.bot_account ? botMark() : null,
    h("a", { href: playerHref(entry.name), translate: "no" }, entry.name),
    entry.bot_account ? h("span", { class: "muted" }, t("(bot)")) : null,
    you ? h("span", { class: "muted" }, t("(you)")) : null));
}

/** @param {LeaderboardEntry} entry @param {number} index */
function row(entry, index) {
  const you = entry.kind !== "bot" && me && me.name.toLowerCase() === entry.name.toLowerCase();
  return h("tr", { class: you ? "you" : null, "data-kind": entry.kind, "data-level": entry.level || null },
    h("td", { class: "num" }, num(index + 1)),
    nameCell(entry),
    h("td", { class: "num rating" }, rating(entry.rating), provisional(entry)),
    h("td", { class: "num" }, num(entry.games)));
}

function chosen() {
  const wanted = new URLSearchParams(location.search).get("game");
  if (games.some((game) => game.name === wanted)) return wanted;
  // Without a choice: the first game anyone is rated in, else the first game.
  const rated = games.find((game) => boards.get(game.name)?.entries.length);
  return (rated || games[0])?.name;
}

function draw() {
  const name = chosen();
  const game = games.find((entry) => entry.name === name);
  if (!game) return;
  for (const link of document.querySelectorAll("#game-tabs a")) {
    if (link.getAttribute("data-game") === name) link.setAttribute("aria-current", "page");
    else link.removeAttribute("aria-current");
  }
  const board = boards.get(game.name);
  const entries = board?.entries ?? [];
  $("board-title").textContent = board?.title || game.title;
  const minimum = board?.min_games ?? 0;
  $("board-note").textContent = minimum > 1
    ? nt("Players are listed after {n} rated game; a rating marked ? is provisional.",
      "Players are listed after {n} rated games; a rating marked ? is provisional.", minimum, { n: num(minimum) })
    : "";
  $("board-note").hidden = minimum <= 1;
  $("empty").hidden = entries.length > 0;
  $("ranking").hidden = entries.length === 0;
  $("ranking-rows").replaceChildren(...entries.map(row));
  $("board").hidden = false;
  $("board").dataset.game = game.name;
  document.title = t("guildtable — leaderboard of {game}", { game: game.title });
}

/** @param {MouseEvent} event */
function pick(event) {
  const link = event.currentTarget;
  if (!(link instanceof HTMLAnchorElement)) return;
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  event.preventDefault();
  history.pushState(null, "", link.getAttribute("href"));
  draw();
}

async function start() {
  const [catalogue, who] = await Promise.all([/** @type {Promise<Schemas["GamesCatalogue"]>} */ (api("/api/games")), account()]);
  me = who;
  games = catalogue.games;
  const answers = await Promise.all(games.map((game) =>
    /** @type {Promise<Leaderboard>} */ (api(`/api/leaderboard/${encodeURIComponent(game.name)}`)).catch(() => null)));
  games.forEach((game, i) => { const answer = answers[i]; if (answer) boards.set(game.name, answer); });
  if (games.length && answers.every((answer) => !answer)) throw new Error(t("The leaderboard cannot be read now. Try again in a moment."));
  $("game-tabs").replaceChildren(...games.map((game) => h("li", {},
    h("a", { href: `/leaderboard?game=${encodeURIComponent(game.name)}`, "data-game": game.name, onclick: pick }, game.title))));
  $("game-picker").hidden = games.length < 2;
  $("loading").hidden = true;
  draw();
  document.body.dataset.ready = "true";
}

window.addEventListener("popstate", draw);
start().catch((error) => { $("loading").hidden = true; showError(error instanceof Error ? error.message : String(error)); });

// A player's page (issue 16): the account's name, since when it plays here, its rating in each game it played rated
// (with a link to that game's leaderboard; "?" while provisional, issue 30), and its finished games (the game, the
// players, who won and who left it — "Blue resigned — Red wins", issue 33 —, whether a rated game was rated or why
// not — "aborted, not rated" —, a link to the replay). A rating is a whole number that starts at 1500 (issue 33),
// written without a thousands separator, as ratings are.
import { LANGUAGE, byId as $, day, h, listing, nt, num, seatSwatch, t } from "/static/js/common.js";

/** @typedef {import("../types/api").components["schemas"]} Schemas */
/** @typedef {Schemas["FinishedGame"]} FinishedGame */

const RATING = new Intl.NumberFormat(LANGUAGE === "de" ? "de" : "en", { maximumFractionDigits: 0, useGrouping: false });

const name = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop() || "");

/** @param {string} text */
function showError(text) { $("error").textContent = text; $("error").hidden = !text; }

/** @param {FinishedGame} game */
function winnersOf(game) {
  const names = game.winners.flatMap((seat) => (game.seats[seat]?.name ? [game.seats[seat].name] : []));
  if (!names.length) return t("No winner");
  return names.length > 1 ? t("Shared win: {names}", { names: listing(names) }) : t("{name} wins", { name: names[0] });
}

// Why a seat left the game before its end, in a few words ("resigned"), or null for a seat that played it out.
/** @param {FinishedGame} game @param {number} seat */
function leftWords(game, seat) {
  const why = game.out[seat];
  if (!why) return null;
  return why === "resigned" ? t("resigned") : t("out of time");
}

// How the game ended: who won, and first who left it ("Blue resigned — Red wins"), so a game given up early does not
// read as a win on points (issue 33).
/** @param {FinishedGame} game */
function ending(game) {
  const left = Object.entries(game.out)
    .filter(([seat]) => game.seats[Number(seat)])
    .sort(([one], [other]) => Number(one) - Number(other))
    .map(([seat, why]) => {
      const name = game.seats[Number(seat)].name;
      return why === "resigned" ? t("{name} resigned", { name }) : t("{name} ran out of time", { name });
    });
  const result = winnersOf(game);
  return left.length ? t("{left} — {result}", { left: listing(left), result }) : result;
}

// A provisional rating's mark: "?" to the eye, words to a screen reader.
/** @param {Schemas["GameRating"]} entry */
function provisional(entry) {
  if (!entry.provisional) return null;
  return h("span", { class: "muted", title: t("Provisional: too few rated games yet") },
    h("span", { "aria-hidden": "true" }, "?"), h("span", { class: "visually-hidden" }, t("(provisional)")));
}

// What became of a rated game: the "Rated" badge, or why it was not rated (in the reader's language, from the server).
/** @param {FinishedGame} game */
function ratingState(game) {
  const rating = game.rating;
  if (!rating) return null;
  if (rating.status === "rated") return h("span", { class: "rated-badge", "data-rating": "rated" }, t("Rated"));
  return h("span", { class: "muted", "data-rating": rating.status }, rating.text);
}

/** @param {FinishedGame} game */
function item(game) {
  const winners = new Set(game.winners);
  return h("li", { class: "game-item", "data-table": game.id },
    h("div", { class: "game-main" },
      h("div", { class: "game-head" }, h("span", { class: "game-title" }, game.title),
        typeof game.finished === "string" ? h("span", { class: "muted" }, day(game.finished)) : null),
      h("ul", { class: "game-players", "aria-label": t("Players") }, game.seats.map((seat) => h("li", { class: winners.has(seat.seat) ? "winner" : null, "data-seat": seat.seat },
        seatSwatch(seat.seat), h("span", { translate: "no" }, seat.name),
        game.scores[seat.seat] !== undefined ? h("span", { class: "muted" }, nt("{n} point", "{n} points", game.scores[seat.seat], { n: num(game.scores[seat.seat]) })) : null,
        leftWords(game, seat.seat) ? h("span", { class: "muted seat-left" }, h("span", { "aria-hidden": "true" }, "· "), leftWords(game, seat.seat)) : null))),
      h("div", { class: "game-state game-ending" }, ending(game)),
      game.rating ? h("div", { class: "game-state" }, ratingState(game)) : null),
    h("div", { class: "game-actions" },
      h("a", { class: "button secondary", href: `/replay/${encodeURIComponent(game.id)}` }, t("Watch the replay"))));
}

async function start() {
  const response = await fetch(`/api/players/${encodeURIComponent(name)}`);
  $("loading").hidden = true;
  if (response.status === 404) {
    $("unknown").hidden = false;
    document.body.dataset.ready = "true";
    return;
  }
  const answer = await response.json().catch(() => ({}));
  if (!response.ok) throw new Error(answer.detail || answer.title || t("request failed"));
  /** @type {Schemas["PlayerPage"]} */
  const data = answer;
  document.title = t("guildtable — {name}", { name: data.name });
  $("player-name").replaceChildren(data.name, data.bot ? h("span", { class: "muted" }, " ", t("(bot)")) : "");
  $("player-since").textContent = t("Playing here since {date}", { date: day(data.created) });
  // An older server sends no ratings: the section stays away.
  if (Array.isArray(data.ratings)) {
    $("ratings-rows").replaceChildren(...data.ratings.map((entry) => h("tr", { "data-game": entry.game },
      h("td", {}, h("a", { href: `/leaderboard?game=${encodeURIComponent(entry.game)}` }, entry.title)),
      h("td", { class: "num rating" }, typeof entry.rating === "number" ? RATING.format(Math.round(entry.rating)) : "—", provisional(entry)),
      h("td", { class: "num" }, num(entry.games)))));
    $("ratings-table").hidden = data.ratings.length === 0;
    $("no-ratings").hidden = data.ratings.length > 0;
    $("provisional-note").hidden = !data.ratings.some((entry) => entry.provisional);
    $("ratings").hidden = false;
  }
  const games = data.games;
  $("games").replaceChildren(...games.map(item));
  $("no-games").hidden = games.length > 0;
  $("player").hidden = false;
  document.body.dataset.ready = "true";
}

start().catch((error) => { $("loading").hidden = true; showError(error instanceof Error ? error.message : String(error)); });

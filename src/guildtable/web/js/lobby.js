// The lobby: a card per game (a picture of its own board, one sentence, players, length, its rules and "Play"),
// then for the game chosen a new table (player count, options, each seat human or a bot), one secret invite link per
// seat and a spectator link, and the tables this browser holds a seat at.
import { LANGUAGE, account, api, byId as $, h, htmlOrSvg, myName, myTables, reducedMotion, rememberTable, rendererFor, setMyName, t } from "/static/js/common.js";
import { renderInput } from "/static/js/render_input.js";

/** @typedef {import("../types/api").components["schemas"]} Schemas */
/** @typedef {Schemas["GameInfo"]} GameInfo */
/** A new table's seat as POST /api/tables takes it. @typedef {Schemas["SeatRequest"]} SeatRequest */

/** @type {Schemas["GamesCatalogue"]} */
let catalogue = { games: [], bots: [], opponents: [] };
// Issue 33: the game the new-table form is for (chosen with a card's "Play"), or null while none is.
/** @type {GameInfo | null} */
let chosen = null;

// The game of the new-table form, which shows only once a game is chosen.
function currentGame() {
  if (!chosen) throw new Error("no game is chosen");
  return chosen;
}

/** @param {unknown} error */
const message = (error) => (error instanceof Error ? error.message : String(error));

/** @param {string} text */
function showError(text) { $("error").textContent = text; $("error").hidden = !text; }

// A new game starts at its smallest table: keeping the last game's count would seat bots nobody asked for.
function drawPlayers(keepCount = false) {
  const game = currentGame();
  const select = $("players", HTMLSelectElement);
  const before = keepCount ? Number(select.value) || game.min_players : game.min_players;
  select.replaceChildren(...Array.from({ length: game.max_players - game.min_players + 1 }, (_, i) => {
    const count = game.min_players + i;
    return h("option", { value: count, selected: count === before }, String(count));
  }));
  $("game-note").hidden = game.official_content;
  $("game-note-text").textContent = game.content_note || t("Some of this game's content is a stand-in.");
  drawSeats();
  drawOptions();
}

function drawSeats() {
  const game = currentGame();
  const count = Number($("players", HTMLSelectElement).value);
  // The expert level only where it has learned this game at this count (elsewhere it would play as hard).
  const opponents = catalogue.opponents.filter((bot) => bot.kind !== "expert" || game.expert_players.includes(count));
  const kinds = [["human", t("Person")], ...opponents.map((bot) => [bot.kind, bot.label])];
  $("seats").replaceChildren(...Array.from({ length: count }, (_, seat) => h("div", { class: "seat-row" },
    h("strong", {}, game.seat_names[seat] || t("Seat {n}", { n: seat + 1 })),
    h("select", { class: "seat-kind", "data-seat": seat, "aria-label": t("seat {n} player", { n: seat + 1 }) },
      kinds.map(([value, text]) => h("option", { value, selected: seat > 0 ? value === opponentInAddress() : value === "human" }, text))),
    h("input", { class: "seat-name", "data-seat": seat, placeholder: seat === 0 ? myName() || t("display name") : t("display name"), maxlength: 64, "aria-label": t("seat {n} name", { n: seat + 1 }) }))));
}

function drawOptions() {
  const game = currentGame();
  $("options-box").hidden = game.options.length === 0;
  $("options").replaceChildren(...game.options.map((option) => {
    const id = `option-${option.name}`;
    const help = h("div", { class: "option-help", id: `${id}-help` }, option.help,
      option.rule ? h("span", { class: "why", title: t("Rule {rule} of the rules specification", { rule: option.rule }) }, " ", t("Why?"), " ", option.rule) : "");
    const described = { id, "data-option": option.name, "aria-describedby": `${id}-help` };
    if (option.kind === "bool") {
      const input = h("input", { ...described, type: "checkbox", checked: option.default === true });
      return h("div", { class: "option" }, h("label", { for: id }, input, " ", option.label), help);
    }
    const labels = option.choice_labels ?? [];
    const input = option.choices
      ? h("select", described, option.choices.map((choice, i) => h("option", { value: i, selected: choice === option.default }, labels[i])))
      : h("input", { ...described, value: option.default ?? "", type: option.kind === "int" || option.kind === "float" ? "number" : "text" });
    return h("div", { class: "option" }, h("label", { for: id }, option.label), input, help);
  }));
}

function readOptions() {
  const game = currentGame();
  /** @type {Record<string, unknown>} */
  const options = {};
  for (const option of game.options) {
    const input = document.querySelector(`[data-option="${option.name}"]`);
    if (!(input instanceof HTMLInputElement || input instanceof HTMLSelectElement)) continue;
    let value;
    if (option.kind === "bool") value = input instanceof HTMLInputElement && input.checked;
    else if (option.choices) value = option.choices[Number(input.value)];
    else if (option.kind === "int") value = parseInt(input.value, 10);
    else if (option.kind === "float") value = parseFloat(input.value);
    else value = input.value;
    if (value !== option.default) options[option.name] = value;
  }
  return options;
}

// Issue 16: the pace as the API takes it ("live:600:5" is 10 minutes each plus 5 seconds a turn; "turn:3" three days a
// move), with what happens when a player's time runs out.
function readPace() {
  const [kind, first, second] = $("pace", HTMLSelectElement).value.split(":");
  if (!kind) return null;
  const timeout = $("pace-timeout", HTMLSelectElement).value;
  return kind === "live"
    ? { kind, base_seconds: Number(first), increment_seconds: Number(second), timeout }
    : { kind, days: Number(first), timeout };
}

/** @param {SubmitEvent} event */
async function create(event) {
  event.preventDefault();
  showError("");
  const game = currentGame();
  /** @type {SeatRequest[]} */
  const seats = [...document.querySelectorAll("select.seat-kind")].map((select) => {
    const box = document.querySelector(`.seat-name[data-seat="${select.getAttribute("data-seat")}"]`);
    const name = box instanceof HTMLInputElement ? box.value.trim() : "";
    return { kind: select instanceof HTMLSelectElement ? select.value : "", name: name || null };
  });
  const hotseat = $("hotseat", HTMLInputElement).checked;
  // Issue 37: a bot account challenged is offered the first seat for a person after the creator's: there must be one.
  const challenged = $("challenge-bot", HTMLInputElement).value.trim();
  if (challenged && (hotseat || seats.filter((seat) => seat.kind === "human").length < 2)) {
    showError(hotseat ? t("A hot-seat table has no seat to offer a bot account: untick hot-seat to challenge one.")
      : t("To challenge a bot account, set a seat after yours to “Person”: that seat is offered to the bot."));
    return;
  }
  // Rated only when the box is shown (signed in) and ticked; casual is the default.
  const rated = !$("rated-choice").hidden && $("rated", HTMLInputElement).checked;
  // Issue 30: the creator takes their own seat now (the first person's seat; every seat at a hot-seat table), as
  // their account when signed in, so nobody else's invite link is ever in their hands. The invited players' links
  // only take a seat: joining gives its player a secret of their own.
  const who = await account();
  const firstHuman = seats.findIndex((seat) => seat.kind === "human");
  seats.forEach((seat, index) => {
    if (seat.kind !== "human" || !(hotseat || index === firstHuman)) return;
    Object.assign(seat, { take: true, ...(who ? { account: true } : {}) });
    // The creator's own seat goes by the name they play under (asked once, never again at the table). Issue 33: a
    // name typed here is the one this browser plays under from now on, so no join dialog asks for it again.
    if (!hotseat && seat.name) setMyName(seat.name);
    if (!hotseat && !seat.name) seat.name = myName() || who?.name || null;
  });
  /** @type {Schemas["CreatedTable"]} */
  let table;
  try {
    const pace = readPace();
    const body = { game: game.name, seats, options: readOptions(), ...(rated ? { rated: true } : {}), ...(pace ? { pace } : {}) };
    table = /** @type {Schemas["CreatedTable"]} */ (await api("/api/tables", { method: "POST", body }));
  } catch (error) { showError(message(error)); return; }
  // Issue 37: the bot account challenged is offered the first seat still open, with that seat's invite link.
  const offered = challenged && !hotseat ? table.invites[0] : undefined;
  if (offered) {
    try {
      await api(`/api/tables/${table.id}/invite-bot`, { method: "POST", token: offered.token, body: { bot: challenged } });
    } catch (error) { showError(message(error)); }
  }
  const humans = table.invites.filter((invite) => invite !== offered);
  const tokens = Object.fromEntries(table.secrets.map((taken) => [taken.seat, taken.secret]));
  rememberTable(table.id, { game: table.game, title: table.title, created: table.created, tokens, hotseat });
  if (hotseat) {
    location.href = `/table/${table.id}`;
    return;
  }
  /** @param {string} path */
  const absolute = (path) => `${location.origin}${path}`;
  /** @param {string} text */
  const copy = (text) => () => navigator.clipboard?.writeText(text);
  $("created").hidden = false;
  $("created").replaceChildren(
    h("h2", {}, t("Table {title} created", { title: table.title })),
    ...(offered ? [h("p", {}, t("{seat} is offered to the bot {bot}.", { seat: table.seats[offered.seat].name, bot: challenged }))] : []),
    // Only the other people's seats have invite links (the creator took theirs with the table).
    ...(humans.length ? [h("p", { class: "muted" }, t("Each link below is a secret seat: give it only to the player of that seat."))] : []),
    ...humans.map((invite) => h("div", { class: "invite" },
      h("strong", {}, table.seats[invite.seat].name),
      h("input", { readonly: true, value: absolute(invite.url), class: "invite-url", "data-seat": invite.seat, "aria-label": t("invite link for seat {n}", { n: invite.seat + 1 }) }),
      h("button", { type: "button", class: "secondary", onclick: copy(absolute(invite.url)) }, t("Copy")))),
    h("div", { class: "invite" }, h("strong", {}, t("Spectators")),
      h("input", { readonly: true, value: absolute(table.spectator), id: "spectator-url", "aria-label": t("spectator link") }),
      h("button", { type: "button", class: "secondary", onclick: copy(absolute(table.spectator)) }, t("Copy"))),
    table.secrets.length ? h("a", { class: "button", id: "open-seat", href: `/table/${table.id}` }, t("Play as {name}", { name: table.seats[table.secrets[0].seat].name }))
      : h("a", { class: "button", href: table.spectator }, t("Watch")));
  drawMyTables();
}

async function drawMyTables() {
  const tables = Object.entries(myTables()).sort((a, b) => String(b[1].created).localeCompare(String(a[1].created)));
  if (!tables.length) return;
  const rows = await Promise.all(tables.slice(0, 30).map(async ([id, entry]) => {
    const summary = /** @type {Schemas["TableSummary"] | null} */ (await api(`/api/tables/${id}`).catch(() => null));
    if (!summary) return null;
    const onTurn = summary.current_player === null ? undefined : summary.seats[summary.current_player];
    const state = summary.terminal ? t("finished") : t("move {n}, {name} to play", { n: summary.version, name: onTurn?.name || "" });
    return h("tr", {}, h("td", {}, h("a", { href: `/table/${id}` }, summary.title)),
      h("td", {}, summary.seats.map((seat) => seat.name).join(", ")), h("td", {}, state),
      h("td", {}, entry.hotseat ? t("hot-seat") : "", entry.hotseat && summary.rated ? " " : "",
        summary.rated ? h("span", { class: "rated-badge" }, t("Rated")) : ""),
      h("td", {}, summary.terminal ? h("a", { href: `/replay/${id}` }, t("replay")) : ""));
  }));
  $("my-tables").replaceChildren(h("table", { class: "data" },
    h("tr", {}, h("th", {}, t("Game")), h("th", {}, t("Players")), h("th", {}, t("State")), h("th", {}, ""), h("th", {}, "")), rows));
}

// Issue 30: a rated game always has a clock, so a player who stops moving loses on time and the game is still rated.
// While "Rated game" is ticked, "Untimed" is not offered and the server's default pace is chosen in its place (and put
// back to untimed if the box is unticked before the player chose a pace of their own).
const RATED_PACE = "turn:3";
let pacedForRating = false;

function showPaceTimeout() { $("pace-timeout-box").hidden = !$("pace", HTMLSelectElement).value; }

function drawRatedPace() {
  const rated = !$("rated-choice").hidden && $("rated", HTMLInputElement).checked;
  const pace = $("pace", HTMLSelectElement);
  const untimed = pace.querySelector("option[value='']");
  if (untimed instanceof HTMLOptionElement) {
    untimed.hidden = rated;
    untimed.disabled = rated;
  }
  if (rated && !pace.value) {
    pace.value = RATED_PACE;
    pacedForRating = true;
  } else if (!rated && pacedForRating && pace.value === RATED_PACE) {
    pace.value = "";
  }
  if (!rated) pacedForRating = false;
  $("pace-rated-help").hidden = !rated;
  showPaceTimeout();
}

// --- issue 33: the games' cards ---------------------------------------------------------------------------------
// Each card's picture is the game's own board: the last of its rules-page positions (a game well under way), drawn
// by the game's renderer at a table's width and scaled into the card. It is only a picture: nothing in it is read
// out, takes the focus or answers a click.
const ART_WIDTH = 900;
// How much of the board's width a picture shows: a close look at the middle of the board, so its pieces read; a
// small picture (a phone's) looks closer still.
/** @param {number} width */
const artView = (width) => Math.min(560, Math.max(300, width * 2));

// The board covers its picture's box as a photo would (never leaving a gap): its top (what a game's renderer draws
// first is its board: the grid, the map, the display), centred across.
/** @param {Element} box */
function fitArt(box) {
  const board = box.firstElementChild;
  if (!(board instanceof HTMLElement) || !box.clientWidth) return;
  const scale = Math.max(box.clientWidth / artView(box.clientWidth), box.clientHeight / Math.max(1, board.offsetHeight));
  const across = Math.min(0, (box.clientWidth - ART_WIDTH * scale) / 2);
  board.style.transform = `translate(${across}px, 0) scale(${scale})`;
}

/** @param {Element} box */
async function drawArt(box) {
  const name = box.getAttribute("data-game") ?? "";
  if (!(box instanceof HTMLElement)) return;
  try {
    const [renderer, examples] = await Promise.all([rendererFor(name),
      /** @type {Promise<Schemas["GameExample"][]>} */ (api(`/api/games/${encodeURIComponent(name)}/examples?lang=${encodeURIComponent(LANGUAGE)}`))]);
    const example = examples[examples.length - 1];
    if (!example) { box.dataset.drawn = "none"; return; }
    const board = h("div", { class: "board game-art-board" });
    box.replaceChildren(board);
    fitArt(box);
    const input = renderInput({ table: `art:${example.id}`, version: 0, game: name, view: example.view, seats: example.seats,
      current_player: example.current_player });
    renderer.render(board, input, { interactive: false, move: () => {} });
    fitArt(box);
    // The page's own ids and tab stops stay the page's: the picture keeps none (inert besides).
    for (const el of board.querySelectorAll("[id], [data-info]")) {
      el.removeAttribute("id");
      el.removeAttribute("data-info");
    }
    for (const el of board.querySelectorAll("*")) if ((htmlOrSvg(el) && el.tabIndex >= 0) || el.hasAttribute("tabindex")) el.setAttribute("tabindex", "-1");
    box.dataset.drawn = "true";
  } catch {
    box.replaceChildren();  // the card keeps its plain ground; its words and buttons are what matter
    box.dataset.drawn = "none";
  }
}

function drawCards() {
  const boxes = [...document.querySelectorAll(".game-art[data-game]")];
  const resized = new ResizeObserver((entries) => entries.forEach((entry) => fitArt(entry.target)));
  const seen = new IntersectionObserver((entries) => {
    for (const entry of entries) {
      if (!entry.isIntersecting) continue;
      seen.unobserve(entry.target);
      drawArt(entry.target);
    }
  }, { rootMargin: "300px" });
  for (const box of boxes) { resized.observe(box); seen.observe(box); }
}

// "Play" on a card opens the new table for its game (an address of its own: /?game=NAME#new-table, so the back
// button and a shared link work); nothing is chosen before a player chooses.
/** @param {string | null} name @param {{ scroll?: boolean, clicked?: boolean }} [how] */
function choose(name, { scroll = false, clicked = false } = {}) {
  const game = catalogue.games.find((entry) => entry.name === name) ?? null;
  // The same game again keeps what was already set up for it.
  const same = Boolean(game) && game === chosen && !$("new-table").hidden;
  chosen = game;
  for (const card of document.querySelectorAll(".game-card")) {
    const mine = game !== null && card.getAttribute("data-game") === game.name;
    card.classList.toggle("chosen", mine);
    card.querySelector("a.play")?.toggleAttribute("aria-current", mine);
  }
  $("new-table").hidden = !game;
  if (!game) { delete $("new-table").dataset.game; return; }
  $("new-table").dataset.game = game.name;
  $("new-table-title").textContent = t("New table for {game}", { game: game.title });
  if (!same) drawPlayers(false);
  if (scroll) $("new-table").scrollIntoView({ block: "start", behavior: clicked && !reducedMotion() ? "smooth" : "auto" });
  // After "Play", the keyboard and a screen reader go on where the page went: to the new table's heading.
  if (clicked) $("new-table-title").focus({ preventScroll: true });
}

function chosenInAddress() { return new URLSearchParams(location.search).get("game"); }
// Issue 34: the computer a link asks for ("Play your first real game" after a tutorial: the easy bot), else greedy.
function opponentInAddress() { return new URLSearchParams(location.search).get("opponent") || "greedy"; }

/** @param {MouseEvent} event */
function play(event) {
  const link = event.target instanceof Element ? event.target.closest("a[data-play]") : null;
  if (!link || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  event.preventDefault();
  const url = new URL(location.href);
  const game = link.getAttribute("data-play") ?? "";
  url.searchParams.set("game", game);
  url.hash = "new-table";
  if (url.href !== location.href) history.pushState(null, "", url);
  choose(game, { scroll: true, clicked: true });
}

async function start() {
  // The pace's follow-up question needs nothing from the server: it answers even while the games are loading.
  $("pace").addEventListener("change", () => { pacedForRating = false; showPaceTimeout(); });
  $("rated").addEventListener("change", drawRatedPace);
  showPaceTimeout();
  drawCards();
  catalogue = /** @type {Schemas["GamesCatalogue"]} */ (await api("/api/games"));
  $("players").addEventListener("change", drawSeats);
  $("create").addEventListener("submit", create);
  document.addEventListener("click", play);
  window.addEventListener("popstate", () => choose(chosenInAddress()));
  if (chosenInAddress()) choose(chosenInAddress(), { scroll: location.hash === "#new-table" });
  drawMyTables();
  // A rated game is for signed-in players only: the choice is offered once the page knows who is signed in.
  /** @param {import("/static/js/common.js").Account | null} who */
  const offerRated = (who) => { $("rated-choice").hidden = !who; if (!who) $("rated", HTMLInputElement).checked = false; drawRatedPace(); };
  document.addEventListener("guildtable:account", (event) => offerRated(event instanceof CustomEvent ? event.detail : null));
  account().then(offerRated);
}

start().catch((error) => showError(message(error)));

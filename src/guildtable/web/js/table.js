// The game page: one WebSocket as one seat (or as a spectator), the game's renderer, the log, the end screen, and the
// hot-seat cover when several seats of this table are held by this browser.
import { ApiError, LANGUAGE, account, announce, api, byId as $, listing, nt, num, t, flyPoints, focusQuietly, hasTutorial, htmlOrSvg, glossaryFor, h, hideTip, installBoardKeys, installTips, lastEvents, measureFrom, myName, myTables,
  reducedMotion, rememberTable, relativeTime, rendererFor, scoreSheet, seatName, seatSwatch, setMyName, showMarks } from "/static/js/common.js";
import { renderInput } from "/static/js/render_input.js";
// Issue 33: the board fitted to the screen, the phone's slim bar and cues to playable pieces out of view.
import { installTableLayout } from "/static/js/table_layout.js";
// Issue 34: a tutorial table teaches, one step at a time.
import { drawTutorial, inTutorial, lessonAllows, loadTutorial } from "/static/js/tutorial.js";

/** @typedef {import("../types/api").components["schemas"]} Schemas */
/** @typedef {import("/static/js/render_input.js").GameEvent} GameEvent */
/** @typedef {import("/static/js/render_input.js").LegalMove} LegalMove */
/** What the server sends this page over the socket. @typedef {Schemas["ServerMessage"]} ServerMessage */
/** The table as this seat knows it: the last `state`, brought up to date by every `update` (its events added to the log).
 * @typedef {Schemas["TableState"] | (Schemas["TableUpdate"] & { log: GameEvent[] })} Payload */

const tableId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop() ?? "");
/** @param {unknown} error */
const message = (error) => (error instanceof Error ? error.message : String(error));

// An invite link carries its invite token in the fragment (never sent to the server but by this page); keep it here,
// then drop it from the address bar so it is not shared by accident. An invite only takes its seat: joining gives this
// browser the seat's secret (`tokens`), which no link ever carries. Links made before issue 30 said `token=`: they
// are invites too.
const fragment = new URLSearchParams(location.hash.slice(1));
const linked = fragment.get("invite") || fragment.get("token");
if (linked) {
  rememberTable(tableId, { invite: { seat: Number(fragment.get("seat") || "0"), token: linked } });
  history.replaceState(null, "", location.pathname);
}
const held = myTables()[tableId]?.tokens || {};
const heldSeats = Object.keys(held).map(Number).sort((a, b) => a - b);
const hotseat = heldSeats.length > 1;
// An invite this browser holds for a seat it does not play yet: the page watches and offers to join.
let invite = heldSeats.length ? null : myTables()[tableId]?.invite || null;

/** @type {number | null} */
let active = heldSeats.length ? heldSeats[0] : null;
/** @type {Payload | null} */
let payload = null;
/** @type {WebSocket | null} */
let socket = null;
let retry = 0;
let pending = false;
/** @type {number | null} */
let coverFor = null;
let joinAsked = false;
// What the page showed last: its version and scores (a newer move by someone else is animated), and the version this
// browser's own last move was sent from (that move is not animated back at its mover).
/** @type {{ version: number | null, scores: number[], myTurn: boolean, terminal: boolean }} */
let drawn = { version: null, scores: [], myTurn: false, terminal: false };
/** @type {number | null} */
let sentFrom = null;

function connect() {
  const protocol = location.protocol === "https:" ? "wss:" : "ws:";
  const ws = new WebSocket(`${protocol}//${location.host}/ws/tables/${encodeURIComponent(tableId)}?lang=${LANGUAGE}`);
  socket = ws;
  ws.onopen = () => {
    retry = 0;
    const hello = active !== null ? { token: held[active] } : invite ? { invite: invite.token } : {};
    ws.send(JSON.stringify({ type: "hello", ...hello }));
    $("conn").textContent = t("connected");
  };
  ws.onerror = () => {};  // onclose follows and decides what to do
  // Only the current socket speaks: after a hot-seat switch, a late message for the previous seat is dropped.
  ws.onmessage = (event) => { if (socket === ws) receive(JSON.parse(event.data)); };
  ws.onclose = (event) => {
    if (socket !== ws) return;
    if (event.code === 4403 && invite && active === null) {
      // Not an invite of this table (or not an invite at all): forgotten, and the page watches the game instead.
      rememberTable(tableId, { invite: null });
      invite = null;
      $("not-invite").hidden = false;
      connect();
      return;
    }
    if (event.code >= 4400 && event.code < 4500) {
      // Refused for good (no such table, a token that is not this table's): retrying would not help.
      $("conn").textContent = t("refused");
      if (!payload) showRefused(event.code);
      return;
    }
    retry = Math.min(retry + 1, 5);
    goOffline(250 * 2 ** retry);
  };
}

// Bug 6: a lost connection is shown plainly, the board stops taking moves, and the page retries by itself (at once
// when the browser says it is back online, or when the player asks).
/** @type {ReturnType<typeof setTimeout> | undefined} */
let retryTimer;
/** @param {number} delay */
function goOffline(delay) {
  document.body.dataset.offline = "true";
  document.body.dataset.myTurn = "false";
  pending = false;
  $("conn").textContent = t("offline");
  $("offline").hidden = false;
  $("offline-text").textContent = t("Connection lost. Your moves are safe on the server; trying again in {n} s…", { n: Math.round(delay / 1000) || 1 });
  if (payload) draw();
  clearTimeout(retryTimer);
  retryTimer = setTimeout(reconnect, delay);
}

function reconnect() {
  clearTimeout(retryTimer);
  $("offline-text").textContent = t("Connection lost. Reconnecting…");
  connect();
}

function online() {
  if (document.body.dataset.offline !== "true") return;
  delete document.body.dataset.offline;
  $("offline").hidden = true;
}

$("offline-retry").addEventListener("click", reconnect);
window.addEventListener("online", () => { if (document.body.dataset.offline === "true") reconnect(); });

/** @param {number} seat */
function switchSeat(seat) {
  hideTip();
  active = seat;
  payload = null;
  const old = socket;
  socket = null;
  if (old && old.readyState === WebSocket.CONNECTING) old.onopen = () => old.close();
  else if (old) old.close();
  connect();
}

// Issue 16: the server's time when it sent the clocks, against this device's (clocks tick from it between messages).
let clockOffset = 0;
/** @type {Schemas["ErrorMessage"] | null} */
let refusal = null;  // the server's last error, for a refusal that closes the connection
/** @param {ServerMessage} message */
function receive(message) {
  if (message.type === "error") {
    refusal = message;
    pending = false;
    showError(message.detail || message.title, typeof message.rule === "string" ? message.rule : undefined);
    if (message.problem === "stale-version" && socket) socket.send(JSON.stringify({ type: "refresh" }));
    return;
  }
  online();
  if (message.type === "invite") { invited(message); return; }
  if (message.type === "state") payload = message;
  else if (message.type === "update" && payload) payload = { ...message, log: payload.log.concat(message.events) };
  else return;
  if (message.server_time) clockOffset = Date.now() / 1000 - message.server_time;
  pending = false;
  showError("");
  draw();
}

// A refusal in the rule's own words; the rule's ID only behind "Why?".
/** @param {string} text @param {string} [rule] */
function showError(text, rule) {
  const sentence = text ? text[0].toUpperCase() + text.slice(1) : "";
  $("error").replaceChildren(sentence, rule ? h("details", { class: "why" }, h("summary", {}, t("Why?")), t("This is rule {rule} of the game's rules.", { rule })) : "");
  $("error").hidden = !text;
}

/** @param {LegalMove["action"]} action */
function sendMove(action) {
  if (!payload || pending) return;
  if (inTutorial() && !lessonAllows(payload, action)) return;
  if (!socket || socket.readyState !== WebSocket.OPEN || document.body.dataset.offline === "true") {
    showError(t("Not connected: your move was not sent. It can be made again once the connection is back."));
    return;
  }
  pending = true;
  sentFrom = payload.version;
  socket.send(JSON.stringify({ type: "move", version: payload.version, action }));
}

async function draw() {
  const p = payload;
  if (!p) return;
  // The game's module and piece texts first, so that what the page says it shows (its data attributes) is drawn.
  const renderer = await rendererFor(p.game);
  const glossary = await glossaryFor(p.game);
  if (p !== payload) return;  // a newer message arrived while they loaded
  document.title = `guildtable — ${p.title}`;
  showNotifyToggle(p);
  $("title").textContent = p.title;
  $("rated-badge").hidden = !p.rated;
  $("whoami").textContent = p.seat === null ? t("Spectating")
    : hotseat ? t("You are {name} (hot-seat)", { name: seatName(p.seats, p.seat) }) : t("You are {name}", { name: seatName(p.seats, p.seat) });
  $("content-note").hidden = p.official_content;
  // Stand-in content: one calm info mark that explains when opened, not a banner over the game.
  $("content-note-text").textContent = p.content_note || t("Some of this game's content is a stand-in, not the printed set.");

  // For tests and assistive tools: what this page currently shows.
  Object.assign(document.body.dataset, { version: p.version, seat: p.seat ?? "", myTurn: false, terminal: p.terminal });

  // Hot-seat: when the turn passes to another seat held here, cover the screen until that player confirms.
  if (coverFor !== null) return;
  if (invite && joinable !== null && !joinAsked) askName(p, joinable);
  offerClaim(p);
  seatsFromAccount(p);

  const offline = document.body.dataset.offline === "true";
  const myTurn = p.seat !== null && p.seat === p.current_player && !offline;
  Object.assign(document.body.dataset, { myTurn: myTurn && !p.terminal });
  const status = $("status");
  status.className = `status${myTurn ? " my-turn" : ""}${p.terminal ? " ended" : ""}`;
  const passing = handOver(p);
  $("status-text").replaceChildren(p.terminal ? h("span", { class: "result" }, t("Game over: {result}", { result: resultTitle(p) }))
    : offline ? h("span", {}, t("Moves are paused until the connection is back."))
    : passing !== null ? h("span", { class: "prompt" }, p.version ? t("Your move is made. Pass the device to {name}.", { name: seatName(p.seats, passing) }) : t("Pass the device to {name}.", { name: seatName(p.seats, passing) }))
    : myTurn ? h("span", { class: "prompt", id: "prompt" }, p.prompt || t("Your move"))
    : h("span", {}, t("Waiting for {name}…", { name: seatName(p.seats, p.current_player) })));
  $("choices").replaceChildren(passing !== null
    ? h("button", { id: "pass-device", onclick: () => showCover(passing) }, t("Hide my hand and pass to {name}", { name: seatName(p.seats, passing) })) : "");

  // The last move's pieces: where they came from is measured on the page as it still is, before it is redrawn.
  const input = renderInput(p);
  const events = lastEvents(p.log);
  const marks = renderer.marks ? renderer.marks(events, input) : [];
  const fresh = drawn.version !== null && p.version > drawn.version && !(sentFrom !== null && p.version === sentFrom + 1);
  const fromRects = fresh ? measureFrom(marks) : new Map();
  // Issue 33: a piece's text open on the page closes when play goes on (a move, the bots' replies).
  if (p.version !== drawn.version) hideTip();
  const playing = myTurn && !p.terminal && passing === null;
  renderer.render($("board"), input, { interactive: playing, move: sendMove, glossary,
    choices: (element) => { if (element && passing === null) $("choices").replaceChildren(element); } });
  drawMoves(p, myTurn, Boolean(renderer.ownsMoves));
  drawPlayers(p);
  drawActions(p);
  if (p.version !== drawn.version || playing !== drawn.myTurn) keepFocusInPlay(playing, playing && !drawn.myTurn);
  const landed = showMarks(marks, { fresh, fromRects });
  if (fresh) scored(p, landed[0]);
  tell(p, myTurn && !p.terminal && passing === null, fresh);
  notifyTurn(p, myTurn && !p.terminal && passing === null);
  const ended = p.terminal && drawn.version !== null && !drawn.terminal;
  drawn = { version: p.version, scores: p.scores.slice(), myTurn: playing, terminal: Boolean(p.terminal) };
  markTitle();
  drawLog(p.log);
  drawEnd(p);
  if (ended) showEnd();
  $("rules-link", HTMLAnchorElement).href = `/rules/${p.game}`;
  $("rules-link").hidden = false;
  if (inTutorial()) drawTutorial(p, draw);
  $("status-text").hidden = inTutorial() && !p.terminal;
  howToPlay(p);
  $("links").replaceChildren(
    h("div", {}, t("Spectator link:"), " ", h("a", { href: `/table/${tableId}` }, `${location.origin}/table/${tableId}`)),
    h("div", {}, h("a", { href: "/docs", target: "_blank" }, t("API documentation"))));
}

// Hot-seat: the turn has passed to another seat held on this device. The player who just moved first sees what their
// move did; the cover comes down when they choose to pass the device.
/** @param {Payload} p */
function handOver(p) {
  const next = p.current_player;
  return hotseat && !p.terminal && next !== null && heldSeats.includes(next) && next !== active ? next : null;
}

/** @param {Payload} p @param {boolean} myTurn @param {boolean} ownsMoves */
function drawMoves(p, myTurn, ownsMoves) {
  const box = $("moves-box", HTMLDetailsElement);
  const legal = myTurn && !p.terminal ? p.legal : [];
  // A game module offers every move on its board and as choices; the list is only for the generic renderer.
  box.hidden = legal.length === 0 || ownsMoves;
  if (!ownsMoves) box.open = true;
  $("moves-count").textContent = String(legal.length);
  const filter = $("moves-filter", HTMLInputElement).value.trim().toLowerCase();
  $("moves").replaceChildren(...legal
    .filter((entry) => !filter || entry.notation.toLowerCase().includes(filter))
    .map((entry) => h("button", { class: "secondary move", "data-notation": entry.notation, onclick: () => sendMove(entry.action) }, entry.label || entry.notation)));
}

/** @param {Payload} p */
function drawPlayers(p) {
  const out = p.out;
  const playedOn = p.played_on;
  $("players").replaceChildren(...p.seats.map((seat) => h("div", {
    class: `player${seat.seat === p.current_player ? " on-turn" : ""}${out[seat.seat] ? " out" : ""}`, "data-seat": seat.seat },
  h("span", {}, seatSwatch(seat.seat), seat.name,
    (seat.kind !== "human" && !seat.names_level) || seat.bot ? h("span", { class: "muted" }, " · ", t("bot")) : null, seat.seat === p.seat ? h("span", { class: "muted" }, " ", t("(you)")) : null,
    out[seat.seat] ? h("span", { class: "muted seat-left" }, " · ", out[seat.seat] === "resigned" ? t("resigned") : t("out of time")) : null,
    !out[seat.seat] && playedOn[seat.seat] ? h("span", { class: "muted seat-left" }, " · ", t("the computer plays on")) : null),
  h("span", { class: "player-end" },
    p.clocks ? h("span", { class: "clock", "data-clock": seat.seat, role: "timer", "aria-label": t("Time left for {name}", { name: seat.name }), title: t("Time left for {name}", { name: seat.name }) }) : null,
    h("span", { class: "score" }, p.scores[seat.seat] === undefined ? "" : num(p.scores[seat.seat]))))));
  tickClocks();
}

// Issue 16: live clocks tick down for the seat on turn; a turn-based table shows how long the move on turn has left.
/** @param {number} seconds */
function clockText(seconds) {
  const whole = Math.max(0, Math.ceil(seconds));
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const rest = String(whole % 60).padStart(2, "0");
  return hours ? `${hours}:${String(minutes).padStart(2, "0")}:${rest}` : `${minutes}:${rest}`;
}

function tickClocks() {
  const p = payload;
  if (!p || !p.pace) return;
  const now = Date.now() / 1000 - clockOffset;
  const clocks = p.clocks, serverTime = p.server_time, clockRunning = p.clock_running ?? null;
  // A live table's clocks come with the server's time they are as of.
  if (clocks && serverTime !== undefined) {
    for (const element of document.querySelectorAll("#players [data-clock]")) {
      const seat = Number(element.getAttribute("data-clock"));
      const running = seat === clockRunning && !p.terminal;
      const left = clocks[seat] - (running ? now - serverTime : 0);
      element.textContent = clockText(left);
      element.classList.toggle("running", running);
      element.classList.toggle("low", running && left < 20);
    }
    const onTurn = document.getElementById("turn-clock");
    if (onTurn && clockRunning !== null) {
      const left = clocks[clockRunning] - (now - serverTime);
      onTurn.textContent = `${seatName(p.seats, clockRunning)} ${clockText(left)}`;
      onTurn.classList.toggle("low", left < 20);
    }
  }
  const due = document.getElementById("deadline");
  if (due) {
    const deadline = p.pace.kind === "turn" && !p.terminal ? p.deadline : null;
    due.hidden = !deadline;
    if (deadline) due.textContent = t("{name} must move {when}", { name: seatName(p.seats, clockRunning), when: relativeTime(deadline - now) });
  }
}
setInterval(tickClocks, 250);

// Issue 16: take back one's last move (while the server allows it) and resign (after asking).
/** @param {Payload} p */
function drawActions(p) {
  const seated = p.seat !== null && !p.terminal;
  const offline = document.body.dataset.offline === "true";
  const running = p.clock_running ?? null;
  $("table-actions").replaceChildren(
    p.pace && p.pace.kind === "turn" ? h("span", { id: "deadline", class: "muted", hidden: true }) : "",
    // The clock on turn beside the actions too: on a phone the players' list is far below the board.
    p.clocks && running !== null && !p.terminal ? h("span", { id: "turn-clock", class: "clock running", role: "timer",
      "aria-label": t("Time left for {name}", { name: seatName(p.seats, running) }),
      title: t("Time left for {name}", { name: seatName(p.seats, running) }) }) : "",
    seated && p.can_undo ? h("button", { id: "undo", class: "secondary", type: "button", disabled: offline || pending,
      onclick: () => sendTableMessage({ type: "undo", version: p.version }) }, t("Take back my last move")) : "",
    seated && p.can_resign ? h("button", { id: "resign", class: "secondary", type: "button", onclick: () => askResign(p) }, t("Resign")) : "");
  tickClocks();
}

/** @param {Schemas["ClientMessage"]} message */
function sendTableMessage(message) {
  if (!socket || socket.readyState !== WebSocket.OPEN || pending) return;
  pending = true;
  socket.send(JSON.stringify(message));
}

/** @param {Payload} p */
function askResign(p) {
  const others = p.seats.filter((seat) => seat.seat !== p.seat && !p.out[seat.seat]).length;
  $("resign-text").textContent = others > 1
    ? t("You will be placed last, and the computer plays on for your seat so the others can finish.")
    : t("You will be placed last and the game ends at once.");
  const dialog = $("resign-dialog");
  dialog.hidden = false;
  $("resign-cancel").focus();
  const close = () => { dialog.hidden = true; $("resign-ok").onclick = null; };
  $("resign-cancel").onclick = close;
  $("resign-ok").onclick = () => { close(); sendTableMessage({ type: "resign" }); };
  dialog.onkeydown = (event) => { if (event.key === "Escape") close(); };
}

// Points scored by a fresh move fly from where it landed to each scorer's line in the players list.
/** @param {Payload} p @param {Element | undefined} landed */
function scored(p, landed) {
  const from = landed ? landed.getBoundingClientRect() : null;
  p.scores.forEach((score, seat) => {
    const before = drawn.scores[seat];
    if (before === undefined || score <= before) return;
    const gain = Math.round((score - before) * 100) / 100;
    flyPoints(document.querySelector(`#players [data-seat="${seat}"] .score`), `+${gain}`, from);
  });
}

// For screen readers (the #announce live region): whose turn it is when it changes, what someone else just did, and the
// question when it comes to this player.
/** @param {Payload} p @param {boolean} myTurn @param {boolean} fresh */
function tell(p, myTurn, fresh) {
  const said = [];
  const since = drawn.version;
  if (fresh && since !== null) {
    const lines = p.log.filter((event) => event.text && event.version > since).map((event) => event.text);
    said.push(...lines.slice(-4));
  }
  if (p.terminal && drawn.version !== null && drawn.version < p.version) said.push(t("The game is over. {result}.", { result: resultTitle(p) }));
  else if (myTurn && !drawn.myTurn) said.push(t("Your turn. {prompt}", { prompt: p.prompt || "" }));
  else if (!myTurn && !p.terminal && p.current_player !== null && (drawn.version === null || p.version > drawn.version)) said.push(t("{name} to play.", { name: seatName(p.seats, p.current_player) }));
  if (said.length) announce(said.join(" "));
}

// Issue 16: "your turn" outside the page. While it is this seat's turn and the page is hidden (another tab, a minimised
// window), the tab's title starts with a mark; it is the plain title again once the page is seen or the turn has passed.
function markTitle() {
  if (!payload) return;
  document.title = drawn.myTurn && document.hidden
    ? t("● Your move — guildtable — {game}", { game: payload.title }) : `guildtable — ${payload.title}`;
}

// Issue 16: a browser notification when the turn passes to this seat while the page is hidden, if the player asked for
// it (remembered per browser) and the browser allows it. Never for a spectator nor on a hot-seat device (everyone is
// at the screen), and once per version; a newer one replaces the last (same tag), and seeing the page closes it.
const NOTIFY_KEY = "guildtable.notify";
const notifiable = "Notification" in window && !hotseat;
/** @type {number | null} */
let notifiedVersion = null;
/** @type {Notification | null} */
let notice = null;

function notifyWanted() {
  return notifiable && localStorage.getItem(NOTIFY_KEY) === "on" && Notification.permission === "granted";
}

/** @param {Payload} p */
function showNotifyToggle(p) {
  const box = $("notify-box");
  box.hidden = !notifiable || p.seat === null;
  if (!box.hidden) $("notify", HTMLInputElement).checked = notifyWanted();
}

/** @param {Payload} p @param {boolean} myTurn */
function notifyTurn(p, myTurn) {
  const passed = myTurn && drawn.version !== null && p.version > drawn.version && !(sentFrom !== null && p.version === sentFrom + 1);
  if (!passed || !document.hidden || p.seat === null || p.version === notifiedVersion || !notifyWanted()) return;
  notifiedVersion = p.version;
  try {
    notice = new Notification(t("Your move at {game}", { game: p.title }), { body: p.prompt || t("Your move"), tag: tableId });
    notice.onclick = () => { window.focus(); notice?.close(); };
  } catch { notice = null; }  // a browser that allows notifications only from a service worker
}

$("notify").addEventListener("change", async () => {
  const box = $("notify", HTMLInputElement);
  $("notify-note").hidden = true;
  if (!box.checked) { localStorage.setItem(NOTIFY_KEY, "off"); return; }
  const permission = Notification.permission === "default" ? await Notification.requestPermission() : Notification.permission;
  if (permission === "granted") { localStorage.setItem(NOTIFY_KEY, "on"); return; }
  box.checked = false;
  localStorage.setItem(NOTIFY_KEY, "off");
  $("notify-note").textContent = t("This browser does not allow notifications from guildtable. They can be allowed in the site's settings.");
  $("notify-note").hidden = false;
});

document.addEventListener("visibilitychange", () => {
  markTitle();
  if (!document.hidden && notice) { notice.close(); notice = null; }
});

// The log in words. The last move's lines are marked, and lines that are new since the last drawing flash once (a bot's
// move is seen, not only logged).
/** @type {number | null} */
let loggedVersion = null;
/** @param {GameEvent[]} log */
function drawLog(log) {
  const list = $("log");
  const shown = log.filter((event) => event.text);
  const last = shown.length ? shown[shown.length - 1].version : null;
  const lines = shown.map((event) => h("li", {
    "data-version": event.version,
    class: [event.version === last ? "last" : "", loggedVersion !== null && event.version > loggedVersion ? "fresh" : ""].join(" ").trim() || null,
  }, event.text));
  list.replaceChildren(...lines);
  list.scrollTop = list.scrollHeight;
  if (last !== null) loggedVersion = Math.max(loggedVersion ?? 0, last);
  else loggedVersion = 0;
}

// Issue 33: the result in words, with the winners' points ("Blue wins with 34 points", "Shared win: Blue and Red with
// 20 points"), in the status and at the head of the end panel. A game cut short (a resignation, a clock run out) names
// its winner only: its points are not a final score.
/** @param {Payload} p */
function resultTitle(p) {
  const result = p.result;
  if (!result?.winners.length) return t("Game over");
  const winners = result.winners;
  const names = winners.map((seat) => seatName(p.seats, seat));
  const points = p.scores[winners[0]];
  const scored = !result.early && typeof points === "number" && winners.every((seat) => p.scores[seat] === points);
  if (names.length > 1) {
    return scored ? nt("Shared win: {names} with {n} point", "Shared win: {names} with {n} points", points, { names: listing(names), n: num(points) })
      : t("Shared win: {names}", { names: listing(names) });
  }
  return scored ? nt("{name} wins with {n} point", "{name} wins with {n} points", points, { name: names[0], n: num(points) })
    : t("{name} wins", { name: names[0] });
}

// Issue 33: the end is an event. When the game ends while the page is open, the result comes into view wherever the
// page was scrolled, focus moves to it (a screen reader reads the winner), and the score sheet follows it.
function showEnd() {
  const end = $("end");
  if (end.hidden) return;
  // A status bar that sticks to the top of the window would cover the panel's head: the panel stops under it.
  const style = getComputedStyle($("status"));
  const above = style.position === "sticky" && style.top !== "auto" ? $("status").getBoundingClientRect().height + parseFloat(style.top) : 0;
  const top = end.getBoundingClientRect().top + window.scrollY - above - 8;
  window.scrollTo({ top: Math.max(0, top), behavior: reducedMotion() ? "auto" : "smooth" });
  focusQuietly($("winner"), { preventScroll: true });
  end.classList.add("arrived");
}

// Issue 33 (item 6): a player who plays from the keyboard keeps playing there. After their move and the replies to
// it, focus is back where play goes on: on the first piece they may play (or the prompt's first button) when it is
// their turn again, and on the status ("Waiting for Blue…") meanwhile, never back at the top of the page. Focus the
// player took elsewhere (the log, the moves filter, a dialog) is left where it is.
let followPlay = false;  // focus was last in the play area: the board, the status and its choices, the moves list
let byKeyboard = false;  // the last input was a key: focus that moves scrolls into view for it
/** @param {EventTarget | null} el */
const inPlay = (el) => el instanceof Node && ["board", "status", "moves"].some((id) => $(id).contains(el));
document.addEventListener("focusin", (event) => { followPlay = inPlay(event.target); });
document.addEventListener("keydown", () => { byKeyboard = true; }, true);
document.addEventListener("pointerdown", () => { byKeyboard = false; }, true);

/** @param {Element | null} el @returns {el is HTMLElement | SVGElement} */
function playable(el) {
  if (!el || !htmlOrSvg(el) || !el.isConnected || el.tabIndex < 0 || el.hasAttribute("disabled") || el.getAttribute("aria-disabled") === "true") return false;
  if ($("choices").contains(el) || $("moves").contains(el)) return el.matches("button");
  return $("board").contains(el) && el.matches(".legal") && el.getClientRects().length > 0;
}

/** @param {boolean} playing @param {boolean} turnBegan */
function keepFocusInPlay(playing, turnBegan) {
  if (!followPlay || coverFor !== null || !$("join").hidden || !$("howto").hidden || !$("resign-dialog").hidden) return;
  const at = document.activeElement;
  const lost = !at || at === document.body || !at.isConnected;
  if (!lost && !(turnBegan && !playable(at))) return;
  const first = playing ? [...$("board").querySelectorAll(".legal"), ...$("choices").querySelectorAll("button"), ...$("moves").querySelectorAll("button")]
    .find(playable) : undefined;
  focusQuietly(first || $("status"), { preventScroll: !byKeyboard });
  followPlay = true;
}

// A table the server refuses for good before showing anything (there is no such table, or this browser's seat key is
// not one of it): one clear message and the way back to the lobby, not an empty table that seems to be loading.
/** @param {number} code */
function showRefused(code) {
  for (const el of document.querySelector("main")?.children ?? []) if (el instanceof HTMLElement) el.hidden = el.id !== "missing";
  $("conn").hidden = true;
  $("whoami").textContent = "";
  const missing = code === 4404;
  const title = missing ? t("No such table") : t("This table cannot be opened");
  $("title").textContent = "";
  document.title = `guildtable — ${title}`;
  $("missing-title").textContent = title;
  $("missing-text").textContent = missing
    ? t("There is no table at this address. The link may be incomplete or mistyped.")
    : refusal?.detail ? refusal.detail[0].toUpperCase() + refusal.detail.slice(1) : t("The server refused to open this table.");
  $("missing").hidden = false;
  $("missing-title").focus();
}

/** @param {Payload} p */
function drawEnd(p) {
  const end = $("end");
  const result = p.result;
  if (!p.terminal || !result) { end.hidden = true; return; }
  const mine = heldSeats.filter((seat) => held[seat]);
  const focused = end.contains(document.activeElement);
  end.hidden = false;
  end.classList.remove("arrived");
  const out = Object.entries(result.out).map(([seat, why]) => h("p", { class: "muted ending" }, why === "resigned"
    ? t("{name} resigned and was placed last.", { name: seatName(p.seats, Number(seat)) })
    : t("{name} ran out of time and was placed last.", { name: seatName(p.seats, Number(seat)) })));
  // Issue 30: a rated game that did not count says why, in words (as lichess says "Game aborted").
  /** @type {Record<string, string>} */
  const whyUnrated = {
    aborted: t("Aborted: not rated, because a player played fewer than two turns."),
    "repeated-pairing": t("Not rated: these players have already played their rated games against each other today."),
    "unrated-seat": t("Not rated: a seat was played without an account."),
  };
  const unrated = result.rating === null ? undefined : whyUnrated[result.rating];
  // Issue 33: the result first (the winner, then every player's final points, best first), what to do next, and then
  // the score sheet that explains the points.
  end.replaceChildren(
    h("h2", { class: "winner", id: "winner", tabindex: "-1" }, resultTitle(p)),
    standings(p, result),
    ...(p.rated && unrated ? [h("p", { id: "rating-note", class: "muted" }, unrated)] : []),
    ...out,
    h("div", { class: "row end-actions" },
      // Issue 34: after a tutorial the next game is a real one ("Play your first real game"), not the script again.
      mine.length && !inTutorial() ? h("button", { id: "rematch", onclick: rematch }, p.rematch ? t("Join the rematch") : t("Rematch")) : null,
      h("a", { class: "button secondary", href: `/replay/${tableId}` }, t("Watch the replay")),
      h("a", { class: "button secondary", href: `/api/tables/${tableId}/record`, download: `guildtable-${tableId}.json` }, t("Download the record"))),
    h("h3", {}, result.early ? t("The points when the game ended") : t("How the points were scored")),
    h("div", { id: "breakdown" }, scoreSheet(result.sheet, p.seats.map((seat) => seat.name))));
  if (focused) $("winner").focus({ preventScroll: true });
}

// Every player's points at the end, from the winners down; a player who left the game (resigned, out of time) last.
/** @param {Payload} p @param {Schemas["TableResult"]} result */
function standings(p, result) {
  const out = result.out;
  /** @param {number} seat */
  const rank = (seat) => [out[seat] ? 1 : 0, result.winners.includes(seat) ? 0 : 1, -(p.scores[seat] ?? 0), seat];
  const order = p.seats.map((seat) => seat.seat).sort((a, b) => {
    const [x, y] = [rank(a), rank(b)];
    const at = x.findIndex((value, i) => value !== y[i]);
    return at < 0 ? 0 : x[at] - y[at];
  });
  return h("ol", { class: "standings", id: "standings", "aria-label": t("Final scores") }, order.map((seat) => h("li", {
    class: result.winners.includes(seat) ? "won" : null, "data-seat": seat },
  seatSwatch(seat), seatName(p.seats, seat), " ",
  h("strong", {}, p.scores[seat] === undefined ? "" : nt("{n} point", "{n} points", p.scores[seat], { n: num(p.scores[seat]) })))));
}

async function rematch() {
  /** @type {Record<string, string>} */
  const tokens = {};
  /** @type {Schemas["Rematch"] | null} */
  let next = null;
  try {
    for (const seat of heldSeats) {
      const answer = /** @type {Schemas["Rematch"]} */ (await api(`/api/tables/${tableId}/rematch`, { method: "POST", token: held[seat] ?? undefined }));
      next = answer;
      tokens[answer.seat] = answer.secret;
    }
  } catch (error) { showError(message(error)); return; }
  if (!next) return;
  rememberTable(next.id, { game: next.game, title: next.title, created: next.created, tokens, hotseat });
  location.href = `/table/${next.id}`;
}

/** @param {number} seat */
function showCover(seat) {
  if (coverFor === seat || !payload) return;
  hideTip();
  coverFor = seat;
  document.body.dataset.myTurn = "false";
  // The previous player's hand, moves and private log lines leave the page, not just the screen.
  for (const id of ["board", "moves", "log", "status-text", "choices"]) $(id).replaceChildren();
  $("moves-box").hidden = true;
  $("cover-title").textContent = t("Pass the device to {name}", { name: seatName(payload.seats, seat) });
  $("cover-ok").textContent = t("I am {name} — show my hand", { name: seatName(payload.seats, seat) });
  $("cover").hidden = false;
}

$("cover-ok").addEventListener("click", () => {
  $("cover").hidden = true;
  const seat = coverFor;
  coverFor = null;
  if (seat !== null) switchSeat(seat);
});

// Issue 30: what the server says of this browser's invite. A seat still free is offered (the join dialog); a taken
// one is said so plainly, and the invite is forgotten (it will never play that seat).
/** @type {number | null} */
let joinable = null;
// Issue 33: the name the table's creator gave this seat in the lobby (null for a seat left at its colour).
/** @type {string | null} */
let invitedName = null;
/** @param {Schemas["InviteMessage"]} message */
function invited(message) {
  if (message.taken) {
    rememberTable(tableId, { invite: null });
    $("taken").hidden = false;
    return;
  }
  joinable = message.seat;
  invitedName = message.named ? message.name : null;
  if (payload) draw();
}

/** @param {Payload} p @param {number} seat */
function askName(p, seat) {
  joinAsked = true;
  const nameBox = $("join-name", HTMLInputElement);
  $("join-seat").textContent = t("You take the seat {name} at {game}.", { name: seatName(p.seats, seat), game: p.title });
  // A name already typed (the page was still loading its words) is kept. A signed-in player is offered the account's
  // name (issue 16), once it is known, unless they have started typing another, and may take the seat as the account:
  // an explicit choice (issue 30), never what opening a link does by itself. Issue 33: a name typed in the lobby is
  // not asked for again: the name the creator gave the seat, else the one this browser played under.
  const offered = invitedName || myName();
  if (!nameBox.value) nameBox.value = offered;
  account().then((who) => {
    if (who && !invitedName && (!nameBox.value || nameBox.value === offered)) {
      nameBox.value = who.name;
      if (document.activeElement === nameBox) nameBox.select();
    }
    if (who) {
      $("join-account").textContent = t("Take this seat as {name}", { name: who.name });
      $("join-account").hidden = false;
      $("join-ok").textContent = t("Join as a guest");
    }
  });
  $("join").hidden = false;
  nameBox.focus();
  // A name already there is selected: Enter joins under it, typing another replaces it.
  nameBox.select();
}

// Issue 30: a signed-in player holding a seat's secret here (joined as a guest, before signing in) is asked whether
// to make the seat the account's, so the table is in "My games" on every device. Nothing is bound without that click;
// the browser remembers the answer per account.
let claimOffered = false;
/** @param {Payload} p */
async function offerClaim(p) {
  if (claimOffered || !heldSeats.length || p.terminal) return;
  claimOffered = true;
  const who = await account();
  if (!who) return;
  const claimed = myTables()[tableId]?.claimed;
  const settled = claimed && claimed.account === who.name ? claimed.seats : [];
  const open = heldSeats.filter((seat) => p.seats[seat]?.kind === "human" && p.seats[seat].joined && !settled.includes(seat));
  if (!open.length) return;
  const names = open.map((seat) => seatName(p.seats, seat)).join(", ");
  $("claim-text").textContent = t("You play {seats} here as a guest. Make this seat your account's, so it is in My games on every device?", { seats: names });
  $("claim-ok").textContent = t("Take this seat as {name}", { name: who.name });
  $("claim").hidden = false;
  /** @param {number[]} seats */
  const remember = (seats) => rememberTable(tableId, { claimed: { account: who.name, seats: [...settled, ...seats] } });
  $("claim-no").onclick = () => { remember(open); $("claim").hidden = true; };
  $("claim-ok").onclick = async () => {
    try {
      for (const seat of open) await api(`/api/tables/${encodeURIComponent(tableId)}/claim`, { method: "POST", token: held[seat] ?? undefined });
      remember(open);
      $("claim").hidden = true;
    } catch (error) { showError(message(error)); }
  };
}

let asAccount = false;
$("join-account").addEventListener("click", () => { asAccount = true; });
$("join-ok").addEventListener("click", () => { asAccount = false; });
$("join-form").addEventListener("submit", async (event) => {
  event.preventDefault();
  const name = $("join-name", HTMLInputElement).value.trim();
  const seat = joinable;
  if (!name || seat === null || !invite) return;
  try {
    const body = asAccount ? { name, account: true } : { name };
    const answer = /** @type {Schemas["JoinedTable"]} */ (await api(`/api/tables/${tableId}/join`, { method: "POST", body, token: invite.token }));
    setMyName(name);
    rememberTable(tableId, { tokens: { [seat]: answer.secret }, invite: null });
    held[seat] = answer.secret;
    heldSeats.push(seat);
    invite = null;
    $("join").hidden = true;
    // The page goes on as the seat it now plays.
    switchSeat(seat);
  } catch (error) {
    showError(message(error));
    if (error instanceof ApiError && error.problem.problem === "seat-taken") { $("join").hidden = true; rememberTable(tableId, { invite: null }); $("taken").hidden = false; }
  }
});

$("moves-filter").addEventListener("input", () => payload && draw());

// The first visit to a table of a game offers a short "how to play" (the game's own words, `Game.how_to_play`, sent
// with the table's first message); the rules page has the rest.
/** @type {string[]} */
let howToLines = [];

/** @param {Payload} p */
function howToPlay(p) {
  if (p.type === "state") howToLines = p.how_to_play;
  const key = `guildtable.howto.${p.game}`;
  if (localStorage.getItem(key) || localStorage.getItem("guildtable.howto.off") || !howToLines.length || p.terminal || inTutorial()) return;
  if (!$("howto").hidden || !$("join").hidden || coverFor !== null) return;
  localStorage.setItem(key, "seen");
  $("howto-title").textContent = t("How to play {game}", { game: p.title });
  $("howto-text").replaceChildren(...howToLines.map((line) => h("p", {}, line)));
  $("howto-rules", HTMLAnchorElement).href = `/rules/${p.game}`;
  // Issue 34: a guided first game teaches the same by playing.
  $("howto-learn", HTMLAnchorElement).href = `/learn/${p.game}`;
  hasTutorial(p.game).then((has) => { $("howto-learn").hidden = !has; });
  // Issue 33: on a touch screen, how to read a piece's text (a tap plays it).
  $("howto-touch").hidden = !window.matchMedia?.("(pointer: coarse)").matches;
  $("howto").hidden = false;
  $("howto-ok").focus();
}
$("howto-ok").addEventListener("click", () => { $("howto").hidden = true; });

// Issue 16: a signed-in player who opens one of the account's tables without its seat tokens on this device (a
// bookmark, the spectator link) gets them from the account, and the page opens again as that seat. The account's list
// is asked for only when a seat here carries the account's name (it costs the server a look at every table).
let seatsAsked = false;
/** @param {Payload} p */
async function seatsFromAccount(p) {
  if (seatsAsked || heldSeats.length) return;
  seatsAsked = true;
  const who = await account();
  if (!who) return;
  /** @param {{ kind: string, name: string }} seat */
  const named = (seat) => seat.kind === "human" && seat.name.toLowerCase() === who.name.toLowerCase();
  if (!p.seats.some(named)) return;
  const answer = /** @type {Schemas["AccountTables"] | null} */ (await api("/api/account/tables").catch(() => null));
  const found = answer?.tables.find((table) => table.id === tableId);
  if (!found) return;
  /** @type {[number, string][]} */
  const tokens = found.mine.flatMap((seat) => (seat.token ? [[seat.seat, seat.token]] : []));
  if (!tokens.length) return;
  rememberTable(tableId, { game: found.game, title: found.title, tokens: Object.fromEntries(tokens) });
  location.reload();
}

installTips();
installBoardKeys($("board"));
installTableLayout();
if (hotseat) rememberTable(tableId, { hotseat: true });
// A tutorial's script is loaded before the table, so its first step is there when the board is.
loadTutorial(tableId).catch((error) => showError(message(error))).finally(connect);

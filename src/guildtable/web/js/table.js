// The game page: one WebSocket as one seat (or as a spectator), the game's renderer, the log, the end screen, and the
// hot-seat cover when several seats of this table are held by this browser.
import { LANGUAGE, account, announce, api, listing, nt, num, t, flyPoints, focusQuietly, glossaryFor, h, hideTip, installBoardKeys, installTips, lastEvents, measureFrom, myName, myTables,
  reducedMotion, rememberTable, relativeTime, rendererFor, scoreSheet, seatName, seatSwatch, setMyName, showMarks } from "/static/js/common.js";
// Issue 33: the board fitted to the screen, the phone's slim bar and cues to playable pieces out of view.
import { installTableLayout } from "/static/js/table_layout.js";

const tableId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop());
const $ = (id) => document.getElementById(id);

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

let active = heldSeats.length ? heldSeats[0] : null;
let payload = null;
let socket = null;
let retry = 0;
let pending = false;
let coverFor = null;
let joinAsked = false;
// What the page showed last: its version and scores (a newer move by someone else is animated), and the version this
// browser's own last move was sent from (that move is not animated back at its mover).
let drawn = { version: null, scores: [], myTurn: false, terminal: false };
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
  ws.onmessage = (message) => { if (socket === ws) receive(JSON.parse(message.data)); };
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
let retryTimer = null;
function goOffline(delay) {
  document.body.dataset.offline = "true";
  document.body.dataset.myTurn = false;
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
let refusal = null;  // the server's last error, for a refusal that closes the connection
function receive(message) {
  if (message.type === "error") {
    refusal = message;
    pending = false;
    showError(message.detail || message.title, message.rule);
    if (message.problem === "stale-version" && socket) socket.send(JSON.stringify({ type: "refresh" }));
    return;
  }
  online();
  if (message.type === "invite") { invited(message); return; }
  if (message.type === "state") payload = message;
  else if (message.type === "update" && payload) payload = { ...message, log: payload.log.concat(message.events || []) };
  else return;
  if (message.server_time) clockOffset = Date.now() / 1000 - message.server_time;
  pending = false;
  showError("");
  draw();
}

// A refusal in the rule's own words; the rule's ID only behind "Why?".
function showError(text, rule) {
  const sentence = text ? text[0].toUpperCase() + text.slice(1) : "";
  $("error").replaceChildren(sentence, rule ? h("details", { class: "why" }, h("summary", {}, t("Why?")), t("This is rule {rule} of the game's rules.", { rule })) : "");
  $("error").hidden = !text;
}

function sendMove(action) {
  if (!payload || pending) return;
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
  const events = lastEvents(p.log || []);
  const marks = renderer.marks ? renderer.marks(events, p) || [] : [];
  const fresh = drawn.version !== null && p.version > drawn.version && !(sentFrom !== null && p.version === sentFrom + 1);
  const fromRects = fresh ? measureFrom(marks) : new Map();
  // Issue 33: a piece's text open on the page closes when play goes on (a move, the bots' replies).
  if (p.version !== drawn.version) hideTip();
  const playing = myTurn && !p.terminal && passing === null;
  renderer.render($("board"), p, { interactive: playing, move: sendMove, glossary,
    choices: (element) => { if (element && passing === null) $("choices").replaceChildren(element); } });
  drawMoves(p, myTurn, renderer.ownsMoves);
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
  drawLog(p.log || []);
  drawEnd(p);
  if (ended) showEnd();
  $("rules-link").href = `/rules/${p.game}`;
  $("rules-link").hidden = false;
  howToPlay(p);
  $("links").replaceChildren(
    h("div", {}, t("Spectator link:"), " ", h("a", { href: `/table/${tableId}` }, `${location.origin}/table/${tableId}`)),
    h("div", {}, h("a", { href: "/docs", target: "_blank" }, t("API documentation"))));
}

// Hot-seat: the turn has passed to another seat held on this device. The player who just moved first sees what their
// move did; the cover comes down when they choose to pass the device.
function handOver(p) {
  const next = p.current_player;
  return hotseat && !p.terminal && next !== null && heldSeats.includes(next) && next !== active ? next : null;
}

function drawMoves(p, myTurn, ownsMoves) {
  const box = $("moves-box");
  const legal = myTurn && !p.terminal ? p.legal : [];
  // A game module offers every move on its board and as choices; the list is only for the generic renderer.
  box.hidden = legal.length === 0 || ownsMoves;
  if (!ownsMoves) box.open = true;
  $("moves-count").textContent = legal.length;
  const filter = $("moves-filter").value.trim().toLowerCase();
  $("moves").replaceChildren(...legal
    .filter((entry) => !filter || entry.notation.toLowerCase().includes(filter))
    .map((entry) => h("button", { class: "secondary move", "data-notation": entry.notation, onclick: () => sendMove(entry.action) }, entry.label || entry.notation)));
}

function drawPlayers(p) {
  const out = p.out || {};
  const playedOn = p.played_on || {};
  $("players").replaceChildren(...p.seats.map((seat) => h("div", {
    class: `player${seat.seat === p.current_player ? " on-turn" : ""}${out[seat.seat] ? " out" : ""}`, "data-seat": seat.seat },
  h("span", {}, seatSwatch(seat.seat), seat.name,
    seat.kind !== "human" && !seat.names_level ? h("span", { class: "muted" }, " · ", t("bot")) : null, seat.seat === p.seat ? h("span", { class: "muted" }, " ", t("(you)")) : null,
    out[seat.seat] ? h("span", { class: "muted seat-left" }, " · ", out[seat.seat] === "resigned" ? t("resigned") : t("out of time")) : null,
    !out[seat.seat] && playedOn[seat.seat] ? h("span", { class: "muted seat-left" }, " · ", t("the computer plays on")) : null),
  h("span", { class: "player-end" },
    p.clocks ? h("span", { class: "clock", "data-clock": seat.seat, role: "timer", "aria-label": t("Time left for {name}", { name: seat.name }), title: t("Time left for {name}", { name: seat.name }) }) : null,
    h("span", { class: "score" }, p.scores[seat.seat] === undefined ? "" : num(p.scores[seat.seat]))))));
  tickClocks();
}

// Issue 16: live clocks tick down for the seat on turn; a turn-based table shows how long the move on turn has left.
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
  if (p.clocks) {
    for (const element of document.querySelectorAll("#players [data-clock]")) {
      const seat = Number(element.dataset.clock);
      const running = seat === p.clock_running && !p.terminal;
      const left = p.clocks[seat] - (running ? now - p.server_time : 0);
      element.textContent = clockText(left);
      element.classList.toggle("running", running);
      element.classList.toggle("low", running && left < 20);
    }
    const onTurn = $("turn-clock");
    if (onTurn && p.clock_running !== null) {
      const left = p.clocks[p.clock_running] - (now - p.server_time);
      onTurn.textContent = `${seatName(p.seats, p.clock_running)} ${clockText(left)}`;
      onTurn.classList.toggle("low", left < 20);
    }
  }
  const due = $("deadline");
  if (due) {
    due.hidden = !(p.pace.kind === "turn" && p.deadline && !p.terminal);
    if (!due.hidden) due.textContent = t("{name} must move {when}", { name: seatName(p.seats, p.clock_running), when: relativeTime(p.deadline - now) });
  }
}
setInterval(tickClocks, 250);

// Issue 16: take back one's last move (while the server allows it) and resign (after asking).
function drawActions(p) {
  const seated = p.seat !== null && !p.terminal;
  const offline = document.body.dataset.offline === "true";
  $("table-actions").replaceChildren(
    p.pace && p.pace.kind === "turn" ? h("span", { id: "deadline", class: "muted", hidden: true }) : "",
    // The clock on turn beside the actions too: on a phone the players' list is far below the board.
    p.clocks && p.clock_running !== null && !p.terminal ? h("span", { id: "turn-clock", class: "clock running", role: "timer",
      "aria-label": t("Time left for {name}", { name: seatName(p.seats, p.clock_running) }),
      title: t("Time left for {name}", { name: seatName(p.seats, p.clock_running) }) }) : "",
    seated && p.can_undo ? h("button", { id: "undo", class: "secondary", type: "button", disabled: offline || pending,
      onclick: () => sendTableMessage({ type: "undo", version: p.version }) }, t("Take back my last move")) : "",
    seated && p.can_resign ? h("button", { id: "resign", class: "secondary", type: "button", onclick: () => askResign(p) }, t("Resign")) : "");
  tickClocks();
}

function sendTableMessage(message) {
  if (!socket || socket.readyState !== WebSocket.OPEN || pending) return;
  pending = true;
  socket.send(JSON.stringify(message));
}

function askResign(p) {
  const others = p.seats.filter((seat) => seat.seat !== p.seat && !(p.out || {})[seat.seat]).length;
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
function tell(p, myTurn, fresh) {
  const said = [];
  if (fresh) {
    const lines = (p.log || []).filter((event) => event.text && event.version > drawn.version).map((event) => event.text);
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
let notifiedVersion = null;
let notice = null;

function notifyWanted() {
  return notifiable && localStorage.getItem(NOTIFY_KEY) === "on" && Notification.permission === "granted";
}

function showNotifyToggle(p) {
  const box = $("notify-box");
  box.hidden = !notifiable || p.seat === null;
  if (!box.hidden) $("notify").checked = notifyWanted();
}

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
  const box = $("notify");
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
let loggedVersion = null;
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
  if (lines.length) loggedVersion = Math.max(loggedVersion ?? 0, last);
  else loggedVersion = 0;
}

// Issue 33: the result in words, with the winners' points ("Blue wins with 34 points", "Shared win: Blue and Red with
// 20 points"), in the status and at the head of the end panel. A game cut short (a resignation, a clock run out) names
// its winner only: its points are not a final score.
function resultTitle(p) {
  const winners = p.result?.winners || [];
  const names = winners.map((seat) => seatName(p.seats, seat));
  if (!names.length) return t("Game over");
  const points = p.scores?.[winners[0]];
  const scored = !p.result.early && typeof points === "number" && winners.every((seat) => p.scores[seat] === points);
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
const inPlay = (el) => el instanceof Node && ["board", "status", "moves"].some((id) => $(id).contains(el));
document.addEventListener("focusin", (event) => { followPlay = inPlay(event.target); });
document.addEventListener("keydown", () => { byKeyboard = true; }, true);
document.addEventListener("pointerdown", () => { byKeyboard = false; }, true);

function playable(el) {
  if (!(el instanceof Element) || !el.isConnected || el.tabIndex < 0 || el.disabled || el.getAttribute("aria-disabled") === "true") return false;
  if ($("choices").contains(el) || $("moves").contains(el)) return el.matches("button");
  return $("board").contains(el) && el.matches(".legal") && el.getClientRects().length > 0;
}

function keepFocusInPlay(playing, turnBegan) {
  if (!followPlay || coverFor !== null || !$("join").hidden || !$("howto").hidden || !$("resign-dialog").hidden) return;
  const at = document.activeElement;
  const lost = !at || at === document.body || !at.isConnected;
  if (!lost && !(turnBegan && !playable(at))) return;
  const first = playing ? [...$("board").querySelectorAll(".legal"), ...$("choices").querySelectorAll("button"), ...$("moves").querySelectorAll("button")]
    .find(playable) : null;
  focusQuietly(first || $("status"), { preventScroll: !byKeyboard });
  followPlay = true;
}

// A table the server refuses for good before showing anything (there is no such table, or this browser's seat key is
// not one of it): one clear message and the way back to the lobby, not an empty table that seems to be loading.
function showRefused(code) {
  for (const el of document.querySelector("main").children) el.hidden = el.id !== "missing";
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

function drawEnd(p) {
  const end = $("end");
  if (!p.terminal || !p.result) { end.hidden = true; return; }
  const mine = heldSeats.filter((seat) => held[seat]);
  const focused = end.contains(document.activeElement);
  end.hidden = false;
  end.classList.remove("arrived");
  const out = Object.entries(p.result.out || {}).map(([seat, why]) => h("p", { class: "muted ending" }, why === "resigned"
    ? t("{name} resigned and was placed last.", { name: seatName(p.seats, Number(seat)) })
    : t("{name} ran out of time and was placed last.", { name: seatName(p.seats, Number(seat)) })));
  // Issue 30: a rated game that did not count says why, in words (as lichess says "Game aborted").
  const unrated = {
    aborted: t("Aborted: not rated, because a player played fewer than two turns."),
    "repeated-pairing": t("Not rated: these players have already played their rated games against each other today."),
    "unrated-seat": t("Not rated: a seat was played without an account."),
  }[p.result.rating];
  // Issue 33: the result first (the winner, then every player's final points, best first), what to do next, and then
  // the score sheet that explains the points.
  end.replaceChildren(
    h("h2", { class: "winner", id: "winner", tabindex: "-1" }, resultTitle(p)),
    standings(p),
    ...(p.rated && unrated ? [h("p", { id: "rating-note", class: "muted" }, unrated)] : []),
    ...out,
    h("div", { class: "row end-actions" },
      mine.length ? h("button", { id: "rematch", onclick: rematch }, p.rematch ? t("Join the rematch") : t("Rematch")) : null,
      h("a", { class: "button secondary", href: `/replay/${tableId}` }, t("Watch the replay")),
      h("a", { class: "button secondary", href: `/api/tables/${tableId}/record`, download: `guildtable-${tableId}.json` }, t("Download the record"))),
    h("h3", {}, p.result.early ? t("The points when the game ended") : t("How the points were scored")),
    h("div", { id: "breakdown" }, scoreSheet(p.result.sheet, p.seats.map((seat) => seat.name))));
  if (focused) $("winner").focus({ preventScroll: true });
}

// Every player's points at the end, from the winners down; a player who left the game (resigned, out of time) last.
function standings(p) {
  const out = p.result.out || {};
  const rank = (seat) => [out[seat] ? 1 : 0, p.result.winners.includes(seat) ? 0 : 1, -(p.scores[seat] ?? 0), seat];
  const order = p.seats.map((seat) => seat.seat).sort((a, b) => {
    const [x, y] = [rank(a), rank(b)];
    const at = x.findIndex((value, i) => value !== y[i]);
    return at < 0 ? 0 : x[at] - y[at];
  });
  return h("ol", { class: "standings", id: "standings", "aria-label": t("Final scores") }, order.map((seat) => h("li", {
    class: p.result.winners.includes(seat) ? "won" : null, "data-seat": seat },
  seatSwatch(seat), seatName(p.seats, seat), " ",
  h("strong", {}, p.scores[seat] === undefined ? "" : nt("{n} point", "{n} points", p.scores[seat], { n: num(p.scores[seat]) })))));
}

async function rematch() {
  const tokens = {};
  let next = null;
  try {
    for (const seat of heldSeats) {
      const answer = await api(`/api/tables/${tableId}/rematch`, { method: "POST", token: held[seat] });
      next = answer;
      if (answer.secret) tokens[answer.seat] = answer.secret;
    }
  } catch (error) { showError(error.message); return; }
  rememberTable(next.id, { game: next.game, title: next.title, created: next.created, tokens, hotseat });
  location.href = `/table/${next.id}`;
}

function showCover(seat) {
  if (coverFor === seat) return;
  hideTip();
  coverFor = seat;
  document.body.dataset.myTurn = false;
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
  switchSeat(seat);
});

// Issue 30: what the server says of this browser's invite. A seat still free is offered (the join dialog); a taken
// one is said so plainly, and the invite is forgotten (it will never play that seat).
let joinable = null;
// Issue 33: the name the table's creator gave this seat in the lobby (null for a seat left at its colour).
let invitedName = null;
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

function askName(p, seat) {
  joinAsked = true;
  $("join-seat").textContent = t("You take the seat {name} at {game}.", { name: seatName(p.seats, seat), game: p.title });
  // A name already typed (the page was still loading its words) is kept. A signed-in player is offered the account's
  // name (issue 16), once it is known, unless they have started typing another, and may take the seat as the account:
  // an explicit choice (issue 30), never what opening a link does by itself. Issue 33: a name typed in the lobby is
  // not asked for again: the name the creator gave the seat, else the one this browser played under.
  const offered = invitedName || myName();
  if (!$("join-name").value) $("join-name").value = offered;
  account().then((who) => {
    if (who && !invitedName && (!$("join-name").value || $("join-name").value === offered)) {
      $("join-name").value = who.name;
      if (document.activeElement === $("join-name")) $("join-name").select();
    }
    if (who) {
      $("join-account").textContent = t("Take this seat as {name}", { name: who.name });
      $("join-account").hidden = false;
      $("join-ok").textContent = t("Join as a guest");
    }
  });
  $("join").hidden = false;
  $("join-name").focus();
  // A name already there is selected: Enter joins under it, typing another replaces it.
  $("join-name").select();
}

// Issue 30: a signed-in player holding a seat's secret here (joined as a guest, before signing in) is asked whether
// to make the seat the account's, so the table is in "My games" on every device. Nothing is bound without that click;
// the browser remembers the answer per account.
let claimOffered = false;
async function offerClaim(p) {
  if (claimOffered || !heldSeats.length || p.terminal) return;
  claimOffered = true;
  const who = await account();
  if (!who) return;
  const entry = myTables()[tableId] || {};
  const settled = entry.claimed && entry.claimed.account === who.name ? entry.claimed.seats : [];
  const open = heldSeats.filter((seat) => p.seats[seat]?.kind === "human" && p.seats[seat].joined && !settled.includes(seat));
  if (!open.length) return;
  const names = open.map((seat) => seatName(p.seats, seat)).join(", ");
  $("claim-text").textContent = t("You play {seats} here as a guest. Make this seat your account's, so it is in My games on every device?", { seats: names });
  $("claim-ok").textContent = t("Take this seat as {name}", { name: who.name });
  $("claim").hidden = false;
  const remember = (seats) => rememberTable(tableId, { claimed: { account: who.name, seats: [...settled, ...seats] } });
  $("claim-no").onclick = () => { remember(open); $("claim").hidden = true; };
  $("claim-ok").onclick = async () => {
    try {
      for (const seat of open) await api(`/api/tables/${encodeURIComponent(tableId)}/claim`, { method: "POST", token: held[seat] });
      remember(open);
      $("claim").hidden = true;
    } catch (error) { showError(error.message); }
  };
}

let asAccount = false;
$("join-account").addEventListener("click", () => { asAccount = true; });
$("join-ok").addEventListener("click", () => { asAccount = false; });
$("join-form").addEventListener("submit", async (event) => {
  event.preventDefault();
  const name = $("join-name").value.trim();
  if (!name || joinable === null) return;
  try {
    const body = asAccount ? { name, account: true } : { name };
    const answer = await api(`/api/tables/${tableId}/join`, { method: "POST", body, token: invite.token });
    setMyName(name);
    rememberTable(tableId, { tokens: { [joinable]: answer.secret }, invite: null });
    held[joinable] = answer.secret;
    heldSeats.push(joinable);
    invite = null;
    $("join").hidden = true;
    // The page goes on as the seat it now plays.
    switchSeat(joinable);
  } catch (error) {
    showError(error.message);
    if (error.problem?.problem === "seat-taken") { $("join").hidden = true; rememberTable(tableId, { invite: null }); $("taken").hidden = false; }
  }
});

$("moves-filter").addEventListener("input", () => payload && draw());

// The first visit to a table of a game offers a short "how to play" (the game's own words, `Game.how_to_play`, sent
// with the table's first message); the rules page has the rest.
let howToLines = [];

function howToPlay(p) {
  if (p.how_to_play) howToLines = p.how_to_play;
  const key = `guildtable.howto.${p.game}`;
  if (localStorage.getItem(key) || localStorage.getItem("guildtable.howto.off") || !howToLines.length || p.terminal) return;
  if (!$("howto").hidden || !$("join").hidden || coverFor !== null) return;
  localStorage.setItem(key, "seen");
  $("howto-title").textContent = t("How to play {game}", { game: p.title });
  $("howto-text").replaceChildren(...howToLines.map((line) => h("p", {}, line)));
  $("howto-rules").href = `/rules/${p.game}`;
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
async function seatsFromAccount(p) {
  if (seatsAsked || heldSeats.length) return;
  seatsAsked = true;
  const who = await account();
  const named = (seat) => seat.kind === "human" && seat.name.toLowerCase() === who?.name.toLowerCase();
  if (!who || !p.seats.some(named)) return;
  const answer = await api("/api/account/tables").catch(() => null);
  const found = (answer?.tables || []).find((table) => table.id === tableId);
  const mine = (found?.mine || []).filter((seat) => seat.token);
  if (!mine.length) return;
  rememberTable(tableId, { game: found.game, title: found.title, tokens: Object.fromEntries(mine.map((seat) => [seat.seat, seat.token])) });
  location.reload();
}

installTips();
installBoardKeys($("board"));
installTableLayout();
if (hotseat) rememberTable(tableId, { hotseat: true });
connect();

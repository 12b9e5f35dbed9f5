// The game page: one WebSocket as one seat (or as a spectator), the game's renderer, the log, the end screen, and the
// hot-seat cover when several seats of this table are held by this browser.
import { api, h, scoreSheet, myName, myTables, rememberTable, rendererFor, seatName, setMyName, SEAT_COLOURS } from "/static/js/common.js";

const tableId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop());
const $ = (id) => document.getElementById(id);

// An invite link carries its seat token in the fragment (never sent to the server); keep it here, then drop it from
// the address bar so it is not shared by accident.
const fragment = new URLSearchParams(location.hash.slice(1));
if (fragment.get("token")) {
  rememberTable(tableId, { tokens: { [fragment.get("seat") || "0"]: fragment.get("token") } });
  history.replaceState(null, "", location.pathname);
}
const held = myTables()[tableId]?.tokens || {};
const heldSeats = Object.keys(held).map(Number).sort((a, b) => a - b);
const hotseat = heldSeats.length > 1;

let active = heldSeats.length ? heldSeats[0] : null;
let payload = null;
let socket = null;
let retry = 0;
let pending = false;
let coverFor = null;
let joinAsked = false;

function connect() {
  const protocol = location.protocol === "https:" ? "wss:" : "ws:";
  const ws = new WebSocket(`${protocol}//${location.host}/ws/tables/${encodeURIComponent(tableId)}`);
  socket = ws;
  ws.onopen = () => {
    retry = 0;
    ws.send(JSON.stringify({ type: "hello", token: active === null ? null : held[active] }));
    $("conn").textContent = "connected";
  };
  ws.onerror = () => {};  // onclose follows and decides what to do
  // Only the current socket speaks: after a hot-seat switch, a late message for the previous seat is dropped.
  ws.onmessage = (message) => { if (socket === ws) receive(JSON.parse(message.data)); };
  ws.onclose = (event) => {
    if (socket !== ws) return;
    if (event.code >= 4400 && event.code < 4500) {
      // Refused for good (no such table, a token that is not this table's): retrying would not help.
      $("conn").textContent = "refused";
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
  $("conn").textContent = "offline";
  $("offline").hidden = false;
  $("offline-text").textContent = `Connection lost. Your moves are safe on the server; trying again in ${Math.round(delay / 1000) || 1} s…`;
  if (payload) draw();
  clearTimeout(retryTimer);
  retryTimer = setTimeout(reconnect, delay);
}

function reconnect() {
  clearTimeout(retryTimer);
  $("offline-text").textContent = "Connection lost. Reconnecting…";
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
  active = seat;
  payload = null;
  const old = socket;
  socket = null;
  if (old && old.readyState === WebSocket.CONNECTING) old.onopen = () => old.close();
  else if (old) old.close();
  connect();
}

function receive(message) {
  if (message.type === "error") {
    pending = false;
    showError(message.detail || message.title);
    if (message.problem === "stale-version" && socket) socket.send(JSON.stringify({ type: "refresh" }));
    return;
  }
  online();
  if (message.type === "state") payload = message;
  else if (message.type === "update" && payload) payload = { ...message, log: payload.log.concat(message.events || []) };
  else return;
  pending = false;
  showError("");
  draw();
}

function showError(text) {
  $("error").textContent = text;
  $("error").hidden = !text;
}

function sendMove(action) {
  if (!payload || pending) return;
  if (!socket || socket.readyState !== WebSocket.OPEN || document.body.dataset.offline === "true") {
    showError("Not connected: your move was not sent. It can be made again once the connection is back.");
    return;
  }
  pending = true;
  socket.send(JSON.stringify({ type: "move", version: payload.version, action }));
}

async function draw() {
  const p = payload;
  document.title = `guildtable — ${p.title}`;
  $("title").textContent = p.title;
  $("whoami").textContent = p.seat === null ? "Spectating" : `You are ${seatName(p.seats, p.seat)}${hotseat ? " (hot-seat)" : ""}`;
  $("content-note").hidden = p.official_content;
  $("content-note").textContent = p.content_note || "Some of this game's content is a stand-in, not the printed set.";

  // For tests and assistive tools: what this page currently shows.
  Object.assign(document.body.dataset, { version: p.version, seat: p.seat ?? "", myTurn: false, terminal: p.terminal });

  // Hot-seat: when the turn passes to another seat held here, cover the screen until that player confirms.
  if (hotseat && !p.terminal && p.current_player !== null && heldSeats.includes(p.current_player) && p.current_player !== active) {
    showCover(p.current_player);
    return;
  }
  if (p.seat !== null && !p.seats[p.seat].joined && !joinAsked) askName(p);

  const offline = document.body.dataset.offline === "true";
  const myTurn = p.seat !== null && p.seat === p.current_player && !offline;
  Object.assign(document.body.dataset, { myTurn: myTurn && !p.terminal });
  const status = $("status");
  status.className = `status${myTurn ? " my-turn" : ""}`;
  status.replaceChildren(p.terminal ? h("span", {}, "Game over")
    : offline ? h("span", {}, "Moves are paused until the connection is back.")
    : myTurn ? h("span", { class: "prompt", id: "prompt" }, p.prompt || "Your move")
    : h("span", {}, `Waiting for ${seatName(p.seats, p.current_player)}…`));

  const renderer = await rendererFor(p.game);
  if (p !== payload) return;  // a newer message arrived while the module loaded
  renderer.render($("board"), p, { interactive: myTurn && !p.terminal, move: sendMove });
  drawMoves(p, myTurn, renderer.ownsMoves);
  drawPlayers(p, renderer.seatColours || SEAT_COLOURS);
  drawLog(p.log || []);
  drawEnd(p, renderer);
  $("links").replaceChildren(
    h("div", {}, "Spectator link: ", h("a", { href: `/table/${tableId}` }, `${location.origin}/table/${tableId}`)),
    h("div", {}, h("a", { href: "/docs", target: "_blank" }, "API documentation")));
}

function drawMoves(p, myTurn, ownsMoves) {
  const box = $("moves-box");
  const legal = myTurn && !p.terminal ? p.legal : [];
  box.hidden = legal.length === 0;
  if (!ownsMoves) box.open = true;
  $("moves-count").textContent = legal.length;
  const filter = $("moves-filter").value.trim().toLowerCase();
  $("moves").replaceChildren(...legal
    .filter((entry) => !filter || entry.notation.toLowerCase().includes(filter))
    .map((entry) => h("button", { class: "secondary move", "data-notation": entry.notation, onclick: () => sendMove(entry.action) }, entry.notation)));
}

function drawPlayers(p, colours) {
  $("players").replaceChildren(...p.seats.map((seat) => h("div", {
    class: `player${seat.seat === p.current_player ? " on-turn" : ""}`, "data-seat": seat.seat },
  h("span", {}, h("span", { class: "swatch", style: `background:${colours[seat.seat] || "#999"}` }), seat.name,
    seat.kind !== "human" ? h("span", { class: "muted" }, ` · bot`) : null, seat.seat === p.seat ? h("span", { class: "muted" }, " (you)") : null),
  h("span", { class: "score" }, String(p.scores[seat.seat] ?? "")))));
}

function drawLog(log) {
  const list = $("log");
  // Each line in words, with the move in notation beside it when the words do not already say it.
  const lines = log.filter((event) => event.text).map((event) => h("li", { "data-version": event.version }, event.text,
    event.move && !event.text.includes(event.move) ? h("code", { class: "notation" }, ` ${event.move}`) : null));
  list.replaceChildren(...lines);
  list.scrollTop = list.scrollHeight;
}

function drawEnd(p, renderer) {
  const end = $("end");
  if (!p.terminal || !p.result) { end.hidden = true; return; }
  const winners = p.result.winners.map((seat) => seatName(p.seats, seat));
  const title = winners.length > 1 ? `Shared win: ${winners.join(" and ")}` : winners.length ? `${winners[0]} wins` : "Game over";
  const mine = heldSeats.filter((seat) => held[seat]);
  end.hidden = false;
  end.replaceChildren(
    h("div", { class: "winner", id: "winner" }, title),
    h("h3", {}, "How the points were scored"),
    h("div", { id: "breakdown" }, scoreSheet(p.result.sheet, p.seats.map((seat) => seat.name))),
    h("div", { class: "row", style: "margin-top:.6rem" },
      mine.length ? h("button", { id: "rematch", onclick: rematch }, p.rematch ? "Join the rematch" : "Rematch") : null,
      h("a", { class: "button secondary", href: `/replay/${tableId}` }, "Watch the replay"),
      h("a", { class: "button secondary", href: `/api/tables/${tableId}/record`, download: `guildtable-${tableId}.json` }, "Download the record")));
}

async function rematch() {
  const tokens = {};
  let next = null;
  try {
    for (const seat of heldSeats) {
      const answer = await api(`/api/tables/${tableId}/rematch`, { method: "POST", token: held[seat] });
      next = answer;
      if (answer.token) tokens[answer.seat] = answer.token;
    }
  } catch (error) { showError(error.message); return; }
  rememberTable(next.id, { game: next.game, title: next.title, created: next.created, tokens, hotseat });
  location.href = `/table/${next.id}`;
}

function showCover(seat) {
  if (coverFor === seat) return;
  coverFor = seat;
  document.body.dataset.myTurn = false;
  // The previous player's hand, moves and private log lines leave the page, not just the screen.
  for (const id of ["board", "moves", "log", "status"]) $(id).replaceChildren();
  $("moves-box").hidden = true;
  $("cover-title").textContent = `Pass the device to ${seatName(payload.seats, seat)}`;
  $("cover-ok").textContent = `I am ${seatName(payload.seats, seat)} — show my hand`;
  $("cover").hidden = false;
}

$("cover-ok").addEventListener("click", () => {
  $("cover").hidden = true;
  const seat = coverFor;
  coverFor = null;
  switchSeat(seat);
});

function askName(p) {
  joinAsked = true;
  $("join-seat").textContent = `You take the seat ${seatName(p.seats, p.seat)} at ${p.title}.`;
  $("join-name").value = myName();
  $("join").hidden = false;
  $("join-name").focus();
}

$("join-form").addEventListener("submit", async (event) => {
  event.preventDefault();
  const name = $("join-name").value.trim();
  if (!name) return;
  try {
    await api(`/api/tables/${tableId}/join`, { method: "POST", body: { name }, token: held[active] });
    setMyName(name);
    $("join").hidden = true;
  } catch (error) { showError(error.message); }
});

$("moves-filter").addEventListener("input", () => payload && draw());

if (hotseat) rememberTable(tableId, { hotseat: true });
connect();

// Replays: step a finished game (or an uploaded record) forward and back, move by move, as a spectator saw it.
import { api, csrfHeaders, glossaryFor, h, listing, t, installTips, measureFrom, rendererFor, scoreSheet, seatSwatch, showMarks } from "/static/js/common.js";

const $ = (id) => document.getElementById(id);
const parts = location.pathname.split("/").filter(Boolean);
const replayId = parts.length > 1 ? decodeURIComponent(parts[1]) : null;
let meta = null;
let step = 0;
let shown = null;  // the step on screen: one step forward animates its move
const frames = new Map();

function showError(text) { $("error").textContent = text; $("error").hidden = !text; }

async function frame(n) {
  if (!frames.has(n)) frames.set(n, api(`/api/replays/${replayId}/steps/${n}`));
  return frames.get(n);
}

async function go(n) {
  step = Math.max(0, Math.min(meta.steps, n));
  const wanted = step;
  const f = await frame(step);
  const renderer = await rendererFor(meta.game);
  const glossary = await glossaryFor(meta.game);
  if (wanted !== step) return;  // a later step was asked for while this one loaded
  // The step label changes together with the board, never before it: what it says is on screen.
  $("step-label").textContent = `${step} / ${meta.steps}`;
  $("slider").value = step;
  $("status").textContent = f.move ? t("Move {n}: {move}", { n: step, move: f.move }) : t("Opening position");
  const seats = f.names.map((name, seat) => ({ seat, name, kind: "", joined: true }));
  const frameView = { ...f, table: replayId, version: step, seat: null, seats, legal: [] };
  const marks = renderer.marks && f.events ? renderer.marks(f.events.map((event) => ({ ...event, version: step })), frameView) || [] : [];
  const fresh = shown !== null && step === shown + 1;
  const fromRects = fresh ? measureFrom(marks) : new Map();
  renderer.render($("board"), frameView, { interactive: false, move: () => {}, glossary });
  $("players").replaceChildren(...seats.map((seat) => h("div", { class: `player${seat.seat === f.current_player ? " on-turn" : ""}`, "data-seat": seat.seat },
    h("span", {}, seatSwatch(seat.seat), seat.name), h("span", { class: "score" }, String(f.scores[seat.seat] ?? "")))));
  showMarks(marks, { fresh, fromRects });
  shown = step;
  [...$("log").children].forEach((li, index) => {
    const current = index + 1 === step;
    li.classList.toggle("current", current);
    if (current) li.scrollIntoView({ block: "nearest" });  // the move list follows the replay
  });
  const end = $("end");
  end.hidden = !f.result;
  if (f.result) {
    const winners = f.result.winners.map((seat) => f.names[seat]);
    end.replaceChildren(h("div", { class: "winner", id: "winner" }, winners.length > 1 ? t("Shared win: {names}", { names: listing(winners) }) : t("{name} wins", { name: winners[0] })),
      h("h3", {}, t("How the points were scored")), h("div", { id: "breakdown" }, scoreSheet(f.result.sheet, f.names)));
  }
}

async function start() {
  if (!replayId) {
    $("upload").hidden = false;
    $("record-file").addEventListener("change", async () => {
      const file = $("record-file").files[0];
      if (!file) return;
      try {
        const text = await file.text();
        const response = await fetch("/api/replays", { method: "POST", headers: { ...(await csrfHeaders()), "Content-Type": "application/json" }, body: text });
        const data = await response.json();
        if (!response.ok) throw new Error(data.detail || data.title);
        location.href = data.url;
      } catch (error) { showError(error.message); }
    });
    return;
  }
  meta = await api(`/api/replays/${replayId}`);
  $("viewer").hidden = false;
  $("title").textContent = t("Replay: {title}", { title: meta.title });
  $("slider").max = meta.steps;
  $("download").href = meta.record;
  $("download").setAttribute("download", `guildtable-${replayId}.json`);
  $("log").replaceChildren(...meta.moves.map((move, index) => h("li", { onclick: () => go(index + 1) }, move)));
  $("first").onclick = () => go(0);
  $("back").onclick = () => go(step - 1);
  $("forward").onclick = () => go(step + 1);
  $("last").onclick = () => go(meta.steps);
  $("slider").oninput = () => go(Number($("slider").value));
  document.addEventListener("keydown", (event) => {
    if (event.key === "ArrowLeft") go(step - 1);
    if (event.key === "ArrowRight") go(step + 1);
  });
  await go(0);
}

installTips();
start().catch((error) => {
  if (error.problem?.problem === "game-not-finished") {
    // Bug 7: an unfinished game has no replay yet; lead back to where it is being played.
    $("error").hidden = false;
    $("error").replaceChildren(t("This game is still being played: its replay opens once it is over."), " ",
      h("a", { href: `/table/${encodeURIComponent(replayId)}`, id: "back-to-table" }, t("Back to the table")));
    return;
  }
  showError(error.message);
});

// Replays: step a finished game (or an uploaded record) forward and back, move by move, as a spectator saw it.
import { api, csrfHeaders, glossaryFor, h, listing, nt, num, svg, t, installTips, measureFrom, rendererFor, scoreSheet, seatSwatch, showMarks } from "/static/js/common.js";

const $ = (id) => document.getElementById(id);
const parts = location.pathname.split("/").filter(Boolean);
const replayId = parts.length > 1 ? decodeURIComponent(parts[1]) : null;
let meta = null;
let step = 0;
let shown = null;  // the step on screen: one step forward animates its move
const frames = new Map();
// Issue 19: the analysis once it is done, and whether the board shows the best move found instead of the one played.
let analysis = null;
let showingBest = false;

function showError(text) { $("error").textContent = text; $("error").hidden = !text; }

async function frame(n) {
  if (!frames.has(n)) frames.set(n, api(`/api/replays/${replayId}/steps/${n}`));
  return frames.get(n);
}

async function go(n) {
  const moved = Math.max(0, Math.min(meta.steps, n)) !== step;
  step = Math.max(0, Math.min(meta.steps, n));
  if (moved) showingBest = false;
  const wanted = step;
  const f = showingBest ? await api(`/api/replays/${replayId}/steps/${step}/best`) : await frame(step);
  const renderer = await rendererFor(meta.game);
  const glossary = await glossaryFor(meta.game);
  if (wanted !== step) return;  // a later step was asked for while this one loaded
  // The step label changes together with the board, never before it: what it says is on screen.
  $("step-label").textContent = `${step} / ${meta.steps}`;
  $("slider").value = step;
  $("status").textContent = showingBest ? t("Instead of move {n}: {move}", { n: step, move: f.move })
    : f.move ? t("Move {n}: {move}", { n: step, move: f.move }) : t("Opening position");
  drawVerdict();
  drawCurveCursor();
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

// --- issue 19: the analysis --------------------------------------------------------------------------------------
const MARK_WORDS = { inaccuracy: () => t("an inaccuracy"), mistake: () => t("a mistake"), blunder: () => t("a blunder") };
const MARK_SIGNS = { inaccuracy: "?!", mistake: "?", blunder: "??" };
const percent = (value) => num(Math.round(value * 1000) / 10);

async function loadAnalysis() {
  const answer = await api(`/api/replays/${replayId}/analysis`);
  drawAnalysis(answer);
}

function drawAnalysis(answer) {
  const box = $("analysis");
  if (answer.status === "none") {
    box.replaceChildren(
      h("p", { class: "muted" }, t("The computer judges every move from what its player could know at the time, and marks the ones that gave winning chances away. A long game can take several minutes.")),
      h("button", { id: "analyse", type: "button", onclick: startAnalysis }, t("Analyse this game")));
    return;
  }
  if (answer.status === "running") {
    box.replaceChildren(
      h("p", { id: "analysis-progress-text" }, t("Judging move {done} of {total}…", { done: num(answer.done), total: num(answer.total) })),
      h("progress", { id: "analysis-progress", max: answer.total, value: answer.done, "aria-label": t("Analysis progress") }));
    setTimeout(() => loadAnalysis().catch((error) => showError(error.message)), 1500);
    return;
  }
  analysis = answer.analysis;
  box.replaceChildren(curve(), summary());
  markMoves();
  drawVerdict();
  drawCurveCursor();
}

async function startAnalysis() {
  try {
    drawAnalysis(await api(`/api/replays/${replayId}/analysis`, { method: "POST" }));
  } catch (error) { showError(error.message); }
}

// Each player's estimated chance of winning after every move, with the marked moves as points; a click goes there.
function curve() {
  const width = 320, height = 140, pad = 6;
  const count = analysis.steps.length;
  const x = (index) => pad + (count ? index / count : 0) * (width - 2 * pad);
  const y = (chance) => pad + (1 - chance) * (height - 2 * pad);
  const players = analysis.players;
  const lines = [];
  for (let seat = 0; seat < players; seat += 1) {
    const points = [[x(0), y(1 / players)], ...analysis.steps.map((s, i) => [x(i + 1), y(s.chances[seat])])];
    lines.push(svg("polyline", { points: points.map((p) => p.join(",")).join(" "), fill: "none", stroke: `var(--seat${seat})`, "stroke-width": 2.5 }));
    analysis.steps.forEach((s, i) => {
      if (s.mark && s.seat === seat) {
        lines.push(svg("circle", { cx: x(i + 1), cy: y(s.chances[seat]), r: s.mark === "blunder" ? 5.5 : s.mark === "mistake" ? 4.5 : 3.5,
          fill: `var(--seat${seat})`, stroke: "var(--card)", "stroke-width": 1.5, class: "curve-mark", "data-step": i + 1,
          onclick: () => go(i + 1) }, svg("title", {}, `${meta.moves[i]}: ${MARK_WORDS[s.mark]()}`)));
      }
    });
  }
  const graph = svg("svg", { id: "curve", viewBox: `0 0 ${width} ${height}`, role: "img", class: "curve",
    "aria-label": t("Each player's estimated chance of winning after every move") },
  svg("line", { x1: pad, x2: width - pad, y1: y(0.5), y2: y(0.5), class: "curve-half" }),
  svg("line", { id: "curve-cursor", x1: x(0), x2: x(0), y1: pad, y2: height - pad, class: "curve-cursor" }),
  ...lines);
  graph.addEventListener("click", (event) => {
    if (event.target.classList.contains("curve-mark")) return;
    const box = graph.getBoundingClientRect();
    go(Math.round(((event.clientX - box.left) / box.width * width - pad) / (width - 2 * pad) * count));
  });
  return h("div", {}, graph, h("p", { class: "muted curve-legend" }, t("Estimated chance of winning after each move; the dots are marked moves.")));
}

function drawCurveCursor() {
  const cursor = document.getElementById("curve-cursor");
  if (!cursor || !analysis) return;
  const count = analysis.steps.length;
  const at = 6 + (count ? step / count : 0) * (320 - 12);
  cursor.setAttribute("x1", at);
  cursor.setAttribute("x2", at);
}

// Per player: how much winning chance their decisions gave away on average, and how many moves were marked.
function summary() {
  return h("ul", { class: "analysis-summary" }, ...analysis.seats.map((entry) => {
    const marks = [
      entry.marks.blunder ? nt("{n} blunder", "{n} blunders", entry.marks.blunder, { n: num(entry.marks.blunder) }) : null,
      entry.marks.mistake ? nt("{n} mistake", "{n} mistakes", entry.marks.mistake, { n: num(entry.marks.mistake) }) : null,
      entry.marks.inaccuracy ? nt("{n} inaccuracy", "{n} inaccuracies", entry.marks.inaccuracy, { n: num(entry.marks.inaccuracy) }) : null,
    ].filter(Boolean);
    const average = entry.decisions ? entry.total_loss / entry.decisions : 0;
    return h("li", { "data-seat": entry.seat }, seatSwatch(entry.seat), h("strong", {}, meta.players[entry.seat].name), " ",
      t("gave away {points} points of winning chance a move on average.", { points: percent(average) }), " ",
      marks.length ? `${listing(marks)}.` : t("No marked moves."));
  }));
}

function markMoves() {
  [...$("log").children].forEach((li, index) => {
    const s = analysis.steps[index];
    li.querySelector(".move-mark")?.remove();
    if (s && s.mark) li.append(h("span", { class: `move-mark ${s.mark}`, title: MARK_WORDS[s.mark](), "aria-label": MARK_WORDS[s.mark]() }, ` ${MARK_SIGNS[s.mark]}`));
  });
}

// Under the board: what the analysis says of the move that led here, and the best move found with its position.
function drawVerdict() {
  const box = $("verdict");
  const s = analysis && step > 0 ? analysis.steps[step - 1] : null;
  if (!s) { box.hidden = true; return; }
  box.hidden = false;
  const name = meta.players[s.seat].name;
  const lines = [];
  if (s.forced) lines.push(h("p", {}, t("{name} had only this move.", { name })));
  else if (s.best === s.played) lines.push(h("p", {}, t("{name} played the best move the search found.", { name })));
  else {
    lines.push(h("p", {}, t("Best was: {move}.", { move: s.best_label }), " ",
      t("{name}'s move gave away {points} points of winning chance.", { name, points: percent(s.loss) }),
      s.mark ? h("strong", { class: `verdict-mark ${s.mark}` }, " ", t("That is {mark}.", { mark: MARK_WORDS[s.mark]() })) : ""));
    lines.push(h("button", { id: "show-best", class: "secondary", type: "button", "aria-pressed": String(showingBest),
      onclick: () => { showingBest = !showingBest; go(step); } }, showingBest ? t("Show the move played") : t("Show the best move")));
  }
  box.replaceChildren(...lines);
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
  loadAnalysis().catch((error) => showError(error.message));
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

// Replays: step a finished game (or an uploaded record) forward and back, move by move, as a spectator saw it.
import { ApiError, LANGUAGE, api, byId as $, csrfHeaders, glossaryFor, h, listing, nt, num, svg, t, installTips, measureFrom, rendererFor, scoreSheet, seatSwatch, showMarks } from "/static/js/common.js";
import { namedSeats, renderInput } from "/static/js/render_input.js";

/** @typedef {import("../types/api").components["schemas"]} Schemas */
/** @typedef {Schemas["ReplaySummary"]} ReplaySummary */
/** @typedef {Schemas["ReplayFrame"]} ReplayFrame */
/** @typedef {Schemas["AnalysisStatus"]} AnalysisStatus */
/** @typedef {Schemas["Analysis"]} Analysis */
/** @typedef {Schemas["AnalysisStep"]} AnalysisStep */
/** @typedef {"inaccuracy" | "mistake" | "blunder"} MarkKind */

const parts = location.pathname.split("/").filter(Boolean);
const replayId = parts.length > 1 ? decodeURIComponent(parts[1]) : null;
/** The replay shown (set before anything is drawn). @type {ReplaySummary} */
let meta;
let step = 0;
/** @type {number | null} */
let shown = null;  // the step on screen: one step forward animates its move
/** @type {Map<number, Promise<ReplayFrame>>} */
const frames = new Map();
// Issue 19: the analysis once it is done, and whether the board shows the best move found instead of the one played.
/** @type {Analysis | null} */
let analysis = null;
let showingBest = false;

/** @param {string} text */
function showError(text) { $("error").textContent = text; $("error").hidden = !text; }

/** @param {unknown} error */
const message = (error) => (error instanceof Error ? error.message : String(error));

/** @param {number} n @returns {Promise<ReplayFrame>} */
async function frame(n) {
  let loading = frames.get(n);
  if (!loading) {
    loading = /** @type {Promise<ReplayFrame>} */ (api(`/api/replays/${replayId}/steps/${n}`));
    frames.set(n, loading);
  }
  return loading;
}

/** @param {number} n */
async function go(n) {
  const moved = Math.max(0, Math.min(meta.steps, n)) !== step;
  step = Math.max(0, Math.min(meta.steps, n));
  if (moved) showingBest = false;
  const wanted = step;
  const f = showingBest ? /** @type {ReplayFrame} */ (await api(`/api/replays/${replayId}/steps/${step}/best`)) : await frame(step);
  const renderer = await rendererFor(meta.game);
  const glossary = await glossaryFor(meta.game);
  if (wanted !== step) return;  // a later step was asked for while this one loaded
  // The step label changes together with the board, never before it: what it says is on screen.
  $("step-label").textContent = `${step} / ${meta.steps}`;
  $("slider", HTMLInputElement).value = String(step);
  $("status").textContent = showingBest ? t("Instead of move {n}: {move}", { n: step, move: f.move })
    : f.move ? t("Move {n}: {move}", { n: step, move: f.move }) : t("Opening position");
  drawVerdict();
  drawCurveCursor();
  const seats = namedSeats(f.names);
  const input = renderInput({ table: replayId ?? "", version: step, game: meta.game, view: f.view, seats,
    current_player: f.current_player, terminal: f.terminal });
  const marks = renderer.marks ? renderer.marks(f.events.map((event) => ({ ...event, version: step })), input) : [];
  const fresh = shown !== null && step === shown + 1;
  const fromRects = fresh ? measureFrom(marks) : new Map();
  renderer.render($("board"), input, { interactive: false, move: () => {}, glossary });
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

// --- issue 19: the analysis; issue 33: a chart with axes, the move under the pointer, verdicts in plain words ------
/** @type {Record<MarkKind, () => string>} */
const MARK_WORDS = { inaccuracy: () => t("an inaccuracy"), mistake: () => t("a mistake"), blunder: () => t("a blunder") };
/** @type {Record<MarkKind, string>} */
const MARK_SIGNS = { inaccuracy: "?!", mistake: "?", blunder: "??" };
/** A step's mark, as the words and signs above know it. @param {AnalysisStep} s @returns {MarkKind | null} */
const markOf = (s) => (s.mark === "inaccuracy" || s.mark === "mistake" || s.mark === "blunder" ? s.mark : null);
const PERCENT = new Intl.NumberFormat(LANGUAGE === "de" ? "de" : "en", { style: "percent", maximumFractionDigits: 0 });
// A chance as a whole percentage ("43%", "43 %"); a share of a chance lost too small to round to 1% says so.
/** @param {number} value */
const percent = (value) => PERCENT.format(Math.round(value * 100) / 100);
/** @param {number} value */
const lostWords = (value) => (value < 0.005 ? t("less than {percent}", { percent: percent(0.01) }) : t("about {percent}", { percent: percent(value) }));
// Each seat's line has its own dash as well as its colour, so the lines are told apart without colour too.
const DASHES = ["", "7 4", "2 3", "9 3 2 3", "4 4"];
/** @type {number | null} */
let hovered = null;  // the move under the pointer, or null: the chart's caption then tells the move on screen
/** @type {ResizeObserver | null} */
let chartObserver = null;
/** Where the chart on screen puts a move (x) and a chance (y). @type {{ x: (index: number) => number, y: (chance: number) => number } | null} */
let chartScale = null;

async function loadAnalysis() {
  const answer = /** @type {AnalysisStatus} */ (await api(`/api/replays/${replayId}/analysis`));
  drawAnalysis(answer);
}

/** @param {AnalysisStatus} answer */
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
    setTimeout(() => loadAnalysis().catch((error) => showError(message(error))), 1500);
    return;
  }
  analysis = answer.analysis;
  const holder = h("div", { id: "curve-holder", class: "curve-holder" });
  box.replaceChildren(legend(), holder,
    h("div", { id: "curve-caption", class: "curve-caption", "aria-live": "polite" }),
    h("p", { class: "muted curve-legend" }, t("Point at the chart, or tap it, to see a move; the dots mark the moves that gave chances away. The dashed line is an even chance.")),
    summary(analysis));
  drawChart();
  chartObserver?.disconnect();
  let width = holder.clientWidth;
  chartObserver = new ResizeObserver(() => { if (holder.clientWidth !== width) { width = holder.clientWidth; drawChart(); } });
  chartObserver.observe(holder);
  markMoves(analysis);
  drawVerdict();
  drawCurveCursor();
}

async function startAnalysis() {
  try {
    drawAnalysis(/** @type {AnalysisStatus} */ (await api(`/api/replays/${replayId}/analysis`, { method: "POST" })));
  } catch (error) { showError(message(error)); }
}

// Every seat's chance of winning before the first move (even) and after each move.
/** @param {Analysis} judged @param {number} index */
function chancesAfter(judged, index) {
  if (index <= 0) return Array.from({ length: judged.players }, () => 1 / judged.players);
  return judged.steps[index - 1].chances;
}

function legend() {
  return h("ul", { class: "curve-key" }, ...meta.players.map((player, seat) => h("li", {},
    svg("svg", { width: 26, height: 12, viewBox: "0 0 26 12", "aria-hidden": "true" },
      svg("line", { x1: 1, x2: 25, y1: 6, y2: 6, stroke: `var(--seat${seat})`, "stroke-width": 3, "stroke-dasharray": DASHES[seat % DASHES.length] })),
    seatSwatch(seat), player.name)));
}

// Round steps for the move axis: at most one label per 45 px.
/** @param {number} count @param {number} width */
function moveTicks(count, width) {
  const most = Math.max(2, Math.floor(width / 45));
  const step = [1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500].find((size) => count / size <= most) || 1000;
  const ticks = [];
  for (let move = 0; move <= count; move += step) ticks.push(move);
  return ticks;
}

// The chart of each player's estimated chance of winning after every move, drawn at the size it is shown (so its
// words are as large as the page's): labelled axes, gridlines, a dashed line at an even chance, the marked moves as
// dots, the move on screen as a line, and the move under the pointer with its caption. Keyboard: the arrows step the
// replay (as everywhere on the page), Home and End go to the first and last move, Page Up and Down ten moves.
function drawChart() {
  const holder = document.getElementById("curve-holder");
  const judged = analysis;
  if (!holder || !judged) return;
  const width = Math.max(240, Math.round(holder.clientWidth || 300));
  const height = width < 420 ? 200 : 230;
  const left = 44, right = 12, top = 26, bottom = 40;
  const count = judged.steps.length;
  /** @param {number} index */
  const x = (index) => left + (count ? index / count : 0) * (width - left - right);
  /** @param {number} chance */
  const y = (chance) => top + (1 - chance) * (height - top - bottom);
  const players = judged.players;
  const parts = [];
  for (const chance of [0, 0.25, 0.5, 0.75, 1]) {
    parts.push(svg("line", { x1: left, x2: width - right, y1: y(chance), y2: y(chance), class: chance ? "curve-grid" : "curve-axis" }));
    parts.push(svg("text", { x: left - 6, y: y(chance) + 4, class: "curve-tick", "text-anchor": "end" }, percent(chance)));
  }
  for (const move of moveTicks(count, width - left - right)) {
    parts.push(svg("line", { x1: x(move), x2: x(move), y1: top, y2: height - bottom, class: move ? "curve-grid" : "curve-axis" }));
    parts.push(svg("text", { x: x(move), y: height - bottom + 16, class: "curve-tick", "text-anchor": "middle" }, num(move)));
  }
  parts.push(svg("text", { x: left + (width - left - right) / 2, y: height - 4, class: "curve-title", "text-anchor": "middle" }, t("Move")));
  parts.push(svg("text", { x: 4, y: 14, class: "curve-title", "text-anchor": "start" }, t("Chance of winning")));
  parts.push(svg("line", { x1: left, x2: width - right, y1: y(1 / players), y2: y(1 / players), class: "curve-even" }));
  parts.push(svg("line", { id: "curve-cursor", x1: x(step), x2: x(step), y1: top, y2: height - bottom, class: "curve-cursor" }));
  parts.push(svg("line", { id: "curve-hover", x1: 0, x2: 0, y1: top, y2: height - bottom, class: "curve-hover", visibility: "hidden" }));
  for (let seat = 0; seat < players; seat += 1) {
    const points = [];
    for (let index = 0; index <= count; index += 1) points.push(`${x(index)},${y(chancesAfter(judged, index)[seat])}`);
    parts.push(svg("polyline", { points: points.join(" "), fill: "none", stroke: `var(--seat${seat})`, "stroke-width": 2.5,
      "stroke-dasharray": DASHES[seat % DASHES.length], "stroke-linejoin": "round" }));
  }
  judged.steps.forEach((s, i) => {
    if (!s.mark) return;
    parts.push(svg("circle", { cx: x(i + 1), cy: y(s.chances[s.seat]), r: s.mark === "blunder" ? 5.5 : s.mark === "mistake" ? 4.5 : 3.5,
      fill: `var(--seat${s.seat})`, stroke: "var(--card)", "stroke-width": 1.5, class: "curve-mark", "data-step": i + 1 }));
  });
  for (let seat = 0; seat < players; seat += 1) {
    parts.push(svg("circle", { r: 4, class: "curve-hover-dot", "data-seat": seat, fill: `var(--seat${seat})`, stroke: "var(--card)", "stroke-width": 1.5, visibility: "hidden" }));
  }
  const graph = svg("svg", { id: "curve", class: "curve", width, height, viewBox: `0 0 ${width} ${height}`, tabindex: 0,
    role: "slider", "aria-label": t("Each player's chance of winning after every move"), "aria-valuemin": 0, "aria-valuemax": count },
  ...parts);
  // The move nearest the pointer.
  /** @param {MouseEvent} event */
  const under = (event) => {
    const box = graph.getBoundingClientRect();
    const at = ((event.clientX - box.left) / box.width * width - left) / (width - left - right);
    return Math.max(0, Math.min(count, Math.round(at * count)));
  };
  graph.addEventListener("pointermove", (event) => hover(under(event)));
  graph.addEventListener("pointerdown", (event) => hover(under(event)));
  graph.addEventListener("pointerup", (event) => { if (event.pointerType !== "mouse") go(under(event)); });
  graph.addEventListener("pointerleave", () => hover(null));
  graph.addEventListener("pointercancel", () => hover(null));
  graph.addEventListener("click", (event) => { hover(null); go(under(event)); });
  graph.addEventListener("keydown", (event) => {
    /** @type {Record<string, number>} */
    const keys = { Home: -Infinity, End: Infinity, PageUp: -10, PageDown: 10 };
    const moves = keys[event.key];
    if (moves === undefined) return;
    event.preventDefault();
    go(Number.isFinite(moves) ? step + moves : moves < 0 ? 0 : count);
  });
  holder.replaceChildren(graph);
  chartScale = { x, y };
  hover(hovered);
}

// Show the move under the pointer (or, with none, the move on screen) on the chart and in its caption.
/** @param {number | null} index */
function hover(index) {
  hovered = index;
  const graph = document.getElementById("curve");
  if (!graph || !chartScale || !analysis) return;
  const { x, y } = chartScale;
  const line = $("curve-hover", SVGLineElement);
  const shownIndex = index ?? step;
  line.setAttribute("visibility", index === null ? "hidden" : "visible");
  line.setAttribute("x1", String(x(shownIndex)));
  line.setAttribute("x2", String(x(shownIndex)));
  const chances = chancesAfter(analysis, shownIndex);
  for (const dot of graph.querySelectorAll(".curve-hover-dot")) {
    dot.setAttribute("visibility", index === null ? "hidden" : "visible");
    dot.setAttribute("cx", String(x(shownIndex)));
    dot.setAttribute("cy", String(y(chances[Number(dot.getAttribute("data-seat"))])));
  }
  drawCaption(analysis, shownIndex);
}

// The caption under the chart: the move, who made it, its words, the mover's chance before and after, and for a move
// that was not the best, the better one and why.
/** @param {Analysis} judged @param {number} index */
function drawCaption(judged, index) {
  const box = document.getElementById("curve-caption");
  if (!box) return;
  const graph = document.getElementById("curve");
  const s = index > 0 ? judged.steps[index - 1] : null;
  if (!s) {
    const text = t("Before the first move every player's chance of winning is {percent}.", { percent: percent(1 / judged.players) });
    box.replaceChildren(h("p", { class: "curve-caption-move" }, text));
    box.dataset.move = String(index);
    if (index === step) { graph?.setAttribute("aria-valuenow", String(index)); graph?.setAttribute("aria-valuetext", text); }
    return;
  }
  const name = meta.players[s.seat].name;
  const before = chancesAfter(judged, index - 1)[s.seat], after = s.chances[s.seat];
  const mark = markOf(s);
  const move = t("Move {n}: {move}", { n: num(index), move: meta.moves[index - 1] });
  const chance = s.forced || s.best === s.played
    ? t("{name}'s chance of winning: {before} before, {after} after.", { name, before: percent(before), after: percent(after) })
    : t("{name}'s chance of winning: {before} before, {after} after ({best} with the best move).",
      { name, before: percent(before), after: percent(after), best: percent(s.value_best ?? 0) });
  const lines = [h("p", { class: "curve-caption-move" }, h("strong", {}, move)),
    h("p", {}, seatSwatch(s.seat), " ", chance, mark ? h("strong", { class: `verdict-mark ${mark}` }, " ", t("That is {mark}.", { mark: MARK_WORDS[mark]() })) : "")];
  if (!s.forced && s.best !== s.played) lines.push(h("p", { class: "muted" }, t("Best was: {move}.", { move: s.best_label }), " ", whyWords(s) ?? ""));
  box.replaceChildren(...lines);
  box.dataset.move = String(index);
  // The chart is a slider over the moves: what it says to a screen reader is the move on screen, not the pointer's.
  if (index === step) { graph?.setAttribute("aria-valuenow", String(index)); graph?.setAttribute("aria-valuetext", `${move} ${chance}`); }
}

// Why the best move was better, in the game's words; without a reason the board shows, the search's own (an analysis
// stored before there were reasons has none: null).
/** @param {AnalysisStep} s */
function whyWords(s) {
  if (s.why === null) return null;
  return s.why || t("What it gains shows only later in the game: in the computer's trial games it won more often.");
}

function drawCurveCursor() {
  const graph = document.getElementById("curve");
  if (!graph || !chartScale || !analysis) return;
  const cursor = $("curve-cursor", SVGLineElement);
  cursor.setAttribute("x1", String(chartScale.x(step)));
  cursor.setAttribute("x2", String(chartScale.x(step)));
  if (hovered === null) drawCaption(analysis, step);
  else graph.setAttribute("aria-valuenow", String(step));
}

// Per player: how much winning chance their decisions gave away on average, and how many moves were marked.
/** @param {Analysis} judged */
function summary(judged) {
  return h("ul", { class: "analysis-summary" }, ...judged.seats.map((entry) => {
    const marks = [
      entry.marks.blunder ? nt("{n} blunder", "{n} blunders", entry.marks.blunder, { n: num(entry.marks.blunder) }) : null,
      entry.marks.mistake ? nt("{n} mistake", "{n} mistakes", entry.marks.mistake, { n: num(entry.marks.mistake) }) : null,
      entry.marks.inaccuracy ? nt("{n} inaccuracy", "{n} inaccuracies", entry.marks.inaccuracy, { n: num(entry.marks.inaccuracy) }) : null,
    ].filter((words) => words !== null);
    const average = entry.decisions ? entry.total_loss / entry.decisions : 0;
    return h("li", { "data-seat": entry.seat }, seatSwatch(entry.seat), h("strong", {}, meta.players[entry.seat].name), " ",
      t("lost {share} of the chance of winning a move, on average.", { share: lostWords(average) }), " ",
      marks.length ? `${listing(marks)}.` : t("No marked moves."));
  }));
}

/** @param {Analysis} judged */
function markMoves(judged) {
  [...$("log").children].forEach((li, index) => {
    const s = judged.steps[index];
    const mark = s ? markOf(s) : null;
    li.querySelector(".move-mark")?.remove();
    if (mark) li.append(h("span", { class: `move-mark ${mark}`, title: MARK_WORDS[mark](), "aria-label": MARK_WORDS[mark]() }, ` ${MARK_SIGNS[mark]}`));
  });
}

// Under the board: what the analysis says of the move that led here in plain words (the chance it lost, before and
// after), why the best move found was better, and its position on request.
function drawVerdict() {
  const box = $("verdict");
  const s = analysis && step > 0 ? analysis.steps[step - 1] : null;
  if (!s) { box.hidden = true; return; }
  box.hidden = false;
  const name = meta.players[s.seat].name;
  const mark = markOf(s);
  const lines = [];
  if (s.forced) lines.push(h("p", {}, t("{name} had only this move.", { name })));
  else if (s.best === s.played) lines.push(h("p", {}, t("{name} played the best move the search found.", { name })));
  else {
    lines.push(h("p", {}, t("Best was: {move}.", { move: s.best_label }), " ",
      t("This move lost {share} of {name}'s chance of winning: {after} instead of {best}.",
        { name, share: lostWords(s.loss), after: percent(s.value_played ?? 0), best: percent(s.value_best ?? 0) }),
      mark ? h("strong", { class: `verdict-mark ${mark}` }, " ", t("That is {mark}.", { mark: MARK_WORDS[mark]() })) : ""));
    const why = whyWords(s);
    if (why) lines.push(h("p", { class: "verdict-why", id: "verdict-why" }, h("strong", {}, t("Why:")), " ", why));
    lines.push(h("button", { id: "show-best", class: "secondary", type: "button", "aria-pressed": String(showingBest),
      onclick: () => { showingBest = !showingBest; go(step); } }, showingBest ? t("Show the move played") : t("Show the best move")));
  }
  box.replaceChildren(...lines);
}

async function start() {
  if (!replayId) {
    $("upload").hidden = false;
    $("record-file").addEventListener("change", async () => {
      const file = $("record-file", HTMLInputElement).files?.[0];
      if (!file) return;
      try {
        const text = await file.text();
        const response = await fetch("/api/replays", { method: "POST", headers: { ...(await csrfHeaders()), "Content-Type": "application/json" }, body: text });
        const data = await response.json();
        if (!response.ok) throw new Error(data.detail || data.title);
        location.href = data.url;
      } catch (error) { showError(message(error)); }
    });
    return;
  }
  meta = /** @type {ReplaySummary} */ (await api(`/api/replays/${replayId}`));
  $("viewer").hidden = false;
  $("title").textContent = t("Replay: {title}", { title: meta.title });
  $("slider", HTMLInputElement).max = String(meta.steps);
  $("download", HTMLAnchorElement).href = meta.record;
  $("download").setAttribute("download", `guildtable-${replayId}.json`);
  $("log").replaceChildren(...meta.moves.map((move, index) => h("li", { onclick: () => go(index + 1) }, move)));
  $("first").onclick = () => go(0);
  $("back").onclick = () => go(step - 1);
  $("forward").onclick = () => go(step + 1);
  $("last").onclick = () => go(meta.steps);
  $("slider").oninput = () => go(Number($("slider", HTMLInputElement).value));
  loadAnalysis().catch((error) => showError(message(error)));
  document.addEventListener("keydown", (event) => {
    if (event.key === "ArrowLeft") go(step - 1);
    if (event.key === "ArrowRight") go(step + 1);
  });
  await go(0);
}

installTips();
start().catch((error) => {
  if (error instanceof ApiError && error.problem.problem === "game-not-finished" && replayId) {
    // Bug 7: an unfinished game has no replay yet; lead back to where it is being played.
    $("error").hidden = false;
    $("error").replaceChildren(t("This game is still being played: its replay opens once it is over."), " ",
      h("a", { href: `/table/${encodeURIComponent(replayId)}`, id: "back-to-table" }, t("Back to the table")));
    return;
  }
  showError(message(error));
});

// Issue 34: the table page in tutorial mode. The script (GET /api/games/{name}/tutorial, in the reader's language) says
// what each step wants; the table is a real one on the engine, whose other seat the script plays. The page shows one
// step at a time in a panel the screen reader announces, frames the pieces the step names (the renderer's own
// `data-site`, `data-tile`, `data-street`, `data-card`, `data-reward` ids) with the legal-move highlight and dims the
// rest, explains a wrong choice instead of sending it, and keeps its place across reloads: a move step is done once the
// table's version is past it, an explanation once "Next" was chosen (kept with the table in this browser).
import { api, byId as $, h, htmlOrSvg, myTables, rememberTable, t } from "/static/js/common.js";

/** @typedef {import("../types/api").components["schemas"]} Schemas */
/** @typedef {Schemas["TutorialJson"]} Tutorial */
/** @typedef {Schemas["TutorialStepJson"]} Step */
/** What the tutorial reads of the table: its version, the legal moves' labels, its seats and whether the game is over.
 * @typedef {{ version: number, legal: Schemas["TableState"]["legal"], seats: Schemas["TableState"]["seats"], terminal?: boolean }} Payload */

// The attributes a renderer names its pieces and places with; a step's highlight is one of their values. A piece with
// several is named by the first listed here. `data-notation`: a choice's button under the status (invest, double...).
const PIECE_ATTRIBUTES = [
  "data-site", "data-tile", "data-street", "data-piece", "data-lot", "data-label", "data-track", "data-card",
  "data-reward", "data-notation",
];

/** @type {Tutorial | null} */
let lesson = null;
let tableId = "";
/** @type {number | null} */
let announced = null;
// The step whose pieces are framed now: a renderer redraws the board by itself too (a hand tile chosen), and the frame
// goes on the new board at once.
/** @type {Step | null} */
let framed = null;
/** @type {MutationObserver | null} */
let redrawn = null;

/** The tutorial this browser started at table `id`, loaded; false when the table is not one. @param {string} id */
export async function loadTutorial(id) {
  tableId = id;
  const game = myTables()[id]?.tutorial;
  if (!game) return false;
  lesson = /** @type {Tutorial} */ (await api(`/api/games/${encodeURIComponent(game)}/tutorial`));
  document.body.dataset.tutorial = "on";
  return true;
}

export function inTutorial() { return lesson !== null; }

function lastRead() { return Number(myTables()[tableId]?.tutorialRead ?? -1); }

/** The step to show at `version`, or null once every step is done. @param {number} version @returns {Step | null} */
function currentStep(version) {
  if (!lesson) return null;
  for (const step of lesson.steps) {
    const done = step.kind === "move" ? version > step.at : version > step.at || step.index <= lastRead();
    if (!done) return step;
  }
  return null;
}

/** @param {unknown} a @param {unknown} b */
const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Whether `action` is the move the lesson wants now; if not, the panel says why (and nothing is sent).
 * @param {Payload} p @param {Record<string, unknown>} action
 */
export function lessonAllows(p, action) {
  const step = currentStep(p.version);
  if (!lesson || !step) return true;
  const wrong = $("tutorial-wrong");
  if (step.kind !== "move" || step.at !== p.version) {
    wrong.textContent = t("Read this step first, then choose Next.");
  } else if (same(step.action, action)) {
    wrong.hidden = true;
    return true;
  } else {
    /** @param {unknown} wanted */
    const label = (wanted) => p.legal.find((entry) => same(entry.action, wanted))?.label ?? "";
    wrong.textContent = [t("You chose: {move}.", { move: label(action) }), step.wrong,
      t("This lesson wants: {move}.", { move: label(step.action) })].filter(Boolean).join(" ");
  }
  wrong.hidden = false;
  return false;
}

/**
 * The panel for the table as `p` shows it, and the board's highlight; `redraw` draws the page again (after "Next").
 * @param {Payload} p @param {() => void} redraw
 */
export function drawTutorial(p, redraw) {
  if (!lesson) return;
  $("tutorial").hidden = false;
  $("tutorial-count").hidden = false;
  const step = currentStep(p.version);
  const total = lesson.steps.length;
  const text = $("tutorial-text");
  const actions = $("tutorial-actions");
  // For tests and assistive tools: the step shown ("waiting" while the script's replies are still to come).
  Object.assign(document.body.dataset, { tutorialStep: step ? (step.at > p.version ? "waiting" : String(step.index)) : "done" });
  if (step === null) {
    $("tutorial-count").textContent = t("Tutorial complete");
    if (announced !== total) {
      // A lesson may stop before the game's end (a long game): the table goes on for whoever wants to finish it.
      text.textContent = p.terminal
        ? t("Well done: you have played a whole game and met the rules almost every game meets.")
        : t("Well done: you have met the rules almost every game meets. This game goes on against the bot if you want to finish it.");
      $("tutorial-wrong").hidden = true;
      announced = total;
    }
    const opponent = encodeURIComponent(lesson.opponent);
    actions.replaceChildren(
      h("a", { class: "button", id: "tutorial-play", href: `/?game=${encodeURIComponent(lesson.game)}&opponent=${opponent}#new-table` }, t("Play your first real game")),
      h("details", { class: "tutorial-more" }, h("summary", {}, t("Rules this game did not show")),
        h("ul", {}, lesson.unreached.map((item) => h("li", {}, item.text, " ", h("a", { href: item.href }, t("Read the rules")))))));
    $("choices").hidden = false;
    highlight(null);
    return;
  }
  $("tutorial-count").textContent = t("Step {n} of {total}", { n: step.index + 1, total });
  // The text changes only when the step does, so a screen reader announces each step once.
  const waiting = step.at > p.version;
  const others = p.seats.length > 2 ? t("The other players are moving…") : t("The other player is moving…");
  const shown = waiting ? others : step.text;
  if (text.textContent !== shown) text.textContent = shown;
  const fresh = !waiting && announced !== step.index;
  if (fresh) { announced = step.index; $("tutorial-wrong").hidden = true; }
  // The board's own hint ("click a tile, then a site") is for moves, not for reading.
  $("choices").hidden = waiting || step.kind === "explain";
  if (step.kind === "explain" && !waiting) {
    actions.replaceChildren(h("button", { type: "button", id: "tutorial-next", onclick: () => next(step, redraw) }, t("Next")));
  } else {
    actions.replaceChildren();
  }
  highlight(waiting ? null : step);
  if (fresh) setTimeout(reveal, 50);  // after the table has put focus where play goes on
}

/** A new step's first framed piece, scrolled into view when the page's sticky parts (the status bar, a docked hand)
 * or the page's edge hide it: on a phone the docked hand covers the lower rows of a city. */
function reveal() {
  const piece = $("board").querySelector(".tut-focus");
  if (!piece) return;
  const box = piece.getBoundingClientRect();
  const x = Math.min(Math.max(box.left + box.width / 2, 0), innerWidth - 1), y = box.top + box.height / 2;
  const seen = y >= 0 && y < innerHeight && piece.contains(document.elementFromPoint(x, y));
  if (!seen) piece.scrollIntoView({ block: piece.closest(".hand-dock") ? "nearest" : "start", inline: "nearest" });
}

/** @param {Step} step @param {() => void} redraw */
function next(step, redraw) {
  rememberTable(tableId, { tutorialRead: step.index });
  redraw();
  // The keyboard goes on where the lesson does: the next "Next", or the first piece the next move uses.
  const button = document.getElementById("tutorial-next");
  const piece = document.querySelector("#board .tut-focus[tabindex]");
  const target = button ?? piece;
  if (target && htmlOrSvg(target)) target.focus({ preventScroll: true });
}

/** Frame the step's pieces and dim the board's other pieces (null: no highlight). @param {Step | null} step */
function highlight(step) {
  const board = $("board");
  framed = step;
  if (!redrawn) {
    redrawn = new MutationObserver(() => highlight(framed));
    redrawn.observe(board, { childList: true });
  }
  const wanted = new Set(step?.highlight ?? []);
  // The board's pieces, and the choices a move asks for outside it (a game's buttons under the status).
  const places = [board, $("choices")];
  for (const place of places) place.classList.toggle("tutorial-board", step !== null);
  for (const frame of board.querySelectorAll(".tut-frame")) frame.remove();
  const selector = PIECE_ATTRIBUTES.map((name) => `[${name}]`).join(",");
  for (const piece of places.flatMap((place) => [...place.querySelectorAll(selector)])) {
    const key = PIECE_ATTRIBUTES.map((name) => piece.getAttribute(name)).find((value) => value !== null) ?? "";
    const on = wanted.has(key);
    piece.classList.toggle("tut-focus", on);
    piece.classList.toggle("tut-dim", step !== null && !on);
    if (on && piece instanceof SVGGraphicsElement) {
      const box = piece.getBBox();
      const frame = document.createElementNS("http://www.w3.org/2000/svg", "rect");
      for (const [name, value] of Object.entries({ class: "tut-frame", x: box.x - 2, y: box.y - 2, width: box.width + 4, height: box.height + 4, rx: 8 })) {
        frame.setAttribute(name, String(value));
      }
      piece.append(frame);
    }
  }
}

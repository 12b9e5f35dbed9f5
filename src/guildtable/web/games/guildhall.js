// Guildhall: Job Faire as a table of real cards: the prestige row with the three piles, the cards an ability is
// handling now, your hand, and every player's guildhall (the cards played this turn, chapters as fanned stacks of
// mini-cards, completed chapters face down, bought prestige cards, VP). A profession card shows its profession's icon,
// its colour as a band AND by name (never by colour alone), and what the profession does. Card colours are the
// stylesheet's --gh-<colour> properties (light and dark theme). Cards, chapters, players and prestige cards that answer
// the open question are buttons with class `legal` named by what they do; every other answer is a choice button.
// Issue 34: every piece a tutorial step may frame carries `data-piece`, its name there: `hand red Scholar`, `P1 red
// Scholar` (in P1's guildhall), `P1 Scholar` (the chapter), `P1 VP`, `P1 completed`, `row 1`, `discard red Scholar`
// (the searched pile), `P2 hand red Scholar` (a robbed hand); a piece inside another never has one.
import { Clicks, htmlOrSvg, h, infoAttrs, nt, pt, seatColour, seatSwatch, t } from "/static/js/common.js";
import { iconSvg } from "/static/js/icons.js";

/** @typedef {import("../types/api").components["schemas"]} Schemas */
/** @typedef {Schemas["GuildhallView"]} GuildhallView */
/** @typedef {Schemas["PlayerView"]} PlayerView */
/** @typedef {Schemas["PrestigeView"]} PrestigeView */
/** @typedef {import("/static/js/render_input.js").RenderInput} RenderInput */
/** @typedef {import("/static/js/render_input.js").RenderUi} RenderUi */
/** @typedef {import("/static/js/render_input.js").Glossary} Glossary */
/** @typedef {import("/static/js/render_input.js").GameEvent} GameEvent */
/** @typedef {import("/static/js/render_input.js").Mark} Mark */
/** A piece's answer to the open question: its click and what it does. @typedef {{ onclick: (() => void) | undefined, label: string }} Answer */
/** What a panel needs: the input, its Guildhall view, the clicks, the glossary and the players' names.
 * @typedef {{ payload: RenderInput, view: GuildhallView, clicks: Clicks, glossary: Glossary, names: string[] }} Context */

export const ownsMoves = true;

// The colours the stylesheet has a card colour for (--gh-<colour>): a class name is built from these only.
const STYLED_COLOURS = ["red", "blue", "yellow", "green", "purple"];

// Where the cards named by each question lie.
const FROM_HAND = new Set(["action", "setup_discard", "setup_place", "play_card", "discard_draw", "bricklayer_put_back", "peddler_give", "lay_out"]);
const FROM_OWN_HALL = new Set(["hunter_give", "tax_give", "swap_give"]);
const OWN_CHAPTERS = new Set(["hunter_chapter"]);
const FROM_TARGET_HALL = new Set(["peddler_take", "swap_take", "take_card"]);
const TARGET_CHAPTERS = new Set(["peddler_take", "take_chapter"]);
const FROM_TRANSIT = new Set(["place_order", "discard_top"]);
const PICK_SEAT = new Set(["target", "tax_target"]);
// What the cards an ability holds are, by question.
// (Built when drawn, so that they are in the reader's language.)
/** @type {Record<string, () => string>} */
const TRANSIT_TITLES = {
  place_order: () => t("Cards to place: choose the next one"),
  discard_top: () => t("Cards going to the discard pile: choose the one on top"),
  hunter_give: () => t("Given up so far"), peddler_take: () => t("Taken so far"), peddler_give: () => t("Taken so far"),
};

/** @param {string} text */
const capital = (text) => (text ? text[0].toUpperCase() + text.slice(1) : text);
// The words a player reads for a card's colour and profession (the view names cards in English: "red Scholar").
/** @param {string} colour */
const colourWord = (colour) => pt("card colour", colour);
/** @param {string} profession */
const professionWord = (profession) => t(profession);
/** @param {string} card */
const cardWord = (card) => {
  const { colour, profession } = splitCard(card);
  return t("{colour} {profession}", { colour: colourWord(colour), profession: professionWord(profession) });
};
/** @param {number} count */
const cardCount = (count) => nt("{n} card", "{n} cards", count);
// "red Tax Collector" → {colour: "red", profession: "Tax Collector"}
/** @param {string} card */
function splitCard(card) {
  const [colour, ...rest] = String(card).split(" ");
  return { colour, profession: rest.join(" ") };
}
/** @param {string} profession */
const glossaryKey = (profession) => profession.toLowerCase().replace(/ /g, "_");
/** @param {string} profession */
const iconName = (profession) => profession.toLowerCase().replace(/ /g, "-");
// The class that gives a card its colour (a known colour only: a class name is never built from anything else).
/** @param {string} colour */
const colourClass = (colour) => (STYLED_COLOURS.includes(colour) ? `gh-c-${colour}` : "gh-c-none");

// The open question's context (`GuildhallDecision` in games/guildhall/view.py): the schema names only the kernel's keys
// of a view's `decision`, so what Guildhall adds is read here, checked.
/** @param {GuildhallView} view @returns {Record<string, unknown>} */
const decisionContext = (view) => view.decision ?? {};
/** The seat a targeted question is about, or null. @param {GuildhallView} view */
function decisionTarget(view) {
  const target = decisionContext(view).target;
  return typeof target === "number" ? target : null;
}
/** The cards an unfinished ability holds (revealed, given, taken). @param {GuildhallView} view @returns {string[]} */
function decisionCards(view) {
  const cards = decisionContext(view).cards;
  return Array.isArray(cards) ? cards.map(String) : [];
}

// An answer for a piece: its click and its label (what it does, in the rules' own words), or null.
/** @param {Clicks} clicks @param {Record<string, unknown>} fields @returns {Answer | null} */
function answerFor(clicks, fields) {
  const entry = clicks.find(fields);
  if (!entry) return null;
  return { onclick: clicks.on(fields), label: entry.label || entry.notation };
}

// --- cards -------------------------------------------------------------------------------------------------------
// The colour band across the top of a card: the colour, and its name written on it.
/** @param {string} colour */
function band(colour) {
  return h("span", { class: "gh-band" }, capital(colourWord(colour)));
}

// What a legal piece does, said first to a screen reader (the piece's visible words follow, so its name holds them).
/** @param {Answer | null} answer */
function doing(answer) {
  return answer ? h("span", { class: "visually-hidden" }, `${answer.label}: `) : null;
}

// A whole profession card: band, icon, profession, what it does; `level` (optional) is how many cards of its
// profession this player's guildhall holds (the level a play would reach), marked in the tooltip and on the card.
/**
 * @param {string} card
 * @param {{ glossary: Glossary, answer?: Answer | null, level?: number | null, piece?: string }} options
 */
function professionCard(card, { glossary, answer = null, level = null, piece: name = "" }) {
  const { colour, profession } = splitCard(card);
  const piece = glossary[glossaryKey(profession)];
  return h("button", {
    type: "button", class: `card-face gh-card ${colourClass(colour)}${answer ? " legal" : ""}`,
    "data-card": card, "data-colour": colour, "data-profession": profession, "data-piece": name || null,
    "aria-disabled": answer ? null : "true", onclick: answer?.onclick, ...infoAttrs(piece, { usable: level }),
  },
  doing(answer),
  band(colour),
  h("span", { class: "gh-art" }, iconSvg(iconName(profession), { size: 26 })),
  h("span", { class: "big" }, professionWord(profession)),
  piece ? h("span", { class: "text" }, piece.text) : null,
  level !== null ? h("span", { class: "gh-level" }, level ? t("{n} in your guildhall", { n: level }) : t("None in your guildhall")) : null);
}

// A mini-card: band and icon, and (`named`, where no chapter heading names it) its profession. A button when it
// answers the question.
/** @param {string} card @param {Answer | null} [answer] @param {{ named?: boolean, piece?: string }} [options] */
function miniCard(card, answer = null, { named = false, piece = "" } = {}) {
  const { colour, profession } = splitCard(card);
  const name = h("span", { class: named ? "gh-mini-name" : "visually-hidden" }, professionWord(profession));
  const art = h("span", { class: "gh-mini-art" }, iconSvg(iconName(profession), { size: 18 }), named ? name : null);
  const body = [band(colour), art, named ? null : name];
  const attrs = { class: `gh-mini ${colourClass(colour)}${named ? " named" : ""}${answer ? " legal" : ""}`,
    "data-card": card, "data-colour": colour, "data-profession": profession, "data-piece": piece || null };
  if (!answer) return h("div", attrs, ...body);
  return h("button", { ...attrs, type: "button", onclick: answer.onclick }, doing(answer), ...body);
}

// A face-down card: the draw deck, the prestige deck, a completed chapter.
/** @param {string} label @param {string} iconKey */
function cardBack(label, iconKey) {
  return h("span", { class: "gh-back", "aria-hidden": "true" }, iconSvg(iconKey, { size: 22 }),
    label ? h("span", { class: "gh-back-label" }, label) : null);
}

// A prestige card of the row: VP, name, what it does, its cost in completed chapters.
/** @param {PrestigeView} card @param {number} index @param {{ glossary: Glossary, answer: Answer | null }} options */
function prestigeCard(card, index, { glossary, answer }) {
  const cost = nt("Costs {n} completed chapter", "Costs {n} completed chapters", card.cost);
  return h("button", {
    type: "button", class: `card-face gh-prestige${answer ? " legal" : ""}`, "data-row": index, "data-prestige": card.type_id, "data-piece": `row ${index + 1}`,
    "aria-disabled": answer ? null : "true", onclick: answer?.onclick, ...infoAttrs(glossary[card.type_id]),
  },
  doing(answer),
  h("span", { class: "gh-prestige-top" }, iconSvg("prestige", { size: 20 }), h("span", { class: "gh-vp-big" }, t("{vp} VP", { vp: card.vp }))),
  h("span", { class: "big" }, card.name || t("Prestige card")),
  card.text ? h("span", { class: "text" }, card.text) : null,
  h("span", { class: "gh-cost" }, Array.from({ length: card.cost }, () => iconSvg("chapter", { size: 16 })), h("span", { class: "gh-cost-words" }, cost)));
}

// --- the middle of the table ------------------------------------------------------------------------------------
/** @param {string} zone @param {string} title @param {number} count @param {Element} face */
function pile(zone, title, count, face) {
  return h("div", { class: "gh-pile", "data-zone": zone, "data-piece": zone.replace("-", " ") }, face, h("span", { class: "gh-pile-label" }, title, h("strong", {}, ` ${count}`)));
}

/** @param {GuildhallView} view @param {Clicks} clicks @param {Glossary} glossary */
function rowPanel(view, clicks, glossary) {
  const buying = view.decision?.kind === "buy";
  const top = view.discard_top;
  return h("div", { class: "card panel gh-middle", "data-panel": "row", "data-board": "cards" },
    h("h3", {}, t("Prestige cards"), h("span", { class: "muted" }, " · ", t("reach {vp} VP to win", { vp: view.win_vp }))),
    h("div", { class: "cards gh-row" }, view.row.map((card, index) =>
      prestigeCard(card, index, { glossary, answer: buying ? answerFor(clicks, { type: "row", index }) : null }))),
    h("div", { class: "gh-piles" },
      pile("deck", t("Draw deck"), view.deck_size, cardBack("", "card")),
      pile("discard", t("Discard pile"), view.discard_size, top ? miniCard(top, null, { named: true }) : h("span", { class: "gh-empty" }, t("empty"))),
      pile("prestige-deck", t("Prestige deck"), view.prestige_deck_size, cardBack("", "prestige"))),
    view.deck_top_known?.length
      ? h("div", { class: "muted gh-known" }, t("You know the top of the draw deck: {cards} (top first).",
        { cards: view.deck_top_known.map(cardWord).join(t(", ")) })) : null);
}

// Cards an ability or a selection holds now: the cards waiting to be placed or discarded, chosen to discard, a robbed
// player's hand, the searched discard pile. Each answers the question when the rules allow.
/** @param {GuildhallView} view @param {Clicks} clicks @param {Glossary} glossary @param {string[]} names */
function handlingPanel(view, clicks, glossary, names) {
  const kind = view.decision?.kind ?? "";
  /** @type {HTMLElement[]} */
  const groups = [];
  /** @param {boolean} on @returns {(card: string) => Answer | null} */
  const answer = (on) => (card) => (on ? answerFor(clicks, { type: "card", card }) : null);
  /** @param {string} id @param {string} title @param {string[]} cards @param {boolean} on @param {string} prefix */
  const zone = (id, title, cards, on, prefix) => groups.push(h("div", { class: "gh-zone", "data-zone": id },
    h("h4", {}, title), h("div", { class: "cards" }, cards.map((card) => professionCard(card, { glossary, answer: answer(on)(card), piece: `${prefix} ${card}` })))));
  const transit = decisionCards(view);
  if (transit.length) {
    zone("transit", TRANSIT_TITLES[kind] ? TRANSIT_TITLES[kind]() : t("Cards in play"), transit, FROM_TRANSIT.has(kind), "transit");
  }
  if (view.selected?.length) zone("selected", t("Chosen to discard"), view.selected, false, "selected");
  if (Array.isArray(view.target_hand)) {
    const target = decisionTarget(view);
    zone("target-hand", target !== null && names[target] ? t("{name}'s hand: take a card", { name: names[target] }) : t("Their hand: take a card"),
      view.target_hand, kind === "robber_pick", target === null ? "hand" : `P${target + 1} hand`);
  }
  if (Array.isArray(view.discard_pile)) {
    groups.push(h("div", { class: "gh-zone", "data-zone": "discard-search" },
      h("h4", {}, nt("The discard pile: {n} card, by profession", "The discard pile: {n} cards, by profession", view.discard_pile.length)),
      pileByProfession(view.discard_pile, view.colours, glossary, answer(kind === "hunter_take"), "discard")));
  }
  return groups.length ? h("div", { class: "card panel gh-handling", "data-panel": "handling" }, ...groups) : null;
}

// A pile of many cards laid out like chapters: a column per profession, its cards fanned in colour order.
/**
 * @param {string[]} cards @param {string[]} colours @param {Glossary} glossary @param {(card: string) => Answer | null} answer
 * @param {string} prefix the pieces' names: `${prefix} ${card}`
 */
function pileByProfession(cards, colours, glossary, answer, prefix) {
  /** @param {string} card */
  const order = (card) => colours.indexOf(splitCard(card).colour);
  /** @type {Map<string, string[]>} */
  const byProfession = new Map();
  for (const card of cards) {
    const { profession } = splitCard(card);
    byProfession.set(profession, [...(byProfession.get(profession) || []), card]);
  }
  return h("div", { class: "gh-hall" }, [...byProfession].map(([profession, group]) => {
    const sorted = [...group].sort((a, b) => order(a) - order(b));
    const colours = sorted.map((card) => colourWord(splitCard(card).colour)).join(t(", "));
    return h("div", { class: "gh-chapter", "data-chapter": profession, role: "group",
      "aria-label": t("{profession}: {colours}", { profession: professionWord(profession), colours }) },
      h("div", { class: "gh-chapter-head", ...infoAttrs(glossary[glossaryKey(profession)]) }, iconSvg(iconName(profession), { size: 18 }),
        h("span", { class: "gh-chapter-name" }, professionWord(profession)), h("span", { class: "gh-count" }, cardCount(sorted.length))),
      h("div", { class: "gh-stack" }, sorted.map((card) => miniCard(card, answer(card), { piece: `${prefix} ${card}` }))));
  }));
}

// Your hand; it stays in view at the bottom of the screen while its cards answer the question.
/**
 * @param {GuildhallView} view @param {string[]} hand @param {Clicks} clicks @param {Glossary} glossary
 * @param {PlayerView | undefined} mine @param {boolean} interactive
 */
function handPanel(view, hand, clicks, glossary, mine, interactive) {
  const kind = view.decision?.kind ?? "";
  /** @param {string} profession */
  const level = (profession) => (mine?.guildhall[profession] ?? []).length;
  const docked = interactive && FROM_HAND.has(kind);
  return h("div", { class: `card panel${docked ? " hand-dock" : ""}`, "data-panel": "hand", role: "region", "aria-label": t("Your hand"), tabindex: "-1" },
    h("h3", {}, t("Your hand"), h("span", { class: "muted" }, ` · ${cardCount(hand.length)}`)),
    h("div", { class: "cards gh-hand" }, hand.map((card) => professionCard(card, {
      glossary, level: level(splitCard(card).profession), answer: FROM_HAND.has(kind) ? answerFor(clicks, { type: "card", card }) : null, piece: `hand ${card}`,
    }))));
}

// --- a player's guildhall ----------------------------------------------------------------------------------------
// One chapter: its profession and count on top, its cards fanned below (each shows its band), every colour it
// still lacks in the tooltip.
/**
 * @param {string} profession @param {string[]} colours its cards' colours
 * @param {{ glossary: Glossary, all: string[], cardAnswer: (card: string) => Answer | null, chapterAnswer: Answer | null, code: string }} options
 *   `all`: every card colour (a chapter with one of each is complete); `code`: its owner's seat code (P1)
 */
function chapterColumn(profession, colours, { glossary, all, cardAnswer, chapterAnswer, code }) {
  const n = colours.length;
  const piece = glossary[glossaryKey(profession)];
  const missing = all.filter((colour) => !colours.includes(colour));
  const label = [iconSvg(iconName(profession), { size: 18 }), h("span", { class: "gh-chapter-name" }, professionWord(profession)),
    h("span", { class: "gh-count" }, t("{n} of {total}", { n, total: all.length }))];
  const head = chapterAnswer
    ? h("button", { type: "button", class: "gh-chapter-head legal", "data-piece": `${code} ${profession}`, onclick: chapterAnswer.onclick }, doing(chapterAnswer), ...label)
    : h("div", { class: "gh-chapter-head", "data-piece": `${code} ${profession}`, ...infoAttrs(piece, { usable: n, extra: missing.length ? [t("Still missing: {colours}", { colours: missing.map(colourWord).join(t(", ")) })] : [] }) },
      ...label);
  return h("div", { class: "gh-chapter", "data-chapter": profession, role: "group",
    "aria-label": t("{profession} chapter, {n} of {total} colours: {colours}",
      { profession: professionWord(profession), n, total: all.length, colours: colours.map(colourWord).join(t(", ")) }) },
  head, h("div", { class: "gh-stack" }, colours.map((colour) => miniCard(`${colour} ${profession}`, cardAnswer(`${colour} ${profession}`), { piece: `${code} ${colour} ${profession}` }))));
}

// The active player's badge: their turn, and how many actions follow the one under way.
/** @param {number} more */
function onTurnText(more) {
  return more ? nt("On turn · {n} more action after this one", "On turn · {n} more actions after this one", more) : t("On turn · last action");
}

/**
 * @param {number} seat @param {PlayerView} player
 * @param {{ name: string, isMe: boolean, onTurn: boolean, view: GuildhallView, target: Answer | null }} options
 */
function playerHead(seat, player, { name, isMe, onTurn, view, target }) {
  return h("div", { class: "gh-player-head" },
    seatSwatch(seat, 18),
    h("h3", {}, name, isMe ? h("span", { class: "muted" }, " ", t("(you)")) : null),
    onTurn ? h("span", { class: "gh-badge gh-on-turn" }, onTurnText(view.actions_left)) : null,
    h("span", { class: "gh-badge", "data-vp": "", "data-piece": `P${seat + 1} VP` }, iconSvg("vp", { size: 16 }), t("{vp} VP", { vp: player.vp })),
    h("span", { class: "gh-badge", "data-zone": "hand" }, iconSvg("card", { size: 16 }), nt("{n} card in hand", "{n} cards in hand", player.hand_size)),
    target ? h("button", { type: "button", class: "legal gh-target", "data-piece": `target P${seat + 1}`, onclick: target.onclick }, target.label) : null);
}

/** @param {number} seat @param {PlayerView} player @param {Context} ctx */
function playerPanel(seat, player, ctx) {
  const { payload, view, clicks, glossary, names } = ctx;
  const kind = view.decision?.kind ?? "";
  const isMe = seat === payload.seat;
  const isTarget = decisionTarget(view) === seat;
  const cardClicks = (isMe && FROM_OWN_HALL.has(kind)) || (!isMe && isTarget && FROM_TARGET_HALL.has(kind));
  const chapterClicks = (isMe && OWN_CHAPTERS.has(kind)) || (!isMe && isTarget && TARGET_CHAPTERS.has(kind));
  const chapters = Object.entries(player.guildhall);
  const area = player.action_area;
  const completed = player.completed_chapters;
  const knownCompleted = isMe ? view.completed_professions ?? [] : [];
  const name = names[seat] || player.name;
  const onTurn = view.active === seat && !payload.terminal && view.phase === "play";
  return h("section", { class: "card panel gh-player", "data-player": seat, style: `--seat: ${seatColour(seat)}`, "aria-label": t("{name}'s guildhall", { name }) },
    playerHead(seat, player, { name, isMe, onTurn, view, target: PICK_SEAT.has(kind) ? answerFor(clicks, { type: "target", seat }) : null }),
    area.length ? h("div", { class: "gh-area", "data-zone": "area" }, h("span", { class: "gh-zone-label" }, t("Played this turn")),
      h("div", { class: "gh-minis" }, area.map((card) => miniCard(card, null, { named: true, piece: `P${seat + 1} played ${card}` })))) : null,
    h("div", { class: "gh-hall" },
      chapters.length === 0 ? h("div", { class: "muted gh-empty-hall" }, t("No cards in the guildhall yet")) : null,
      chapters.map(([profession, colours]) => chapterColumn(profession, colours, {
        glossary, all: view.colours, code: `P${seat + 1}`,
        cardAnswer: (card) => (cardClicks ? answerFor(clicks, { type: "card", card }) : null),
        chapterAnswer: chapterClicks ? answerFor(clicks, { type: "chapter", profession }) : null,
      }))),
    h("div", { class: "gh-trophies" },
      h("div", { class: "gh-completed", "data-zone": "completed", "data-piece": `P${seat + 1} completed` },
        h("span", { class: "gh-zone-label" }, knownCompleted.length
          ? t("Completed chapters: {n} ({professions})", { n: completed, professions: knownCompleted.map(professionWord).join(t(", ")) })
          : t("Completed chapters: {n}", { n: completed })),
        Array.from({ length: completed }, (_, index) => cardBack(knownCompleted[index] ? professionWord(knownCompleted[index]) : "", "chapter"))),
      player.prestige.length ? h("div", { class: "gh-owned", "data-zone": "prestige" },
        h("span", { class: "gh-zone-label" }, t("Prestige cards")),
        player.prestige.map((card) => h("span", { class: "gh-owned-card", "data-prestige": card.type_id, "data-piece": `P${seat + 1} prestige ${card.type_id}`, ...infoAttrs(glossary[card.type_id]) },
          iconSvg("prestige", { size: 16 }), t("{name} · {vp} VP", { name: card.name, vp: card.vp })))) : null));
}

// Everyone's guildhall, this player's first, then the others in turn order after them.
/** @param {number} count @param {number | null} me */
function seatOrder(count, me) {
  const seats = [...Array(count).keys()];
  if (me === null || me < 0 || me >= count) return seats;
  return seats.map((offset) => (me + offset) % count);
}

// --- keyboard focus across redraws ------------------------------------------------------------------------------------
// A redraw replaces every piece; a keyboard user keeps their place: the same piece if it is still there, else the
// first playable one, else the first answer in the question bar, else their hand. (Only for keyboard focus: a mouse
// click does not pull the focus about.)
const PIECE = "[data-card], [data-row], [data-chapter], [data-zone]";
/** The selector of `el`'s `data-<name>`. @param {HTMLElement | SVGElement} el @param {string} name */
const attr = (el, name) => `[data-${name}="${CSS.escape(el.dataset[name] ?? "")}"]`;
/** Where keyboard focus is in `root`, to find again after a redraw. @param {HTMLElement} root */
function focusedPiece(root) {
  const el = document.activeElement;
  if (!(el instanceof Element) || !root.contains(el) || !el.matches(":focus-visible")) return null;
  const scope = el.closest("[data-panel], [data-player]");
  const holder = el.closest(PIECE);
  const path = [];
  if (scope && htmlOrSvg(scope)) path.push(scope.dataset.panel !== undefined ? attr(scope, "panel") : attr(scope, "player"));
  if (holder && htmlOrSvg(holder) && holder !== scope && (!scope || scope.contains(holder))) {
    const name = ["card", "row", "chapter", "zone"].find((key) => holder.dataset[key] !== undefined);
    if (name) path.push(attr(holder, name));
  }
  return { selector: path.join(" "), self: holder === el, legal: el.classList.contains("legal") };
}

/** @param {HTMLElement} root @param {{ selector: string, self: boolean, legal: boolean } | null} was */
function restoreFocus(root, was) {
  if (!was) return;
  const holder = was.selector ? root.querySelector(was.selector) : null;
  const found = holder && (was.self ? holder : holder.querySelector("button, [tabindex]"));
  const same = found && htmlOrSvg(found) ? found : null;
  const usable = same && same.tabIndex >= 0 && (!was.legal || same.classList.contains("legal")) ? same : null;
  const next = usable || root.querySelector(".legal:not([aria-disabled]):not([disabled])") || document.querySelector("#choices button.choice")
    || same || root.querySelector('[data-panel="hand"]');
  if (next && htmlOrSvg(next)) next.focus();
}

/** @param {HTMLElement} root @param {RenderInput} payload @param {RenderUi} ui */
export function render(root, payload, ui) {
  const view = /** @type {GuildhallView} */ (payload.view);
  const glossary = ui.glossary ?? {};
  const players = view.players;
  const clicks = new Clicks(ui.interactive ? payload.legal : [], ui.move);
  const names = players.map((player, seat) => payload.seats[seat]?.name || player.name);
  /** @type {Context} */
  const ctx = { payload, view, clicks, glossary, names };
  /** @type {(HTMLElement | null)[]} */
  const parts = [rowPanel(view, clicks, glossary), handlingPanel(view, clicks, glossary, names)];
  if (Array.isArray(view.hand)) {
    parts.push(handPanel(view, view.hand, clicks, glossary, payload.seat === null ? undefined : players[payload.seat], ui.interactive));
  }
  for (const seat of seatOrder(players.length, payload.seat)) parts.push(playerPanel(seat, players[seat], ctx));
  ui.choices?.(clicks.rest());
  const was = focusedPiece(root);
  root.replaceChildren(...parts.filter((part) => part !== null));
  restoreFocus(root, was);
}

// --- the last move ------------------------------------------------------------------------------------------------
// Selectors for where things are on the page (see `render`). Seats and cards are those of the events (absent: none).
/** @typedef {number | null | undefined} EventSeat */
/** @param {EventSeat} seat @param {string | undefined} card */
const inHall = (seat, card) => `[data-player="${seat}"] [data-chapter="${splitCard(card ?? "").profession}"] [data-card="${card}"]`;
/** @param {EventSeat} seat @param {string | undefined} card */
const inArea = (seat, card) => `[data-player="${seat}"] [data-zone="area"] [data-card="${card}"]`;
const DISCARD = '[data-zone="discard"]';
const DECK = '[data-zone="deck"]';

// For each event of the last move, what it changed (`to`) and where its card was before (`from`): a played card goes
// from the hand to the action area, a placed card into its chapter (from the hand, another guildhall, the deck, the
// discard pile or the action area), a bought prestige card from the row to its buyer.
/**
 * An event of Guildhall's log with the data `marks` reads (the game's own, by kind).
 * @typedef {GameEvent & { seat?: number, target?: number, card?: string, cards?: string[], gave?: string, took?: string[],
 *   source?: string, profession?: string, prestige?: string }} GuildhallEvent
 */
/** @param {GameEvent[]} logged @param {RenderInput} payload @returns {Mark[]} */
export function marks(logged, payload) {
  const events = /** @type {GuildhallEvent[]} */ (logged);
  const me = payload.seat;
  /** @param {EventSeat} seat */
  const mine = (seat) => me !== null && seat === me;
  // A card in a hand: in my hand, I see it; another player's is their line in the players list (from) or the hand
  // count in their guildhall (to).
  /** @param {EventSeat} seat @param {string | undefined} card */
  const hand = (seat, card) => (mine(seat) ? `[data-panel="hand"] [data-card="${card}"]` : `#players [data-seat="${seat}"]`);
  /** @param {EventSeat} seat @param {string} [card] */
  const handTo = (seat, card) => (mine(seat) ? `[data-panel="hand"] [data-card="${card}"]` : `[data-player="${seat}"] [data-zone="hand"]`);
  // Where each card placed by this move came from, learned from the events before its `placed`.
  /** @type {Map<string | undefined, string>} */
  const origin = new Map();
  for (const event of events) {
    const cards = event.cards || (event.card ? [event.card] : []);
    if (event.kind === "robbed") origin.set(event.card, hand(event.target, event.card));
    else if (event.kind === "peddler_gives") origin.set(event.card, hand(event.seat, event.card));
    else if (event.kind === "tax_gives") origin.set(event.card, inHall(event.seat, event.card));
    else if (event.kind === "card_taken" || event.kind === "chapter_taken") cards.forEach((card) => origin.set(card, inHall(event.target, card)));
    else if (event.kind === "swapped") {
      origin.set(event.gave, inHall(event.seat, event.gave));
      (event.took || []).forEach((card) => origin.set(card, inHall(event.target, card)));
    } else if (event.kind === "revealed") cards.forEach((card) => origin.set(card, DECK));
  }
  /** @param {GuildhallEvent} event */
  const placedFrom = (event) => {
    if (origin.has(event.card)) return origin.get(event.card);
    if (event.source === "setup" || event.source === "lay_out") return hand(event.seat, event.card);
    if (event.source === "hunter") return DISCARD;
    if (event.source === "ability") return inArea(event.seat, event.card);
    return undefined;
  };
  /** @type {Mark[]} */
  const out = [];
  for (const event of events) {
    const seat = event.seat;
    switch (event.kind) {
      case "played": out.push({ to: inArea(seat, event.card), from: hand(seat, event.card) }); break;
      case "placed": out.push({ to: inHall(seat, event.card), from: placedFrom(event) }); break;
      case "chapter_completed": out.push({ to: `[data-player="${seat}"] [data-zone="completed"]` }); break;
      case "level": out.push({ to: `[data-player="${seat}"] [data-zone="area"] [data-profession="${event.profession}"]` }); break;
      case "ability_declined":
        out.push({ to: event.prestige ? `[data-player="${seat}"] [data-zone="prestige"] [data-prestige="${event.prestige}"]`
          : `[data-player="${seat}"] [data-zone="area"] [data-profession="${event.profession}"]` });
        break;
      case "target": out.push({ to: `[data-player="${event.target}"] .gh-player-head` }); break;
      case "vp_gained": out.push({ to: `[data-player="${seat}"] [data-vp]` }); break;
      case "bought":
        out.push({ to: `[data-player="${seat}"] [data-zone="prestige"] [data-prestige="${event.prestige}"]`,
          from: `[data-panel="row"] [data-prestige="${event.prestige}"]` });
        break;
      case "ability_used": out.push({ to: `[data-player="${seat}"] [data-zone="prestige"] [data-prestige="${event.prestige}"]` }); break;
      case "peddler_takes": (event.cards || []).forEach((card) => out.push({ to: handTo(seat, card), from: inHall(event.target, card) })); break;
      case "hunter_gives": out.push({ to: DISCARD, from: inHall(seat, event.card) }); break;
      case "hunter_gives_chapter":
        out.push({ to: DISCARD, from: `[data-player="${seat}"] [data-chapter="${splitCard(event.cards?.[0] || "").profession}"]` });
        break;
      case "duplicate_discarded":
        out.push({ to: DISCARD, from: event.source === "action_area" || event.source === "ability" ? inArea(seat, event.card) : undefined });
        break;
      case "discard_draw": case "discarded_from_hand": case "setup_redraw": case "discarded": case "cap_discard":
        out.push({ to: DISCARD, from: seat === me ? undefined : `#players [data-seat="${seat}"]` });
        break;
      case "selected": out.push({ to: `[data-zone="selected"] [data-card="${event.card}"]`, from: hand(me, event.card) }); break;
      case "put_back": out.push({ to: DECK }); break;
      case "put_back_card": out.push({ to: DECK, from: hand(me, event.card) }); break;
      case "drew": if (seat !== me) out.push({ to: handTo(seat), from: DECK }); break;
      case "drew_cards": (event.cards || []).forEach((card) => out.push({ to: handTo(me, card), from: DECK })); break;
      case "reshuffle": out.push({ to: DECK, from: DISCARD }); break;
      case "hand_revealed": out.push({ to: '[data-zone="target-hand"]' }); break;
      case "discard_pile_revealed": out.push({ to: '[data-zone="discard-search"]' }); break;
      default: break;
    }
  }
  const seen = new Set();
  return out.filter((mark) => !seen.has(`${mark.to}|${mark.from}`) && seen.add(`${mark.to}|${mark.from}`));
}

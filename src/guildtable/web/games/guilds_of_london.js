// Guilds of London: the city of guild and building tiles around the Guildhall, the plantation, your action cards and
// mayoral reward cards, the cards on the table and the round at a glance.
// The city is an HTML grid of tiles in one frame style: the minimum of figures, the name (a building shows its icon),
// the guild symbols as icons, both rewards as icon chips (the full sentences are in the tooltip and read by screen
// readers), the master, and every player's figures as that seat's shape with the count in it. Tiles, the Guildhall,
// the plantation and cards that a legal move names are buttons (Tab or the arrow keys, then Enter); every other
// decision is one button each at the top of the page. `marks` tells the page what the last move changed.
import { Clicks, h, infoAttrs, nt, seatInk, seatShape, seatShapeName, seatSwatch, svg, t } from "/static/js/common.js";
import { iconSvg } from "/static/js/icons.js";

/** @typedef {import("../types/api").components["schemas"]} Schemas */
/** @typedef {Schemas["GuildsView"]} GuildsView */
/** @typedef {Schemas["TileView"]} TileView */
/** @typedef {Schemas["PlantationView"]} PlantationView */
/** @typedef {Schemas["HandCardView"]} HandCardView */
/** @typedef {Schemas["GuildhallBuildingView"]} GuildhallBuildingView */
/** @typedef {import("/static/js/render_input.js").RenderInput} RenderInput */
/** @typedef {import("/static/js/render_input.js").RenderUi} RenderUi */
/** @typedef {import("/static/js/render_input.js").Glossary} Glossary */
/** @typedef {import("/static/js/render_input.js").GameEvent} GameEvent */
/** @typedef {import("/static/js/render_input.js").LegalMove} LegalMove */
/** @typedef {import("/static/js/render_input.js").Mark} Mark */
/** What the panels share. `suffix` makes ids unique when a page shows several boards (the rules page).
 * @typedef {{ view: GuildsView, glossary: Glossary, names: string[], clicks: Clicks, interactive: boolean, suffix: string }} Context */
/** Where a piece goes in the city's grid: its column and row (and how many columns it spans). @typedef {(x: number, y: number, span?: number) => string} At */

export const ownsMoves = true;

/** @type {Record<string, string>} */
const BUILDING_ICONS = {
  church_st_lawrence_jewry: "church", gog_magog: "giants", gesellschaftssaal: "livery-hall",
  lord_mayors_parade: "parade", university_of_london: "university",
};
// What a screen reader says for a symbol icon, in the reader's language.
/** @type {Record<string, () => string>} */
const SYMBOL_WORDS = {
  compasses: () => t("compasses symbol (red)"), anchor: () => t("anchor symbol (blue)"), cross: () => t("cross symbol (green)"),
  scythe: () => t("scythe symbol (yellow)"), crown: () => t("crown symbol (purple)"),
};

// A button's accessible name: the server's label for the move, led by the button's visible words.
/** @param {string} word @param {string | undefined} label */
const named = (word, label) => (!label ? word : label.toLowerCase().startsWith(word.toLowerCase()) ? label : t("{word}: {label}", { word, label }));
/** @param {string[]} names @param {number} seat */
const seatNameOf = (names, seat) => names[seat] || t("Player {n}", { n: seat + 1 });
/** @param {number} count */
const liverymen = (count) => nt("{n} liveryman", "{n} liverymen", count);
/** @param {number} count */
const masters = (count) => nt("{n} master", "{n} masters", count);
/** @param {number} count */
const figures = (count) => nt("{n} figure", "{n} figures", count);
/** @param {number} count */
const cards = (count) => nt("{n} card", "{n} cards", count);

// Issue 33: a long German name ("Leuchtturmwärter") breaks only between syllables, with a hyphen, never as
// "Leuchtturmwärte / r": soft hyphens go between its syllables by the German rule of thumb (the last consonant of a
// cluster begins the next syllable, or the longest cluster that can begin one: "schn", "str", "pfl"; "ch", "ck", "sch"
// stay whole; a compound joined by "-en-" before a vowel breaks after the n), in words of eight letters and more. The
// browser shows one only where it breaks the line; Chromium brings no German hyphenation of its own on every system.
const SOFT_HYPHEN = "\u00ad";
const NUCLEI = ["äu", "au", "eu", "ei", "ai", "ie", "aa", "ee", "oo"];
const CONSONANT_UNITS = ["sch", "ch", "ck", "ph", "th", "qu"];
const ONSETS = new Set(["sch", "ch", "ck", "ph", "th", "qu", "schl", "schm", "schn", "schr", "schw", "str", "spr", "spl",
  "pfl", "pfr", "bl", "br", "dr", "fl", "fr", "gl", "gr", "kl", "kn", "kr", "pl", "pr", "tr", "zw", "sp"]);
const STEMS = ["an", "auf", "aus", "ein", "uhr", "um", "ob", "ur"];
/** @param {string} ch */
const isVowel = (ch) => "aeiouyäöü".includes(ch);

/** @param {string} word */
function syllableBreaks(word) {
  const lower = word.toLowerCase();
  /** @type {{ at: number, text: string, vowel: boolean }[]} */
  const units = [];
  for (let i = 0; i < lower.length;) {
    const nucleus = isVowel(lower[i]) ? NUCLEI.find((n) => lower.startsWith(n, i)) || lower[i] : null;
    const unit = nucleus || CONSONANT_UNITS.find((c) => lower.startsWith(c, i)) || lower[i];
    units.push({ at: i, text: unit, vowel: Boolean(nucleus) });
    i += unit.length;
  }
  /** @type {number[]} */
  const breaks = [];
  let last = -1;
  units.forEach((unit, index) => {
    if (!unit.vowel) return;
    if (last >= 0 && index - last > 1) {
      let k = index - 1;
      const rest = units.slice(last + 2, index).map((u) => u.text).join("");
      if (units[last].text === "e" && units[last + 1].text === "n" && (rest === "st" || ONSETS.has(rest))) k = last + 2;
      else {
        for (let j = last + 1; j < index - 1; j += 1) {
          if (ONSETS.has(units.slice(j, index).map((u) => u.text).join(""))) { k = j; break; }
        }
      }
      const joint = k === index - 1 && units[k].text === "n" && units[last].text === "e" && STEMS.some((stem) => lower.startsWith(stem, unit.at));
      const at = joint ? unit.at : units[k].at;
      if (at >= 2 && lower.length - at >= 2) breaks.push(at);
    }
    last = index;
  });
  return breaks;
}

/** @param {string} text */
export function hyphenated(text, lang = document.documentElement.lang) {
  if (!String(lang).startsWith("de")) return text;
  return String(text).split(" ").map((word) => {
    if (word.length < 8 || !/^\p{L}+$/u.test(word)) return word;
    let out = "", from = 0;
    for (const at of syllableBreaks(word)) { out += word.slice(from, at) + SOFT_HYPHEN; from = at; }
    return out + word.slice(from);
  }).join(" ");
}

// --- small pieces -------------------------------------------------------------------------------------------------

// A building's icon: by its id, else by what its name says.
/** @param {TileView} tile */
function buildingIcon(tile) {
  if (BUILDING_ICONS[tile.id]) return BUILDING_ICONS[tile.id];
  const name = tile.name;
  if (/church/i.test(name)) return "church";
  if (/university/i.test(name)) return "university";
  if (/parade/i.test(name)) return "parade";
  if (/&/.test(name)) return "giants";
  return "livery-hall";
}

// The guild symbols as icons in their colours (each named for screen readers).
/** @param {string[]} list */
function symbolIcons(list) {
  return h("span", { class: "gl-symbols" }, list.map((name) =>
    iconSvg(name, { size: 18, title: SYMBOL_WORDS[name] ? SYMBOL_WORDS[name]() : name, className: `gl-symbol gl-sym-${name}` })));
}

// A seat's figures on one place: the seat's shape in its colour with the count written in it.
/** @type {Record<string, number>} */
const COUNT_DROP = { circle: 0, square: 0, triangle: 3.5, diamond: 0, star: 1 };
/** @param {number} seat @param {number} count @param {string[]} names @param {{ master?: boolean }} [options] */
function figurePiece(seat, count, names, { master = false } = {}) {
  const size = 28;
  const word = master ? masters(count) : liverymen(count);
  const label = t("{player}: {figures}", { player: seatNameOf(names, seat), figures: word });
  const art = svg("svg", { class: "gl-fig-art", width: size, height: size, viewBox: `0 0 ${size} ${size}`, "aria-hidden": "true" },
    seatShape(seat, { x: size / 2, y: size / 2, size: size - 2 }),
    svg("text", { x: size / 2, y: size / 2 + (COUNT_DROP[seatShapeName(seat)] || 0), "text-anchor": "middle", "dominant-baseline": "central",
      class: "gl-fig-count", style: `fill:${seatInk(seat)}`, "font-size": count > 9 ? 11 : 13 }, String(count)));
  return h("span", { class: `gl-fig${master ? " master" : ""}`, "data-seat": seat, role: "img", "aria-label": label, title: label },
    art, master ? iconSvg("master", { size: 14, className: "gl-fig-crown" }) : null);
}

/** @param {number[]} counts @param {string[]} names @param {{ master?: boolean }} [options] */
function figurePieces(counts, names, options) {
  return counts.flatMap((count, seat) => (count ? [figurePiece(seat, count, names, options)] : []));
}

/** @param {number[]} counts @param {string[]} names */
function figuresSaid(counts, names) {
  const said = counts.flatMap((count, seat) => (count ? [t("{player} {figures}", { player: seatNameOf(names, seat), figures: liverymen(count) })] : []));
  return said.length ? said.join(", ") : t("no figures");
}

// The Beadle: a neutral figure that counts towards a tile's minimum.
function beadlePiece() {
  return h("span", { class: "gl-beadle", role: "img", "aria-label": t("Beadle (counts as a figure)"), title: t("The Beadle counts as a figure") },
    iconSvg("beadle", { size: 18 }), h("span", { class: "gl-beadle-word" }, t("Beadle")));
}

// One reward part ("2 VP", "move 1", "recruit 1 onto the plantation" ...) as an icon and a few words.
/** @type {[RegExp, (match: RegExpExecArray) => [string, string]][]} */
const EFFECTS = [
// The view's codes stay English (they are notation); the chip's words are the reader's.
  [/^(\d+) VP$/, (m) => ["vp", t("{n} VP", { n: m[1] })]],
  [/^move (up to )?(\d+)( \(matching symbol\))?$/, (m) => ["figure", m[1] ? t("move up to {n}", { n: m[2] }) : t("move {n}", { n: m[2] })]],
  [/^recruit (\d+) onto the plantation$/, (m) => ["plantation", t("recruit {n}", { n: m[1] })]],
  [/^recruit (\d+)$/, (m) => ["liveryman", t("recruit {n}", { n: m[1] })]],
  [/^plantation (up to )?(\d+)$/, (m) => ["plantation", m[1] ? t("send up to {n}", { n: m[2] }) : t("send {n}", { n: m[2] })]],
  [/^draw (\d+)$/, (m) => ["card", t("draw {n}", { n: m[1] })]],
  [/^reward cards: draw (\d+) keep (\d+)$/, () => ["card", t("reward card")]],
  [/^hand limit \+(\d+)$/, (m) => ["card", t("hand limit +{n}", { n: m[1] })]],
  [/^move the Beadle$/, () => ["beadle", t("move the Beadle")]],
];
/** @param {string} text */
function rewardChip(text) {
  for (const [pattern, make] of EFFECTS) {
    const match = pattern.exec(text);
    if (match) {
      const [name, words] = make(match);
      // A city drawn denser (table_layout.js) shows the icon and the number only: "2", "≤2", "+1".
      const number = /\d+/.exec(text)?.[0];
      const short = number === undefined || /reward cards/.test(text) ? null : `${/up to/.test(text) ? "≤" : ""}${/\+/.test(text) ? "+" : ""}${number}`;
      return h("span", { class: `gl-chip gl-chip-${name}` }, iconSvg(name, { size: 15 }),
        h("span", { class: short === null ? "gl-chip-words" : "gl-chip-words gl-chip-long" }, words), short === null ? null : h("span", { class: "gl-chip-short" }, short));
    }
  }
  return h("span", { class: "gl-chip" }, text);
}

/** @param {string} id @param {Glossary} glossary */
function tokenChip(id, glossary) {
  const name = glossary[id]?.name || t("reward token");
  return h("span", { class: "gl-chip gl-chip-token" }, iconSvg("coin", { size: 15 }), h("span", { class: "gl-chip-words gl-chip-long" }, name));
}

// --- the city -----------------------------------------------------------------------------------------------------

// A tile's text for the tooltip: the glossary's, or (on the rules page, without one) made from the tile itself.
/** @param {TileView} tile @param {Glossary} glossary */
function tileInfo(tile, glossary) {
  const piece = glossary[tile.id] || { name: tile.name, text: "", details: [
    { label: t("Minimum"), text: figures(tile.minimum), level: null },
    { label: t("First place"), text: tile.first_text, level: null }, { label: t("Second place"), text: tile.second_text, level: null }] };
  const token = tile.token ? glossary[tile.token] : null;
  const tokenName = token?.name || t("a reward token");
  const extra = tile.token ? [token?.text ? t("Reward token here: {name} ({text})", { name: tokenName, text: token.text }) : t("Reward token here: {name}", { name: tokenName })] : [];
  return infoAttrs({ ...piece, text: piece.text || (tile.kind === "building" ? t("A special building.") : t("A guild tile.")) }, { extra });
}

// The name comes first for screen readers; the minimum and the symbols show above it (CSS order).
/** @param {TileView} tile @param {string} id */
function tileHead(tile, id) {
  const building = tile.kind === "building";
  /** @param {string} text */
  const hidden = (text) => h("span", { class: "visually-hidden" }, text);
  return [h("span", { class: "gl-name", id: `${id}-name` }, building ? iconSvg(buildingIcon(tile), { size: 20, className: "gl-building-icon" }) : null,
    hyphenated(tile.short_name || tile.name), hidden(building ? t(", building") : t(", guild"))),
  h("span", { class: "gl-head" },
    h("span", { class: "gl-need", title: nt("needs {n} figure", "needs {n} figures", tile.minimum) },
      iconSvg("liveryman", { size: 14 }), hidden(t(", needs ")), String(tile.minimum), hidden(tile.minimum === 1 ? t(" figure") : t(" figures"))),
    symbolIcons(tile.symbols))];
}

/** @param {TileView} tile @param {Glossary} glossary */
function tileRewards(tile, glossary) {
  if (tile.side !== "front") return h("span", { class: "gl-scored-note" }, t("Scored"));
  return h("span", { class: "gl-rewards", "aria-hidden": "true" },
    h("span", { class: "gl-reward" }, h("span", { class: "gl-place" }, t("1st")), tile.first.map(rewardChip)),
    h("span", { class: "gl-reward" }, h("span", { class: "gl-place" }, t("2nd")), tile.second.map(rewardChip),
      tile.token ? tokenChip(tile.token, glossary) : null));
}

/** @param {TileView} tile @param {string[]} names */
function masterLine(tile, names) {
  // On the master side: the master's seat, or -1 for none (GL-D18).
  const master = tile.master !== null && tile.master >= 0 ? tile.master : null;
  if (master === null) return tile.side === "front" ? null : h("span", { class: "gl-master" }, h("span", { class: "gl-master-word" }, t("No master")));
  return h("span", { class: "gl-master" }, iconSvg("master", { size: 16 }), h("span", { class: "gl-master-word" }, t("Master:")), " ", seatSwatch(master, 14),
    h("span", { class: "gl-master-word" }, seatNameOf(names, master)));
}

// A tile or the Guildhall: a button when a legal move names it, else a plain piece. Its accessible name is its own
// content (name, minimum, symbols, figures) and, on a button, the move in words; the rewards' full sentences describe
// it (read out as content on a plain piece).
/**
 * @param {Record<string, unknown>} attrs @param {(HTMLElement | null)[]} children @param {LegalMove | null} entry
 * @param {string} rewardsText @param {string} id
 */
function place(attrs, children, entry, rewardsText, id) {
  const button = Boolean(entry);
  const rewards = rewardsText ? h("span", { class: "visually-hidden", id: `${id}-rewards`, "aria-hidden": button ? "true" : null }, rewardsText) : null;
  // Its own call, not inside t(...) below: the extractor does not see a t() nested in another's arguments.
  const move = entry ? entry.label || t("choose it") : "";
  return h(button ? "button" : "div", {
    ...attrs, type: button ? "button" : null, "aria-describedby": button && rewards ? `${id}-rewards` : null,
    role: button ? null : "group", "aria-labelledby": button ? null : `${id}-name`,
  }, children, rewards, button ? h("span", { class: "visually-hidden" }, t(". You may: {move}", { move })) : null);
}

/** @param {TileView} tile @param {Context} ctx @param {At} at */
function cityTile(tile, ctx, at) {
  const entry = ctx.clicks.find({ what: tile.id });
  const onclick = ctx.clicks.on({ what: tile.id });
  const scored = tile.side !== "front";
  const id = `gl-${tile.id}${ctx.suffix}`;
  const rewardsText = scored ? "" : t("First place: {first} Second place: {second}", {
    first: tile.first_text || tile.first.join(", "), second: tile.second_text || tile.second.join(", ") });
  return place({
    class: `gl-tile ${tile.kind}${scored ? " scored" : ""}${onclick ? " legal" : ""}`, style: at(tile.x, tile.y), "data-tile": tile.id, onclick,
    ...tileInfo(tile, ctx.glossary),
  }, [
    ...tileHead(tile, id), tileRewards(tile, ctx.glossary), masterLine(tile, ctx.names),
    h("span", { class: "gl-figs" }, figurePieces(tile.figures, ctx.names, { master: scored }), tile.beadle ? beadlePiece() : null),
  ], onclick ? entry : null, rewardsText, id);
}

/** @param {GuildhallBuildingView} hall @param {Context} ctx @param {At} at */
function guildhallTile(hall, ctx, at) {
  const hx = Math.min(...hall.cells.map(([x]) => x)), hy = Math.max(...hall.cells.map(([, y]) => y));
  const span = Math.max(...hall.cells.map(([x]) => x)) - hx + 1;
  const entry = ctx.clicks.find({ what: "guildhall" });
  const onclick = ctx.clicks.on({ what: "guildhall" });
  return place({ class: `gl-tile hall${onclick ? " legal" : ""}`, style: at(hx, hy, span), "data-tile": "guildhall", onclick }, [
    h("span", { class: "gl-name", id: `gl-guildhall${ctx.suffix}-name` }, iconSvg("guildhall", { size: 22, className: "gl-building-icon" }), t("The Guildhall")),
    h("span", { class: "gl-meta" }, t("New liverymen wait here")),
    h("span", { class: "gl-figs" }, figurePieces(hall.figures, ctx.names)),
  ], onclick ? entry : null, "", `gl-guildhall${ctx.suffix}`);
}

/** @param {GuildsView} view @param {Context} ctx */
function cityMap(view, ctx) {
  const city = view.city;
  const hall = view.guildhall;
  const cells = [...city.map((tile) => [tile.x, tile.y]), ...hall.cells];
  const xs = cells.map(([x]) => x), ys = cells.map(([, y]) => y);
  const minX = Math.min(...xs, 0), maxX = Math.max(...xs, 0), maxY = Math.max(...ys, 0);
  /** @type {At} */
  const at = (x, y, span = 1) => `grid-column: ${x - minX + 1} / span ${span}; grid-row: ${maxY - y + 1}`;
  // Its columns' width is the stylesheet's: a city drawn compact (table_layout.js) lets them narrow.
  const grid = h("div", { class: "gl-city", style: `--gl-columns: ${maxX - minX + 1}` },
    city.map((tile) => cityTile(tile, ctx, at)),
    hall.cells.length ? guildhallTile(hall, ctx, at) : null);
  return h("div", { class: "card panel gl-map", role: "region", "aria-label": t("The city of London (scrolls sideways on a small screen)"), tabindex: "0",
    "data-board": "city" }, grid);
}

// --- the plantation, cards and the round ----------------------------------------------------------------------------

/** @param {PlantationView} plantation @param {Context} ctx */
function plantationPanel(plantation, ctx) {
  const entry = ctx.clicks.find({ what: "plantation" });
  const onclick = ctx.clicks.on({ what: "plantation" });
  const info = ctx.glossary[`plantation:${plantation.side}`];
  /** @param {string} word @param {string} text @param {string[]} list */
  const side = (word, text, list) => h("div", { class: "gl-plantation-side" }, h("b", {}, word), " ", text || list.join(", "));
  return h("div", { class: `card panel gl-plantation${onclick ? " playable" : ""}`, "data-panel": "plantation", "data-tile": "plantation", ...infoAttrs(info) },
    h("h3", {}, iconSvg("plantation", { size: 22, className: "gl-building-icon" }), plantation.name || t("Plantation"),
      onclick ? h("button", { type: "button", class: "secondary legal", style: "margin-left:.5rem", onclick, "aria-label": named(t("Choose the plantation"), entry?.label) }, t("Choose the plantation")) : null),
    side(t("Most liverymen:"), plantation.left_text, plantation.left),
    side(t("Second most:"), plantation.right_text, plantation.right),
    h("div", { class: "gl-figs", role: "group", "aria-label": t("On the plantation: {figures}", { figures: figuresSaid(plantation.figures, ctx.names) }) },
      figurePieces(plantation.figures, ctx.names)));
}

// The colour stripe along a card's top: its symbols' colours.
/** @param {string[]} symbols */
function cardStripe(symbols) {
  const colours = symbols.map((name) => `var(--gl-${name})`);
  if (colours.length < 2) return `linear-gradient(${colours[0] || "var(--line-strong)"}, ${colours[0] || "var(--line-strong)"})`;
  return `linear-gradient(90deg, ${colours.map((c, i) => `${c} ${(i * 100) / colours.length}% ${((i + 1) * 100) / colours.length}%`).join(", ")})`;
}

/** @type {[string, () => string][]} */
const CARD_USES = [["recruit", () => t("Recruit")], ["move", () => t("Move")], ["effect", () => t("Use the effect")], ["discard", () => t("Discard")]];
/** @param {HandCardView} card @param {Context} ctx */
function actionCard(card, ctx) {
  const what = `#${card.number}`;
  const piece = ctx.glossary[String(card.number)];
  const paying = ctx.view.decision?.kind === "pay_coins";
  const uses = CARD_USES.flatMap(([type, word]) => {
    const entry = ctx.clicks.find({ type, what });
    return entry ? [/** @type {[string, string, LegalMove]} */ ([type, type === "discard" && paying ? t("Pay a coin") : word(), entry])] : [];
  });
  const cost = (piece?.details ?? []).find((detail) => detail.label === t("Cost"));  // the glossary comes in the page's language
  return h("div", { class: `card-face gl-card${uses.length ? " playable" : ""}`, "data-card": card.number, style: `--gl-stripe:${cardStripe(card.symbols)}`, ...infoAttrs(piece) },
    h("span", { class: "big gl-card-head" }, h("span", {}, card.name), symbolIcons(card.symbols)),
    h("span", { class: "text" }, card.text || piece?.text || ""),
    cost ? h("span", { class: "text gl-cost" }, iconSvg("coin", { size: 14 }), t("Cost: {cost}", { cost: cost.text })) : null,
    uses.length ? h("div", { class: "row gl-uses" }, uses.map(([type, word, entry]) =>
      h("button", { type: "button", class: "secondary legal", "data-use": type, "aria-label": named(word, entry.label), onclick: ctx.clicks.on({ type, what }) }, word))) : null);
}

// A mayoral reward card: yours (secret until the end) or one of those you drew; Keep / Put under when that is the move.
/** @param {string} id @param {Context} ctx @param {string | null} note */
function rewardCard(id, ctx, note) {
  const piece = ctx.glossary[id];
  const keep = ctx.clicks.find({ type: "keep", what: id });
  const under = ctx.clicks.find({ type: "under", what: id });
  /** @type {[LegalMove, string, string][]} */
  const buttons = [];
  if (keep) buttons.push([keep, "keep", t("Keep")]);
  if (under) buttons.push([under, "under", t("Put under the deck")]);
  return h("div", { class: `card-face gl-card gl-reward-card${buttons.length ? " playable" : ""}`, "data-reward": id, ...infoAttrs(piece) },
    h("span", { class: "big gl-card-head" }, h("span", {}, piece?.name || t("Mayoral reward card")), iconSvg("vp", { size: 18 })),
    h("span", { class: "text" }, piece?.text || ""), note ? h("span", { class: "text" }, note) : null,
    buttons.length ? h("div", { class: "row gl-uses" }, buttons.map(([entry, type, word]) =>
      h("button", { type: "button", class: "secondary legal", "data-use": type, "aria-label": named(word, entry.label), onclick: ctx.clicks.on({ type, what: id }) }, word))) : null);
}

/** @param {GuildsView} view @param {HandCardView[]} hand @param {Context} ctx */
function handPanel(view, hand, ctx) {
  const drawn = view.drawn_reward_cards ?? [];
  const mine = (view.reward_cards ?? []).filter((id) => !drawn.includes(id));
  // Its groups side by side, and docked at the bottom of the screen one row that pans sideways: the hand stays low.
  return h("div", { class: `card panel gl-hand-panel${ctx.interactive ? " hand-dock" : ""}`, "data-panel": "hand", role: "region", "aria-label": t("Your cards") },
    h("div", { class: "gl-hand-groups" },
      h("div", { class: "gl-hand-group" },
        h("h3", {}, t("Your action cards"), " ", h("span", { class: "muted gl-count" },
          view.hand_limit ? t("({n}, limit {limit})", { n: hand.length, limit: view.hand_limit }) : `(${hand.length})`)),
        h("div", { class: "cards gl-hand" }, hand.map((card) => actionCard(card, ctx)))),
      drawn.length ? h("div", { class: "gl-hand-group" }, h("h3", { class: "gl-subhead" }, t("Mayoral reward cards you drew")),
        h("div", { class: "cards" }, drawn.map((id) => rewardCard(id, ctx, null)))) : null,
      mine.length ? h("div", { class: "gl-hand-group" }, h("h3", { class: "gl-subhead" }, t("Your mayoral reward cards")),
        h("div", { class: "cards" }, mine.map((id) => rewardCard(id, ctx, view.final ? null : t("Secret until the end of the game"))))) : null));
}

// The cards on the table: those lying in front of the player on turn (their effects last this turn) and the top of
// the discard pile — where a played card lands.
/** @param {GuildsView} view @param {Context} ctx */
function playedPanel(view, ctx) {
  const inFront = view.in_front;
  const top = view.discard.slice(-1);
  if (!inFront.length && !top.length) return null;
  // Each card sits in a plain slot that carries its number: what the page frames and flies is the slot, so the card
  // inside keeps its own look on the way.
  /** @param {number} number @param {string} where */
  const small = (number, where) => {
    const piece = ctx.glossary[String(number)];
    return h("div", { class: "gl-slot", "data-played": number },
      h("div", { class: "card-face gl-card gl-small-card", ...infoAttrs(piece) },
        h("span", { class: "big" }, piece?.name || t("Action card")), h("span", { class: "text" }, where)));
  };
  return h("div", { class: "card panel gl-played", "data-panel": "played" },
    h("h3", {}, t("Cards on the table")),
    h("div", { class: "cards" }, inFront.map((number) => small(number, t("In play this turn"))), top.map((number) => small(number, t("Top of the discard pile")))),
    h("div", { class: "muted gl-decks" }, t("Draw pile: {draw} · Reward deck: {reward}", { draw: cards(view.deck_size), reward: cards(view.reward_deck_size) })));
}

/** @param {GuildsView} view @param {string[]} names @param {Glossary} glossary */
function glancePanel(view, names, glossary) {
  const order = view.turn_order.map((seat) => seatNameOf(names, seat)).join(" → ");
  /** @param {number} value */
  const num = (value) => h("td", { class: "num" }, String(value));
  /** @param {number} seat */
  const tokens = (seat) => view.tokens_kept[seat].map((id) => glossary[id]?.name || t("token")).join(", ") || "—";
  return h("div", { class: "card panel glance", "data-panel": "glance" },
    h("h3", {}, t("Round {round} of {rounds}", { round: view.round, rounds: view.rounds })),
    h("div", {}, t("Turn order: {order}", { order })),
    h("div", {}, t("Rounds left: {n}", { n: view.rounds_left }), view.next_growth_round ? t(" · the city grows in round {round}", { round: view.next_growth_round }) : ""),
    h("div", { class: "table-scroll", role: "region", "aria-label": t("Players at a glance"), tabindex: "0" }, h("table", { class: "data" },
      h("tr", {}, [t("Player"), t("VP"), t("In supply"), t("Neutrals"), t("Hand"), t("Hand limit"), t("Reward cards"), t("Tokens")].map((word, i) =>
        h("th", { scope: "col", class: i && i < 7 ? "num" : null }, word))),
      view.scores.map((score, seat) => h("tr", { "data-seat": seat },
        h("td", {}, seatSwatch(seat), seatNameOf(names, seat)),
        num(score), num(view.supply[seat]), num(view.neutrals[seat]), num(view.hand_sizes[seat]), num(view.hand_limits[seat]),
        num(view.reward_card_counts[seat]), h("td", {}, tokens(seat)))))));
}

// The end of the game (GL-100): every player's mayoral reward cards, secret until the final scoring, with what each
// asks and gave. The score sheet lists them by name in their holder's column; here they are whole, by player, so a
// card that gave nothing still shows whose it was (issue 33: every point traceable to the card that gave it).
/** @param {GuildsView} view @param {Context} ctx */
function revealedPanel(view, ctx) {
  const held = view.final?.reward_cards ?? [];
  if (!held.some((entries) => entries.length)) return null;
  /** @param {Schemas["RewardCardScore"]} entry */
  const card = (entry) => {
    const piece = ctx.glossary[entry.card];
    return h("div", { class: "card-face gl-card gl-reward-card", "data-reward": entry.card, ...infoAttrs(piece) },
      h("span", { class: "big gl-card-head" }, h("span", {}, piece?.name || t("Mayoral reward card")), iconSvg("vp", { size: 18 })),
      h("span", { class: "text" }, piece?.text || ""),
      h("strong", { class: "gl-revealed-vp" }, t("{n} VP", { n: entry.vp })));
  };
  return h("div", { class: "card panel gl-revealed", "data-panel": "revealed" },
    h("h3", {}, t("Mayoral reward cards, revealed at the end")),
    held.map((entries, seat) => h("div", { class: "gl-revealed-seat", "data-seat": seat },
      h("h4", {}, seatSwatch(seat), seatNameOf(ctx.names, seat)),
      entries.length ? h("div", { class: "cards" }, entries.map(card)) : h("p", { class: "muted" }, t("No reward card")))));
}

/** @param {HTMLElement} root @param {RenderInput} payload @param {RenderUi} ui */
export function render(root, payload, ui) {
  const view = /** @type {GuildsView} */ (payload.view);
  const glossary = ui.glossary ?? {};
  const names = payload.seats.map((seat) => seat.name);
  const clicks = new Clicks(ui.interactive ? payload.legal : [], ui.move);
  // Several boards on one page (the rules page) need ids of their own.
  const suffix = root.id === "board" ? "" : `-${Math.random().toString(36).slice(2, 7)}`;
  /** @type {Context} */
  const ctx = { view, glossary, names, clicks, interactive: ui.interactive, suffix };
  // The city, beside it (or under it) the plantation and the cards on the table, then the hand: the stylesheet places
  // them for the screen's size (issue 33: the city and the hand in view together). The cards on the table are named
  // from the glossary; the rules page's examples have none and leave them out.
  const side = h("div", { class: "gl-side" }, plantationPanel(view.plantation, ctx), ui.glossary ? playedPanel(view, ctx) : null);
  // A city six tiles wide or more takes the whole width: the plantation goes under the hand.
  const columns = new Set([...view.city.map((tile) => tile.x), ...view.guildhall.cells.map(([x]) => x)]).size;
  /** @type {(HTMLElement | null)[]} */
  const parts = [h("div", { class: `gl-table${columns >= 6 ? " gl-wide" : ""}` }, cityMap(view, ctx), side,
    Array.isArray(view.hand) ? handPanel(view, view.hand, ctx) : null)];
  ui.choices?.(clicks.rest());
  if (view.final) parts.push(revealedPanel(view, ctx));
  parts.push(glancePanel(view, names, glossary));
  root.replaceChildren(...parts.filter((part) => part !== null));
}

// --- what the last move changed ---------------------------------------------------------------------------------------
// Events name places as `actions.location_name` writes them: a tile id, "guildhall" or "plantation"; each is the
// element with that data-tile. A figure's piece is the seat's piece on it.
/** @param {string | undefined} where */
const placeSel = (where) => `[data-tile="${where}"]`;
/** @param {string | undefined} where @param {number | undefined} seat */
const figureSel = (where, seat) => `${placeSel(where)} .gl-fig[data-seat="${seat}"]`;
/** @param {number | undefined} seat */
const playerSel = (seat) => `#players .player[data-seat="${seat}"]`;

/**
 * An event of Guilds of London's log with the data `marks` reads (the game's own, by kind).
 * @typedef {GameEvent & { seat?: number, to?: string, source?: string, at?: string, displaced?: number, tile?: string,
 *   tiles?: string[], card?: number }} GuildsEvent
 */
/** @param {GuildsEvent} event @param {RenderInput} payload @returns {Mark[]} */
function eventMarks(event, payload) {
  const seat = event.seat;
  switch (event.kind) {
    case "move":
      return [{ to: figureSel(event.to, seat), from: figureSel(event.source, seat) }, { to: placeSel(event.to) }];
    case "to_plantation":
      return [{ to: figureSel("plantation", seat), from: figureSel(event.source, seat) }, { to: placeSel("plantation") }];
    case "recruit":
      return [{ to: figureSel(event.to, seat), from: playerSel(seat) }, { to: placeSel(event.to) }];
    case "return":
      return [{ to: placeSel(event.source) }];
    case "neutral":
      return [{ to: figureSel("guildhall", event.displaced), from: figureSel(event.at, event.displaced) }, { to: placeSel(event.at) }];
    case "beadle":
      return [{ to: `${placeSel(event.to)} .gl-beadle`, from: ".gl-city .gl-beadle" }, { to: placeSel(event.to) }];
    case "scoring": case "vote": case "not_scored": case "skip_reward":
      return [{ to: placeSel(event.tile) }];
    case "master":
      return [{ to: `${placeSel(event.tile)} .gl-master` }, { to: placeSel(event.tile) }];
    case "growth":
      return (event.tiles ?? []).map((tile) => ({ to: placeSel(tile) }));
    case "plantation":
      return [{ to: placeSel("plantation") }];
    case "play": case "pay_coin": case "hand_limit_discard": {
      const from = seat === payload.seat ? `[data-panel="hand"] [data-card="${event.card}"]` : playerSel(seat);
      return [{ to: `[data-played="${event.card}"]`, from }];
    }
    default:
      return [];
  }
}

// For the events of the last move, what to mark: {to, from} selectors (see common.js showMarks). A move that changed
// nothing in the city (a pass, a stop, cards drawn) marks the mover's line in the players list and their row at a
// glance, where their hand size changed.
/** @param {GameEvent[]} logged @param {RenderInput} payload @returns {Mark[]} */
export function marks(logged, payload) {
  const events = /** @type {GuildsEvent[]} */ (logged);
  const list = events.flatMap((event) => eventMarks(event, payload));
  const inCity = list.some((mark) => mark.to.startsWith("[data-tile"));
  const mover = events.find((event) => Number.isInteger(event.seat))?.seat;
  if (!inCity && mover !== undefined) list.push({ to: playerSel(mover) }, { to: `[data-panel="glance"] tr[data-seat="${mover}"]` });
  const seen = new Set();
  return list.filter((mark) => (seen.has(mark.to) ? false : seen.add(mark.to)));
}

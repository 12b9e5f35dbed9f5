// A game's rules page: the text (an HTML fragment in /static/rules/), a contents list built from its sections, the
// note on stand-in content, and example positions from the server drawn by the game's own renderer.
import { api, byId as $, h, rendererFor, t } from "/static/js/common.js";
import { renderInput } from "/static/js/render_input.js";

/** @typedef {import("../types/api").components["schemas"]} Schemas */
/** A position the rules show, with its title and caption. @typedef {Schemas["GameExample"]} Example */
/** @typedef {import("/static/js/common.js").GamesCatalogue} GamesCatalogue */

const game = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop() ?? "");

async function fragment() {
  const response = await fetch(`/rules/${encodeURIComponent(game)}/text`);
  if (!response.ok) throw new Error(t("The rules text could not be loaded."));
  return response.text();
}

/** @param {HTMLElement} article */
function contents(article) {
  const sections = [...article.querySelectorAll("section[id] > h2")];
  return h("nav", { class: "rules-contents", "aria-label": t("Contents") },
    h("ol", {}, sections.map((heading) => h("li", {}, h("a", { href: `#${heading.parentElement?.id}` }, heading.textContent)))));
}

/** @param {HTMLElement} article @param {Example[]} examples */
async function drawExamples(article, examples) {
  const byId = new Map(examples.map((example) => [example.id, example]));
  const renderer = await rendererFor(game);
  for (const figure of article.querySelectorAll("figure[data-example]")) {
    if (!(figure instanceof HTMLElement)) continue;
    const example = byId.get(figure.dataset.example ?? "");
    if (!example) { figure.remove(); continue; }
    const board = h("div", { class: "board rules-board" });
    figure.replaceChildren(
      h("figcaption", {}, h("strong", {}, example.title), " ", example.caption),
      board);
    const input = renderInput({ table: `rules:${example.id}`, version: 0, game, view: example.view, seats: example.seats,
      current_player: example.current_player });
    renderer.render(board, input, { interactive: false, move: () => {} });
    figure.dataset.drawn = "true";
  }
}

async function main() {
  const article = $("rules");
  try {
    const [text, catalogue, examples] = await Promise.all([fragment(), /** @type {Promise<GamesCatalogue>} */ (api("/api/games")),
      /** @type {Promise<Example[]>} */ (api(`/api/games/${encodeURIComponent(game)}/examples`))]);
    const info = catalogue.games.find((entry) => entry.name === game);
    const title = info ? info.title : game;
    document.title = t("guildtable — {game} rules", { game: title });
    $("title").textContent = t("{game}: rules", { game: title });
    article.innerHTML = text;
    const heading = h("h1", {}, t("How to play {game}", { game: title }));
    const note = info && !info.official_content && info.content_note
      ? h("p", { class: "note rules-content-note", id: "content-note" }, h("strong", {}, t("About the cards and tiles here:")), " ", info.content_note)
      : null;
    const lead = article.querySelector(".rules-lead");
    const before = note ? [note, contents(article)] : [contents(article)];
    if (lead) lead.after(...before);
    else article.prepend(...before);
    article.prepend(heading);
    // Issue 34: a guided first game teaches the same by playing.
    if (info?.tutorial) heading.after(h("p", { class: "rules-learn" }, h("a", { class: "button", href: `/learn/${encodeURIComponent(game)}` }, t("Learn by playing: a guided first game"))));
    await drawExamples(article, examples);
    article.removeAttribute("aria-busy");
    document.body.dataset.ready = "true";
    if (location.hash) document.getElementById(location.hash.slice(1))?.scrollIntoView();
  } catch (error) {
    $("error").textContent = error instanceof Error ? error.message : String(error);
    $("error").hidden = false;
    article.replaceChildren();
  }
}

main();

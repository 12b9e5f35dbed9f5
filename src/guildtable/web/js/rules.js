// A game's rules page: the text (an HTML fragment in /static/rules/), a contents list built from its sections, the
// note on stand-in content, and example positions from the server drawn by the game's own renderer.
import { api, h, rendererFor, t } from "/static/js/common.js";

const game = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop());
const $ = (id) => document.getElementById(id);

async function fragment() {
  const response = await fetch(`/rules/${encodeURIComponent(game)}/text`);
  if (!response.ok) throw new Error(t("The rules text could not be loaded."));
  return response.text();
}

function contents(article) {
  const sections = [...article.querySelectorAll("section[id] > h2")];
  return h("nav", { class: "rules-contents", "aria-label": t("Contents") },
    h("ol", {}, sections.map((heading) => h("li", {}, h("a", { href: `#${heading.parentElement.id}` }, heading.textContent)))));
}

async function drawExamples(article, examples) {
  const byId = new Map(examples.map((example) => [example.id, example]));
  const renderer = await rendererFor(game);
  for (const figure of article.querySelectorAll("figure[data-example]")) {
    const example = byId.get(figure.dataset.example);
    if (!example) { figure.remove(); continue; }
    const board = h("div", { class: "board rules-board" });
    figure.replaceChildren(
      h("figcaption", {}, h("strong", {}, example.title), " ", example.caption),
      board);
    const payload = { game, view: example.view, seats: example.seats, seat: null, legal: [], current_player: example.current_player };
    renderer.render(board, payload, { interactive: false, move: () => {} });
    figure.dataset.drawn = "true";
  }
}

async function main() {
  const article = $("rules");
  try {
    const [text, catalogue, examples] = await Promise.all([fragment(), api("/api/games"), api(`/api/games/${encodeURIComponent(game)}/examples`)]);
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
    if (lead) lead.after(...[note, contents(article)].filter(Boolean));
    else article.prepend(...[note, contents(article)].filter(Boolean));
    article.prepend(heading);
    await drawExamples(article, examples);
    article.removeAttribute("aria-busy");
    document.body.dataset.ready = "true";
    if (location.hash) document.getElementById(location.hash.slice(1))?.scrollIntoView();
  } catch (error) {
    $("error").textContent = error.message || String(error);
    $("error").hidden = false;
    article.replaceChildren();
  }
}

main();

"""The players' rules pages: `/rules/{game}` (the page; its text is `web/rules/<game>.html`) and
`GET /api/games/{name}/examples`, a few real positions of the game for the page to draw with the game's own renderer.

Each game builds its examples from its engine (`Game.examples`, the game's `examples.py`): a new game from a fixed seed
or setup, a few chosen moves or a game played on by seeded greedy bots (given from here), then the spectator's view
(`state.view(None)`). Only spectator views leave this module, so an example never shows a hand or anything else
hidden. Games are found by comparing names with the registry, never by importing a user's string. The examples are in
the reader's language (issue 15; see `kernel/examples.py`).
"""

from __future__ import annotations

import functools
from typing import Any, TypeVar

from fastapi import FastAPI
from fastapi.responses import HTMLResponse

from guildtable.bots.greedy import GreedyBot
from guildtable.kernel import State
from guildtable.kernel.examples import Players
from guildtable.kernel.i18n import current_language, domain, use_language
from guildtable.kernel.registry import find_game
from guildtable.server.pages import render_page, render_rules_text
from guildtable.server.problems import Problem, problem_responses

S = TypeVar("S", bound=State)

_ = domain("rules").gettext


def add_rules_pages(app: FastAPI) -> None:
    """Register the rules page of every game and its examples endpoint on `app`."""

    @app.get("/rules/{game}", include_in_schema=False)
    def rules_page(game: str) -> HTMLResponse:
        if find_game(game) is None:
            return HTMLResponse(render_page("not_found.html"), status_code=404)
        return HTMLResponse(render_page("rules.html"))

    @app.get("/rules/{game}/text", include_in_schema=False)
    def rules_text(game: str) -> HTMLResponse:
        """The rules of `game` as an HTML fragment in the request's language (the rules page shows it)."""
        found = find_game(game)
        if found is None:
            raise Problem(404, "unknown-game", _("there is no such game; /api/games lists them"))
        return HTMLResponse(render_rules_text(found.name))

    @app.get("/api/games/{name}/examples", tags=["games"], responses=problem_responses(404))
    def examples(name: str) -> list[dict[str, Any]]:
        """A few positions of the game as a spectator sees them, each with a title and a caption in plain words in
        the request's language: the pictures of the rules page at /rules/{name}."""
        game = find_game(name)
        if game is None:
            raise Problem(404, "unknown-game", _("there is no such game; /api/games lists them"))
        return examples_json(game.name, current_language())


@functools.cache
def examples_json(name: str, language: str) -> list[dict[str, Any]]:
    """The examples of the game called `name` (a registered name) in `language`, each game's own (`Game.examples`),
    played on by seeded greedy bots."""
    game = find_game(name)
    if game is None:
        return []
    with use_language(language):
        return [dict(example.to_json()) for example in game.examples(greedy_playout)]


def greedy_playout(state: S, seed: int) -> Players[S]:
    """Greedy players, one per seat, seeded: they play a game on to natural-looking positions."""
    return Players(state, [GreedyBot(seed * 10 + seat).choose for seat in range(state.num_players)])

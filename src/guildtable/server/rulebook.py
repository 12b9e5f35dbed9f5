"""What the players' rules pages show (their routes are in `routes/pages.py` and `routes/games.py`): `/rules/{game}`
(the page; its text is `web/rules/<game>.html`) and `GET /api/games/{name}/examples`, a few real positions of the game
for the page to draw with the game's own renderer.

Each game builds its examples from its engine (`Game.examples`, the game's `examples.py`): a new game from a fixed seed
or setup, a few chosen moves or a game played on by seeded greedy bots (given from here), then the spectator's view
(`state.view(None)`). Only spectator views leave this module, so an example never shows a hand or anything else
hidden. Games are found by comparing names with the registry, never by importing a user's string. The examples are in
the reader's language (issue 15; see `kernel/examples.py`).
"""

from __future__ import annotations

import functools
from typing import Any, TypeVar

from guildtable.bots.greedy import GreedyBot
from guildtable.kernel import State
from guildtable.kernel.examples import Players
from guildtable.kernel.i18n import domain, use_language
from guildtable.kernel.registry import find_game
from guildtable.server.problems import Problem

S = TypeVar("S", bound=State)

_ = domain("rules").gettext


def unknown_game() -> Problem:
    """The refusal of a rules page or examples of a game there is none of (in the rules pages' words)."""
    return Problem(404, "unknown-game", _("there is no such game; /api/games lists them"))


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

"""Levels for people: `easy`, `medium`, `hard` and `expert` are named ISMCTS specs, accepted wherever a bot is named.

They differ in budget and in how well they use the game's evaluation. Iteration budgets keep a seeded game
reproducible; `hard` also has a time cap (1.5 s) so that it stays under two seconds per move on games whose
evaluation is costly (there it is reproducible only when the iterations run out first, as in City Blocks).
A game may tune a level to itself (`Game.level_tuning`, e.g. a deeper best-first ordering where its evaluation is
cheap); parameters written in a spec (`hard:ms=500`) still win.

`expert` is `hard` (the same budget, 1.5 s at most, and the game's tuning of `hard`) judging its leaves with the network
trained for the game and player count by self-play (`learned=1`, issue 35; `bots/networks/`). Where no network ships
it would play as `hard`, so the lobby offers it only where one does (`expert_available`).
"""

from __future__ import annotations

from guildtable.kernel.i18n import N_
from guildtable.kernel.i18n import gettext as _
from guildtable.kernel.seats import bot_label

LEVELS: dict[str, str] = {
    "easy": "ismcts:iterations=60,c=0.5,rollout=10,widen=0,prior_depth=0",
    "medium": "ismcts:iterations=300,c=0.1,rollout=0,widen=1,alpha=0.4,prior_depth=2,settle=1",
    "hard": "ismcts:iterations=2000,ms=1500,c=0.1,rollout=0,widen=1,alpha=0.4,prior_depth=2,settle=1",
    "expert": "ismcts:iterations=2000,ms=1500,c=0.1,rollout=0,widen=1,alpha=0.4,prior_depth=2,settle=1,learned=1",
}
"""Level name -> the ISMCTS spec it stands for."""

LEVEL_DESCRIPTIONS: dict[str, str] = {
    "easy": N_("a light search with short random playouts: makes plain mistakes"),
    "medium": N_("a modest search guided by the game's evaluation"),
    "hard": N_("a deep search guided by the game's evaluation (at most 1.5 s per move)"),
    "expert": N_("the hard search judging positions with a network trained by self-play (at most 1.5 s per move)"),
}

TUNED_AS: dict[str, str] = {"expert": "hard"}
"""A level that takes a game's tuning of another level (`Game.level_tuning`): `expert` searches as `hard` does."""


OPPONENTS: tuple[tuple[str, str], ...] = (
    ("random", N_("any legal move")),
    ("greedy", N_("what looks best now")),
    ("easy", ""),
    ("medium", ""),
    ("hard", ""),
    ("expert", N_("trained on thousands of its own games")),
)
"""The bots a person picks from when seating a table, in the order the lobby lists them, each with what it does in
plain words where its name ("Computer, casual": `kernel.seats.BOT_LEVEL_NAMES`) does not say it."""


def expert_available(game: str, players: int) -> bool:
    """Whether `expert` plays `game` at `players` players with a trained network (elsewhere it plays as `hard`)."""
    from guildtable.bots.network import network_path

    return network_path(game, players) is not None


def opponent_label(kind: str, hint: str) -> str:
    """An opponent as the lobby's seat choice lists it, in the reader's language: its one name, and what it does
    ("Computer, casual: what looks best now")."""
    name = bot_label(kind)
    return _("{level}: {what}", level=name, what=_(hint)) if hint else name

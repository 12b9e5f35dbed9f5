"""Levels for people: `easy`, `medium` and `hard` are named ISMCTS specs, accepted wherever a bot is named.

They differ in budget and in how well they use the game's evaluation. Iteration budgets keep a seeded game
reproducible; `hard` also has a time cap (1.5 s) so that it stays under two seconds per move on games whose
evaluation is costly (there it is reproducible only when the iterations run out first, as in City Blocks).
A game may tune a level to itself (`Game.level_tuning`, e.g. a deeper best-first ordering where its evaluation is
cheap); parameters written in a spec (`hard:ms=500`) still win.
"""

from __future__ import annotations

from guildtable.kernel.i18n import N_
from guildtable.kernel.i18n import gettext as _
from guildtable.kernel.seats import bot_label

LEVELS: dict[str, str] = {
    "easy": "ismcts:iterations=60,c=0.5,rollout=10,widen=0,prior_depth=0",
    "medium": "ismcts:iterations=300,c=0.1,rollout=0,widen=1,alpha=0.4,prior_depth=2,settle=1",
    "hard": "ismcts:iterations=2000,ms=1500,c=0.1,rollout=0,widen=1,alpha=0.4,prior_depth=2,settle=1",
}
"""Level name -> the ISMCTS spec it stands for."""

LEVEL_DESCRIPTIONS: dict[str, str] = {
    "easy": N_("a light search with short random playouts: makes plain mistakes"),
    "medium": N_("a modest search guided by the game's evaluation"),
    "hard": N_("a deep search guided by the game's evaluation (at most 1.5 s per move)"),
}


OPPONENTS: tuple[tuple[str, str], ...] = (
    ("random", N_("any legal move")),
    ("greedy", N_("what looks best now")),
    ("easy", ""),
    ("medium", ""),
    ("hard", ""),
)
"""The bots a person picks from when seating a table, in the order the lobby lists them, each with what it does in
plain words where its name ("Computer, casual": `kernel.seats.BOT_LEVEL_NAMES`) does not say it."""


def opponent_label(kind: str, hint: str) -> str:
    """An opponent as the lobby's seat choice lists it, in the reader's language: its one name, and what it does
    ("Computer, casual: what looks best now")."""
    name = bot_label(kind)
    return _("{level}: {what}", level=name, what=_(hint)) if hint else name

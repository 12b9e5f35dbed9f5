"""A City Blocks evaluation for the greedy bot and for search: won value tiles plus, for every open street, its value
tile weighted by how likely each player is to win it. Uses only public information.

How likely a street is won was measured, not guessed: `benchmarks/fit_city_blocks_street_odds.py` plays greedy
self-play games and fits, for each number k of empty sites left in a street, the expected outcome for the player to
move as tanh((lead + EDGE[k]) / SCALE[k]), where `lead` is that player's current street total minus the opponent's
(CB-17 modifiers applied). EDGE is the tempo of moving first: with one site left the player to move can complete the
street (or overtake by a small margin), which is worth about two points of lead.
"""

# Compiled by mypyc at install (setup.py): see "Compiled engines" in src/guildtable/games/README.md.
from __future__ import annotations

import math
from typing import Final

from guildtable.games.city_blocks.content import STREET_SIZES, STREETS
from guildtable.games.city_blocks.questions import Place
from guildtable.games.city_blocks.scoring import street_totals
from guildtable.games.city_blocks.state import CityBlocksPosition

# Indexed by the number of empty sites left in a street that holds a tile (1..5; index 0 is unused); fitted once on
# 3,000 games of the greedy bot of the time, which used a cruder evaluation.
SCALE: Final[tuple[float, ...]] = (1.0, 4.05, 5.40, 9.07, 9.89, 10.73)
EDGE: Final[tuple[float, ...]] = (0.0, 1.84, 0.25, 0.61, 0.35, 0.44)
MARGIN_SCALE: Final = 15.0
"""The expected value-tile margin that maps to tanh(1) ≈ 0.76."""

LEVEL_TUNING = {"hard": "prior_depth=4,c=0.05"}
"""This evaluation costs about 20 µs and a move's worth hangs on the replies it allows, so `hard` orders moves
best-first four plies deep and explores little (in 100 games against greedy it won 92, against about 75 with
best-first ordering two plies deep)."""


def street_outlook(lead: float, empty: int, to_move: bool) -> float:
    """The expected outcome in [-1, 1] of a street for a player `lead` points ahead in it, with `empty` sites left."""
    return math.tanh((lead + (EDGE[empty] if to_move else -EDGE[empty])) / SCALE[empty])


def evaluate(state: CityBlocksPosition, seat: int) -> float:
    """A value in [-1, 1]: positive when `seat` is ahead."""
    opponent = 1 - seat
    won = state.won
    if state.is_terminal:
        mine, theirs = sum(won[seat]), sum(won[opponent])
        return 0.0 if mine == theirs else (1.0 if mine > theirs else -1.0)
    question = state.stack[-1]
    # During a courthouse swap the placing player has moved already: the opponent places next.
    to_move = (question.seat if isinstance(question, Place) else 1 - question.seat) == seat
    margin = float(sum(won[seat]) - sum(won[opponent]))
    slots, empty_sites, board = state.slots, state.open_sites, state.board
    for street in range(STREETS):
        value = slots[street]
        empty = empty_sites[street]
        if not value or empty == STREET_SIZES[street]:
            continue
        totals = street_totals(board, street)
        margin += value * street_outlook(totals[seat] - totals[opponent], empty, to_move)
    return math.tanh(margin / MARGIN_SCALE)

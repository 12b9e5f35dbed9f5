"""A Guildhall evaluation for the greedy bot and for search rollouts: VP first, then what buys VP (completed
chapters), then progress towards chapters and a usable hand. Reads only public facts and the evaluated seat's own
hand size, so it never rewards peeking."""

# Compiled by mypyc at install (setup.py): see "Compiled engines" in src/guildtable/games/README.md.
from __future__ import annotations

import math
from typing import Final

from guildtable.games.guildhall.content import COLOURS, PROFESSIONS
from guildtable.games.guildhall.questions import WIN_VP
from guildtable.games.guildhall.state import Position

_BITS: Final = tuple(bin(mask).count("1") for mask in range(32))
# Worth of a chapter of n face-up cards: growing faster than linearly, since 5 completes it.
_CHAPTER_WORTH: Final = (0.0, 0.15, 0.45, 0.95, 1.7)


def standing(state: Position, seat: int) -> float:
    """A VP-like measure of how well `seat` stands: VP, completed chapters, chapters in the making (counting the
    action area, which joins the guildhall at the end of the turn) and hand cards that could still be played."""
    value = float(state.vp(seat))
    value += 2.2 * len(state.completed[seat])
    base = seat * PROFESSIONS
    masks = state.halls[base : base + PROFESSIONS]
    for card in state.areas[seat]:
        masks[card // COLOURS] |= 1 << card % COLOURS
    for mask in masks:
        value += _CHAPTER_WORTH[min(_BITS[mask], 4)]
    for card in state.hands[seat][:10]:
        dead = masks[card // COLOURS] >> card % COLOURS & 1
        value += -0.05 if dead else 0.12
    return value


def evaluate(state: Position, seat: int) -> float:
    """A value in [-1, 1]: positive when `seat` is ahead."""
    if state.is_terminal:
        winners = state.winners()
        if seat in winners:
            return 1.0 / len(winners)
        return -1.0
    mine = standing(state, seat)
    best_other = max(standing(state, other) for other in range(state.num_players) if other != seat)
    closeness = state.vp(seat) / WIN_VP
    return math.tanh((mine - best_other) / 8.0 + 0.2 * closeness)

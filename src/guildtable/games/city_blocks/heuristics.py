"""A City Blocks evaluation for the greedy bot and for search rollouts: won value tiles plus each open street's
value tile weighted by who leads it and how full it is. Uses only public information."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from guildtable.games.city_blocks.content import STREET_SITES, STREETS
from guildtable.games.city_blocks.scoring import street_totals

if TYPE_CHECKING:
    from guildtable.games.city_blocks.rules import CityBlocksState


def evaluate(state: CityBlocksState, seat: int) -> float:
    """A value in [-1, 1]: positive when `seat` is ahead."""
    opponent = 1 - seat
    if state.is_terminal:
        mine, theirs = sum(state.won[seat]), sum(state.won[opponent])
        return 0.0 if mine == theirs else (1.0 if mine > theirs else -1.0)
    margin = float(sum(state.won[seat]) - sum(state.won[opponent]))
    for street in range(STREETS):
        value = state.slots[street]
        if not value:
            continue
        size = len(STREET_SITES[street])
        filled = size - state.open_sites[street]
        if not filled:
            continue
        totals = street_totals(state.board, street)
        lead = (totals[seat] - totals[opponent]) / (abs(totals[seat]) + abs(totals[opponent]) + 4)
        margin += value * lead * filled / size
    # Paying for a rebuild costs the lowest value tile, so having cheap tiles to spend is worth a little.
    return math.tanh(margin / 15.0)

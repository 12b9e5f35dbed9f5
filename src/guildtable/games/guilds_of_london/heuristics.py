"""A Guilds of London evaluation for the greedy bot and search rollouts: VP, plus what the seat is building toward
(masters, liverymen leading unscored tiles, presence on the plantation, cards in hand, reward cards held). Uses only
what `seat` may know: public figures and its own cards."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from guildtable.games.guilds_of_london.content import CONTENT

if TYPE_CHECKING:
    from guildtable.games.guilds_of_london.rules import GuildsState

TILES = CONTENT.tiles


def potential(state: GuildsState, seat: int) -> float:
    """Expected future VP of `seat` from the position (a rough, public-information estimate)."""
    players = state.num_players
    fig = state.fig
    value = float(state.vp[seat])
    if state.is_terminal:
        return value
    value += 1.5 * len(state.controlled(seat))  # reward cards and master pairs pay for masters
    for tile in state.in_play:
        if state.back[tile]:
            continue
        counts = fig[tile * 4 : tile * 4 + players]
        mine = counts[seat]
        if not mine:
            continue
        best_other = max((n for p, n in enumerate(counts) if p != seat), default=0)
        filled = min(1.0, (sum(counts) + (state.beadle == tile)) / TILES[tile].minimum)
        worth = 2.0 + 1.2 * TILES[tile].minimum
        if mine > best_other:
            value += worth * filled
        elif mine == best_other:
            value += 0.4 * worth * filled
        else:
            value += 0.15 * worth * filled
    plantation = [fig[(len(TILES) + 1) * 4 + p] for p in range(players)]
    if plantation[seat] and plantation[seat] >= max(plantation):
        value += 3.0
    value += 0.35 * fig[len(TILES) * 4 + seat]  # liverymen ready on the Guildhall
    value += 0.3 * min(len(state.hands[seat]), 8)
    value += 5.0 * len(state.rewards[seat])
    return value


def evaluate(state: GuildsState, seat: int) -> float:
    """A value in [-1, 1]: positive when `seat` is ahead."""
    if state.is_terminal:
        winners = state.winners()
        if seat in winners:
            return 1.0 if len(winners) == 1 else 0.5
        return -1.0
    mine = potential(state, seat)
    best = max(potential(state, p) for p in range(state.num_players) if p != seat)
    return math.tanh((mine - best) / 20.0)

"""A Guilds of London evaluation for the greedy bot and search rollouts: VP, plus what the seat is building toward
(masters, leads on unscored tiles weighted by how close they are to their minimum, the plantation, liverymen ready on
the Guildhall, a useful hand, reward cards, and answers still owed to it). Uses only what `seat` may know: public
figures, public counts and its own cards."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from guildtable.games.guilds_of_london import rules as R
from guildtable.games.guilds_of_london.actions import GUILDHALL, PLANTATION
from guildtable.games.guilds_of_london.content import CONTENT

if TYPE_CHECKING:
    from guildtable.games.guilds_of_london.rules import GuildsState

TILES = CONTENT.tiles
PENDING_VALUE = {R.MOVE_FROM: 1.2, R.MOVE_TO: 1.2, R.SEND_FROM: 1.0, R.KEEP: 5.0, R.FIRST: 1.5, R.SECOND: 1.0}


def potential(state: GuildsState, seat: int) -> float:
    """Expected final VP of `seat` from the position (a rough, public-information estimate)."""
    players = state.num_players
    fig = state.fig
    value = float(state.vp[seat])
    if state.is_terminal:
        return value
    late = state.round / state.track.rounds
    value += (1.0 + 1.5 * late) * len(state.controlled(seat))
    for tile in state.in_play:
        if state.back[tile]:
            continue
        counts = fig[tile * 4 : tile * 4 + players]
        mine = counts[seat]
        if not mine:
            continue
        best_other = max((n for p, n in enumerate(counts) if p != seat), default=0)
        minimum = TILES[tile].minimum
        figures = sum(counts) + (state.beadle == tile)
        ready = 1.0 if figures >= minimum else 0.5 * figures / minimum
        worth = 2.0 + 1.5 * minimum
        if mine > best_other:
            share = 1.0
        elif mine == best_other:
            share = 0.45
        else:
            share = 0.2
        value += worth * share * ready + 0.3 * mine
    plantation = [fig[PLANTATION * 4 + p] for p in range(players)]
    if plantation[seat]:
        value += 3.0 if plantation[seat] > max(n for p, n in enumerate(plantation) if p != seat) else 1.2
    value += 0.8 * min(fig[GUILDHALL * 4 + seat], 6)
    value += 0.5 * min(len(state.hands[seat]), state.hand_limit(seat))
    value += 5.0 * len(state.rewards[seat])
    value += 0.4 * state.neutrals[seat]
    for decision in state.pending:
        if decision.seat == seat:
            value += PENDING_VALUE.get(decision.kind, 0.0)
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
    return math.tanh((mine - best) / 25.0)

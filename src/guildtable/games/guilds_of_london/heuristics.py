"""A Guilds of London evaluation for the greedy bot and search rollouts: VP, plus what the seat is building toward
(masters, leads on unscored tiles weighted by how close they are to their minimum, the plantation, liverymen ready on
the Guildhall, a useful hand, reward cards, and answers still owed to it). Uses only what `seat` may know: public
figures, public counts and its own cards."""

# Compiled by mypyc at install (setup.py): see "Compiled engines" in src/guildtable/games/README.md.
from __future__ import annotations

import math

from guildtable.games.guilds_of_london.actions import GUILDHALL, PLANTATION
from guildtable.games.guilds_of_london.content import CONTENT
from guildtable.games.guilds_of_london.questions import (
    ApplyEffect,
    CardEffect,
    FirstReward,
    MoveFrom,
    MoveTo,
    Pay,
    ReturnLiveryman,
    RewardKeep,
    SecondReward,
    SendFrom,
)
from guildtable.games.guilds_of_london.scoring import winners
from guildtable.games.guilds_of_london.state import GuildsPosition

TILES = CONTENT.tiles
CARDS = CONTENT.cards
EFFECTS = CONTENT.effects
# Value equivalents of each primitive (DESIGN.md §3), per unit of its count.
UNIT_VALUE = {
    "vp": 1.0,
    "move": 1.3,
    "recruit": 1.0,
    "to_plantation": 1.3,
    "draw_action": 0.7,
    "reward_cards_choose": 5.5,
    "hand_limit_bonus": 0.2,
    "move_beadle": 1.5,
}


def effect_value(index: int) -> float:
    effect = EFFECTS[index]
    if effect.kind in ("vp",):
        return float(effect.amount)
    if effect.kind in ("reward_cards_choose", "move_beadle"):
        return UNIT_VALUE[effect.kind]
    if effect.kind == "hand_limit_bonus":
        return UNIT_VALUE[effect.kind] * effect.amount
    return UNIT_VALUE[effect.kind] * effect.count * (2.0 if effect.to_plantation else 1.0)


def card_effect_value(card: int, start: int) -> float:
    """What the rest of a played card's effect list is worth (lasting effects at a guessed 1.5)."""
    total = 0.0
    for triggered in CARDS[card].effect[start:]:
        worth = sum(effect_value(e) for e in triggered.effects)
        total += 1.5 if triggered.trigger == "each_time" else worth * (0.6 if triggered.condition else 1.0)
    return total


def owed_value(state: GuildsPosition, seat: int) -> float:
    """Answers and steps still owed to `seat`: effects to come count now, costs to pay count against."""
    value = 0.0
    for question in state.stack:
        if question.seat != seat:
            continue
        if isinstance(question, ApplyEffect):
            value += effect_value(question.effect)
        elif isinstance(question, CardEffect):
            value += card_effect_value(question.card, question.trigger)
        elif isinstance(question, Pay):
            value -= 0.5 * question.remaining
        elif isinstance(question, ReturnLiveryman):
            value -= 1.0 * question.remaining
        elif isinstance(question, (MoveFrom, MoveTo, SendFrom)):
            left = question.remaining
            value += 1.3 * (left if question.up_to == 0 else 0.6 * left)
        elif isinstance(question, RewardKeep):
            value += 5.0
        elif isinstance(question, FirstReward):
            value += effect_value(TILES[question.tile].first[question.part])
        elif isinstance(question, SecondReward):
            value += effect_value(TILES[question.tile].second_extra[question.part])
    if seat == state.active:
        for card, index in state.end_effects:
            value += sum(effect_value(e) for e in CARDS[card].effect[index].effects)
        value += 1.0 * len(state.lasting)
    return value


def potential(state: GuildsPosition, seat: int) -> float:
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
        # A lead survives negotiation only if it outlasts the neutrals the others can still place (GL-75).
        threat = sum(state.neutrals[p] for p in range(players) if p != seat and counts[p] <= mine)
        if mine - threat > max(0, best_other - state.neutrals[seat]):
            share = 1.0
        elif mine > best_other:
            share = 0.6
        elif mine == best_other:
            share = 0.45
        else:
            share = 0.2
        value += worth * share * ready + 0.3 * mine
    plantation = [fig[PLANTATION * 4 + p] for p in range(players)]
    if plantation[seat]:
        value += 3.0 if plantation[seat] > max(n for p, n in enumerate(plantation) if p != seat) else 1.2
    value += 0.8 * min(fig[GUILDHALL * 4 + seat], 6)
    # Cards above the limit still count during the holder's own turn: they can be played before the check.
    room = state.hand_limit(seat) + (2 if seat == state.active else 0)
    value += 0.5 * min(len(state.hands[seat]), room)
    value += 5.0 * len(state.rewards[seat])
    value += 0.4 * state.neutrals[seat]
    return value + owed_value(state, seat)


def evaluate(state: GuildsPosition, seat: int) -> float:
    """A value in [-1, 1]: positive when `seat` is ahead."""
    if state.is_terminal:
        won = winners(state)
        if seat in won:
            return 1.0 if len(won) == 1 else 0.5
        return -1.0
    mine = potential(state, seat)
    best = max(potential(state, p) for p in range(state.num_players) if p != seat)
    return math.tanh((mine - best) / 25.0)

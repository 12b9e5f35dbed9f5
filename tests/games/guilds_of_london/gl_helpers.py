"""Scenario helpers for the Guilds of London tests: a cleared table, figures placed by hand, questions put on top of
the stack, and steps run to the next question. Every helper keeps liverymen conserved (they come from the supply)."""

from __future__ import annotations

from typing import Any

from guildtable.games.guilds_of_london import GAME
from guildtable.games.guilds_of_london import actions as A
from guildtable.games.guilds_of_london import questions as Q
from guildtable.games.guilds_of_london.content import CONTENT, SYMBOL_BIT
from guildtable.games.guilds_of_london.geometry import cell
from guildtable.games.guilds_of_london.rules import GuildsState
from guildtable.kernel.events import Event
from guildtable.kernel.questions import Question

GH, PL = A.GUILDHALL, A.PLANTATION


def tile(tile_id: str) -> int:
    return A.TILE_OF_ID[tile_id]


def card_index(number: int) -> int:
    return A.CARD_OF_NUMBER[number]


def fresh(players: int, seed: int = 0, options: dict[str, Any] | None = None, **setup: Any) -> GuildsState:
    """A new game with every seat having kept its first reward card: round 1, first player's turn."""
    state = GAME.new_state(players, seed=seed, options=options, setup=setup or None)
    assert isinstance(state, GuildsState)
    while isinstance(state.stack[-1], Q.SetupKeep):
        state.apply(state.legal_actions()[0])
    return state


def cleared(players: int, seed: int = 0, **kwargs: Any) -> GuildsState:
    """A fresh game with every liveryman back in the supply, the Beadle set aside, no VP."""
    state = fresh(players, seed, **kwargs)
    for seat in range(players):
        for location in range(A.N_LOCATIONS):
            state.supply[seat] += state.fig[location * 4 + seat]
            state.fig[location * 4 + seat] = 0
    state.beadle = -1
    return state


def put(state: GuildsState, seat: int, location: int, count: int = 1) -> None:
    assert state.supply[seat] >= count
    state.supply[seat] -= count
    state.fig[location * 4 + seat] += count


def figures(state: GuildsState, location: int) -> list[int]:
    return state.fig[location * 4 : location * 4 + state.num_players]


def make_master(state: GuildsState, seat: int, location: int) -> None:
    state.back[location] = 1
    put(state, seat, location)


def at(state: GuildsState, x: int, y: int) -> int:
    return state.cells[cell(x, y)]


def with_symbol(state: GuildsState, symbol: str, exclude: tuple[int, ...] = ()) -> int:
    """An in-play tile whose front shows `symbol`."""
    return next(t for t in state.in_play if CONTENT.tiles[t].front & SYMBOL_BIT[symbol] and t not in exclude)


def without_symbol(state: GuildsState, symbol: str) -> int:
    return next(t for t in state.in_play if not CONTENT.tiles[t].front & SYMBOL_BIT[symbol])


def ask(state: GuildsState, question: Question) -> None:
    """Replace the stack with one question (for a focused scenario)."""
    state.stack = [question]


def run(state: GuildsState, *steps: Question) -> list[Event]:
    """Replace the stack with engine steps (last = first to run) and run them to the next question; what happened."""
    state.stack = list(steps)
    events: list[Event] = []
    state.settle(events)
    return events


def give_cards(state: GuildsState, seat: int, numbers: list[int]) -> None:
    """Make `seat`'s hand exactly these cards (the rest go back to the deck)."""
    state.deck.extend(state.hands[seat])
    state.hands[seat] = []
    for number in numbers:
        index = card_index(number)
        for pile in (state.deck, state.discard, *state.hands):
            if index in pile:
                pile.remove(index)
                break
        state.hands[seat].append(index)
    state.hands[seat].sort()


def turn_of(state: GuildsState, seat: int) -> None:
    """Make it `seat`'s turn with nothing played yet."""
    state.active = seat
    state.played = 0
    state.taken |= 1 << seat
    state.stack = [Q.NextTurn(-1), Q.Turn(seat)]


def play(state: GuildsState, seat: int, number: int, use: int) -> None:
    state.apply(A.PLAY + card_index(number) * 3 + use)


def first_card_with(effect_id: str) -> int:
    return next(c.number for c in CONTENT.cards if c.effect_id == effect_id)


def kinds(state: GuildsState) -> list[str]:
    return [question.kind for question in state.stack]


def ensure_in_play(state: GuildsState, tile_id: str, keep: tuple[int, ...] = ()) -> int:
    """Swap `tile_id` into the city (in place of a front-side guild tile not in `keep`) if it was still in the pool."""
    wanted = tile(tile_id)
    if wanted in state.in_play:
        return wanted
    victim = next(t for t in state.in_play if CONTENT.tiles[t].kind == "guild" and t not in keep)
    code = state.cell_of[victim]
    state.in_play[state.in_play.index(victim)] = wanted
    state.cell_of[victim] = -1
    state.cell_of[wanted] = code
    state.cells[code] = wanted
    state.token[wanted], state.token[victim] = state.token[victim], -1
    state.pool[state.pool.index(wanted)] = victim
    return wanted

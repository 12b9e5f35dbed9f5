"""What a City Blocks move does (CB-11 to CB-21): the tile goes on the board, a courthouse asks for a swap, streets
that fill up are scored, the mover draws, and the turn passes. Called only with a legal action (`legal.py`).

Only the board, the empty sites per street, the question stack and the pair of hands are changed in place; a hand,
the value tiles, the removed ones, the scored streets and the piles are replaced when they change: copies of the
state share them (`state.py`)."""

# Compiled by mypyc at install (setup.py): see "Compiled engines" in src/guildtable/games/README.md.
from __future__ import annotations

from typing import Any, Final, cast

from guildtable.games.city_blocks import actions
from guildtable.games.city_blocks.actions import NO_SWAP, SWAP_BASE, SWAP_PAIRS
from guildtable.games.city_blocks.award import Award
from guildtable.games.city_blocks.content import (
    COURT,
    HAND_SIZE,
    SITE_STREETS,
    SITES,
    STREET_NAMES,
    TILE_CODES,
    TILE_TYPES,
    cell,
    site_name,
)
from guildtable.games.city_blocks.questions import PLACE_BY_SEAT, Place, Swap
from guildtable.games.city_blocks.scoring import street_totals, street_winner
from guildtable.games.city_blocks.state import CityBlocksPosition, with_seat
from guildtable.kernel import Event
from guildtable.kernel.events import private_fields, public, public_fields

# The keys of the events every move makes (`public_fields`: their dicts are made only when read).
BUILD: Final = ("seat", "tile", "site", "move")
REBUILD: Final = ("seat", "tile", "site", "replaced", "paid", "move")
DRAW: Final = ("seat", "count")
DREW: Final = ("seat", "tiles")


def place(state: CityBlocksPosition, question: Place, action: int, events: list[Event]) -> None:
    """Place a tile (CB-11, CB-12); a courthouse then asks for a swap (CB-13), anything else ends the turn. The
    question is off the stack already."""
    seat = question.seat
    tile, site = action // SITES, action % SITES
    hand = state.hands[seat].copy()  # a hand is replaced, never changed in place (`state.py`)
    hand.remove(tile)
    state.hands[seat] = hand
    code = state.board[site]
    rebuild = code != 0
    state.last_move = actions.notation(action, rebuild)
    if rebuild:  # CB-12
        payment = state.won[seat][0]
        state.won = with_seat(state.won, seat, state.won[seat][1:])
        state.removed_values = [*state.removed_values, payment]
        state.removed_tiles = [*state.removed_tiles, code]
        replaced = TILE_CODES[(code - 1) % TILE_TYPES]
        move = (seat, TILE_CODES[tile], site_name(site), replaced, payment, state.last_move)
        events.append(public_fields("rebuild", REBUILD, move))
    else:  # CB-11
        row, column = SITE_STREETS[site]
        open_sites = state.open_sites
        open_sites[row] = open_sites[row] - 1
        open_sites[column] = open_sites[column] - 1
        events.append(public_fields("build", BUILD, (seat, TILE_CODES[tile], site_name(site), state.last_move)))
    state.board[site] = cell(seat, tile)
    if tile == COURT and sum(1 for value in state.slots if value) >= 2:  # CB-13
        state.stack.append(Swap(seat, site, not rebuild))
        return
    _finish_turn(state, seat, site, not rebuild, events)


def swap(state: CityBlocksPosition, question: Swap, action: int, events: list[Event]) -> None:
    """Swap two streets' value tiles, or not (CB-13), and end the turn."""
    seat = question.seat
    if action == NO_SWAP:
        state.last_move = "noswap"
        events.append(public("noswap", seat=seat, move="noswap"))
    else:
        a, b = SWAP_PAIRS[action - SWAP_BASE]
        slots = state.slots = state.slots.copy()
        slots[a], slots[b] = slots[b], slots[a]
        state.last_move = actions.notation(action)
        events.append(
            public(
                "swap",
                seat=seat,
                streets=[STREET_NAMES[a], STREET_NAMES[b]],
                values=[slots[a], slots[b]],
                move=state.last_move,
            )
        )
    _finish_turn(state, seat, question.site, question.built, events)


def _finish_turn(state: CityBlocksPosition, seat: int, site: int, built: bool, events: list[Event]) -> None:
    """Score the streets a build filled (CB-16, CB-19), draw (CB-14), then end the game (CB-21) or pass the turn."""
    if built:  # CB-16, CB-19: row first, then column; a rebuild never scores (CB-A-7)
        row, column = SITE_STREETS[site]
        if state.open_sites[row] == 0:
            events.append(_award(state, row))
        if state.open_sites[column] == 0:
            events.append(_award(state, column))
    _draw(state, seat, events)
    # (a generator: compiled, `any` of one is a loop, of a list a call of the builtin)
    if not any(left > 0 for left in state.open_sites):  # CB-21: no street has an empty site left; the stack stays empty
        events.append(public("game_end", scores=state.scores(), winners=state.winners()))
        return
    opponent = 1 - seat
    if state.hands[opponent]:
        state.stack.append(PLACE_BY_SEAT[opponent])
    else:  # CB-15: an empty hand skips its turn
        state.stack.append(PLACE_BY_SEAT[seat])
        events.append(public("pass", seat=opponent, reason="no tiles left"))


def _award(state: CityBlocksPosition, street: int) -> Event:
    """Score a street that has just filled up (CB-16 to CB-20)."""
    totals = street_totals(state.board, street)
    winner = street_winner(totals)
    value = state.slots[street]
    state.slots = [0 if other == street else slot for other, slot in enumerate(state.slots)]
    if winner is None:
        state.removed_values = [*state.removed_values, value]
    else:
        state.won = with_seat(state.won, winner, sorted([*state.won[winner], value]))
    award: Award = {"street": STREET_NAMES[street], "value": value, "totals": list(totals), "winner": winner}
    state.awards = [*state.awards, award]
    return Event("award", cast(dict[str, Any], dict(award)))


def _draw(state: CityBlocksPosition, seat: int, events: list[Event]) -> None:  # CB-14
    hand, pile = state.hands[seat], state.piles[seat]
    count = min(HAND_SIZE - len(hand), len(pile))
    if count <= 0:
        return
    drawn = pile[:count]
    state.piles = with_seat(state.piles, seat, pile[count:])
    state.hands[seat] = _sorted_in(hand, drawn)
    events.append(public_fields("draw", DRAW, (seat, count)))
    events.append(private_fields(seat, "drew", DREW, (seat, [TILE_CODES[tile] for tile in drawn])))


def _sorted_in(hand: list[int], tiles: list[int]) -> list[int]:
    """A new hand: `hand` (sorted) with `tiles`, each moved down to its place (a turn draws one tile: cheaper than
    sorting)."""
    merged = hand + tiles
    for start in range(len(hand), len(merged)):
        tile = merged[start]
        index = start
        while index > 0 and merged[index - 1] > tile:
            merged[index] = merged[index - 1]
            index -= 1
        merged[index] = tile
    return merged

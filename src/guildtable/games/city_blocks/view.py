"""What a City Blocks seat may see (CB-9): the whole board, the value tiles, every count, and its own hand only; a
spectator sees no hand."""

from __future__ import annotations

from collections.abc import Sequence

from typing_extensions import TypedDict

from guildtable.games.city_blocks import words
from guildtable.games.city_blocks.award import Award
from guildtable.games.city_blocks.content import (
    SEAT_NAMES,
    STREET_NAMES,
    STREETS,
    TILE_CODES,
    TILE_KINDS,
    TILE_TYPES,
    ZEROES,
    Kind,
)
from guildtable.games.city_blocks.scoring import street_totals
from guildtable.games.city_blocks.state import CityBlocksPosition
from guildtable.kernel.views import DecisionView, SeatView


class BoardCell(TypedDict):
    """A built site: its owner's seat and the tile's code (`H3`, `CRT`)."""

    owner: int
    tile: str


class CityBlocksPublicView(TypedDict):
    """The part of a City Blocks view every seat sees alike (all but `seat` and `hand`). Its first keys repeat
    `SeatView`'s with the same types, so that this part is a whole TypedDict of its own."""

    game: str
    seats: list[str]
    current_player: int | None
    decision: DecisionView | None
    street_totals: dict[str, list[int]]
    """Per street name (`R1`..`C6`), each player's running total there under the effects in force (CB-17)."""
    street_effects: dict[str, list[str]]
    """Per street name, the CB-17 effects in force there, in words (empty when every tile counts its number)."""
    terminal: bool
    board: list[list[BoardCell | None]]
    """The 5 rows of 6 sites, top row first; None for an empty site."""
    slots: dict[str, int | None]
    """Per street name, the value tile beside it, None once the street is scored."""
    won: list[list[int]]
    """Per seat, the value tiles it holds, ascending."""
    scores: list[float]
    hand_sizes: list[int]
    pile_sizes: list[int]
    start_player: int
    start_draws: list[int]
    """The value each player drew for the start (CB-7); empty when the setup fixed the slots."""
    removed_values: list[int]
    """The value tiles out of the game (spares, start draws, ties, rebuild payments), ascending."""
    awards: list[Award]
    """The streets scored so far, in order."""
    zeroes: dict[str, list[str]]
    """Per special tile's code (`SCH`), the kinds (`H`, `F`) it makes count 0 in its row and its column (CB-17)."""
    last_move: str
    """The last move's notation, "" before the first."""
    winners: list[int]


class CityBlocksView(SeatView, CityBlocksPublicView):
    """What one City Blocks seat (or a spectator) sees (CB-9): the public part and its own hand."""

    hand: list[str] | None
    """The seat's own tiles' codes; None for a spectator."""


def views(state: CityBlocksPosition, seats: Sequence[int | None]) -> list[CityBlocksView]:
    """The seats' views, the part every seat sees alike built once and shared by them (never modify a view).
    Nothing is kept: a kept view lived on until the table's next move, where the garbage collector looked at
    every one of them (at 1,000 tables, the most of what a young collection looked at)."""
    shared = _public_view(state)
    hands = state.hands
    return [
        {**shared, "seat": seat, "hand": None if seat is None else [TILE_CODES[tile] for tile in hands[seat]]}
        for seat in seats
    ]


def _kind_code(kind: Kind) -> str:
    """The code a kind's tiles begin with (`H` for the houses `H1`..`H5`, `SCH` for the school)."""
    return TILE_CODES[TILE_KINDS.index(kind)].rstrip("0123456789")


def _zeroes() -> dict[str, list[str]]:
    """CB-17 as the page draws it on the special tiles: each one's code and the codes of the kinds it zeroes."""
    return {_kind_code(special): [_kind_code(kind) for kind in kinds] for special, kinds in ZEROES.items()}


def _public_view(state: CityBlocksPosition) -> CityBlocksPublicView:
    board: list[list[BoardCell | None]] = [
        [
            None if not code else {"owner": (code - 1) // TILE_TYPES, "tile": TILE_CODES[(code - 1) % TILE_TYPES]}
            for code in state.board[row * 6 : (row + 1) * 6]
        ]
        for row in range(5)
    ]
    return {
        "game": state.game.name,
        "seats": list(SEAT_NAMES),
        "current_player": state.current_player,
        "decision": state.decision(),
        "street_totals": {STREET_NAMES[street]: list(street_totals(state.board, street)) for street in range(STREETS)},
        "street_effects": {
            STREET_NAMES[street]: words.street_effects(state.board, street) for street in range(STREETS)
        },
        "terminal": state.is_terminal,
        "board": board,
        "slots": {STREET_NAMES[street]: (state.slots[street] or None) for street in range(STREETS)},
        "won": [list(values) for values in state.won],
        "scores": state.scores(),
        "hand_sizes": [len(hand) for hand in state.hands],
        "pile_sizes": [len(pile) for pile in state.piles],
        "start_player": state.start_player,
        "start_draws": list(state.start_draws),
        "removed_values": sorted(state.removed_values),
        "awards": list(state.awards),
        "zeroes": _zeroes(),
        "last_move": state.last_move,
        "winners": state.winners(),
    }

"""What a City Blocks seat may see (CB-9): the whole board, the value tiles, every count, and its own hand only; a
spectator sees no hand."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from guildtable.games.city_blocks import words
from guildtable.games.city_blocks.content import SEAT_NAMES, STREET_NAMES, STREETS, TILE_CODES, TILE_TYPES
from guildtable.games.city_blocks.scoring import street_totals
from guildtable.games.city_blocks.state import CityBlocksPosition


def views(state: CityBlocksPosition, seats: Sequence[int | None]) -> list[dict[str, Any]]:
    """The seats' views, the part every seat sees alike built once and shared by them (never modify a view).
    Nothing is kept: a kept view lived on until the table's next move, where the garbage collector looked at
    every one of them (at 1,000 tables, the most of what a young collection looked at)."""
    shared = _public_view(state)
    hands = state.hands
    return [
        {**shared, "seat": seat, "hand": None if seat is None else [TILE_CODES[tile] for tile in hands[seat]]}
        for seat in seats
    ]


def _public_view(state: CityBlocksPosition) -> dict[str, Any]:
    board = [
        [
            None if not code else {"owner": (code - 1) // TILE_TYPES, "tile": TILE_CODES[(code - 1) % TILE_TYPES]}
            for code in state.board[row * 6 : (row + 1) * 6]
        ]
        for row in range(5)
    ]
    question = state.stack[-1] if state.stack else None
    return {
        "game": state.game.name,
        "seats": list(SEAT_NAMES),
        "current_player": state.current_player,
        "decision": None
        if question is None
        else {"kind": question.kind, "seat": question.seat, "prompt": words.prompt(state)},
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
        "last_move": state.last_move,
        "winners": state.winners(),
    }

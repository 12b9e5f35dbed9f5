"""Positions for City Blocks scenario tests, written the way the rulebook describes them."""

from __future__ import annotations

from collections import Counter
from typing import Any

from guildtable.games.city_blocks.content import (
    PLAYER_SET,
    STREET_NAMES,
    TILE_ALIASES,
    TILE_CODES,
    VALUE_TILES,
)
from guildtable.games.city_blocks.rules import CityBlocksState
from guildtable.kernel.registry import get_game

GAME = get_game("city-blocks")


def position(
    board: dict[str, str] | None = None,
    *,
    slots: dict[str, int] | None = None,
    won: tuple[list[int], list[int]] = ([], []),
    hands: tuple[list[str] | None, list[str] | None] = (None, None),
    to_move: int | None = 0,
    options: dict[str, Any] | None = None,
) -> CityBlocksState:
    """A position from a board {site: "B:H3"}; tiles not on the board or in a given hand fill hand then pile in set
    order; value tiles not on a slot or won are out of the game. `slots` defaults to R1..R5 = $1..$5, C1..C6 = $6..$11
    (minus any that are won). `to_move=None` is a finished game: nobody is asked for a move."""
    board = board or {}
    grid: list[str | None] = [None] * 30
    used: list[Counter[int]] = [Counter(), Counter()]
    for site, code in board.items():
        index = (int(site[1]) - 1) * 6 + int(site[3]) - 1
        grid[index] = code
        used["BR".index(code[0])][TILE_ALIASES[code[2:]]] += 1
    hand_lists, piles = [], []
    for seat in (0, 1):
        remaining = Counter(PLAYER_SET) - used[seat]
        if hands[seat] is not None:
            hand = [TILE_ALIASES[code] for code in hands[seat]]
            remaining -= Counter(hand)
        else:
            hand = sorted(remaining.elements())[:5]
            remaining -= Counter(hand)
        hand_lists.append([TILE_CODES[t] for t in hand])
        piles.append([TILE_CODES[t] for t in sorted(remaining.elements())])
    taken = set(won[0]) | set(won[1])
    if slots is None:
        slots = {name: value for name, value in zip(STREET_NAMES, range(1, 12), strict=True)}
        slots = {name: (0 if value in taken else value) for name, value in slots.items()}
    slot_values = [slots.get(name, 0) for name in STREET_NAMES]
    on_board = set(slot_values) | taken
    snapshot = {
        "game": "city-blocks",
        "seed": 0,
        "options": options or {},
        "setup": None,
        "history": [],
        "board": grid,
        "slots": slot_values,
        "won": [list(won[0]), list(won[1])],
        "hands": hand_lists,
        "piles": piles,
        "removed_values": [v for v in VALUE_TILES if v not in on_board],
        "removed_tiles": [],
        "pending": [] if to_move is None else [["place", to_move, []]],
        "start_player": 0,
        "start_draws": [],
        "awards": [],
        "last_move": "",
    }
    return GAME.from_snapshot(snapshot)


def full_row(row: int, blue: list[str], red: list[str]) -> dict[str, str]:
    """Row `row` (1..5) filled left to right with Blue's tiles, then Red's."""
    codes = [f"B:{c}" for c in blue] + [f"R:{c}" for c in red]
    assert len(codes) == 6
    return {f"R{row}C{col}": code for col, code in enumerate(codes, start=1)}

"""The city's square grid (GL-19 to GL-22): cell codes, neighbours, reading order, and where growth places new tiles
(GL-96, GL-D3, GL-D6). Pure functions over a `{cell: occupant}` map; no game state here.

A cell is the int `(y + OFFSET) * WIDTH + (x + OFFSET)`, so neighbours are ±1 and ±WIDTH and cells sort in reading
order when the y part is reversed (see `reading_key`).
"""

# Compiled by mypyc at install (setup.py): see "Compiled engines" in src/guildtable/games/README.md.
from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Final

WIDTH: Final = 64
OFFSET: Final = 32
DIRECTIONS = ("N", "E", "S", "W")
STEP = {"N": WIDTH, "E": 1, "S": -WIDTH, "W": -1}
RIGHT = {"N": "E", "E": "S", "S": "W", "W": "N"}
LEFT = {value: key for key, value in RIGHT.items()}
BACK = {"N": "S", "S": "N", "E": "W", "W": "E"}


def cell(x: int, y: int) -> int:
    return (y + OFFSET) * WIDTH + (x + OFFSET)


def xy(code: int) -> tuple[int, int]:
    y, x = divmod(code, WIDTH)
    return x - OFFSET, y - OFFSET


def neighbours(code: int) -> tuple[int, int, int, int]:
    """The 4 edge-adjacent cells (GL-20): N, E, S, W."""
    return code + WIDTH, code + 1, code - WIDTH, code - 1


def ring(code: int) -> tuple[int, ...]:
    """The 8 cells around `code` (edge and corner)."""
    return tuple(code + dy * WIDTH + dx for dy in (-1, 0, 1) for dx in (-1, 0, 1) if dx or dy)


def reading_key(code: int) -> tuple[int, int]:
    """Sort key for reading order (GL-21): top row first, then left to right."""
    x, y = xy(code)
    return -y, x


def reading_rank(code: int) -> int:
    """An int that sorts as `reading_key(code)` does: rows from the top, then left to right."""
    return (WIDTH - 1 - code // WIDTH) * WIDTH + code % WIDTH


def rotate(direction: str, degrees: int) -> str:
    """The compass variant (GL-D6): rotate a growth direction clockwise by `degrees`."""
    for _ in range((degrees // 90) % 4):
        direction = RIGHT[direction]
    return direction


def growth_cells(occupied: Mapping[int, int] | set[int], start: int, direction: str, count: int) -> list[int]:
    """Where `count` new tiles go (GL-D3): the first at the end of the layout from `start` in `direction`, the rest by
    right-hand wall-following; a boxed-in step falls back to the nearest empty cell touching the layout."""
    taken = set(occupied)
    placed: list[int] = []
    if count <= 0:
        return placed
    position = start
    while position in taken:
        position += STEP[direction]
    heading = RIGHT[direction]
    taken.add(position)
    placed.append(position)
    while len(placed) < count:
        for turn in (RIGHT[heading], heading, LEFT[heading], BACK[heading]):
            candidate = position + STEP[turn]
            if candidate not in taken:
                position, heading = candidate, turn
                break
        else:
            position = _nearest_edge_cell(taken, position)
        taken.add(position)
        placed.append(position)
    return placed


def _nearest_edge_cell(taken: set[int], near: int) -> int:
    px, py = xy(near)
    empty = {n for code in taken for n in neighbours(code) if n not in taken}
    return min(empty, key=lambda c: (abs(xy(c)[0] - px) + abs(xy(c)[1] - py), *reading_key(c)))


def in_reading_order(cells: Iterable[int]) -> list[int]:
    return sorted(cells, key=reading_key)

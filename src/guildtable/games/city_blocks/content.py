"""City Blocks components (CB-1 to CB-4) and board geometry (CB-2), precomputed once.

Tile types are numbered 0..18 and are the same for both players; a tile on the board is the int
`1 + owner * TILE_TYPES + type`, 0 for an empty site.
"""

from __future__ import annotations

from enum import IntEnum
from functools import cache


class Kind(IntEnum):
    HOUSE = 0
    STORE = 1
    FACTORY = 2
    SCHOOL = 3
    POWER = 4
    MALL = 5
    COURT = 6


ROWS = 5
COLUMNS = 6
SITES = ROWS * COLUMNS
STREETS = ROWS + COLUMNS
HAND_SIZE = 5
PLAYERS = 2
SEAT_NAMES = ("Blue", "Red")

# (kind, face value) of each tile type, and its short code in the notation.
TILE_KINDS: tuple[Kind, ...] = (
    *([Kind.HOUSE] * 5),
    *([Kind.STORE] * 5),
    *([Kind.FACTORY] * 5),
    Kind.SCHOOL,
    Kind.POWER,
    Kind.MALL,
    Kind.COURT,
)
TILE_FACES: tuple[int, ...] = (1, 2, 3, 4, 5, 2, 3, 4, 5, 6, 3, 4, 5, 6, 7, 0, 0, 0, 0)
TILE_CODES: tuple[str, ...] = (
    *(f"H{face}" for face in range(1, 6)),
    *(f"S{face}" for face in range(2, 7)),
    *(f"F{face}" for face in range(3, 8)),
    "SCH",
    "PWR",
    "MALL",
    "CRT",
)
TILE_TYPES = len(TILE_CODES)
SCHOOL, POWER, MALL, COURT = 15, 16, 17, 18
KIND_NAMES = {
    Kind.HOUSE: "house",
    Kind.STORE: "store",
    Kind.FACTORY: "factory",
    Kind.SCHOOL: "school",
    Kind.POWER: "power plant",
    Kind.MALL: "mall",
    Kind.COURT: "courthouse",
}
KIND_PLURALS = {
    Kind.HOUSE: "houses",
    Kind.STORE: "stores",
    Kind.FACTORY: "factories",
    Kind.SCHOOL: "schools",
    Kind.POWER: "power plants",
    Kind.MALL: "malls",
    Kind.COURT: "courthouses",
}
# CB-17: the kinds a special tile makes count 0 in its row and its column, for both players (CB-A-13).
ZEROES: dict[Kind, tuple[Kind, ...]] = {
    Kind.SCHOOL: (Kind.FACTORY,),
    Kind.POWER: (Kind.HOUSE,),
    Kind.MALL: (Kind.HOUSE, Kind.FACTORY),
}
TILE_ALIASES = {
    "SCHOOL": SCHOOL,
    "POWER": POWER,
    "PP": POWER,
    "PLANT": POWER,
    "MALL": MALL,
    "COURT": COURT,
    "COURTHOUSE": COURT,
    **{code: tile for tile, code in enumerate(TILE_CODES)},
}

# CB-1: each player's 20 tiles; the school is the only tile a player has twice.
PLAYER_SET: tuple[int, ...] = tuple(sorted((*range(TILE_TYPES), SCHOOL)))
VALUE_TILES: tuple[int, ...] = tuple(range(1, 16))  # CB-3

STREET_NAMES: tuple[str, ...] = (*(f"R{r}" for r in range(1, ROWS + 1)), *(f"C{c}" for c in range(1, COLUMNS + 1)))
# CB-6: the order the bonus slots are dealt in.
DEAL_ORDER: tuple[int, ...] = (4, 3, 2, 1, 0, 5, 6, 7, 8, 9, 10)

STREET_SITES: tuple[tuple[int, ...], ...] = (
    *(tuple(row * COLUMNS + col for col in range(COLUMNS)) for row in range(ROWS)),
    *(tuple(row * COLUMNS + col for row in range(ROWS)) for col in range(COLUMNS)),
)
STREET_SIZES: tuple[int, ...] = tuple(len(sites) for sites in STREET_SITES)
# CB-19: row first, then column.
SITE_STREETS: tuple[tuple[int, int], ...] = tuple((site // COLUMNS, ROWS + site % COLUMNS) for site in range(SITES))


SITE_NAMES: tuple[str, ...] = tuple(f"R{site // COLUMNS + 1}C{site % COLUMNS + 1}" for site in range(SITES))


def site_name(site: int) -> str:
    return SITE_NAMES[site]


def cell(owner: int, tile: int) -> int:
    return 1 + owner * TILE_TYPES + tile


def cell_owner(code: int) -> int:
    return (code - 1) // TILE_TYPES


def cell_tile(code: int) -> int:
    return (code - 1) % TILE_TYPES


@cache
def tile_description(tile: int) -> str:
    kind = TILE_KINDS[tile]
    face = TILE_FACES[tile]
    return f"{KIND_NAMES[kind]} {face}" if kind <= Kind.FACTORY else KIND_NAMES[kind]

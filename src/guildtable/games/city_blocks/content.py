"""City Blocks components (CB-1 to CB-4) and board geometry (CB-2), precomputed once.

Tile types are numbered 0..18 and are the same for both players; a tile on the board is the int
`1 + owner * TILE_TYPES + type`, 0 for an empty site.
"""

# Compiled by mypyc at install (setup.py): see "Compiled engines" in src/guildtable/games/README.md.
from __future__ import annotations

from enum import IntEnum
from functools import cache
from typing import Final

from guildtable.kernel.i18n import N_, current_language, domain

_ = domain("city_blocks").gettext
pgettext = domain("city_blocks").pgettext


class Kind(IntEnum):
    HOUSE = 0
    STORE = 1
    FACTORY = 2
    SCHOOL = 3
    POWER = 4
    MALL = 5
    COURT = 6


ROWS: Final = 5
COLUMNS: Final = 6
SITES: Final = ROWS * COLUMNS
STREETS: Final = ROWS + COLUMNS
HAND_SIZE: Final = 5
PLAYERS: Final = 2
SEAT_NAMES: Final = ("Blue", "Red")  # stored in records and views as they are; `seat_words` says them to a reader


def seat_words() -> tuple[str, str]:
    """The seats' colour names in the reader's language ("Blau", "Rot"), for texts that name no player."""
    return pgettext("seat colour", "Blue"), pgettext("seat colour", "Red")


# (kind, face value) of each tile type, and its short code in the notation.
TILE_KINDS: Final[tuple[Kind, ...]] = (
    *([Kind.HOUSE] * 5),
    *([Kind.STORE] * 5),
    *([Kind.FACTORY] * 5),
    Kind.SCHOOL,
    Kind.POWER,
    Kind.MALL,
    Kind.COURT,
)
TILE_FACES: Final[tuple[int, ...]] = (1, 2, 3, 4, 5, 2, 3, 4, 5, 6, 3, 4, 5, 6, 7, 0, 0, 0, 0)
TILE_CODES: Final[tuple[str, ...]] = (
    *(f"H{face}" for face in range(1, 6)),
    *(f"S{face}" for face in range(2, 7)),
    *(f"F{face}" for face in range(3, 8)),
    "SCH",
    "PWR",
    "MALL",
    "CRT",
)
TILE_TYPES: Final = len(TILE_CODES)
SCHOOL: Final = 15
POWER: Final = 16
MALL: Final = 17
COURT: Final = 18
# The kinds' names and plurals in English, marked for the catalogue: `kind_name`, `kind_plural` and `tile_description`
# say them in the reader's language.
KIND_NAMES = {
    Kind.HOUSE: N_("house"),
    Kind.STORE: N_("store"),
    Kind.FACTORY: N_("factory"),
    Kind.SCHOOL: N_("school"),
    Kind.POWER: N_("power plant"),
    Kind.MALL: N_("mall"),
    Kind.COURT: N_("courthouse"),
}
KIND_PLURALS = {
    Kind.HOUSE: N_("houses"),
    Kind.STORE: N_("stores"),
    Kind.FACTORY: N_("factories"),
    Kind.SCHOOL: N_("schools"),
    Kind.POWER: N_("power plants"),
    Kind.MALL: N_("malls"),
    Kind.COURT: N_("courthouses"),
}
# A tile with its indefinite article as the object of a sentence ("builds a house 3"): German needs the article's case
# and gender ("einen Laden 4", "eine Fabrik 5", "ein Kraftwerk"), so each kind is a message of its own.
KIND_WITH_ARTICLE = {
    Kind.HOUSE: N_("a house {number}"),
    Kind.STORE: N_("a store {number}"),
    Kind.FACTORY: N_("a factory {number}"),
    Kind.SCHOOL: N_("a school"),
    Kind.POWER: N_("a power plant"),
    Kind.MALL: N_("a mall"),
    Kind.COURT: N_("a courthouse"),
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
PLAYER_SET: Final[tuple[int, ...]] = tuple(sorted((*range(TILE_TYPES), SCHOOL)))
VALUE_TILES: Final[tuple[int, ...]] = tuple(range(1, 16))  # CB-3

STREET_NAMES: Final[tuple[str, ...]] = (
    *(f"R{r}" for r in range(1, ROWS + 1)),
    *(f"C{c}" for c in range(1, COLUMNS + 1)),
)
# CB-6: the order the bonus slots are dealt in.
DEAL_ORDER: Final[tuple[int, ...]] = (4, 3, 2, 1, 0, 5, 6, 7, 8, 9, 10)

STREET_SITES: Final[tuple[tuple[int, ...], ...]] = (
    *(tuple(row * COLUMNS + col for col in range(COLUMNS)) for row in range(ROWS)),
    *(tuple(row * COLUMNS + col for row in range(ROWS)) for col in range(COLUMNS)),
)
STREET_SIZES: Final[tuple[int, ...]] = tuple(len(sites) for sites in STREET_SITES)
# CB-19: row first, then column.
SITE_STREETS: Final[tuple[tuple[int, int], ...]] = tuple(
    (site // COLUMNS, ROWS + site % COLUMNS) for site in range(SITES)
)


SITE_NAMES: Final[tuple[str, ...]] = tuple(f"R{site // COLUMNS + 1}C{site % COLUMNS + 1}" for site in range(SITES))


def site_name(site: int) -> str:
    return SITE_NAMES[site]


def cell(owner: int, tile: int) -> int:
    return 1 + owner * TILE_TYPES + tile


def cell_owner(code: int) -> int:
    return (code - 1) // TILE_TYPES


def cell_tile(code: int) -> int:
    return (code - 1) % TILE_TYPES


def kind_name(kind: Kind) -> str:
    """A kind's name in the reader's language: "house", "Haus"."""
    return _(KIND_NAMES[kind])


def kind_plural(kind: Kind) -> str:
    """A kind's plural in the reader's language: "houses", "Häuser"."""
    return _(KIND_PLURALS[kind])


def tile_description(tile: int) -> str:
    """A tile by kind and number in the reader's language: "house 3", "power plant"."""
    return _tile_description(current_language(), tile)


@cache
def _tile_description(language: str, tile: int) -> str:
    kind = TILE_KINDS[tile]
    face = TILE_FACES[tile]
    return _("{kind} {number}", kind=kind_name(kind), number=face) if kind <= Kind.FACTORY else kind_name(kind)


def tile_with_article(tile: int) -> str:
    """A tile with its indefinite article, as the object of a sentence: "a house 3", "einen Laden 4"."""
    return _tile_with_article(current_language(), tile)


@cache
def _tile_with_article(language: str, tile: int) -> str:
    return _(KIND_WITH_ARTICLE[TILE_KINDS[tile]], number=TILE_FACES[tile])

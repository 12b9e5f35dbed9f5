"""The City Blocks action space and its notation.

Integers: `tile * 30 + site` places a tile from hand (a Build on an empty site, a Rebuild on one's own tile), then
570 + k swaps the value tiles of the k-th pair of streets after a courthouse (CB-13), and 625 declines the swap.

Notation: `H3 R2C4` builds a house 3 on row 2, column 4; `H3 xR2C4` rebuilds there; `swap R3 C4`; `noswap`.
"""

# Compiled by mypyc at install (setup.py): see "Compiled engines" in src/guildtable/games/README.md.
from __future__ import annotations

from itertools import combinations
from typing import Final, Literal, TypedDict

from guildtable.games.city_blocks.content import (
    SITES,
    STREET_NAMES,
    STREETS,
    TILE_ALIASES,
    TILE_CODES,
    TILE_TYPES,
    site_name,
)
from guildtable.kernel import IllegalAction
from guildtable.kernel.i18n import domain

_ = domain("city_blocks").gettext

PLACE_ACTIONS: Final = TILE_TYPES * SITES
SWAP_PAIRS: Final[tuple[tuple[int, int], ...]] = tuple(combinations(range(STREETS), 2))
SWAP_BASE: Final = PLACE_ACTIONS
NO_SWAP: Final = SWAP_BASE + len(SWAP_PAIRS)
NUM_ACTIONS: Final = NO_SWAP + 1
_PAIR_INDEX = {pair: index for index, pair in enumerate(SWAP_PAIRS)}
_STREET_INDEX = {name: street for street, name in enumerate(STREET_NAMES)}


class PlaceJson(TypedDict):
    """A placement as JSON (`State.action_to_json`): `{"type": "build", "tile": "H3", "site": "R2C4"}`; "rebuild"
    over one's own tile (CB-11, CB-12)."""

    type: Literal["build", "rebuild"]
    tile: str
    site: str


class SwapJson(TypedDict):
    """A courthouse swap as JSON: `{"type": "swap", "streets": ["R3", "C4"]}` (CB-13)."""

    type: Literal["swap"]
    streets: list[str]


class NoSwapJson(TypedDict):
    """Declining the courthouse swap as JSON: `{"type": "noswap"}` (CB-13)."""

    type: Literal["noswap"]


CityBlocksActionJson = PlaceJson | SwapJson | NoSwapJson
"""Any City Blocks action as JSON (what crosses the network)."""


def place_action(tile: int, site: int) -> int:
    return tile * SITES + site


def swap_action(street_a: int, street_b: int) -> int:
    low, high = sorted((street_a, street_b))
    return SWAP_BASE + _PAIR_INDEX[(low, high)]


def is_place(action: int) -> bool:
    return action < PLACE_ACTIONS


_BUILDS: Final = tuple(f"{TILE_CODES[a // SITES]} {site_name(a % SITES)}" for a in range(TILE_TYPES * SITES))
_REBUILDS: Final = tuple(f"{TILE_CODES[a // SITES]} x{site_name(a % SITES)}" for a in range(TILE_TYPES * SITES))


def notation(action: int, rebuild: bool = False) -> str:
    if action < PLACE_ACTIONS:
        return _REBUILDS[action] if rebuild else _BUILDS[action]
    if action == NO_SWAP:
        return "noswap"
    a, b = SWAP_PAIRS[action - SWAP_BASE]
    return f"swap {STREET_NAMES[a]} {STREET_NAMES[b]}"


def parse_site(text: str) -> int:
    word = text.upper().lstrip("X")
    if len(word) == 4 and word[0] == "R" and word[2] == "C" and word[1] in "12345" and word[3] in "123456":
        return (int(word[1]) - 1) * 6 + int(word[3]) - 1
    raise IllegalAction(
        "",
        _(
            "{text} is not a site; sites are {first} (top left) to {last} (bottom right)",
            text=repr(text),
            first="R1C1",
            last="R5C6",
        ),
    )


def parse_street(text: str) -> int:
    street = _STREET_INDEX.get(text.upper())
    if street is None:
        raise IllegalAction(
            "",
            _(
                "{text} is not a street; streets are {rows} and {columns}",
                text=repr(text),
                rows="R1..R5",
                columns="C1..C6",
            ),
        )
    return street


def parse(text: str) -> int:
    """The action a typed move names (legal or not). Unreadable text raises IllegalAction saying why."""
    return parse_move(text)[0]


def parse_move(text: str) -> tuple[int, bool | None]:
    """The action a typed move names (legal or not) and, for a placement, whether it was typed as a rebuild (an `x`
    before the site: `H3 xR2C4`); None for a swap. Unreadable text raises IllegalAction saying why."""
    words = text.replace(",", " ").split()
    if not words:
        raise IllegalAction("", _("type a move such as {example}, or ? for the legal moves", example="'H3 R2C4'"))
    head = words[0].upper()
    if head in ("NOSWAP", "NO", "PASS", "-"):
        return NO_SWAP, None
    if head == "SWAP":
        if len(words) != 3:
            raise IllegalAction("", _("a swap names two streets, e.g. {example}", example="'swap R3 C4'"))
        a, b = parse_street(words[1]), parse_street(words[2])
        if a == b:
            raise IllegalAction("CB-13", _("a swap needs two different streets"))
        return swap_action(a, b), None
    if len(words) != 2:
        raise IllegalAction(
            "", _("cannot read {text}: write a tile and a site, e.g. {example}", text=repr(text), example="'H3 R2C4'")
        )
    tile = TILE_ALIASES.get(head)
    if tile is None:
        raise IllegalAction(
            "",
            _(
                "{text} is not a tile; tiles are {tiles} and {last}",
                text=repr(words[0]),
                tiles="H1-H5, S2-S6, F3-F7, SCH, PWR, MALL",
                last="CRT",
            ),
        )
    return place_action(tile, parse_site(words[1])), words[1].upper().startswith("X")

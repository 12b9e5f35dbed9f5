"""The plain words a City Blocks player reads: sites, streets and tiles named in words, each legal move as a label
for a button, and the street effects in force (CB-17).

Never notation (`H3 xR2C4`, `noswap`) and never rule IDs: those stay in `actions.py` and in a refusal's rule field.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from guildtable.games.city_blocks.content import (
    COLUMNS,
    KIND_NAMES,
    KIND_PLURALS,
    ROWS,
    ZEROES,
    Kind,
    tile_description,
)
from guildtable.games.city_blocks.scoring import street_modifiers


@cache
def site_words(site: int) -> str:
    """Site 9 -> "row 2, column 4"."""
    return f"row {site // COLUMNS + 1}, column {site % COLUMNS + 1}"


def street_words(street: int) -> str:
    """Street 2 -> "row 3", street 8 -> "column 4"."""
    return f"row {street + 1}" if street < ROWS else f"column {street - ROWS + 1}"


def street_name_words(name: str) -> str:
    """ "R3" -> "row 3", "C4" -> "column 4": a street as the views and events name it, in words."""
    return f"{'row' if name[0] == 'R' else 'column'} {name[1:]}"


def site_name_words(name: str) -> str:
    """ "R2C4" -> "row 2, column 4"."""
    return f"row {name[1]}, column {name[3]}"


def capital(text: str) -> str:
    return text[:1].upper() + text[1:]


@cache
def build_label(tile: int, site: int) -> str:
    """CB-11: "Build house 3 on row 2, column 4"."""
    return f"Build {tile_description(tile)} on {site_words(site)}"


def rebuild_label(tile: int, site: int, replaced: int, payment: int) -> str:
    """CB-12: "Rebuild row 2, column 4 (your store 2) with house 3 (pays your $3 value tile)"."""
    return (
        f"Rebuild {site_words(site)} (your {tile_description(replaced)}) with {tile_description(tile)} "
        f"(pays your ${payment} value tile)"
    )


def swap_label(street_a: int, street_b: int, value_a: int, value_b: int) -> str:
    """CB-13: "Swap the value tiles of row 3 ($2) and column 4 ($15)"."""
    return f"Swap the value tiles of {street_words(street_a)} (${value_a}) and {street_words(street_b)} (${value_b})"


NO_SWAP_LABEL = "Don't swap"


def effect_texts(no_industry: bool, no_residential: bool) -> list[str]:
    """CB-17 in words: "Factories count 0", "Houses count 0"."""
    texts = []
    if no_residential:
        texts.append(f"{capital(KIND_PLURALS[Kind.HOUSE])} count 0")
    if no_industry:
        texts.append(f"{capital(KIND_PLURALS[Kind.FACTORY])} count 0")
    return texts


def street_effects(board: Sequence[int], street: int) -> list[str]:
    """The CB-17 effects in force in `street` now, in words (empty when every tile counts its number)."""
    return effect_texts(*street_modifiers(board, street))


def zeroes_words(kind: Kind) -> str:
    """CB-17 from the content data: "Factories in this row and this column count 0 (for both players)"."""
    zeroed = " and ".join(KIND_PLURALS[k] for k in ZEROES[kind])
    return f"{capital(zeroed)} in this row and this column count 0 (for both players)"


def zeroed_by_words(kind: Kind) -> str:
    """ "a power plant or a mall": the specials that make `kind` count 0 (CB-17)."""
    return " or ".join(f"a {KIND_NAMES[special]}" for special, kinds in ZEROES.items() if kind in kinds)

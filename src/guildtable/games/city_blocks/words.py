"""The plain words a City Blocks player reads: the question on turn, sites, streets and tiles named in words, each
legal move as a label for a button, and the street effects in force (CB-17), in the reader's language.

Never notation (`H3 xR2C4`, `noswap`) and never rule IDs: those stay in `actions.py` and in a refusal's rule field.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from guildtable.games.city_blocks.actions import NO_SWAP, PLACE_ACTIONS, SWAP_BASE, SWAP_PAIRS
from guildtable.games.city_blocks.content import (
    COLUMNS,
    KIND_WITH_ARTICLE,
    ROWS,
    SITES,
    TILE_TYPES,
    ZEROES,
    Kind,
    kind_plural,
    seat_words,
    tile_description,
)
from guildtable.games.city_blocks.questions import Place, Swap
from guildtable.games.city_blocks.scoring import street_modifiers
from guildtable.games.city_blocks.state import CityBlocksPosition
from guildtable.kernel.i18n import N_, current_language, domain

_ = domain("city_blocks").gettext


def site_words(site: int) -> str:
    """Site 9 -> "row 2, column 4"."""
    return _site_words(current_language(), site)


@cache
def _site_words(language: str, site: int) -> str:
    return _("row {row}, column {column}", row=site // COLUMNS + 1, column=site % COLUMNS + 1)


def row_words(number: int) -> str:
    return _("row {number}", number=number)


def column_words(number: int) -> str:
    return _("column {number}", number=number)


def street_words(street: int) -> str:
    """Street 2 -> "row 3", street 8 -> "column 4"."""
    return row_words(street + 1) if street < ROWS else column_words(street - ROWS + 1)


def street_name_words(name: str) -> str:
    """ "R3" -> "row 3", "C4" -> "column 4": a street as the views and events name it, in words."""
    return row_words(int(name[1:])) if name[0] == "R" else column_words(int(name[1:]))


def site_name_words(name: str) -> str:
    """ "R2C4" -> "row 2, column 4"."""
    return _("row {row}, column {column}", row=name[1], column=name[3])


def capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def build_label(tile: int, site: int) -> str:
    """CB-11: "Build house 3 on row 2, column 4"."""
    return _build_label(current_language(), tile, site)


@cache
def _build_label(language: str, tile: int, site: int) -> str:
    return _("Build {tile} on {site}", tile=tile_description(tile), site=site_words(site))


REBUILD_LABEL = N_("Rebuild {site} (your {replaced}) with {tile} (pays your ${value} value tile)")
SWAP_LABEL = N_("Swap the value tiles of {a} (${value_a}) and {b} (${value_b})")


def rebuild_label(tile: int, site: int, replaced: int, payment: int) -> str:
    """CB-12: "Rebuild row 2, column 4 (your store 2) with house 3 (pays your $3 value tile)"."""
    return _translated(current_language(), REBUILD_LABEL).format(
        site=site_words(site), replaced=tile_description(replaced), tile=tile_description(tile), value=payment
    )


def swap_label(street_a: int, street_b: int, value_a: int, value_b: int) -> str:
    """CB-13: "Swap the value tiles of row 3 ($2) and column 4 ($15)"."""
    language = current_language()
    return _translated(language, SWAP_LABEL).format(
        a=_street_words(language, street_a), b=_street_words(language, street_b), value_a=value_a, value_b=value_b
    )


@cache
def _translated(language: str, message: str) -> str:
    """`message` in `language` with its fields still to fill: rebuilds and swaps come in too many combinations to
    keep each label, so each is filled in from words looked up once."""
    return _(message)


@cache
def _street_words(language: str, street: int) -> str:
    return street_words(street)


NO_SWAP_LABEL = N_("Don't swap")


def no_swap_label() -> str:
    return _(NO_SWAP_LABEL)


def effect_texts(no_industry: bool, no_residential: bool) -> list[str]:
    """CB-17 in words: "Factories count 0", "Houses count 0"."""
    texts = []
    if no_residential:
        texts.append(_("Houses count 0"))
    if no_industry:
        texts.append(_("Factories count 0"))
    return texts


def street_effects(board: Sequence[int], street: int) -> list[str]:
    """The CB-17 effects in force in `street` now, in words (empty when every tile counts its number)."""
    return effect_texts(*street_modifiers(board, street))


def _either(items: list[str], joiner: str) -> str:
    text = items[0]
    for item in items[1:]:
        text = _("{a} or {b}", a=text, b=item) if joiner == "or" else _("{a} and {b}", a=text, b=item)
    return text


def zeroes_words(kind: Kind) -> str:
    """CB-17 from the content data: "Factories in this row and this column count 0 (for both players)"."""
    zeroed = _either([kind_plural(k) for k in ZEROES[kind]], "and")
    return _("{kinds} in this row and this column count 0 (for both players)", kinds=capital(zeroed))


def zeroed_by_words(kind: Kind) -> str:
    """ "a power plant or a mall": the specials that make `kind` count 0 (CB-17)."""
    specials = [_(KIND_WITH_ARTICLE[special]) for special, kinds in ZEROES.items() if kind in kinds]
    return _either(specials, "or") if specials else ""


def over(state: CityBlocksPosition, names: Sequence[str] | None = None) -> str:
    """The prompt once the game is over."""
    return _("The game is over")


def swap_prompt(state: CityBlocksPosition, question: Swap, names: Sequence[str] | None = None) -> str:
    """The courthouse's swap question in plain words (CB-13)."""
    return _(
        "Courthouse: you may swap the value tiles of two streets that have not been scored yet "
        "(choose two streets), or choose not to swap"
    )


def place_prompt(state: CityBlocksPosition, question: Place, names: Sequence[str] | None = None) -> str:
    """The placement question in plain words (CB-10 to CB-12, CB-15)."""
    seat = question.seat
    again = not state.hands[1 - seat]  # CB-15
    who = (names or seat_words())[1 - seat]
    if state.won[seat]:
        value = state.won[seat][0]
        if again:
            return _(
                "Place a tile from your hand: build on an empty site, or rebuild over one of your own tiles "
                "(that pays your lowest value tile, ${value}) ({who} has no tiles left, so you play again)",
                value=value,
                who=who,
            )
        return _(
            "Place a tile from your hand: build on an empty site, or rebuild over one of your own tiles "
            "(that pays your lowest value tile, ${value})",
            value=value,
        )
    if again:
        return _("Place a tile from your hand on an empty site ({who} has no tiles left, so you play again)", who=who)
    return _("Place a tile from your hand on an empty site")


def action_label(
    state: CityBlocksPosition, question: Place | Swap, action: int, names: Sequence[str] | None = None
) -> str:
    """`action` in plain words for a button: a build, a rebuild with the value tile it pays, or a swap. The words
    follow from the action alone, so both questions label any action the same way."""
    if action == NO_SWAP:
        return no_swap_label()
    if action >= PLACE_ACTIONS:
        a, b = SWAP_PAIRS[action - SWAP_BASE]
        return swap_label(a, b, state.slots[a], state.slots[b])
    tile, site = divmod(action, SITES)
    code = state.board[site]
    if not code:
        return build_label(tile, site)
    seat = (code - 1) // TILE_TYPES
    payment = state.won[seat][0] if state.won[seat] else 0
    return rebuild_label(tile, site, (code - 1) % TILE_TYPES, payment)

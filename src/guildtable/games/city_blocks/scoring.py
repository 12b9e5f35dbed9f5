"""Street scoring (CB-16 to CB-19): the totals of a completed street and who wins its value tile."""

from __future__ import annotations

from collections.abc import Sequence

from guildtable.games.city_blocks.content import (
    MALL,
    POWER,
    SCHOOL,
    STREET_SITES,
    TILE_FACES,
    TILE_KINDS,
    TILE_TYPES,
    Kind,
)


def _tile_effects(code: int) -> tuple[int, int, int, int, bool, bool] | None:
    """What a board cell adds to a street: (owner, house face, store face, factory face, zeroes factories,
    zeroes houses); None for an empty site."""
    if not code:
        return None
    owner, tile = divmod(code - 1, TILE_TYPES)
    kind, face = TILE_KINDS[tile], TILE_FACES[tile]
    return (
        owner,
        face if kind is Kind.HOUSE else 0,
        face if kind is Kind.STORE else 0,
        face if kind is Kind.FACTORY else 0,
        tile in (SCHOOL, MALL),
        tile in (POWER, MALL),
    )


CELL_EFFECTS = tuple(_tile_effects(code) for code in range(1 + 2 * TILE_TYPES))
"""Per board cell code, precomputed: street totals are the evaluation's inner loop."""


def street_totals(board: Sequence[int], street: int) -> tuple[int, int]:
    """Each player's total in `street` under CB-17: a school or mall zeroes factories, a power plant or mall zeroes
    houses, for both colours (CB-A-13); stores always count and specials are worth 0."""
    blue = red = blue_houses = red_houses = blue_factories = red_factories = 0
    no_industry = no_residential = False
    for site in STREET_SITES[street]:
        effects = CELL_EFFECTS[board[site]]
        if effects is None:
            continue
        owner, house, store, factory, zeroes_factories, zeroes_houses = effects
        if owner:
            red += store
            red_houses += house
            red_factories += factory
        else:
            blue += store
            blue_houses += house
            blue_factories += factory
        no_industry = no_industry or zeroes_factories
        no_residential = no_residential or zeroes_houses
    if not no_residential:
        blue += blue_houses
        red += red_houses
    if not no_industry:
        blue += blue_factories
        red += red_factories
    return blue, red


def street_winner(totals: tuple[int, int]) -> int | None:
    """CB-18: the higher total wins; any tie (0:0 too) means nobody (CB-A-12)."""
    blue, red = totals
    if blue == red:
        return None
    return 0 if blue > red else 1

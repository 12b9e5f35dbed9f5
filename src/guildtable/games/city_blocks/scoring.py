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


def street_totals(board: Sequence[int], street: int) -> tuple[int, int]:
    """Each player's total in `street` under CB-17: a school or mall zeroes factories, a power plant or mall zeroes
    houses, for both colours (CB-A-13); stores always count and specials are worth 0."""
    tiles = [board[site] - 1 for site in STREET_SITES[street] if board[site]]
    types = {code % TILE_TYPES for code in tiles}
    no_industry = SCHOOL in types or MALL in types
    no_residential = POWER in types or MALL in types
    totals = [0, 0]
    for code in tiles:
        owner, tile = divmod(code, TILE_TYPES)
        kind = TILE_KINDS[tile]
        if (
            kind is Kind.STORE
            or (kind is Kind.HOUSE and not no_residential)
            or (kind is Kind.FACTORY and not no_industry)
        ):
            totals[owner] += TILE_FACES[tile]
    return totals[0], totals[1]


def street_winner(totals: tuple[int, int]) -> int | None:
    """CB-18: the higher total wins; any tie (0:0 too) means nobody (CB-A-12)."""
    blue, red = totals
    if blue == red:
        return None
    return 0 if blue > red else 1

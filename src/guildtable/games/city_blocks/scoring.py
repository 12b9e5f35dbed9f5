"""Street scoring (CB-16 to CB-19): the totals of a completed street and who wins its value tile."""

# Compiled by mypyc at install (setup.py): see "Compiled engines" in src/guildtable/games/README.md.
from __future__ import annotations

from collections.abc import Sequence
from typing import Final, TypedDict

from guildtable.games.city_blocks.award import Award
from guildtable.games.city_blocks.content import (
    STREET_SITES,
    TILE_FACES,
    TILE_KINDS,
    TILE_TYPES,
    ZEROES,
    Kind,
)
from guildtable.kernel.i18n import domain
from guildtable.kernel.scoresheet import ScoreCategory, ScoreSheet, line

_ = domain("city_blocks").gettext


class CityBlocksBreakdown(TypedDict):
    """Where every point came from (`State.score_breakdown`): each seat's value tiles held (CB-22), the totals, the
    streets scored in order (CB-16 to CB-20) and the winners."""

    value_tiles: list[list[int]]
    totals: list[float]
    streets: list[Award]
    winners: list[int]


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
        Kind.FACTORY in ZEROES.get(kind, ()),
        Kind.HOUSE in ZEROES.get(kind, ()),
    )


CELL_EFFECTS: Final = tuple(_tile_effects(code) for code in range(1 + 2 * TILE_TYPES))
"""Per board cell code, precomputed: street totals are the evaluation's inner loop."""


def street_totals(board: list[int], street: int) -> tuple[int, int]:
    """Each player's total in `street` under CB-17: a school or mall zeroes factories, a power plant or mall zeroes
    houses, for both colours (CB-A-13); stores always count and specials are worth 0. (`board` a list: compiled, a
    `Sequence` is indexed through Python's protocol, and the evaluation totals every open street.)"""
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


def street_modifiers(board: Sequence[int], street: int) -> tuple[bool, bool]:
    """CB-17: (factories count 0, houses count 0) in `street` for the tiles on it now."""
    no_industry = no_residential = False
    for site in STREET_SITES[street]:
        effects = CELL_EFFECTS[board[site]]
        if effects is not None:
            no_industry = no_industry or effects[4]
            no_residential = no_residential or effects[5]
    return no_industry, no_residential


def street_winner(totals: tuple[int, int]) -> int | None:
    """CB-18: the higher total wins; any tie (0:0 too) means nobody (CB-A-12)."""
    blue, red = totals
    if blue == red:
        return None
    return 0 if blue > red else 1


def street_label(name: str) -> str:
    """ "R3" -> "Row 3", "C5" -> "Column 5": how a player names a street."""
    number = int(name[1:])
    return _("Row {number}", number=number) if name[0] == "R" else _("Column {number}", number=number)


def score_sheet(awards: Sequence[Award], won: Sequence[Sequence[int]]) -> ScoreSheet:
    """CB-16, CB-12, CB-22: each street's value tile to its winner, minus the value tiles paid for rebuilds. The paid
    tiles are the ones a player won but no longer holds (values are all different, CB-3), so the sheet needs no more
    than the public awards and holdings."""
    seats = len(won)
    streets = []
    taken: list[list[int]] = [[] for _seat in range(seats)]
    for award in awards:
        street, value = street_label(award["street"]), award["value"]
        winner = award["winner"]
        if winner is None:
            tie = _("{street} (${value}): a tie, the tile left the game", street=street, value=value)
            streets.append(line(tie, seats, {}))
        else:
            taken[winner].append(award["value"])
            streets.append(line(_("{street} (${value})", street=street, value=value), seats, {winner: value}))
    paid = [
        line(_("Value tile ${value} paid for a rebuild", value=value), seats, {seat: -value})
        for seat in range(seats)
        for value in sorted(set(taken[seat]) - set(won[seat]))
    ]
    totals = tuple(float(sum(values)) for values in won)
    return ScoreSheet(
        (ScoreCategory(_("Streets won"), tuple(streets)), ScoreCategory(_("Paid for rebuilds"), tuple(paid))), totals
    )

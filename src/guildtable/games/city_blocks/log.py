"""The City Blocks game log: one line per event in plain words, naming the players (`Game.describe_event`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from guildtable.games.city_blocks.content import (
    SEAT_NAMES,
    TILE_ALIASES,
    seat_words,
    tile_description,
    tile_with_article,
)
from guildtable.games.city_blocks.words import capital, site_name_words, street_name_words
from guildtable.kernel.i18n import domain

_ = domain("city_blocks").gettext


def _tile(code: str) -> str:
    """ "H3" -> "house 3", "PWR" -> "power plant"."""
    return tile_description(TILE_ALIASES[code])


def _a_tile(code: str) -> str:
    """ "H3" -> "a house 3", "S4" -> "einen Laden 4": a tile as the object of a sentence."""
    return tile_with_article(TILE_ALIASES[code])


def describe_event(kind: str, data: dict[str, Any], names: Sequence[str]) -> str | None:
    """One log line per event in plain words, naming players by `names`; None for events not worth a line."""
    names = [seat_words()[index] if name == SEAT_NAMES[index] else name for index, name in enumerate(names)]
    who = names[data["seat"]] if "seat" in data else ""
    if kind == "build":
        return _(
            "{who} builds {tile} on {site}", who=who, tile=_a_tile(data["tile"]), site=site_name_words(data["site"])
        )
    if kind == "rebuild":
        return _(
            "{who} rebuilds {site} with {tile}, paying the ${paid} value tile (the {replaced} there leaves the game)",
            who=who,
            site=site_name_words(data["site"]),
            tile=_a_tile(data["tile"]),
            paid=data["paid"],
            replaced=_tile(data["replaced"]),
        )
    if kind == "swap":
        a, b = (street_name_words(name) for name in data["streets"])
        return _(
            "{who}'s courthouse swaps the value tiles of {a} and {b}: {a} now has ${value_a}, {b} ${value_b}",
            who=who,
            a=a,
            b=b,
            value_a=data["values"][0],
            value_b=data["values"][1],
        )
    if kind == "noswap":
        return _("{who} places the courthouse without swapping value tiles", who=who)
    if kind == "award":
        blue, red = data["totals"]
        street, value = capital(street_name_words(data["street"])), data["value"]
        if data["winner"] is None:
            return _(
                "{street} is complete: {first} {first_total}, {second} {second_total}, a tie, so its ${value} value "
                "tile leaves the game",
                street=street,
                first=names[0],
                first_total=blue,
                second=names[1],
                second_total=red,
                value=value,
            )
        return _(
            "{street} is complete: {first} {first_total}, {second} {second_total}, so {winner} takes its ${value} "
            "value tile",
            street=street,
            first=names[0],
            first_total=blue,
            second=names[1],
            second_total=red,
            winner=names[data["winner"]],
            value=value,
        )
    if kind == "drew":
        return _("You drew {tiles}", tiles=", ".join(_tile(code) for code in data["tiles"]))
    if kind == "pass":
        return _("{who} has no tiles left and passes", who=who)
    return None

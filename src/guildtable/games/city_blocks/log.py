"""The City Blocks game log: one line per event in plain words, naming the players (`Game.describe_event`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TypedDict, cast

from guildtable.games.city_blocks.award import Award
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


class BuildEvent(TypedDict):
    """`build` (CB-11): `seat` puts `tile` (a code, "H3") on the empty `site` ("R2C4"); `move` is its notation."""

    seat: int
    tile: str
    site: str
    move: str


class RebuildEvent(TypedDict):
    """`rebuild` (CB-12): `seat` puts `tile` on `site`, paying its lowest value tile `paid`; `replaced` leaves."""

    seat: int
    tile: str
    site: str
    replaced: str
    paid: int
    move: str


class SwapEvent(TypedDict):
    """`swap` (CB-13): `seat`'s courthouse swaps the value tiles of two `streets`; `values` are their new values."""

    seat: int
    streets: list[str]
    values: list[int]
    move: str


class NoSwapEvent(TypedDict):
    """`noswap` (CB-13): `seat` places the courthouse and swaps nothing."""

    seat: int
    move: str


class DrewEvent(TypedDict):
    """`drew` (CB-14), seen only by `seat`: the codes of the tiles it drew."""

    seat: int
    tiles: list[str]


class PassEvent(TypedDict):
    """`pass` (CB-15): `seat` has an empty hand and skips its turn."""

    seat: int
    reason: str


# The `award` event (CB-16 to CB-20) carries exactly a scored street as the state keeps it: `state.Award`.


def _tile(code: str) -> str:
    """ "H3" -> "house 3", "PWR" -> "power plant"."""
    return tile_description(TILE_ALIASES[code])


def _a_tile(code: str) -> str:
    """ "H3" -> "a house 3", "S4" -> "einen Laden 4": a tile as the object of a sentence."""
    return tile_with_article(TILE_ALIASES[code])


def describe_event(kind: str, data: Mapping[str, object], names: Sequence[str]) -> str | None:
    """One log line per event in plain words, naming players by `names`; None for events not worth a line. The
    kind tags the shape of `data` (the game built the event), so each kind's data is read as its TypedDict."""
    names = [seat_words()[index] if name == SEAT_NAMES[index] else name for index, name in enumerate(names)]
    if kind == "build":
        return _build(cast(BuildEvent, data), names)
    if kind == "rebuild":
        return _rebuild(cast(RebuildEvent, data), names)
    if kind == "swap":
        return _swap(cast(SwapEvent, data), names)
    if kind == "noswap":
        return _noswap(cast(NoSwapEvent, data), names)
    if kind == "award":
        return _award(cast(Award, data), names)
    if kind == "drew":
        return _drew(cast(DrewEvent, data))
    if kind == "pass":
        return _pass(cast(PassEvent, data), names)
    return None


def _build(event: BuildEvent, names: Sequence[str]) -> str:
    return _(
        "{who} builds {tile} on {site}",
        who=names[event["seat"]],
        tile=_a_tile(event["tile"]),
        site=site_name_words(event["site"]),
    )


def _rebuild(event: RebuildEvent, names: Sequence[str]) -> str:
    return _(
        "{who} rebuilds {site} with {tile}, paying the ${paid} value tile (the {replaced} there leaves the game)",
        who=names[event["seat"]],
        site=site_name_words(event["site"]),
        tile=_a_tile(event["tile"]),
        paid=event["paid"],
        replaced=_tile(event["replaced"]),
    )


def _swap(event: SwapEvent, names: Sequence[str]) -> str:
    a, b = (street_name_words(name) for name in event["streets"])
    return _(
        "{who}'s courthouse swaps the value tiles of {a} and {b}: {a} now has ${value_a}, {b} ${value_b}",
        who=names[event["seat"]],
        a=a,
        b=b,
        value_a=event["values"][0],
        value_b=event["values"][1],
    )


def _noswap(event: NoSwapEvent, names: Sequence[str]) -> str:
    return _("{who} places the courthouse without swapping value tiles", who=names[event["seat"]])


def _award(event: Award, names: Sequence[str]) -> str:
    blue, red = event["totals"]
    street, value = capital(street_name_words(event["street"])), event["value"]
    winner = event["winner"]
    if winner is None:
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
        winner=names[winner],
        value=value,
    )


def _drew(event: DrewEvent) -> str:
    return _("You drew {tiles}", tiles=", ".join(_tile(code) for code in event["tiles"]))


def _pass(event: PassEvent, names: Sequence[str]) -> str:
    return _("{who} has no tiles left and passes", who=names[event["seat"]])

"""The opening position of City Blocks (CB-6 to CB-9): random from a seed or fixed by an explicit setup, as
`SETUP_HELP` says."""

# Compiled by mypyc at install (setup.py): see "Compiled engines" in src/guildtable/games/README.md.
from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Final

from guildtable.games.city_blocks.content import (
    DEAL_ORDER,
    PLAYER_SET,
    PLAYERS,
    STREET_NAMES,
    STREETS,
    TILE_ALIASES,
    TILE_CODES,
    VALUE_TILES,
)
from guildtable.kernel import BadRecord, Rng
from guildtable.kernel.i18n import domain

_ = domain("city_blocks").gettext

SETUP_HELP: Final = (
    "The opening position of City Blocks (CB-6 to CB-9), random from a seed or fixed by an explicit setup.\n\n"
    """An explicit setup may give any of:
- `value_tiles`: the 15 values in dealing order s[0..14] (CB-6): R5..R1, C1..C6, then Blue's and Red's start draws
  and the two never drawn;
- `slots` (a mapping street -> value for all 11 streets) with `start_player` (0 Blue, 1 Red), instead of `value_tiles`;
- `piles`: for each player the 20 tile codes of their draw pile, top first; the first 5 are drawn into hand.
Whatever is not given is shuffled from the seed.
"""
)
"""What `guildtable games city-blocks` says of the opening and `setup=` (`Game.describe_setup`): a constant rather than
the module's docstring, which a compiled module does not keep."""


@dataclass(slots=True)
class Opening:
    slots: list[int]  # value per street index (R1..R5, C1..C6)
    start_player: int
    start_draws: list[int]  # the value each player drew for the start (CB-7); empty when fixed by `slots`
    spare_values: list[int]  # all value tiles not on a slot (CB-8)
    piles: list[list[int]]  # tile types, top first


def deal(values: list[int]) -> tuple[list[int], int, list[int]]:
    """CB-6/CB-7: slots, start player and start draws from the dealing order s[0..14]."""
    slots = [0] * STREETS
    for position, street in enumerate(DEAL_ORDER):
        slots[street] = values[position]
    draws = [values[11], values[12]]
    return slots, (0 if draws[0] > draws[1] else 1), draws


def make_opening(seed: int, setup: Mapping[str, object] | None) -> Opening:
    rng = Rng(seed)
    setup = setup or {}
    unknown = set(setup) - {"value_tiles", "slots", "start_player", "piles"}
    if unknown:
        raise BadRecord(
            f"setup.{sorted(unknown)[0]}",
            _(
                "unknown setup key ({game} takes {keys})",
                game="City Blocks",
                keys="value_tiles, slots, start_player, piles",
            ),
        )
    values = list(VALUE_TILES)
    rng.shuffle(values)
    piles = []
    for _player in range(PLAYERS):
        pile = list(PLAYER_SET)
        rng.shuffle(pile)
        piles.append(pile)

    if "value_tiles" in setup:
        if "slots" in setup:
            raise BadRecord(
                "setup.slots", _("give either {one} or {other}, not both", one="value_tiles", other="slots")
            )
        values = _value_order(setup["value_tiles"])
        slots, start, draws = deal(values)
        if "start_player" in setup and setup["start_player"] != start:
            raise BadRecord(
                "setup.start_player", _("the value tiles make seat {seat} the start player (CB-7)", seat=start)
            )
        spare = values[11:]
    elif "slots" in setup:
        slots = _slots(setup["slots"])
        start = _start_player(setup.get("start_player"))
        draws = []
        spare = sorted(set(VALUE_TILES) - set(slots))
    else:
        slots, start, draws = deal(values)
        spare = values[11:]
        if "start_player" in setup:
            start = _start_player(setup["start_player"])
            draws = []
    if "piles" in setup:
        piles = _piles(setup["piles"])
    return Opening(slots, start, draws, sorted(spare), piles)


def _value_order(raw: object) -> list[int]:
    if not isinstance(raw, list) or sorted(raw) != list(VALUE_TILES) or any(type(v) is not int for v in raw):
        raise BadRecord("setup.value_tiles", _("must list each value tile 1..15 exactly once (CB-3)"))
    return list(raw)


def _slots(raw: object) -> list[int]:
    if not isinstance(raw, dict):
        raise BadRecord("setup.slots", _("must map each street {streets} to a value tile", streets="R1..R5, C1..C6"))
    slots = []
    for name in STREET_NAMES:
        value = raw.get(name)
        if type(value) is not int or value not in VALUE_TILES:
            raise BadRecord(f"setup.slots.{name}", _("needs a value tile from 1 to 15"))
        slots.append(value)
    extra = set(raw) - set(STREET_NAMES)
    if extra:
        raise BadRecord(f"setup.slots.{sorted(extra)[0]}", _("is not a street ({streets})", streets="R1..R5, C1..C6"))
    if len(set(slots)) != STREETS:
        raise BadRecord("setup.slots", _("each value tile exists once (CB-3); a value is repeated"))
    return slots


def _start_player(raw: object) -> int:
    if raw not in (0, 1) or type(raw) is not int:
        raise BadRecord("setup.start_player", _("must be 0 (Blue) or 1 (Red)"))
    return int(raw)


def _piles(raw: object) -> list[list[int]]:
    if not isinstance(raw, list) or len(raw) != PLAYERS:
        raise BadRecord("setup.piles", _("needs one pile per player"))
    piles = []
    for seat, pile in enumerate(raw):
        if not isinstance(pile, list):
            raise BadRecord(f"setup.piles[{seat}]", _("must be a list of tile codes, top first"))
        tiles = []
        for index, code in enumerate(pile):
            tile = TILE_ALIASES.get(str(code).upper())
            if tile is None:
                raise BadRecord(f"setup.piles[{seat}][{index}]", _("{code} is not a tile code", code=repr(code)))
            tiles.append(tile)
        if Counter(tiles) != Counter(PLAYER_SET):
            want = " ".join(TILE_CODES[t] for t in PLAYER_SET)
            raise BadRecord(
                f"setup.piles[{seat}]", _("must hold each player's 20 tiles exactly once (CB-1): {tiles}", tiles=want)
            )
        piles.append(tiles)
    return piles

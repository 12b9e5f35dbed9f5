"""The opening of City and Guilds (§2, CG-9 to CG-13), random from a seed or fixed by an explicit setup, as
`SETUP_HELP` says."""

# Compiled by mypyc at install (setup.py): see "Compiled engines" in src/guildtable/games/README.md.
from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Final

from guildtable.games.city_and_guilds.content import DEAL_SIZE, DRAWABLE, HAND_KINDS, HAND_SIZE, tile_from_code
from guildtable.kernel import BadRecord, Rng
from guildtable.kernel.i18n import domain

_ = domain("city_and_guilds").gettext

SETUP_HELP: Final = (
    "The opening of City and Guilds (§2, CG-9 to CG-13), random from a seed or fixed by an explicit setup.\n\n"
    """An explicit setup may give any of:
- `start_player`: the seat that starts (CG-13); otherwise drawn from the seed;
- `hands`: per seat, the tile codes dealt: 4 each (each player then returns one, CG-11) or 3 each (the returns are
  taken as done);
- `supply`: the face-down pile, top first. Without `hands` it holds all 76 drawable tiles and the hands are dealt
  from its top (4 per seat, seat 0 first); with `hands` it holds the rest;
- `keep_order`: true to put returned tiles at the bottom of the pile instead of reshuffling it (so a scenario is
  fixed completely).
Tile codes: BA WE CA SM (buildings), MBA MWE MCA MSM (markets), MIN (minstrel house).
Whatever is not given is shuffled from the seed.
"""
)
"""What `Game.describe_setup` shows (a compiled module keeps no docstring)."""

SETUP_KEYS = ("start_player", "hands", "supply", "keep_order")


@dataclass(slots=True)
class Opening:
    start_player: int
    hands: list[list[int]]
    supply: list[int]  # top first
    returns_pending: bool
    keep_order: bool
    shuffle_seed: int


def make_opening(players: int, seed: int, setup: Mapping[str, object] | None) -> Opening:
    """The opening `setup` (raw JSON, checked here) fixes, the rest shuffled from `seed`."""
    rng = Rng(seed)
    setup = setup or {}
    unknown = sorted(set(setup) - set(SETUP_KEYS))
    if unknown:
        raise BadRecord(
            f"setup.{unknown[0]}",
            _("unknown setup key ({game} takes {keys})", game="City and Guilds", keys=", ".join(SETUP_KEYS)),
        )
    tiles = list(DRAWABLE)
    rng.shuffle(tiles)
    start = rng.below(players)
    shuffle_seed = rng.next64()
    if "start_player" in setup:
        chosen = setup["start_player"]
        if type(chosen) is not int or not 0 <= chosen < players:
            raise BadRecord("setup.start_player", _("must be a seat from 0 to {last}", last=players - 1))
        start = chosen
    keep_order = setup.get("keep_order", False)
    if not isinstance(keep_order, bool):
        raise BadRecord("setup.keep_order", _("must be {yes} or {no}", yes="true", no="false"))
    if "supply" in setup:
        tiles = _codes(setup["supply"], "setup.supply")
    if "hands" in setup:
        raw = setup["hands"]
        if not isinstance(raw, list) or len(raw) != players:
            raise BadRecord("setup.hands", _("needs one hand per seat ({players})", players=players))
        hands = [_codes(hand, f"setup.hands[{seat}]") for seat, hand in enumerate(raw)]
        sizes = {len(hand) for hand in hands}
        if sizes not in ({DEAL_SIZE}, {HAND_SIZE}):
            raise BadRecord(
                "setup.hands",
                _("every hand holds {deal} tiles (before returning one) or {hand}", deal=DEAL_SIZE, hand=HAND_SIZE),
            )
        supply = tiles if "supply" in setup else _rest(tiles, hands)
    else:
        hands = [tiles[seat * DEAL_SIZE : (seat + 1) * DEAL_SIZE] for seat in range(players)]
        supply = tiles[players * DEAL_SIZE :]
    if Counter(supply + [tile for hand in hands for tile in hand]) != Counter(DRAWABLE):
        raise BadRecord(
            "setup.supply", _("hands and supply must hold the 76 drawable tiles exactly once (CG-4, CG-10)")
        )
    returns = len(hands[0]) == DEAL_SIZE
    return Opening(start, [sorted(hand) for hand in hands], supply, returns, keep_order, shuffle_seed)


def _codes(raw: object, field: str) -> list[int]:
    if not isinstance(raw, list):
        raise BadRecord(field, _("must be a list of tile codes"))
    tiles = []
    for index, code in enumerate(raw):
        tile = tile_from_code(str(code))
        if tile is None or tile >= HAND_KINDS:
            raise BadRecord(
                f"{field}[{index}]",
                _("{code} is not a drawable tile code ({examples})", code=repr(code), examples="BA, MBA, MIN, ..."),
            )
        tiles.append(tile)
    return tiles


def _rest(tiles: list[int], hands: list[list[int]]) -> list[int]:
    """The shuffled tiles minus those in `hands`, keeping the shuffled order."""
    remaining = Counter(tile for hand in hands for tile in hand)
    rest = []
    for tile in tiles:
        if remaining[tile]:
            remaining[tile] -= 1
        else:
            rest.append(tile)
    return rest

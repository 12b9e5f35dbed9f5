"""City and Guilds components (CG-1 to CG-5, CG-10): guilds, tile kinds and counts, figures per player count, and the
small arithmetic the scoring rules share (ceil_half, the chain bonus of CG-40).

A tile is an int 0..9: a guild building of guild g is g (0..3), a guild market is 4 + g, then the minstrel house and
the tavern. An empty lot holds EMPTY. Tiles of one kind are interchangeable, so hands and the display are lists of
these ints.
"""

# Compiled by mypyc at install (setup.py): see "Compiled engines" in src/guildtable/games/README.md.
from __future__ import annotations

from typing import Final

GUILDS: Final = ("BAKER", "WEAVER", "CANDLE", "SMITH")
GUILD_CODES: Final = ("BA", "WE", "CA", "SM")
GUILD_COUNT: Final = 4

MARKET: Final = 4  # a market of guild g is MARKET + g
MINSTREL: Final = 8
TAVERN: Final = 9
EMPTY: Final = -1
TILE_KINDS: Final = 10
HAND_KINDS: Final = 9  # taverns never go into hands (CG-10)

TILE_CODES: Final[tuple[str, ...]] = (*GUILD_CODES, *(f"M{code}" for code in GUILD_CODES), "MIN", "TAV")
TILE_NAMES: Final[tuple[str, ...]] = (
    *(f"{guild.lower()} building" for guild in GUILDS),
    *(f"{guild.lower()} market" for guild in GUILDS),
    "minstrel house",
    "tavern",
)
# CG-4: 11 buildings and 7 markets per guild, 4 minstrel houses, 4 taverns.
TILE_COUNTS: Final[tuple[int, ...]] = (11, 11, 11, 11, 7, 7, 7, 7, 4, 4)
TOTAL_TILES: Final = sum(TILE_COUNTS)  # 80
TAVERNS: Final = TILE_COUNTS[TAVERN]
DRAWABLE: Final[tuple[int, ...]] = tuple(kind for kind in range(HAND_KINDS) for _ in range(TILE_COUNTS[kind]))  # 76

# CG-32: a block's value is BLOCK_BASE plus these points per market, minstrel house and tavern in it.
BLOCK_BASE: Final = 8
MARKET_POINTS: Final = 2
MINSTREL_POINTS: Final = 5
TAVERN_POINTS: Final = 5
GUILD_CONTROL_POINTS: Final = (4, 2, 1)  # CG-35: to the 1st, 2nd and 3rd on the controlling guild's track
BUILDING_STEPS: Final = 1  # CG-17: a building's investment
MARKET_STEPS: Final = 2  # CG-20: a market's investment
MAX_PER_VALUE: Final = 3  # CG-26: markers on one value of a track

DEAL_SIZE: Final = 4  # CG-11: draw 4, return 1
HAND_SIZE: Final = 3
DISPLAY_SIZE: Final = 3  # CG-12
FIGURES: Final = {3: 18, 4: 13, 5: 10}  # CG-5
SEAT_NAMES: Final = ("Red", "Yellow", "Blue", "Green", "Purple")

_ALIASES: dict[str, int] = {}
for _kind, _code in enumerate(TILE_CODES):
    _ALIASES[_code] = _kind
    _ALIASES[TILE_NAMES[_kind].upper().replace(" ", "-")] = _kind
for _guild, _name in enumerate(GUILDS):
    _ALIASES[_name] = _guild
    _ALIASES[f"{_name}-MARKET"] = MARKET + _guild
    _ALIASES[f"M-{GUILD_CODES[_guild]}"] = MARKET + _guild
_ALIASES.update({"MINSTREL": MINSTREL, "HARP": MINSTREL, "TAVERN": TAVERN})


def tile_from_code(text: str) -> int | None:
    """The tile kind a code or name names (`MCA`, `candle-market`, `weaver`), or None."""
    return _ALIASES.get(text.strip().upper().replace("_", "-"))


def is_guild_tile(tile: int) -> bool:
    return 0 <= tile < MINSTREL


def guild_of(tile: int) -> int:
    """The guild of a building or market, -1 for minstrel houses, taverns and empty lots (CG-3)."""
    return tile % MARKET if 0 <= tile < MINSTREL else -1


def ceil_half(x: int) -> int:
    """⌈x/2⌉: the rulebook's "half, rounded up"."""
    return (x + 1) // 2


def chain_bonus(blocks: int, bonus_8: int = 36) -> int:
    """CG-40: the triangular bonus k(k+1)/2 for a chain touching k blocks; `chain_bonus_8` replaces the 8-block
    entry (CG-A-2: S1 prints 35)."""
    if blocks == 8:
        return bonus_8
    return blocks * (blocks + 1) // 2

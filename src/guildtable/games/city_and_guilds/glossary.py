"""What every City and Guilds piece does, keyed as the views name it: each tile code ("BA", "MWE", "MIN", "TAV";
CG-17 to CG-22, CG-32), each guild ("guild:BAKER"; CG-26, CG-27, CG-34, CG-35, CG-38 to CG-41, CG-44), each map
character that is not a lot ("feature:." street, "feature:*" fountain, "feature:+" trough, "feature:#" blocker;
CG-8) and "block" (CG-28 to CG-37).

Built from the content data (`content.py`: tile names and counts, investment steps, block value terms, guild control
points, the chain bonus; `board.py`: the map characters), so a change there changes the texts. The texts describe the
default rules; table options that change a detail are named in the lobby.
"""

from __future__ import annotations

from guildtable.games.city_and_guilds.board import BLOCKER, FEATURES, MAP_CHARACTERS, STREET
from guildtable.games.city_and_guilds.content import (
    BLOCK_BASE,
    BUILDING_STEPS,
    GUILD_CONTROL_POINTS,
    GUILD_COUNT,
    GUILDS,
    MARKET,
    MARKET_POINTS,
    MARKET_STEPS,
    MAX_PER_VALUE,
    MINSTREL,
    MINSTREL_POINTS,
    TAVERN,
    TAVERN_POINTS,
    TILE_CODES,
    TILE_COUNTS,
    TILE_NAMES,
    chain_bonus,
)
from guildtable.games.city_and_guilds.words import capital, guild_words
from guildtable.kernel.glossary import Detail, PieceText

_POINTS = ", ".join(str(points) for points in GUILD_CONTROL_POINTS)


def _building(guild: int) -> PieceText:
    name = guild_words(guild)
    return PieceText(
        capital(TILE_NAMES[guild]),
        f"When you place it, put 1 of your figures on it and move {BUILDING_STEPS} up the {name} track, or put 2 "
        f"figures on it and do not move. Your figures on it count toward holding its block; the tile counts for the "
        f"{name} guild in its block and in {name} chains.",
        (
            Detail("Tiles", str(TILE_COUNTS[guild])),
            Detail("Figures", "1 or 2, all of the player who placed it"),
            Detail("No figures left", f"It stays empty; you still move {BUILDING_STEPS} up the track if there is room"),
        ),
    )


def _market(guild: int) -> PieceText:
    name = guild_words(guild)
    return PieceText(
        capital(TILE_NAMES[MARKET + guild]),
        f"When you place it, move {MARKET_STEPS} up the {name} track (if that space has room). It never holds "
        f"figures. It adds {MARKET_POINTS} to its block's value and counts for the {name} guild in its block and in "
        f"{name} chains.",
        (Detail("Tiles", str(TILE_COUNTS[MARKET + guild])), Detail("Block value", f"+{MARKET_POINTS}")),
    )


def _minstrel() -> PieceText:
    return PieceText(
        capital(TILE_NAMES[MINSTREL]),
        f"When you place it, you may put 1 of your figures on it; it then counts toward holding its block like a "
        f"building. It belongs to no guild, adds {MINSTREL_POINTS} to its block's value and breaks guild chains.",
        (Detail("Tiles", str(TILE_COUNTS[MINSTREL])), Detail("Block value", f"+{MINSTREL_POINTS}")),
    )


def _tavern() -> PieceText:
    return PieceText(
        capital(TILE_NAMES[TAVERN]),
        "Never in a hand: the player who completes a block may place one on a lot next to a placed tile. It holds no "
        f"figures, belongs to no guild and adds {TAVERN_POINTS} to its block's value. If it completes a block, that "
        "block is scored at once and the same player may place the next tavern.",
        (Detail("Tiles", str(TILE_COUNTS[TAVERN])), Detail("Block value", f"+{TAVERN_POINTS}")),
    )


def _guild(guild: int) -> PieceText:
    name = guild_words(guild)
    bonuses = ", ".join(f"{blocks}: +{chain_bonus(blocks)}" for blocks in range(1, 9))
    return PieceText(
        f"{capital(name)} guild",
        f"Every player has a marker on the {name} track. Buildings move you {BUILDING_STEPS} and markets "
        f"{MARKET_STEPS} up it. When a block where the {name} guild has the most tiles is completed, the top three on "
        f"the track score {_POINTS}. At the end the longest {name} chain pays its value to the top three: all of it, "
        "half and a quarter (rounded up).",
        (
            Detail("Tiles", f"{TILE_COUNTS[guild]} buildings, {TILE_COUNTS[MARKET + guild]} markets"),
            Detail(
                "Track",
                f"At most {MAX_PER_VALUE} markers on one space; a later arrival ranks behind; players still at 0 "
                "never score",
            ),
            Detail(
                "Chain",
                f"{capital(name)} buildings and markets next to each other; its value is its number of tiles plus a "
                "bonus for the blocks it touches",
            ),
            Detail("Chain bonus by blocks", bonuses),
        ),
    )


_FEATURE_TEXTS = {
    STREET: "Not a lot. Two lots that face each other in a straight line across a street, however wide, are next to "
    "each other.",
    "*": "Part of the street: lots still face each other across it.",
    "+": "Part of the street: lots still face each other across it.",
    BLOCKER: "Not a lot and not a street: lots on either side of it are not next to each other through it.",
}


def _feature(char: str) -> PieceText:
    return PieceText(capital(MAP_CHARACTERS[char]), _FEATURE_TEXTS[char])


def _block() -> PieceText:
    return PieceText(
        "Block",
        "A group of lots marked by one letter. When its last lot is filled it is scored at once: the players with "
        "figures there share its value by their place, and the guild with the most tiles there pays the top of its "
        "track. Then the player who completed it may place a tavern.",
        (
            Detail(
                "Value",
                f"{BLOCK_BASE}, +{MARKET_POINTS} per market, +{MINSTREL_POINTS} per minstrel house, "
                f"+{TAVERN_POINTS} per tavern",
            ),
            Detail(
                "Places",
                "Who has the most tiles with their figures there (then the most figures) holds the white marker "
                "(1st); the black marker is 2nd; a tie keeps the marker where it is",
            ),
            Detail("Alone", "The only player with figures there scores the whole value"),
            Detail("Two players", "1st: half the value, plus 1; 2nd: a quarter of it, plus 1 (rounded up)"),
            Detail(
                "Three or more",
                "1st half, 2nd a quarter, 3rd an eighth of the value (rounded up); a tie for 3rd pays nobody",
            ),
            Detail(
                "Guild control",
                f"The guild with the most tiles in the block (then the longest chain through it, then the chain "
                f"touching most blocks) pays {_POINTS} points to the top three on its track; a full tie pays nobody",
            ),
        ),
    )


def glossary() -> dict[str, PieceText]:
    pieces: dict[str, PieceText] = {}
    for tile, code in enumerate(TILE_CODES):
        if tile < MARKET:
            pieces[code] = _building(tile)
        elif tile < MINSTREL:
            pieces[code] = _market(tile - MARKET)
        elif tile == MINSTREL:
            pieces[code] = _minstrel()
        else:
            pieces[code] = _tavern()
    for guild in range(GUILD_COUNT):
        pieces[f"guild:{GUILDS[guild]}"] = _guild(guild)
    for char in STREET + FEATURES + BLOCKER:
        pieces[f"feature:{char}"] = _feature(char)
    pieces["block"] = _block()
    return pieces


GLOSSARY = glossary()

"""What every City and Guilds piece does, keyed as the views name it: each tile code ("BA", "MWE", "MIN", "TAV";
CG-17 to CG-22, CG-32), each guild ("guild:BAKER"; CG-26, CG-27, CG-34, CG-35, CG-38 to CG-41, CG-44), each map
character that is not a lot ("feature:." street, "feature:*" fountain, "feature:+" trough, "feature:#" blocker;
CG-8) and "block" (CG-28 to CG-37).

Built from the content data (`content.py`: tile names and counts, investment steps, block value terms, guild control
points, the chain bonus; `board.py`: the map characters), so a change there changes the texts. The texts describe the
default rules; table options that change a detail are named in the lobby. Built in the reader's language (one
cached glossary per language).
"""

from __future__ import annotations

from functools import cache

from guildtable.games.city_and_guilds.board import BLOCKER, FEATURES, STREET
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
    chain_bonus,
)
from guildtable.games.city_and_guilds.words import capital, guild_words, tile_words
from guildtable.kernel.glossary import Detail, PieceText
from guildtable.kernel.i18n import current_language, domain

_ = domain("city_and_guilds").gettext
pgettext = domain("city_and_guilds").pgettext

_POINTS = ", ".join(str(points) for points in GUILD_CONTROL_POINTS)


def _tiles_detail(tile: int) -> Detail:
    return Detail(_("Tiles"), str(TILE_COUNTS[tile]))


def _building(guild: int) -> PieceText:
    name = guild_words(guild)
    return PieceText(
        capital(tile_words(guild)),
        _(
            "When you place it, put 1 of your figures on it and move {steps} up the {guild} track, or put 2 figures "
            "on it and do not move. Your figures on it count toward holding its block; the tile counts for the "
            "{guild} guild in its block and in {guild} chains.",
            steps=BUILDING_STEPS,
            guild=name,
        ),
        (
            _tiles_detail(guild),
            Detail(_("Figures"), _("1 or 2, all of the player who placed it")),
            Detail(
                _("No figures left"),
                _("It stays empty; you still move {steps} up the track if there is room", steps=BUILDING_STEPS),
            ),
        ),
    )


def _market(guild: int) -> PieceText:
    name = guild_words(guild)
    return PieceText(
        capital(tile_words(MARKET + guild)),
        _(
            "When you place it, move {steps} up the {guild} track (if that space has room). It never holds figures. "
            "It adds {points} to its block's value and counts for the {guild} guild in its block and in {guild} "
            "chains.",
            steps=MARKET_STEPS,
            guild=name,
            points=MARKET_POINTS,
        ),
        (_tiles_detail(MARKET + guild), Detail(_("Block value"), f"+{MARKET_POINTS}")),
    )


def _minstrel() -> PieceText:
    return PieceText(
        capital(tile_words(MINSTREL)),
        _(
            "When you place it, you may put 1 of your figures on it; it then counts toward holding its block like a "
            "building. It belongs to no guild, adds {points} to its block's value and breaks guild chains.",
            points=MINSTREL_POINTS,
        ),
        (_tiles_detail(MINSTREL), Detail(_("Block value"), f"+{MINSTREL_POINTS}")),
    )


def _tavern() -> PieceText:
    return PieceText(
        capital(tile_words(TAVERN)),
        _(
            "Never in a hand: the player who completes a block may place one on a lot next to a placed tile. It "
            "holds no figures, belongs to no guild and adds {points} to its block's value. If it completes a block, "
            "that block is scored at once and the same player may place the next tavern.",
            points=TAVERN_POINTS,
        ),
        (_tiles_detail(TAVERN), Detail(_("Block value"), f"+{TAVERN_POINTS}")),
    )


def _guild(guild: int) -> PieceText:
    name = guild_words(guild)
    bonuses = ", ".join(f"{blocks}: +{chain_bonus(blocks)}" for blocks in range(1, 9))
    return PieceText(
        _("{guild} guild", guild=capital(name)),
        _(
            "Every player has a marker on the {guild} track. Buildings move you {building_steps} and markets "
            "{market_steps} up it. When a block where the {guild} guild has the most tiles is completed, the top "
            "three on the track score {points}. At the end the longest {guild} chain pays its value to the top "
            "three: all of it, half and a quarter (rounded up).",
            guild=name,
            building_steps=BUILDING_STEPS,
            market_steps=MARKET_STEPS,
            points=_POINTS,
        ),
        (
            Detail(
                _("Tiles"),
                _(
                    "{buildings} buildings, {markets} markets",
                    buildings=TILE_COUNTS[guild],
                    markets=TILE_COUNTS[MARKET + guild],
                ),
            ),
            Detail(
                _("Track"),
                _(
                    "At most {count} markers on one space; a later arrival ranks behind; players still at 0 never "
                    "score",
                    count=MAX_PER_VALUE,
                ),
            ),
            Detail(
                _("Chain"),
                _(
                    "{guild} buildings and markets next to each other; its value is its number of tiles plus a bonus "
                    "for the blocks it touches",
                    guild=capital(name),
                ),
            ),
            Detail(_("Chain bonus by blocks"), bonuses),
        ),
    )


def _feature(char: str) -> PieceText:
    across = _("Part of the street: lots still face each other across it.")
    if char == STREET:
        return PieceText(
            pgettext("map", "Street"),
            _(
                "Not a lot. Two lots that face each other in a straight line across a street, however wide, are "
                "next to each other."
            ),
        )
    if char == "*":
        return PieceText(pgettext("map", "Fountain"), across)
    if char == "+":
        return PieceText(pgettext("map", "Trough"), across)
    return PieceText(
        pgettext("map", "Blocker"),
        _("Not a lot and not a street: lots on either side of it are not next to each other through it."),
    )


def _block() -> PieceText:
    return PieceText(
        _("Block"),
        _(
            "A group of lots marked by one letter. When its last lot is filled it is scored at once: the players "
            "with figures there share its value by their place, and the guild with the most tiles there pays the "
            "top of its track. Then the player who completed it may place a tavern."
        ),
        (
            Detail(
                _("Value"),
                _(
                    "{base}, +{market} per market, +{minstrel} per minstrel house, +{tavern} per tavern",
                    base=BLOCK_BASE,
                    market=MARKET_POINTS,
                    minstrel=MINSTREL_POINTS,
                    tavern=TAVERN_POINTS,
                ),
            ),
            Detail(
                _("Places"),
                _(
                    "Who has the most tiles with their figures there (then the most figures) holds the white marker "
                    "(1st); the black marker is 2nd; a tie keeps the marker where it is"
                ),
            ),
            Detail(_("Alone"), _("The only player with figures there scores the whole value")),
            Detail(_("Two players"), _("1st: half the value, plus 1; 2nd: a quarter of it, plus 1 (rounded up)")),
            Detail(
                _("Three or more"),
                _("1st half, 2nd a quarter, 3rd an eighth of the value (rounded up); a tie for 3rd pays nobody"),
            ),
            Detail(
                _("Guild control"),
                _(
                    "The guild with the most tiles in the block (then the longest chain through it, then the chain "
                    "touching most blocks) pays {points} points to the top three on its track; a full tie pays nobody",
                    points=_POINTS,
                ),
            ),
        ),
    )


def glossary() -> dict[str, PieceText]:
    """The glossary in the current language."""
    return _glossary(current_language())


@cache
def _glossary(language: str) -> dict[str, PieceText]:
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

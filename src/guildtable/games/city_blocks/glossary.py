"""What every City Blocks piece does (CB-4, CB-12, CB-13, CB-16 to CB-20), keyed as the view's tile codes start:
"H", "S", "F" (the number follows: "H3"), "SCH", "PWR", "MALL", "CRT", and "value" for the value tiles.

Built from the content data (`content.py`: kinds, numbers, counts per player, which specials zero which kinds), so a
change there changes the texts; only the sentences around the data are written here.
"""

from __future__ import annotations

from collections import Counter
from functools import cache

from guildtable.games.city_blocks.content import (
    PLAYER_SET,
    TILE_CODES,
    TILE_FACES,
    TILE_KINDS,
    VALUE_TILES,
    ZEROES,
    Kind,
    kind_name,
)
from guildtable.games.city_blocks.words import capital, zeroed_by_words, zeroes_words
from guildtable.kernel.glossary import Detail, PieceText
from guildtable.kernel.i18n import N_, current_language, domain

_ = domain("city_blocks").gettext

_PER_PLAYER = Counter(TILE_KINDS[tile] for tile in PLAYER_SET)

# What a numbered tile does, one sentence per kind (German needs each kind's gender): counted unless a special zeroes
# it (`{cancelled}` names the specials, from the content data), or always.
_COUNTS_UNLESS = {
    Kind.HOUSE: N_(
        "Adds its number to your total in its row and in its column, unless {cancelled} stands in that street: then "
        "every house there counts 0, whoever owns it."
    ),
    Kind.STORE: N_(
        "Adds its number to your total in its row and in its column, unless {cancelled} stands in that street: then "
        "every store there counts 0, whoever owns it."
    ),
    Kind.FACTORY: N_(
        "Adds its number to your total in its row and in its column, unless {cancelled} stands in that street: then "
        "every factory there counts 0, whoever owns it."
    ),
}
_COUNTS_ALWAYS = {
    Kind.HOUSE: N_(
        "Adds its number to your total in its row and in its column, always; nothing makes a house count 0."
    ),
    Kind.STORE: N_(
        "Adds its number to your total in its row and in its column, always; nothing makes a store count 0."
    ),
    Kind.FACTORY: N_(
        "Adds its number to your total in its row and in its column, always; nothing makes a factory count 0."
    ),
}


def kind_key(code: str) -> str:
    """The glossary key of a tile code: "H3" -> "H", "SCH" -> "SCH"."""
    return code.rstrip("0123456789")


def _faces(kind: Kind) -> list[int]:
    return [TILE_FACES[tile] for tile, tile_kind in enumerate(TILE_KINDS) if tile_kind is kind]


def _per_player(kind: Kind) -> Detail:
    return Detail(_("Tiles per player"), str(_PER_PLAYER[kind]))


def _numbered(kind: Kind) -> PieceText:
    """A house, store or factory: it counts its number in its row and its column (CB-17)."""
    faces = _faces(kind)
    cancelled = zeroed_by_words(kind)
    text = _(_COUNTS_UNLESS[kind], cancelled=cancelled) if cancelled else _(_COUNTS_ALWAYS[kind])
    return PieceText(
        capital(kind_name(kind)),
        text,
        (Detail(_("Numbers"), ", ".join(str(face) for face in faces)), _per_player(kind)),
    )


def _special(kind: Kind) -> PieceText:
    """A school, power plant or mall: worth 0, and makes some kinds count 0 in its row and its column (CB-17)."""
    return PieceText(
        capital(kind_name(kind)),
        _("{effect}. It is worth 0 itself, and several of them work like one.", effect=zeroes_words(kind)),
        (Detail(_("Worth"), "0"), _per_player(kind)),
    )


def _courthouse() -> PieceText:
    return PieceText(
        capital(kind_name(Kind.COURT)),
        _(
            "When you place it, you may swap the value tiles of two streets that have not been scored yet, before any "
            "street is scored. It is worth 0 and changes no totals."
        ),
        (Detail(_("Worth"), "0"), _per_player(Kind.COURT)),
    )


def _value_tiles() -> PieceText:
    low, high = min(VALUE_TILES), max(VALUE_TILES)
    return PieceText(
        _("Value tile"),
        _(
            "Each row and each column has a value tile (${low} to ${high}). When the last empty site of a street is "
            "built, the player with the higher total in that street takes its value tile; on a tie nobody does and it "
            "leaves the game. At the end, the player whose value tiles add up to more wins.",
            low=low,
            high=high,
        ),
        (
            Detail(_("Street total"), _("Your houses, stores and factories there by their numbers; specials count 0")),
            Detail(
                _("Rebuild"),
                _(
                    "Instead of building on an empty site you may build over one of your own tiles: you pay your "
                    "lowest value tile, and the old tile leaves the game. A rebuild never scores a street"
                ),
            ),
            Detail(_("Tie"), _("Equal totals (0 to 0 too): the value tile leaves the game")),
        ),
    )


def glossary() -> dict[str, PieceText]:
    """The glossary in the reader's language (one cached glossary per language)."""
    return _glossary(current_language())


@cache
def _glossary(language: str) -> dict[str, PieceText]:
    pieces: dict[str, PieceText] = {}
    for tile, code in enumerate(TILE_CODES):
        kind = TILE_KINDS[tile]
        key = kind_key(code)
        if key in pieces:
            continue
        if kind in (Kind.HOUSE, Kind.STORE, Kind.FACTORY):
            pieces[key] = _numbered(kind)
        elif kind in ZEROES:
            pieces[key] = _special(kind)
        else:
            pieces[key] = _courthouse()
    pieces["value"] = _value_tiles()
    return pieces

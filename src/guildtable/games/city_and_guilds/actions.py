"""The City and Guilds action space, its JSON form and its notation: one small question at a time (§10 "decisions
per turn").

Integers (the same for every map; lots are numbered 0..75):
- 0..8      pick a tile kind from your hand to place (`BA`, `MCA`, `MIN`, ...)
- 9..84     the lot for the picked tile, or for a tavern (`A5`)
- 85 / 86   a guild building's choice (CG-17): `invest` (1 figure, advance 1) or `double` (2 figures)
- 87 / 88   a minstrel house's figure (CG-21): `figure` or `nofigure`
- 89        decline the tavern (CG-36): `notavern`
- 90..98    take a tile kind from the display (CG-24): `take MBA`
- 99..107   return a tile of the first four during setup (CG-11): `return MIN`
- 108       put the picked tile back in hand before choosing its lot (CG-16: a tile is placed on a lot as one
            move, so picking it commits to nothing): `back`. Added after the others so that records stay exact.
"""

# Compiled by mypyc at install (setup.py): see "Compiled engines" in src/guildtable/games/README.md.
from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final, Literal, TypedDict

from guildtable.games.city_and_guilds.board import MAX_LOTS, Board
from guildtable.games.city_and_guilds.content import HAND_KINDS, TILE_CODES, tile_from_code
from guildtable.kernel import IllegalAction
from guildtable.kernel.i18n import domain

_ = domain("city_and_guilds").gettext

SELECT_BASE: Final = 0
LOT_BASE: Final = SELECT_BASE + HAND_KINDS
INVEST: Final = LOT_BASE + MAX_LOTS
DOUBLE: Final = INVEST + 1
FIGURE: Final = DOUBLE + 1
NO_FIGURE: Final = FIGURE + 1
NO_TAVERN: Final = NO_FIGURE + 1
TAKE_BASE: Final = NO_TAVERN + 1
RETURN_BASE: Final = TAKE_BASE + HAND_KINDS
PUT_BACK: Final = RETURN_BASE + HAND_KINDS
NUM_ACTIONS: Final = PUT_BACK + 1

_WORDS = {
    "INVEST": INVEST,
    "I": INVEST,
    "+1": INVEST,
    "DOUBLE": DOUBLE,
    "D": DOUBLE,
    "2": DOUBLE,
    "FIGURE": FIGURE,
    "FIG": FIGURE,
    "YES": FIGURE,
    "NOFIGURE": NO_FIGURE,
    "NOFIG": NO_FIGURE,
    "NOTAVERN": NO_TAVERN,
    "DECLINE": NO_TAVERN,
    "BACK": PUT_BACK,
    "PUTBACK": PUT_BACK,
    "UNPICK": PUT_BACK,
}


# The notation of taking and returning each tile kind, made once (a move's notation is written at every step).
_TAKES: Final = tuple(f"take {code}" for code in TILE_CODES[:HAND_KINDS])
_RETURNS: Final = tuple(f"return {code}" for code in TILE_CODES[:HAND_KINDS])


def notation(action: int, board: Board) -> str:
    if action < LOT_BASE:
        return TILE_CODES[action - SELECT_BASE]
    if action < INVEST:
        lot = action - LOT_BASE
        return board.lot_names[lot] if lot < board.lots else f"lot#{lot}"  # beyond this map: never legal
    if action == PUT_BACK:
        return "back"
    if action >= RETURN_BASE:
        return _RETURNS[action - RETURN_BASE]
    if action >= TAKE_BASE:
        return _TAKES[action - TAKE_BASE]
    return _WORD_TYPES[action]


def _tile(word: str) -> int:
    tile = tile_from_code(word)
    if tile is None or tile >= HAND_KINDS:
        codes = ", ".join(TILE_CODES[:HAND_KINDS])
        raise IllegalAction(
            "", _("{word} is not a tile in the supply; the tiles are {codes}", word=repr(word), codes=codes)
        )
    return tile


def parse(text: str, board: Board, bare_tile_base: int, decline: int | None) -> int:
    """The action a typed move names (legal or not). A bare tile code means `bare_tile_base + kind`: picking a tile
    to place, taking it from the display or returning it, depending on the question asked; `no`/`pass` means
    `decline` (no figure, no tavern) where the question allows one."""
    words = text.replace(",", " ").split()
    if not words:
        raise IllegalAction(
            "",
            _(
                "type a move such as {examples} or {last}, or ? for the legal moves",
                examples="'BA', 'A5', 'invest'",
                last="'take MCA'",
            ),
        )
    head = words[0].upper()
    if head == "PUT" and len(words) == 2 and words[1].upper() == "BACK":
        return PUT_BACK
    if head in ("TAKE", "RETURN", "PLAY", "PICK"):
        if len(words) != 2:
            raise IllegalAction(
                "", _("{verb} names one tile, e.g. {example}", verb=f"'{words[0]}'", example=f"'{words[0]} MCA'")
            )
        base = {"TAKE": TAKE_BASE, "RETURN": RETURN_BASE}.get(head, SELECT_BASE)
        return base + _tile(words[1])
    if len(words) != 1:
        raise IllegalAction(
            "",
            _(
                "cannot read {text}: one word per move, e.g. {first}, then {then}",
                text=repr(text),
                first="'BA'",
                then="'A5'",
            ),
        )
    if head in ("NO", "PASS", "-"):
        if decline is None:
            raise IllegalAction("CG-16", _("this question cannot be declined: there is no passing"))
        return decline
    if head in _WORDS:
        return _WORDS[head]
    lot = board.lot_by_name.get(head)
    if lot is not None:
        return LOT_BASE + lot
    tile = tile_from_code(head)
    if tile is not None and tile < HAND_KINDS:
        return bare_tile_base + tile
    first, last = board.lot_names[0], board.lot_names[-1]
    raise IllegalAction(
        "",
        _(
            "cannot read {text}: expected a tile ({tiles}), a lot ({lots}) or a word",
            text=repr(text),
            tiles="BA, WE, CA, SM, MBA.., MIN",
            lots=f"{first}..{last}",
        ),
    )


class TileActionJson(TypedDict):
    """Pick a tile kind from the hand, take it from the display or return it in setup: `{"type": "take",
    "tile": "MCA"}`."""

    type: Literal["pick", "take", "return"]
    tile: str
    """A tile code."""


class LotActionJson(TypedDict):
    """The lot for the picked tile, or for a tavern: `{"type": "place", "lot": "A5"}`."""

    type: Literal["place", "tavern"]
    lot: str
    """A lot name (`A5`)."""


WordActionType = Literal["back", "invest", "double", "figure", "nofigure", "notavern"]


class WordActionJson(TypedDict):
    """An answer that is one word: `{"type": "invest"}`."""

    type: WordActionType


CityAndGuildsActionJson = TileActionJson | LotActionJson | WordActionJson
"""An action's JSON form (`to_json`, `from_json`)."""

_WORD_TYPES: dict[int, WordActionType] = {
    INVEST: "invest",
    DOUBLE: "double",
    FIGURE: "figure",
    NO_FIGURE: "nofigure",
    NO_TAVERN: "notavern",
}


def to_json(action: int, board: Board, tavern: bool) -> CityAndGuildsActionJson:
    """The structured form of `action`; a lot is a tavern's when `tavern` (the question on top is the tavern's)."""
    if action < LOT_BASE:
        return {"type": "pick", "tile": TILE_CODES[action]}
    if action < INVEST:
        return {"type": "tavern" if tavern else "place", "lot": notation(action, board)}
    if action == PUT_BACK:
        return {"type": "back"}
    if action >= RETURN_BASE:
        return {"type": "return", "tile": TILE_CODES[action - RETURN_BASE]}
    if action >= TAKE_BASE:
        return {"type": "take", "tile": TILE_CODES[action - TAKE_BASE]}
    return {"type": _WORD_TYPES[action]}


def from_json(data: Mapping[str, Any], board: Board) -> int:
    """The action a structured form names (legal or not); IllegalAction saying what is wrong with a malformed one."""
    if not isinstance(data, Mapping):
        raise IllegalAction("", _("an action is a JSON object with a {key}", key="'type'"))
    kind = data.get("type")
    if kind in ("pick", "take", "return"):
        tile = data.get("tile")
        if not isinstance(tile, str):
            raise IllegalAction("", _("a {kind} needs {key} as a tile code", kind=kind, key="'tile'"))
        base = {"pick": SELECT_BASE, "take": TAKE_BASE, "return": RETURN_BASE}[kind]
        return parse(tile, board, base, None)
    if kind in ("place", "tavern"):
        lot = data.get("lot")
        if not isinstance(lot, str) or lot.upper() not in board.lot_by_name:
            raise IllegalAction(
                "",
                _("a {kind} needs {key} as a lot name such as {example}", kind=kind, key="'lot'", example="'A5'"),
            )
        return LOT_BASE + board.lot_by_name[lot.upper()]
    if kind in ("invest", "double", "figure", "nofigure", "notavern", "back"):
        return parse(str(kind), board, SELECT_BASE, None)
    raise IllegalAction(
        "",
        _(
            "unknown action type {kind} ({types})",
            kind=repr(kind),
            types="pick, place, back, invest, double, figure, nofigure, tavern, notavern, take, return",
        ),
    )

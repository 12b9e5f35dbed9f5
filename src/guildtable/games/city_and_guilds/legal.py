"""The legal answers to each kind of City and Guilds question (questions.py), and why any other answer is refused:
the rule it breaks and a sentence in the player's words. One function per kind for each, which `rules.HANDLERS`
registers and the kernel's `StackState` calls for the question on top: which tile may be picked (CG-16, CG-A-9),
which lots take a tile (CG-8, CG-16, CG-23) or an opening tile (CG-14, CG-A-17), the building and minstrel choices
(CG-17, CG-21), the tavern (CG-36), the display (CG-24) and the setup return (CG-11). Changes nothing."""

# Compiled by mypyc at install (setup.py): see "Compiled engines" in src/guildtable/games/README.md.
from __future__ import annotations

from typing import Any, Final

from guildtable.games.city_and_guilds import words
from guildtable.games.city_and_guilds.actions import (
    DOUBLE,
    FIGURE,
    INVEST,
    LOT_BASE,
    NO_FIGURE,
    NO_TAVERN,
    PUT_BACK,
    RETURN_BASE,
    SELECT_BASE,
    TAKE_BASE,
)
from guildtable.games.city_and_guilds.board import MAX_LOTS
from guildtable.games.city_and_guilds.content import EMPTY, HAND_KINDS, MARKET
from guildtable.games.city_and_guilds.questions import (
    Building,
    Draw,
    Lot,
    MinstrelFigure,
    Pick,
    Return,
    TavernChoice,
)
from guildtable.games.city_and_guilds.state import CityAndGuildsPosition
from guildtable.kernel.i18n import domain
from guildtable.kernel.protocol import Reason

_ = domain("city_and_guilds").gettext


# The actions naming each lot and each tile kind to pick, take or return, made once: a list of legal answers holds
# these very ints rather than new ones at every step. `Any`, so that compiled code takes them as they are (an `int`
# it would unpack and then make anew).
_LOT_ACTIONS: Final[tuple[Any, ...]] = tuple(LOT_BASE + lot for lot in range(MAX_LOTS))
_PICK_ACTIONS: Final[tuple[Any, ...]] = tuple(SELECT_BASE + tile for tile in range(HAND_KINDS))
_TAKE_ACTIONS: Final[tuple[Any, ...]] = tuple(TAKE_BASE + tile for tile in range(HAND_KINDS))
_RETURN_ACTIONS: Final[tuple[Any, ...]] = tuple(RETURN_BASE + tile for tile in range(HAND_KINDS))


# --- the legal answers, one function per kind (ascending) -----------------------------------------------------------
def lots(state: CityAndGuildsPosition, question: Lot) -> list[int]:
    """The lots the picked tile may go on (CG-16; CG-14 in the setup round), then putting it back (CG-16)."""
    answers = _lot_answers(state)
    answers.append(PUT_BACK)
    return answers


def picks(state: CityAndGuildsPosition, question: Pick) -> list[int]:
    """The tile kinds of the hand that may be picked to place (CG-16, CG-A-9)."""
    return [_PICK_ACTIONS[tile] for tile in pickable(state, question.seat)]


def takes(state: CityAndGuildsPosition, question: Draw) -> list[int]:
    """The tile kinds in the display (CG-24)."""
    return [_TAKE_ACTIONS[tile] for tile in sorted(set(state.display))]


def building_choices(state: CityAndGuildsPosition, question: Building) -> list[int]:
    """1 figure and a step up the track, or 2 figures (CG-17)."""
    return [INVEST, DOUBLE]


def minstrel_choices(state: CityAndGuildsPosition, question: MinstrelFigure) -> list[int]:
    """A figure on the minstrel house, or none (CG-21)."""
    return [FIGURE, NO_FIGURE]


def tavern_lots(state: CityAndGuildsPosition, question: TavernChoice) -> list[int]:
    """The lots a tavern may go on, then declining it unless the table makes it mandatory (CG-36)."""
    answers = _lot_answers(state)
    if not state.options["tavern_mandatory"]:
        answers.append(NO_TAVERN)
    return answers


def returns(state: CityAndGuildsPosition, question: Return) -> list[int]:
    """The tile kinds of the four dealt tiles, any of which may be given back (CG-11)."""
    return [_RETURN_ACTIONS[tile] for tile in sorted(set(state.hands[question.seat]))]


def _lot_answers(state: CityAndGuildsPosition) -> list[int]:
    """The actions naming the lots a tile or a tavern may go on, as a new list: CG-16 (main game, taverns) or CG-14
    (setup round)."""
    if state.in_setup:
        return [_LOT_ACTIONS[lot] for lot in _setup_lots(state)]
    tiles, touch = state.tiles, state.touch
    return [_LOT_ACTIONS[lot] for lot, touching in enumerate(touch) if touching > 0 and tiles[lot] == EMPTY]


def _setup_lots(state: CityAndGuildsPosition) -> list[int]:
    """CG-14: a lot in a block without tiles, not adjacent to any tile; CG-A-17 relaxes the second condition on a
    custom map where no such lot is left."""
    board, tiles, touch = state.board, state.tiles, state.touch
    empty_blocks = [b for b in range(board.blocks) if state.empty_in_block[b] == len(board.block_lots[b])]
    candidates = sorted(lot for b in empty_blocks for lot in board.block_lots[b])
    strict = [lot for lot in candidates if not touch[lot] and tiles[lot] == EMPTY]
    return strict or candidates


def pickable(state: CityAndGuildsPosition, seat: int) -> list[int]:
    """The tile kinds `seat` may pick to place (CG-16; CG-A-9: no building without figures, at a table that says so)."""
    tiles = sorted(set(state.hands[seat]))
    if _buildings_barred(state, seat):
        tiles = [tile for tile in tiles if tile >= MARKET]
    return tiles


def can_place(state: CityAndGuildsPosition, seat: int) -> bool:
    """Whether `seat` has a tile it may pick to place: `pickable` is not empty (CG-13, CG-25)."""
    hand = state.hands[seat]
    if not hand:
        return False
    if _buildings_barred(state, seat):
        return max(hand) >= MARKET
    return True


def _buildings_barred(state: CityAndGuildsPosition, seat: int) -> bool:
    """CG-A-9: `seat` has no figure left at a table that forbids buildings without figures (not in the setup round)."""
    return state.figures[seat] == 0 and state.options["building_without_figures"] == "forbidden" and not state.in_setup


# --- refusals, one function per kind: None if the action answers the question, else (rule, why) ---------------------
def _put_back_refused() -> Reason:
    """CG-16: putting a tile back answers only the lot question."""
    return "CG-16", _("You can put a tile back only while choosing its lot")


def refuse_lot(state: CityAndGuildsPosition, question: Lot, action: int) -> Reason | None:
    """A lot for the picked tile or putting it back (CG-16; CG-14 in the setup round; CG-23 a full lot)."""
    if action == PUT_BACK:
        return None
    if not LOT_BASE <= action < INVEST:
        picked = words.your_tile(question.tile)
        return "CG-16", _("First choose a lot for {your_tile}, or put it back in your hand", your_tile=picked)
    return _why_lot_illegal(state, action - LOT_BASE, "CG-14" if state.in_setup else "CG-16")


def refuse_pick(state: CityAndGuildsPosition, question: Pick, action: int) -> Reason | None:
    """A tile kind in the hand (CG-16), and not a building once the figures are used up at a table that says so
    (CG-A-9)."""
    if action == PUT_BACK:
        return _put_back_refused()
    if not SELECT_BASE <= action < LOT_BASE:
        return "CG-16", _("First choose a tile from your hand to place")
    tile = action - SELECT_BASE
    if tile not in state.hands[question.seat]:
        return "CG-16", _("You have {no_tile} in your hand", no_tile=words.no_tile(tile))
    if tile not in pickable(state, question.seat):
        return "CG-A-9", _("At this table a building cannot be placed once your figures are used up")
    return None


def refuse_take(state: CityAndGuildsPosition, question: Draw, action: int) -> Reason | None:
    """A tile kind in the display (CG-24)."""
    if action == PUT_BACK:
        return _put_back_refused()
    if not TAKE_BASE <= action < RETURN_BASE:
        return "CG-24", _("First take a tile from the display into your hand")
    tile = action - TAKE_BASE
    if tile not in state.display:
        return "CG-24", _("The display has {no_tile}", no_tile=words.no_tile(tile))
    return None


def refuse_building(state: CityAndGuildsPosition, question: Building, action: int) -> Reason | None:
    """Invest or double, nothing else (CG-17)."""
    if action in (INVEST, DOUBLE):
        return None
    if action == PUT_BACK:
        return _put_back_refused()
    guild = words.guild_words(state.tiles[question.lot])
    return "CG-17", _(
        "First say how the {guild} building is taken: 1 figure and a step up the {guild} track, or 2 figures",
        guild=guild,
    )


def refuse_minstrel(state: CityAndGuildsPosition, question: MinstrelFigure, action: int) -> Reason | None:
    """One figure or none (CG-21)."""
    if action in (FIGURE, NO_FIGURE):
        return None
    if action == PUT_BACK:
        return _put_back_refused()
    if action == DOUBLE:
        return "CG-21", _("A minstrel house takes one figure, never two")
    return "CG-21", _("First say whether you put a figure on the minstrel house")


def refuse_tavern(state: CityAndGuildsPosition, question: TavernChoice, action: int) -> Reason | None:
    """A lot next to a placed tile (CG-36, CG-16, CG-23), or declining unless the table makes it mandatory (CG-36)."""
    if action == NO_TAVERN:
        if state.options["tavern_mandatory"]:
            return "CG-36", _("At this table the player who completes a block must place a tavern")
        return None
    if action == PUT_BACK:
        return _put_back_refused()
    if not LOT_BASE <= action < INVEST:
        return "CG-36", _("First place the tavern on a lot, or do without it")
    return _why_lot_illegal(state, action - LOT_BASE, "CG-36")


def refuse_return(state: CityAndGuildsPosition, question: Return, action: int) -> Reason | None:
    """A tile kind in the hand (CG-11)."""
    if action == PUT_BACK:
        return _put_back_refused()
    if not RETURN_BASE <= action < RETURN_BASE + HAND_KINDS:
        return "CG-11", _("First give back one of your four tiles, face down")
    tile = action - RETURN_BASE
    if tile not in state.hands[question.seat]:
        return "CG-11", _("You have {no_tile} to give back", no_tile=words.no_tile(tile))
    return None


def _why_lot_illegal(state: CityAndGuildsPosition, lot: int, rule: str) -> Reason | None:
    """Why a tile (by `rule`) or a tavern may not go on `lot`, or None if it may."""
    board = state.board
    if lot >= board.lots:
        return rule, _(
            "This map has {count} lots, from {first} to {last}",
            count=board.lots,
            first=board.lot_names[0],
            last=board.lot_names[-1],
        )
    name = board.lot_names[lot]
    if state.tiles[lot] != EMPTY:
        return "CG-23", _("Lot {lot} already holds {tile}", lot=name, tile=words.a_tile_subject(state.tiles[lot]))
    if state.in_setup:
        if lot in _setup_lots(state):
            return None
        block = board.lot_block[lot]
        if state.empty_in_block[block] != len(board.block_lots[block]):
            letter = board.block_letters[block]
            return "CG-14", _(
                "Block {block} already has a tile; in the setup round each tile opens an empty block", block=letter
            )
        return "CG-14", _(
            "Lot {lot} faces a tile already placed; in the setup round tiles may not be next to others", lot=name
        )
    if not state.touch[lot]:
        return rule, _(
            "Lot {lot} is not next to any placed tile: a tile must face one in a straight line, in its block or "
            "across the street",
            lot=name,
        )
    return None

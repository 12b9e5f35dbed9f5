"""The plain words a City and Guilds player reads: tiles, guilds, lots and blocks in words, the question on turn
(CG-11, CG-14, CG-16 to CG-24, CG-36) and each legal answer as a label for a button.

Never notation (`invest`, `notavern`, `take MCA`) and never rule IDs: those stay in `actions.py` and in a refusal's
rule field. The words for tiles, guilds and answers read plain values, so that every caller passes what it knows; the
prompt of each kind of question, the labels of its answers and the prompt once the game is over read the position
and the question, and are what `rules.HANDLERS` registers for the kernel's `StackState` to call.

Every text comes from the `city_and_guilds` catalogue in the reader's language. A tile is named in whole phrases
("a weaver market", "your weaver market", "no weaver market"), one message each, because German articles follow the
tile's gender and the sentence's case ("einen Tuchmachermarkt", "deinen Tuchmachermarkt", "keinen Tuchmachermarkt").
"""

from __future__ import annotations

from collections.abc import Sequence

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
from guildtable.games.city_and_guilds.content import BUILDING_STEPS, EMPTY, GUILDS, MINSTREL, TAVERN
from guildtable.games.city_and_guilds.questions import (
    Building,
    CityAndGuildsQuestion,
    Draw,
    Lot,
    MinstrelFigure,
    Pick,
    Return,
    TavernChoice,
)
from guildtable.games.city_and_guilds.state import CityAndGuildsPosition
from guildtable.kernel.i18n import domain

_ = domain("city_and_guilds").gettext
ngettext = domain("city_and_guilds").ngettext
pgettext = domain("city_and_guilds").pgettext


# --- tiles in words, one table per grammatical use ------------------------------------------------------------------
def _name() -> tuple[str, ...]:
    return (
        _("baker building"),
        _("weaver building"),
        _("candle building"),
        _("smith building"),
        _("baker market"),
        _("weaver market"),
        _("candle market"),
        _("smith market"),
        _("minstrel house"),
        _("tavern"),
    )


def _a_nom() -> tuple[str, ...]:
    return (
        pgettext("tile, nominative", "a baker building"),
        pgettext("tile, nominative", "a weaver building"),
        pgettext("tile, nominative", "a candle building"),
        pgettext("tile, nominative", "a smith building"),
        pgettext("tile, nominative", "a baker market"),
        pgettext("tile, nominative", "a weaver market"),
        pgettext("tile, nominative", "a candle market"),
        pgettext("tile, nominative", "a smith market"),
        pgettext("tile, nominative", "a minstrel house"),
        pgettext("tile, nominative", "a tavern"),
    )


def _a_acc() -> tuple[str, ...]:
    return (
        pgettext("tile, accusative", "a baker building"),
        pgettext("tile, accusative", "a weaver building"),
        pgettext("tile, accusative", "a candle building"),
        pgettext("tile, accusative", "a smith building"),
        pgettext("tile, accusative", "a baker market"),
        pgettext("tile, accusative", "a weaver market"),
        pgettext("tile, accusative", "a candle market"),
        pgettext("tile, accusative", "a smith market"),
        pgettext("tile, accusative", "a minstrel house"),
        pgettext("tile, accusative", "a tavern"),
    )


def _a_dat() -> tuple[str, ...]:
    return (
        pgettext("tile, dative", "a baker building"),
        pgettext("tile, dative", "a weaver building"),
        pgettext("tile, dative", "a candle building"),
        pgettext("tile, dative", "a smith building"),
        pgettext("tile, dative", "a baker market"),
        pgettext("tile, dative", "a weaver market"),
        pgettext("tile, dative", "a candle market"),
        pgettext("tile, dative", "a smith market"),
        pgettext("tile, dative", "a minstrel house"),
        pgettext("tile, dative", "a tavern"),
    )


def _the_acc() -> tuple[str, ...]:
    return (
        pgettext("tile, accusative", "the baker building"),
        pgettext("tile, accusative", "the weaver building"),
        pgettext("tile, accusative", "the candle building"),
        pgettext("tile, accusative", "the smith building"),
        pgettext("tile, accusative", "the baker market"),
        pgettext("tile, accusative", "the weaver market"),
        pgettext("tile, accusative", "the candle market"),
        pgettext("tile, accusative", "the smith market"),
        pgettext("tile, accusative", "the minstrel house"),
        pgettext("tile, accusative", "the tavern"),
    )


def _your_acc() -> tuple[str, ...]:
    return (
        pgettext("tile, accusative", "your baker building"),
        pgettext("tile, accusative", "your weaver building"),
        pgettext("tile, accusative", "your candle building"),
        pgettext("tile, accusative", "your smith building"),
        pgettext("tile, accusative", "your baker market"),
        pgettext("tile, accusative", "your weaver market"),
        pgettext("tile, accusative", "your candle market"),
        pgettext("tile, accusative", "your smith market"),
        pgettext("tile, accusative", "your minstrel house"),
        pgettext("tile, accusative", "your tavern"),
    )


def _no_acc() -> tuple[str, ...]:
    return (
        pgettext("tile, accusative", "no baker building"),
        pgettext("tile, accusative", "no weaver building"),
        pgettext("tile, accusative", "no candle building"),
        pgettext("tile, accusative", "no smith building"),
        pgettext("tile, accusative", "no baker market"),
        pgettext("tile, accusative", "no weaver market"),
        pgettext("tile, accusative", "no candle market"),
        pgettext("tile, accusative", "no smith market"),
        pgettext("tile, accusative", "no minstrel house"),
        pgettext("tile, accusative", "no tavern"),
    )


def _guilds() -> tuple[str, ...]:
    return (
        pgettext("guild", "baker"),
        pgettext("guild", "weaver"),
        pgettext("guild", "candle"),
        pgettext("guild", "smith"),
    )


assert len(GUILDS) == 4


def tile_words(tile: int) -> str:
    """1 -> "weaver building", 5 -> "weaver market", 8 -> "minstrel house"."""
    return _name()[tile]


def a_tile(tile: int) -> str:
    """ "a weaver market" as an object (German accusative: "einen Tuchmachermarkt")."""
    return _a_acc()[tile]


def a_tile_subject(tile: int) -> str:
    """ "a weaver market" as a subject (German nominative: "ein Tuchmachermarkt")."""
    return _a_nom()[tile]


def a_tile_with(tile: int) -> str:
    """ "a weaver market" after "with" (German dative: "einem Tuchmachermarkt")."""
    return _a_dat()[tile]


def the_tile(tile: int) -> str:
    """ "the weaver market" as an object."""
    return _the_acc()[tile]


def your_tile(tile: int) -> str:
    """ "your weaver market" as an object."""
    return _your_acc()[tile]


def no_tile(tile: int) -> str:
    """ "no weaver market" as an object."""
    return _no_acc()[tile]


def guild_words(guild: int) -> str:
    """2 -> "candle" (the guild of candle makers; German "Kerzenmacher")."""
    return _guilds()[guild]


def capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def lot_words(name: str) -> str:
    """ "A5" -> "lot A5": the name printed beside the lot on the map."""
    return _("lot {lot}", lot=name)


# --- the question on turn, one prompt per kind -----------------------------------------------------------------------
def over(state: CityAndGuildsPosition, names: Sequence[str] | None = None) -> str:
    """The prompt once the game is over (CG-43)."""
    return _("The game is over")


def return_prompt(state: CityAndGuildsPosition, question: Return, names: Sequence[str] | None = None) -> str:
    """CG-11: give back one of the four dealt tiles."""
    return _("Setup: choose one of your four tiles to give back face down to the supply")


def pick_prompt(state: CityAndGuildsPosition, question: Pick, names: Sequence[str] | None = None) -> str:
    """CG-14 in the setup round, CG-16 after it: which tile to place."""
    if state.in_setup:
        return _("Setup round: choose a tile to place in an empty block, away from every tile already placed")
    return _("Choose a tile from your hand to place")


def draw_prompt(state: CityAndGuildsPosition, question: Draw, names: Sequence[str] | None = None) -> str:
    """CG-24: take a display tile."""
    return _("Take a tile from the display into your hand")


def minstrel_prompt(state: CityAndGuildsPosition, question: MinstrelFigure, names: Sequence[str] | None = None) -> str:
    """CG-21: a figure on the minstrel house, or none."""
    return _("Minstrel house: put one of your figures on it, or leave it empty")


def lot_prompt(state: CityAndGuildsPosition, question: Lot, names: Sequence[str] | None = None) -> str:
    """CG-14 / CG-16: "Choose a lot next to a tile already placed for your weaver market, or put it back"."""
    if state.in_setup:
        return _(
            "Choose a lot in an empty block, not next to any tile, for {your_tile}, or put it back",
            your_tile=your_tile(question.tile),
        )
    return _(
        "Choose a lot next to a tile already placed for {your_tile}, or put it back",
        your_tile=your_tile(question.tile),
    )


def building_prompt(state: CityAndGuildsPosition, question: Building, names: Sequence[str] | None = None) -> str:
    """CG-17: how the guild building just placed is taken."""
    guild = state.tiles[question.lot]
    return ngettext(
        "{building}: put 1 figure on it and move {n} up the {guild} track, or put 2 figures on it",
        "{building}: put 1 figure on it and move {n} up the {guild} track, or put 2 figures on it",
        BUILDING_STEPS,
        building=capital(tile_words(guild)),
        guild=guild_words(guild),
    )


def tavern_prompt(state: CityAndGuildsPosition, question: TavernChoice, names: Sequence[str] | None = None) -> str:
    """CG-36: a tavern on a lot, or (unless the table makes it mandatory) none."""
    if state.options["tavern_mandatory"]:
        return _("You completed a block: place a tavern (+5 to its block's value) on a lot next to a placed tile")
    return _(
        "You completed a block: place a tavern (+5 to its block's value) on a lot next to a placed tile, or do without"
    )


# --- each question's answers as button labels (the handlers' `label`) -----------------------------------------------
def answer_label(
    state: CityAndGuildsPosition, question: CityAndGuildsQuestion, action: int, names: Sequence[str] | None = None
) -> str:
    """`action` in plain words for a button (CG-11, CG-16, CG-17, CG-21, CG-24, CG-36). The words follow from the
    action alone, so every question labels any action the same way, except that the lot question names its tile and
    puts it back (`lot_label_for`) and the building question names its guild's track (`building_label_for`); a lot is
    otherwise a tavern's (CG-36)."""
    if action < LOT_BASE:
        return pick_label(action - SELECT_BASE)
    if action < INVEST:
        return _lot_answer(state, TAVERN, action - LOT_BASE)
    if action == PUT_BACK:
        return _("Put the tile back in your hand")
    if action >= RETURN_BASE:
        return return_label(action - RETURN_BASE)
    if action >= TAKE_BASE:
        return take_label(action - TAKE_BASE)
    if action == INVEST:
        return _("Invest: 1 figure, +1 on the track")
    return {
        DOUBLE: double_label,
        FIGURE: figure_label,
        NO_FIGURE: no_figure_label,
        NO_TAVERN: no_tavern_label,
    }[action]()


def lot_label_for(state: CityAndGuildsPosition, question: Lot, action: int, names: Sequence[str] | None = None) -> str:
    """The lot question's answers: the picked tile on a lot (CG-14, CG-16) or put back (CG-16); any other action as
    `answer_label` says it."""
    if action == PUT_BACK:
        return put_back_label(question.tile)
    if LOT_BASE <= action < INVEST:
        return _lot_answer(state, question.tile, action - LOT_BASE)
    return answer_label(state, question, action, names)


def building_label_for(
    state: CityAndGuildsPosition, question: Building, action: int, names: Sequence[str] | None = None
) -> str:
    """The building question's answers: investing names the guild's track (CG-17); any other action as
    `answer_label` says it."""
    if action == INVEST:
        return invest_label(state.tiles[question.lot])
    return answer_label(state, question, action, names)


def _lot_answer(state: CityAndGuildsPosition, tile: int, lot: int) -> str:
    """`tile` on `lot`, saying which block it completes, or that the lot is beyond this map."""
    board = state.board
    if lot >= board.lots:
        return _("Lot {number}, beyond this map", number=lot + 1)
    block = board.lot_block[lot]
    full = state.empty_in_block[block] == 1 and state.tiles[lot] == EMPTY
    return lot_label(tile, board.lot_names[lot], board.block_letters[block] if full else None)


# --- labels --------------------------------------------------------------------------------------------------------
def pick_label(tile: int) -> str:
    return _("Place {tile}", tile=a_tile(tile))


def lot_label(tile: int, lot_name: str, completes: str | None) -> str:
    """ "Put your weaver market on lot A5", with "(completes block A)" when it fills the block's last lot."""
    own = a_tile(tile) if tile > MINSTREL else your_tile(tile)
    if completes:
        return _("Put {tile} on lot {lot} (completes block {block})", tile=own, lot=lot_name, block=completes)
    return _("Put {tile} on lot {lot}", tile=own, lot=lot_name)


def invest_label(guild: int) -> str:
    return _("Invest: 1 figure, +{steps} on the {guild} track", steps=BUILDING_STEPS, guild=guild_words(guild))


def double_label() -> str:
    return _("Double: 2 figures, no investment")


def figure_label() -> str:
    return _("Put a figure on the minstrel house")


def no_figure_label() -> str:
    return _("Leave the minstrel house empty")


def no_tavern_label() -> str:
    return _("No tavern")


def take_label(tile: int) -> str:
    return _("Take {tile} from the display", tile=a_tile(tile))


def return_label(tile: int) -> str:
    return _("Give back {tile}", tile=a_tile(tile))


def put_back_label(tile: int) -> str:
    return _("Put {tile} back in your hand", tile=the_tile(tile))

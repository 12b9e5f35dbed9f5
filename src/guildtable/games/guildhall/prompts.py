"""The open question and every answer to it in a player's words (`State.prompt`, `State.action_label`): what a
newcomer reads above the buttons and on them. Never notation, rule IDs or ids; players by the names given (display
names at a table, the seat names by default).

Only for people: nothing here is called while legal answers are computed or applied.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from guildtable.games.guildhall.actions import BUY, DECLINE, DISCARD_DRAW, DONE, LEVEL, PLAY, PROF, ROW, SEAT, USE
from guildtable.games.guildhall.content import CARD_NAMES, COLOUR_NAMES, COLOURS, PROFESSION_NAMES, Level
from guildtable.games.guildhall.glossary import (
    PRESTIGE_TEXTS,
    chapters,
    level_text,
    lower_first,
    plural,
)
from guildtable.games.guildhall.questions import (
    ACTION,
    BRICK_PUT,
    BUY_CARD,
    CAP,
    CAP_DISCARD,
    CHOOSE_LEVEL,
    DD_SELECT,
    HAND_REFILL,
    HUNT_CHAPTER,
    HUNT_GIVE,
    HUNT_TAKE,
    LAYOUT,
    LEVELS,
    PAY,
    PED_GIVE,
    PED_TAKE,
    PLACE_NEXT,
    PLAY_CARD,
    PRESTIGE,
    ROB_PICK,
    SETUP_HAND,
    SETUP_PLACE,
    SP_DISCARD,
    SP_PLACE,
    SW_GIVE,
    SW_TAKE,
    T_PED,
    T_ROB,
    T_SWAP,
    T_TAKE_CHAPTER,
    TAKE_CARD,
    TARGET,
    TAX_GIVE,
    TAX_TARGET,
    TC_CHAPTER,
    TOP,
    USE_ABILITY,
    level_of,
)

if TYPE_CHECKING:
    from guildtable.games.guildhall.rules import GuildhallState

    Entry = tuple[Any, ...]

# What choosing a target is for, by the purpose of a TARGET question.
TARGET_QUESTION = {
    T_ROB: "Robber: choose the player whose hand you take from",
    T_PED: "Peddler: choose the player to swap cards with",
    T_TAKE_CHAPTER: "Choose the player to take a chapter from",
    T_SWAP: "Choose the player to swap cards with",
}
TARGET_ANSWER = {
    T_ROB: "Take from {}'s hand",
    T_PED: "Swap with {}",
    T_TAKE_CHAPTER: "Take a chapter from {}",
    T_SWAP: "Swap with {}",
}


def _names(state: GuildhallState, names: Sequence[str] | None) -> Sequence[str]:
    return names or state.game.seat_names


def level_lines(state: GuildhallState, prof: int, chapter: int) -> list[tuple[int, str]]:
    """Each level of profession `prof` as (threshold, what it does); under the single scaled Tax Collector (GH-D1)
    the one ability, worth as many VP as the chapter holds."""
    levels = LEVELS[prof]
    if levels[0].kind == "tax" and state.options["tax_collector_model"] == "single_scaled":
        return [(chapter, level_text(Level(0, "tax", vp=chapter)))]
    return [(level.threshold, level_text(level)) for level in levels]


def level_label(state: GuildhallState, entry: Entry, threshold: int) -> str:
    """'Level 2: look at another player's hand and take 1 card of your choice into your guildhall'."""
    for level, text in level_lines(state, entry[2], entry[3]):
        if level == threshold:
            return f"Level {threshold}: {lower_first(text)}"
    return f"Level {threshold}"


def prompt(state: GuildhallState, names: Sequence[str] | None = None) -> str:
    """The question the current player is answering, in plain words."""
    if not state.stack:
        return "The game is over"
    who = _names(state, names)
    entry = state.stack[-1]
    kind, seat = entry[0], entry[1]
    if kind == SP_DISCARD:
        return (
            "Getting ready: discard the hand cards you don't want, one at a time (the last one ends on top of the "
            f"discard pile), then choose Done to draw back up to {SETUP_HAND} cards"
        )
    if kind == SP_PLACE:
        return (
            f"Getting ready: put a card from your hand into your guildhall ({entry[2] + 1} of {SETUP_PLACE}; "
            "no two identical cards)"
        )
    if kind == ACTION:
        more = state.actions_left
        after = "this is your last action this turn" if not more else f"{plural(more, 'more action')} after this one"
        return f"Choose an action: play a card, discard and draw, or buy a prestige card ({after})"
    if kind == PLAY_CARD:
        return (
            "Play a card from your hand: one card of each profession per turn, and not one identical to a card "
            "face up in your guildhall"
        )
    if kind == CHOOSE_LEVEL:
        n = entry[3]
        return (
            f"{PROFESSION_NAMES[entry[2]]} ({plural(n, 'card')} in your chapter): choose how strongly to use it, "
            "or don't use it"
        )
    if kind == DD_SELECT:
        hand = len(state.hands[seat])
        must = ""
        if state.options["discard_draw_caps_hand"] and hand > HAND_REFILL:
            must = f" (you hold {hand}, so discard at least {hand - HAND_REFILL})"
        return (
            f"Discard the cards you don't want, one at a time{must}; the last one ends on top. Then choose Done to "
            f"draw up to {HAND_REFILL} cards"
        )
    if kind == BUY_CARD:
        have = len(state.completed[seat])
        return f"Choose a prestige card to buy (you have {chapters(have)} to pay with)"
    if kind == PAY:
        cost = PRESTIGE[state.row[entry[2]]].cost
        if entry[3] == 2:
            return "Pay 2 completed chapters: first choose the chapter that goes underneath on the discard pile"
        which = "the second chapter" if cost == 2 else "a completed chapter"
        return f"Pay {which}: choose it and which of its cards ends on top of the discard pile"
    if kind == USE_ABILITY:
        return f"Use your new prestige card now, or don't use it: {PRESTIGE_TEXTS[entry[2]]}"
    if kind == TARGET:
        if entry[2] in TARGET_QUESTION:
            return TARGET_QUESTION[entry[2]]
        return "Choose the player to take a card from"
    if kind == ROB_PICK:
        return (
            f"Take a card from {who[entry[2]]}'s hand into your guildhall ({entry[3]} to take); you must take one "
            "that can go into your guildhall if there is one"
        )
    if kind == PLACE_NEXT:
        whose = "your" if entry[2] == seat else f"{who[entry[2]]}'s"
        return f"Choose which card goes into {whose} guildhall next"
    if kind == HUNT_GIVE:
        return f"Hunter: choose a card of your guildhall to give up to the discard pile ({entry[3]} to give)"
    if kind == HUNT_CHAPTER:
        return "Hunter: choose a whole chapter of your guildhall to give up to the discard pile"
    if kind == HUNT_TAKE:
        return f"Hunter: take a card from the discard pile into your guildhall ({entry[2]} to take)"
    if kind == PED_TAKE:
        if level_of(entry[3]).give_chapter:
            return f"Peddler: take a whole chapter of {who[entry[2]]}'s guildhall into your hand"
        return f"Peddler: take a card of {who[entry[2]]}'s guildhall into your hand ({entry[4]} to take)"
    if kind == PED_GIVE:
        return f"Peddler: give a card from your hand into {who[entry[2]]}'s guildhall ({entry[3]} to give)"
    if kind == BRICK_PUT:
        return (
            f"Bricklayer: put a card from your hand back on top of the draw deck ({entry[2]} to put back; "
            "the last one ends on top)"
        )
    if kind == TAX_GIVE:
        return "Tax Collector: choose a card of your guildhall to give to another player"
    if kind == TAX_TARGET:
        return f"Tax Collector: who receives your {CARD_NAMES[entry[2]]}?"
    if kind == TC_CHAPTER:
        return f"Take a whole chapter of {who[entry[2]]}'s guildhall into yours"
    if kind == SW_GIVE:
        return f"Swap: choose a card of your guildhall to give to {who[entry[2]]}"
    if kind == SW_TAKE:
        return f"Swap: take a card of {who[entry[2]]}'s guildhall into yours ({2 - len(entry[4])} to take)"
    if kind == TAKE_CARD:
        return f"Take a card of {who[entry[2]]}'s guildhall into yours"
    if kind == LAYOUT:
        return "Lay cards from your hand into your guildhall one at a time, then choose Done"
    if kind == CAP_DISCARD:
        have = len(state.completed[seat])
        return (
            f"You have {have} completed chapters but may keep only {CAP}: discard one, and choose which of its "
            "cards ends on top of the discard pile"
        )
    if kind == TOP:
        return "These cards go to the discard pile together: which one ends on top?"
    return "Your move"


def _chapter_top(card: int) -> str:
    """'your Peddler chapter (red card on top)'."""
    return f"your {PROFESSION_NAMES[card // COLOURS]} chapter ({COLOUR_NAMES[card % COLOURS]} card on top)"


def _buy_label(state: GuildhallState, slot: int) -> str:
    ptype = state.row[slot] if slot < len(state.row) else None
    if ptype is None:
        return f"Buy card {slot + 1} of the row"
    kind = PRESTIGE[ptype]
    cost = f"costs {plural(kind.cost, 'chapter')}"
    same = state.row.count(ptype) > 1
    where = f", card {slot + 1} of the row" if same else ""
    if kind.ability is None:
        return f"Buy a {kind.vp} VP card without an ability ({cost}{where})"
    return f"Buy '{PRESTIGE_TEXTS[ptype].rstrip('.')}' ({kind.vp} VP, {cost}{where})"


def action_label(state: GuildhallState, action: int, names: Sequence[str] | None = None) -> str:
    """`action` as an answer to the open question, in plain words for a button."""
    if not state.stack:
        return "Nothing to do: the game is over"
    who = _names(state, names)
    entry = state.stack[-1]
    kind = entry[0]
    if action >= PLAY:
        return _word_label(state, entry, action)
    if LEVEL <= action < ROW:
        return level_label(state, entry, action - LEVEL) if kind == CHOOSE_LEVEL else f"Level {action - LEVEL}"
    if ROW <= action < PLAY:
        return _buy_label(state, action - ROW)
    if SEAT <= action < LEVEL:
        other = who[action - SEAT] if action - SEAT < len(who) else f"player {action - SEAT + 1}"
        if kind == TAX_TARGET:
            return f"Give it to {other}"
        if kind == TARGET:
            return TARGET_ANSWER.get(entry[2], "Take from {}").format(other)
        return other
    if PROF <= action < SEAT:
        prof = PROFESSION_NAMES[action - PROF]
        if kind == PAY:
            return f"Pay your {prof} chapter first (it goes underneath)"
        if kind == HUNT_CHAPTER:
            return f"Give up your {prof} chapter"
        if kind in (PED_TAKE, TC_CHAPTER):
            return f"Take {who[entry[2]]}'s {prof} chapter"
        return f"The {prof} chapter"
    return _card_label(state, entry, action, who)


def _card_label(state: GuildhallState, entry: Entry, card: int, who: Sequence[str]) -> str:
    kind = entry[0]
    name = f"the {CARD_NAMES[card]}"
    if kind in (SP_DISCARD, DD_SELECT):
        return f"Discard {name}"
    if kind == SP_PLACE:
        return f"Put {name} into your guildhall"
    if kind in (ACTION, PLAY_CARD):
        return f"Play {name}"
    if kind == PAY:
        return f"Pay {_chapter_top(card)}"
    if kind == CAP_DISCARD:
        return f"Discard {_chapter_top(card)}"
    if kind == ROB_PICK:
        return f"Take {name}"
    if kind == PLACE_NEXT:
        return f"Place {name} next"
    if kind == HUNT_GIVE:
        return f"Give up {name}"
    if kind == HUNT_TAKE:
        return f"Take {name} from the discard pile"
    if kind in (PED_TAKE, SW_TAKE, TAKE_CARD):
        return f"Take {name} from {who[entry[2]]}"
    if kind == PED_GIVE:
        return f"Give {name} to {who[entry[2]]}"
    if kind == SW_GIVE:
        return f"Give {name} to {who[entry[2]]}"
    if kind == BRICK_PUT:
        return f"Put {name} back on the deck"
    if kind == TAX_GIVE:
        return f"Give away {name}"
    if kind == LAYOUT:
        return f"Lay {name} into your guildhall"
    if kind == TOP:
        return f"Put {name} on top"
    return CARD_NAMES[card][:1].upper() + CARD_NAMES[card][1:]


def _word_label(state: GuildhallState, entry: Entry, action: int) -> str:
    kind = entry[0]
    if action == PLAY:
        return "Play a card"
    if action == DISCARD_DRAW:
        return f"Discard and draw up to {HAND_REFILL} cards"
    if action == BUY:
        return "Buy a prestige card"
    if action == DECLINE:
        return "Don't use it"
    if action == USE:
        if kind == USE_ABILITY:
            return f"Use it: {lower_first(PRESTIGE_TEXTS[entry[2]].rstrip('.'))}"
        return "Use it"
    assert action == DONE
    if kind == SP_DISCARD:
        return f"Done: draw up to {SETUP_HAND} cards"
    if kind == DD_SELECT:
        return f"Done: draw up to {HAND_REFILL} cards"
    return "Done"

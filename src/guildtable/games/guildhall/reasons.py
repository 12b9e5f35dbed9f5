"""Why an answer is illegal: the rule it breaks and a message for the person who typed it.

Only called for answers that are not legal, so it may be slow. Messages mention only what the asking player may see
(their own hand, public guildhalls, and the hand or pile they are searching right now).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from guildtable.games.guildhall import feasibility as fz
from guildtable.games.guildhall.actions import (
    BUY,
    CARD,
    DECLINE,
    DISCARD_DRAW,
    DONE,
    LEVEL,
    PLAY,
    PROF,
    ROW,
    SEAT,
    USE,
    notation,
)
from guildtable.games.guildhall.content import CARD_NAMES, COLOURS, PROFESSION_NAMES
from guildtable.games.guildhall.questions import (
    ACTION,
    BRICK_PUT,
    BUY_CARD,
    CAP_DISCARD,
    CHOOSE_LEVEL,
    DD_SELECT,
    HAND_REFILL,
    HUNT_CHAPTER,
    HUNT_GIVE,
    HUNT_TAKE,
    KIND_NAMES,
    LAYOUT,
    PAY,
    PED_GIVE,
    PED_TAKE,
    PLACE_NEXT,
    PLAY_CARD,
    PRESTIGE,
    ROB_PICK,
    SP_DISCARD,
    SP_PLACE,
    SW_GIVE,
    SW_TAKE,
    TAKE_CARD,
    TARGET,
    TARGET_RULE,
    TAX_GIVE,
    TAX_TARGET,
    TC_CHAPTER,
    TOP,
    USE_ABILITY,
)

if TYPE_CHECKING:
    from guildtable.games.guildhall.rules import GuildhallState

# The rule that governs each question, used when no more specific reason applies.
RULE = {
    "setup_discard": "GH-16",
    "setup_place": "GH-16",
    "action": "GH-24",
    "play_card": "GH-29",
    "level": "GH-32",
    "discard_draw": "GH-37",
    "buy": "GH-43",
    "pay": "GH-44",
    "use_ability": "GH-47",
    "target": "GH-D13",
    "robber_pick": "GH-D10",
    "place_order": "GH-63",
    "hunter_give": "GH-80",
    "hunter_chapter": "GH-79",
    "hunter_take": "GH-76",
    "peddler_take": "GH-87",
    "peddler_give": "GH-87",
    "bricklayer_put_back": "GH-91",
    "tax_give": "GH-100",
    "tax_target": "GH-100",
    "take_chapter": "GH-102",
    "swap_give": "GH-103",
    "swap_take": "GH-103",
    "take_card": "GH-106",
    "lay_out": "GH-104",
    "cap": "GH-53",
    "discard_top": "GH-D17",
}
_ANSWER_TYPE = {
    ACTION: "play, discard-draw or buy",
    PLAY_CARD: "a card from your hand",
    SP_DISCARD: "a card from your hand, or done",
    DD_SELECT: "a card from your hand, or done",
    SP_PLACE: "a card from your hand",
    CHOOSE_LEVEL: "'level N' or decline",
    BUY_CARD: "'row N'",
    USE_ABILITY: "use or decline",
    TARGET: "'target P2'",
    LAYOUT: "a card from your hand, or done",
}


def reason(state: GuildhallState, action: int) -> tuple[str, str]:
    entry = state.stack[-1]
    kind, seat = entry[0], entry[1]
    name = KIND_NAMES[kind]
    rule = RULE[name]
    if kind == TARGET:
        rule = TARGET_RULE[entry[2]]
    text = notation(action)
    legal = state.legal_actions()
    wanted = _ANSWER_TYPE.get(kind)
    if wanted is None:
        wanted = "a chapter ('chapter Scholar')" if legal and legal[0] >= PROF and legal[0] < SEAT else "a card"
    # Answers of the wrong type.
    if _family(action) not in EXPECTED.get(kind, {0}):
        return rule, f"{text!r} does not answer this question; answer with {wanted} (type ? for the list)"
    hand = state.hands[seat]
    if kind == ACTION:
        if action == BUY:
            return "GH-43", "no prestige card in the row costs at most your completed chapters"
        if action == PLAY:
            return "GH-29", "none of your hand cards is playable (one per profession per turn, none identical)"
    if kind == PLAY_CARD and action < PROF:
        card = action - CARD
        if card not in hand:
            return "GH-29", f"you have no {CARD_NAMES[card]} in your hand"
        if state.played >> (card // COLOURS) & 1:
            return "GH-27", f"you already played a {PROFESSION_NAMES[card // COLOURS]} this turn"
        return "GH-55", f"a {CARD_NAMES[card]} is already face up in your guildhall"
    if kind in (SP_DISCARD, DD_SELECT, BRICK_PUT, LAYOUT, SP_PLACE) and action < PROF:
        card = action - CARD
        if card not in hand:
            return rule, f"you have no {CARD_NAMES[card]} in your hand"
        if kind in (SP_PLACE, LAYOUT):
            return "GH-56", f"a {CARD_NAMES[card]} is already face up in your guildhall"
    if kind == DD_SELECT and action == DONE:
        return "GH-39", f"you hold {len(hand)} cards: discard down to {HAND_REFILL} before drawing (GH-D4)"
    if kind == CHOOSE_LEVEL and LEVEL <= action < ROW:
        threshold = action - LEVEL
        if threshold > entry[3]:
            return "GH-32", f"level {threshold} needs {threshold} cards in the chapter; you have {entry[3]}"
        return "GH-34", f"level {threshold} cannot be carried out completely now (GH-D7)"
    if kind == BUY_CARD and ROW <= action < PLAY:
        slot = action - ROW
        if slot >= len(state.row):
            return "GH-D14", f"the center row has only {len(state.row)} cards"
        cost = PRESTIGE[state.row[slot]].cost
        return "GH-43", f"that card costs {cost} completed chapters; you have {len(state.completed[seat])}"
    if kind in (PAY, CAP_DISCARD):
        return rule, "name one of your completed chapters by a card of it ('pay red Scholar')"
    if kind == USE_ABILITY and action == USE:
        return "GH-47", "the ability cannot be carried out completely now (GH-D7); decline it"
    if kind == TARGET and SEAT <= action < LEVEL:
        other = action - SEAT
        if other == seat or other >= state.num_players:
            return "GH-D13", "the target must be another player in this game"
        return rule, f"the ability cannot be carried out completely against P{other + 1}"
    if kind == ROB_PICK and action < PROF:
        card = action - CARD
        if card not in state.hands[entry[2]]:
            return "GH-66", f"P{entry[2] + 1}'s hand holds no {CARD_NAMES[card]}"
        return "GH-D10", "you must take a card that can be placed in your guildhall while the hand holds one"
    if kind in (HUNT_GIVE, SW_GIVE, TAX_GIVE) and action < PROF:
        card = action - CARD
        if not (state.masks(seat)[card // COLOURS] >> card % COLOURS & 1):
            return rule, f"your guildhall has no face-up {CARD_NAMES[card]}"
        return rule, f"giving the {CARD_NAMES[card]} would leave the ability impossible to finish"
    if kind == HUNT_TAKE and action < PROF:
        card = action - CARD
        if card not in state.discard[: entry[3]]:
            return "GH-80", f"the discard pile (without the cards you just gave) holds no {CARD_NAMES[card]}"
        if not fz.legal_in(state.masks(seat), card):
            return "GH-76", f"a {CARD_NAMES[card]} is already face up in your guildhall"
        return "GH-34", f"taking the {CARD_NAMES[card]} now would leave the ability impossible to finish"
    if kind in (PED_TAKE, SW_TAKE, TAKE_CARD, TC_CHAPTER, HUNT_CHAPTER):
        return rule, f"{text!r} cannot be chosen: it is not there, or it is identical to a face-up card (GH-57/58)"
    if kind == PED_GIVE and action < PROF:
        card = action - CARD
        if card not in hand:
            return "GH-87", f"you have no {CARD_NAMES[card]} in your hand"
        return "GH-57", f"the {CARD_NAMES[card]} cannot go into P{entry[2] + 1}'s guildhall now"
    if kind == TAX_TARGET:
        return "GH-57", f"{text!r} cannot take the {CARD_NAMES[entry[2]]} (identical card or not an opponent)"
    if kind in (PLACE_NEXT, TOP):
        return rule, f"{text!r} is not one of the cards to place or discard, or it cannot be placed yet"
    if action in (DONE, DECLINE, USE, DISCARD_DRAW, PLAY, BUY):
        return rule, f"{text!r} does not answer this question; answer with {wanted}"
    return rule, f"{text!r} is not a legal answer here; answer with {wanted} (type ? for the list)"


def _family(action: int) -> int:
    """Which kind of answer: card 0, chapter 1, seat 2, level 3, row 4, action type 5, done 6, decline 7, use 8."""
    for index, bound in enumerate((PROF, SEAT, LEVEL, ROW, PLAY)):
        if action < bound:
            return index
    return {PLAY: 5, DISCARD_DRAW: 5, BUY: 5, DONE: 6, DECLINE: 7, USE: 8}[action]


# The kinds of answer each question takes (cards by default).
EXPECTED = {
    ACTION: {5},
    CHOOSE_LEVEL: {3, 7},
    SP_DISCARD: {0, 6},
    DD_SELECT: {0, 6},
    LAYOUT: {0, 6},
    BUY_CARD: {4},
    PAY: {0, 1},
    USE_ABILITY: {7, 8},
    TARGET: {2},
    TAX_TARGET: {2},
    HUNT_CHAPTER: {1},
    TC_CHAPTER: {1},
    PED_TAKE: {0, 1},
}

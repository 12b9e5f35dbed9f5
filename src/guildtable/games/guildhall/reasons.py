"""Why an answer is illegal: the rule it breaks and a message for the person who typed it.

The message is the rule's sentence in plain words; the rule ID goes in the rule field only, never in the message.
Where it names an answer it names one that is accepted at this very question. Only called for answers that are not
legal, so it may be slow. Messages mention only what the asking player may see (their own hand, public guildhalls,
and the hand or pile they are searching right now).
"""

from __future__ import annotations

from typing import Any

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
)
from guildtable.games.guildhall.content import CARD_NAMES, COLOURS, PROFESSION_NAMES
from guildtable.games.guildhall.glossary import card_word, chapters, listing, plural, profession_word
from guildtable.games.guildhall.prompts import prompt
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
    LEVELS,
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
from guildtable.games.guildhall.state import Position
from guildtable.kernel.i18n import domain

_ = domain("guildhall").gettext

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


def _sentence(text: str) -> str:
    return text if text.endswith((".", "?", "!")) else text + "."


def _example(state: Position) -> str:
    """One answer that is accepted at this question, as it is typed (its notation parses back to it)."""
    legal = state.legal_actions()
    return " " + _('For example: "{answer}".', answer=state.action_to_notation(legal[0])) if legal else ""


def _has(masks: list[int], card: int) -> bool:
    return bool(masks[card // COLOURS] >> card % COLOURS & 1)


def reason(state: Position, action: int) -> tuple[str, str]:
    """(rule ID, message): the message says in plain words what the rule asks, without the rule ID; where an answer
    of the wrong kind was given it names one that is accepted here."""
    entry = state.stack[-1]
    kind = entry[0]
    rule = TARGET_RULE[entry[2]] if kind == TARGET else RULE[KIND_NAMES[kind]]
    if _family(action) not in EXPECTED.get(kind, {0}):
        return rule, _("That does not answer this question.") + f" {_sentence(prompt(state))}{_example(state)}"
    return _why(state, entry, action, rule)


def _why(state: Position, entry: tuple[Any, ...], action: int, rule: str) -> tuple[str, str]:
    kind, seat = entry[0], entry[1]
    hand = state.hands[seat]
    seats = state.game.seat_names
    card = action - CARD
    name = card_word(CARD_NAMES[card]) if action < PROF else ""
    if kind == ACTION and action >= PROF:
        if action == BUY:
            have = len(state.completed[seat])
            return "GH-43", _(
                "You cannot buy now: every prestige card in the row costs more completed chapters than you have "
                "({have}).",
                have=have,
            )
        return "GH-29", _(
            "You have no card you may play: only one card of each profession per turn, and none identical to a card "
            "face up in your guildhall."
        )
    if kind in (PLAY_CARD, ACTION):
        if card not in hand:
            return "GH-29", _("You have no {card} in your hand.", card=name)
        if state.played >> (card // COLOURS) & 1:
            prof = profession_word(PROFESSION_NAMES[card // COLOURS])
            return "GH-27", _(
                "You already played a {profession} this turn: only one card of each profession per turn.",
                profession=prof,
            )
        return "GH-55", _("You cannot play the {card}: an identical card is face up in your guildhall.", card=name)
    if kind in (SP_DISCARD, DD_SELECT, BRICK_PUT, LAYOUT, SP_PLACE) and action < PROF:
        if card not in hand:
            return rule, _("You have no {card} in your hand.", card=name)
        return "GH-56", _(
            "The {card} cannot go into your guildhall: an identical card is already face up there.", card=name
        )
    if kind == DD_SELECT:  # done too early
        return "GH-39", _(
            "You hold {held} cards: discard at least {discard} before you draw, so that you end with {keep}.",
            held=len(hand),
            discard=len(hand) - HAND_REFILL,
            keep=HAND_REFILL,
        )
    if kind == CHOOSE_LEVEL:
        return _level_reason(state, entry, action)
    if kind == BUY_CARD:
        slot = action - ROW
        if slot >= len(state.row):
            return "GH-D14", _("The row has only {count} prestige cards.", count=len(state.row))
        cost = PRESTIGE[state.row[slot]].cost
        have = len(state.completed[seat])
        return "GH-43", _("That card costs {cost}; you have {have}.", cost=chapters(cost), have=have)
    if kind in (PAY, CAP_DISCARD):
        return rule, _pay_reason(state, entry, action)
    if kind == USE_ABILITY:
        return "GH-47", _(
            "This ability cannot be carried out completely right now, and an ability is used in full or not at all: "
            "choose not to use it."
        )
    if kind in (TARGET, TAX_TARGET):
        other = action - SEAT
        if other == seat or other >= state.num_players:
            return ("GH-D13" if kind == TARGET else rule), _("Choose one of the other players in this game.")
        if kind == TAX_TARGET:
            return "GH-57", _(
                "{player} cannot take the {card}: an identical card is face up in their guildhall.",
                player=seats[other],
                card=card_word(CARD_NAMES[entry[2]]),
            )
        return rule, _("The ability could not be carried out completely against {player}.", player=seats[other])
    if kind == ROB_PICK:
        if card not in state.hands[entry[2]]:
            return "GH-66", _("{player}'s hand holds no {card}.", player=seats[entry[2]], card=name)
        return "GH-D10", _("While their hand holds a card that can go into your guildhall, you must take one of those.")
    mine = state.masks(seat)
    if kind in (HUNT_GIVE, SW_GIVE, TAX_GIVE):
        if not _has(mine, card):
            return rule, _("Your guildhall has no face-up {card}.", card=name)
        return rule, _("If you gave away the {card}, the ability could not be finished.", card=name)
    if kind == HUNT_TAKE:
        if card not in state.discard[: entry[3]]:
            return "GH-80", _("The discard pile holds no {card} (apart from the cards you just gave up).", card=name)
        if not fz.legal_in(mine, card):
            return "GH-76", _("A {card} is already face up in your guildhall.", card=name)
        return "GH-34", _("If you took the {card} now, the ability could not be finished.", card=name)
    if kind == HUNT_CHAPTER:
        prof = profession_word(PROFESSION_NAMES[action - PROF])
        if not mine[action - PROF]:
            return rule, _("You have no {profession} chapter face up.", profession=prof)
        return rule, _(
            "If you gave up your {profession} chapter, the Hunter could not take enough cards from the pile.",
            profession=prof,
        )
    if kind in (PED_TAKE, SW_TAKE, TAKE_CARD, TC_CHAPTER):
        return rule, _take_reason(state, entry, action)
    if kind == PED_GIVE:
        if card not in hand:
            return "GH-87", _("You have no {card} in your hand.", card=name)
        return "GH-57", _(
            "The {card} cannot go into {player}'s guildhall now: an identical card is face up there, "
            "or the swap could not be finished.",
            card=name,
            player=seats[entry[2]],
        )
    if kind == PLACE_NEXT:
        if card not in entry[4]:
            return rule, _("The {card} is not one of the cards waiting to be placed.", card=name)
        return rule, _("If the {card} went in now, the other cards could not all be placed after it.", card=name)
    if kind == TOP:
        return rule, _("The {card} is not one of the cards going to the discard pile.", card=name)
    return rule, _("That is not possible now.") + f" {_sentence(prompt(state))}{_example(state)}"


def _level_reason(state: Position, entry: tuple[Any, ...], action: int) -> tuple[str, str]:
    prof, chapter = entry[2], entry[3]
    name = profession_word(PROFESSION_NAMES[prof])
    threshold = action - LEVEL
    thresholds = [level.threshold for level in LEVELS[prof]]
    if state.options["tax_collector_model"] == "single_scaled" and LEVELS[prof][0].kind == "tax":
        thresholds = [chapter]
    if threshold not in thresholds:
        levels = listing([str(t) for t in thresholds])
        return "GH-32", _(
            "The {profession} has no level {level} here; its levels are {levels}.",
            profession=name,
            level=threshold,
            levels=levels,
        )
    if threshold > chapter:
        return "GH-32", _(
            "Level {level} needs {cards} in your {profession} chapter; you have {have}.",
            level=threshold,
            cards=plural(threshold, "card"),
            profession=name,
            have=chapter,
        )
    return "GH-34", _(
        "Level {level} cannot be carried out completely right now, and an ability is used in full or not at all.",
        level=threshold,
    )


def _pay_reason(state: Position, entry: tuple[Any, ...], action: int) -> str:
    """GH-44, GH-53, GH-D16, GH-D17: which chapters can be paid, and how they are named at this step."""
    seat = entry[1]
    owned = sorted(set(state.completed[seat]))
    yours = listing([profession_word(PROFESSION_NAMES[p]) for p in owned], "or")
    prof = (action - PROF) if action >= PROF else action // COLOURS
    if prof not in owned:
        return _(
            "You have no completed {profession} chapter; yours: {yours}.",
            profession=profession_word(PROFESSION_NAMES[prof]),
            yours=yours,
        )
    legal = state.legal_actions()
    if legal and legal[0] >= PROF:  # the first of two chapters: named by its profession
        return _(
            "You pay two chapters one after the other: first choose the chapter that goes underneath "
            "({yours}); with the second you choose the card on top.",
            yours=yours,
        ) + _example(state)
    accepted = state.action_to_notation(CARD + prof * COLOURS)
    return (
        _(
            "Choose your {profession} chapter by the card of it that ends on top of the discard pile.",
            profession=profession_word(PROFESSION_NAMES[prof]),
        )
        + " "
        + _('For example: "{answer}".', answer=accepted)
    )


def _take_reason(state: Position, entry: tuple[Any, ...], action: int) -> str:
    """GH-57, GH-58, GH-87, GH-102, GH-103, GH-106: what can be taken from the target's guildhall."""
    seat, target = entry[1], entry[2]
    player = state.game.seat_names[target]
    theirs, mine = state.masks(target), state.masks(seat)
    if action >= PROF:
        prof = action - PROF
        name = profession_word(PROFESSION_NAMES[prof])
        if not theirs[prof]:
            return _("{player}'s guildhall has no {profession} chapter face up.", player=player, profession=name)
        if entry[0] == TC_CHAPTER:
            return _(
                "Their {profession} chapter holds a card identical to one face up in your guildhall.", profession=name
            )
        return _("If you took their {profession} chapter, the swap could not be finished.", profession=name)
    card = action - CARD
    name = card_word(CARD_NAMES[card])
    if not _has(theirs, card):
        return _("{player}'s guildhall has no face-up {card}.", player=player, card=name)
    if entry[0] == SW_TAKE and card in entry[4]:
        return _("You already chose the {card}.", card=name)
    if entry[0] != PED_TAKE and _has(mine, card):
        return _("A {card} is already face up in your guildhall.", card=name)
    return _("If you took the {card}, the swap could not be finished.", card=name)


def _family(action: int) -> int:
    """Which kind of answer: card 0, chapter 1, seat 2, level 3, row 4, action type 5, done 6, decline 7, use 8."""
    for index, bound in enumerate((PROF, SEAT, LEVEL, ROW, PLAY)):
        if action < bound:
            return index
    return {PLAY: 5, DISCARD_DRAW: 5, BUY: 5, DONE: 6, DECLINE: 7, USE: 8}[action]


# The kinds of answer each question takes (cards by default).
EXPECTED = {
    ACTION: {0, 5},
    CHOOSE_LEVEL: {3, 7},
    SP_DISCARD: {0, 6},
    DD_SELECT: {0, 6},
    LAYOUT: {0, 6},
    BUY_CARD: {4},
    PAY: {0, 1},
    CAP_DISCARD: {0, 1},
    USE_ABILITY: {7, 8},
    TARGET: {2},
    TAX_TARGET: {2},
    HUNT_CHAPTER: {1},
    TC_CHAPTER: {1},
    PED_TAKE: {0, 1},
}

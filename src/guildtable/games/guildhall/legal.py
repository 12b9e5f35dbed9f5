"""The legal answers to the question on top (Appendix A) and the checks behind them: which levels are reached and can
be carried out completely (GH-32 to GH-34, GH-D7), which targets an ability can use (GH-D13), which prestige abilities
can be used (GH-47); and why any other answer is refused: the rule it breaks and a sentence for the person who typed
it. Pure reads of the state; nothing here changes it.

Random playouts ask for legal answers at every step, so each question has its own function (one dict lookup, no
chain of tests) and guildhalls are compared as 30-bit sets of face-up identities (`fz.hall_bits`).

A refusal's message is the rule's sentence in plain words; the rule ID goes in the rule field only, never in the
message. Where it names an answer it names one that is accepted at this very question. Refusals are only worked out
for answers that are not legal, so they may be slow. They mention only what the asking player may see (their own
hand, public guildhalls, and the hand or pile they are searching right now).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from guildtable.games.guildhall import feasibility as fz
from guildtable.games.guildhall.actions import BUY, CARD, DECLINE, DISCARD_DRAW, DONE, LEVEL, PLAY, PROF, ROW, SEAT, USE
from guildtable.games.guildhall.content import CARD_NAMES, COLOURS, IDENTITIES, PROFESSION_NAMES, PROFESSIONS, Level
from guildtable.games.guildhall.glossary import card_word, chapters, listing, plural, profession_word
from guildtable.games.guildhall.questions import (
    HAND_REFILL,
    LEVELS,
    PRESTIGE,
    T_PED,
    T_ROB,
    T_SWAP,
    T_TAKE_CARD,
    T_TAKE_CHAPTER,
    TARGET_RULE,
    BricklayerPutBack,
    Buy,
    CapDiscard,
    ChooseAction,
    ChooseLevel,
    ChooseTarget,
    DiscardDraw,
    DiscardTop,
    GuildhallQuestion,
    HunterChapter,
    HunterGive,
    HunterTake,
    LayOut,
    Pay,
    PeddlerGive,
    PeddlerTake,
    PlaceOrder,
    PlayCard,
    RobberPick,
    SetupDiscard,
    SetupPlace,
    SwapGive,
    SwapTake,
    TakeCard,
    TakeChapter,
    TaxGive,
    TaxTarget,
    UseAbility,
    level_of,
)
from guildtable.games.guildhall.state import Position
from guildtable.games.guildhall.words import prompt
from guildtable.kernel.i18n import domain

_ = domain("guildhall").gettext

assert CARD == 0, "card answers are the identities themselves (the hot paths below rely on it)"
_PROF = tuple(card // COLOURS for card in range(IDENTITIES))
_COLOUR = tuple(card % COLOURS for card in range(IDENTITIES))
_COST = tuple(kind.cost for kind in PRESTIGE)


def playable(state: Position, seat: int, card: int) -> bool:
    """GH-29: no card of its profession played this turn (GH-27), no identical face-up card (GH-55)."""
    prof = card // COLOURS
    return not (state.played >> prof & 1) and not (state.halls[seat * PROFESSIONS + prof] >> card % COLOURS & 1)


def seat_bits(state: Position, seat: int) -> int:
    """`seat`'s face-up identities as one int (`fz.hall_bits`)."""
    base = seat * PROFESSIONS
    return fz.hall_bits(state.halls[base : base + PROFESSIONS])


def legal_answers(state: Position) -> list[int]:
    question = state.stack[-1]
    answers = ANSWERS.get(type(question))
    if answers is None:
        raise AssertionError(f"no answers for {question.kind}")
    return answers(state, question, question.seat)


def _action(state: Position, question: ChooseAction, seat: int) -> list[int]:
    """Q-T1 with Q-P1 folded in: a playable card itself ('play red Robber' in one step), or PLAY to be asked for
    the card (kept, so that records made before the shortcut replay exactly), DISCARD_DRAW, BUY."""
    result = _play_card(state, question, seat)
    if result:
        result.append(PLAY)
    result.append(DISCARD_DRAW)
    if can_buy(state, seat):
        result.append(BUY)
    return result


def _play_card(state: Position, question: ChooseAction | PlayCard, seat: int) -> list[int]:
    """The playable hand cards (inlined `playable`), once each. Hands are kept sorted (`to_hand`, the opening,
    snapshots and determinize sort them), so copies of one identity are neighbours."""
    played = state.played
    halls = state.halls
    base = seat * PROFESSIONS
    result = []
    last = -1
    for card in state.hands[seat]:
        if card != last:
            prof = _PROF[card]
            if not played >> prof & 1 and not halls[base + prof] >> _COLOUR[card] & 1:
                result.append(card)
                last = card
    return result


def _discard_draw(state: Position, question: DiscardDraw, seat: int) -> list[int]:
    hand = state.hands[seat]
    cards = sorted(set(hand))
    if not state.options["discard_draw_caps_hand"] or len(hand) <= HAND_REFILL:  # GH-39, GH-D4
        cards.append(DONE)
    return cards


def _choose_level(state: Position, question: ChooseLevel, seat: int) -> list[int]:
    return [*(LEVEL + t for t in available_levels(state, seat, question.profession, question.chapter)), DECLINE]


def _setup_discard(state: Position, question: SetupDiscard, seat: int) -> list[int]:
    return [*sorted(set(state.hands[seat])), DONE]


def _setup_place(state: Position, question: SetupPlace, seat: int) -> list[int]:
    masks = state.masks(seat)
    return sorted({CARD + card for card in state.hands[seat] if fz.legal_in(masks, card)})


def _buy_card(state: Position, question: Buy, seat: int) -> list[int]:
    have = len(state.completed[seat])
    return [ROW + k for k, ptype in enumerate(state.row) if _COST[ptype] <= have]


def _pay(state: Position, question: Pay, seat: int) -> list[int]:
    if question.left == 2:
        return sorted({PROF + prof for prof in state.completed[seat]})
    return sorted(CARD + prof * COLOURS + c for prof in set(state.completed[seat]) for c in range(COLOURS))


def _use_ability(state: Position, question: UseAbility, seat: int) -> list[int]:
    return [DECLINE, USE] if prestige_feasible(state, seat, question.prestige) else [DECLINE]


def _target(state: Position, question: ChooseTarget, seat: int) -> list[int]:
    purpose, lv = question.purpose, question.level
    return [SEAT + s for s in state.opponents(seat) if target_ok(state, seat, s, purpose, lv)]


def _cap_discard(state: Position, question: CapDiscard, seat: int) -> list[int]:
    return sorted(CARD + prof * COLOURS + c for prof in set(state.completed[seat]) for c in range(COLOURS))


def _top(state: Position, question: DiscardTop, seat: int) -> list[int]:
    return sorted({CARD + card for card in question.cards})


def _place_next(state: Position, question: PlaceOrder, seat: int) -> list[int]:
    cards = question.cards
    if question.forced:
        return sorted({CARD + card for card in cards})
    masks = state.masks(question.owner)
    result = set()
    for index, card in enumerate(cards):
        if fz.legal_in(masks, card) and fz.can_place_all(fz.placed(masks, card), cards[:index] + cards[index + 1 :]):
            result.add(CARD + card)
    return sorted(result)


def _rob_pick(state: Position, question: RobberPick, seat: int) -> list[int]:
    target_hand = state.hands[question.target]
    masks = state.masks(seat)
    legal = {card for card in target_hand if fz.legal_in(masks, card)}
    return sorted(CARD + card for card in (legal or set(target_hand)))  # GH-D10


def _hunt_give(state: Position, question: HunterGive, seat: int) -> list[int]:
    masks = state.masks(seat)
    hall = fz.hall_bits(masks)
    pile = state.discard
    present = fz.presence(pile)
    takes = level_of(question.level).cards
    gives = question.left - 1
    return [
        CARD + card
        for card in fz.bit_cards(hall)
        if fz.give_then_take_fast(hall & ~(1 << card), present, pile, gives, takes)
    ]


def _hunt_chapter(state: Position, question: HunterChapter, seat: int) -> list[int]:
    masks = state.masks(seat)
    hall = fz.hall_bits(masks)
    pile = state.discard
    present = fz.presence(pile)
    takes = level_of(question.level).cards
    return [
        PROF + p for p in range(PROFESSIONS) if masks[p] and fz.chapter_then_take_fast(hall, present, pile, p, takes)
    ]


def _legal_takes(masks: list[int], source: list[int], left: int) -> list[int]:
    """The cards of `source` (a multiset) that can be placed now such that `left - 1` more of the rest can still be
    placed one at a time (`fz.can_take` after placing the card, with its count reduced by one)."""
    counts = fz.hand_counts(source)
    hall = fz.hall_bits(masks)
    present = fz.presence(source)
    more = left - 1
    result = []
    for card in range(IDENTITIES):
        if not counts[card] or hall >> card & 1:
            continue
        rest = present if counts[card] > 1 else present & ~(1 << card)
        after = fz.placed_bits(hall, card)
        settled = fz.take_settled(after, rest, more)
        if settled is None:
            counts[card] -= 1
            settled = fz.take_bits(after, counts, rest, more)
            counts[card] += 1
        if settled:
            result.append(CARD + card)
    return result


def _hunt_take(state: Position, question: HunterTake, seat: int) -> list[int]:
    return _legal_takes(state.masks(seat), state.discard[: question.base], question.left)


def _ped_take(state: Position, question: PeddlerTake, seat: int) -> list[int]:
    level = level_of(question.level)
    theirs = state.masks(question.target)
    hall = fz.hall_bits(theirs)
    hand = state.hands[seat]
    present = fz.presence(hand)
    if level.give_chapter:
        return [
            PROF + p
            for p in range(PROFESSIONS)
            if theirs[p] and fz.chapter_then_take_fast(hall, present, hand, p, level.cards)
        ]
    left = question.left
    return [
        CARD + card
        for card in fz.bit_cards(hall)
        if fz.give_then_take_fast(hall & ~(1 << card), present, hand, left - 1, level.cards)
    ]


def _ped_give(state: Position, question: PeddlerGive, seat: int) -> list[int]:
    return _legal_takes(state.masks(question.target), state.hands[seat], question.left)


def _brick_put(state: Position, question: BricklayerPutBack, seat: int) -> list[int]:
    return sorted(set(state.hands[seat]))


def _tax_give(state: Position, question: TaxGive, seat: int) -> list[int]:
    everyone = -1  # the cards every opponent has face up cannot be given to anyone
    for other in state.opponents(seat):
        everyone &= seat_bits(state, other)
    return [CARD + card for card in fz.bit_cards(seat_bits(state, seat)) if not everyone >> card & 1]


def _tax_target(state: Position, question: TaxTarget, seat: int) -> list[int]:
    return [SEAT + s for s in tax_targets(state, seat, question.card)]


def _take_chapter(state: Position, question: TakeChapter, seat: int) -> list[int]:
    mine, theirs = state.masks(seat), state.masks(question.target)
    return [PROF + p for p in range(PROFESSIONS) if theirs[p] and not theirs[p] & mine[p]]


def _swap_give(state: Position, question: SwapGive, seat: int) -> list[int]:
    mine, theirs = seat_bits(state, seat), seat_bits(state, question.target)
    return [CARD + card for card in fz.bit_cards(mine) if fz.swap_ok(mine, theirs, card)]


def _swap_take(state: Position, question: SwapTake, seat: int) -> list[int]:
    mine, theirs = seat_bits(state, seat), seat_bits(state, question.target)
    give, taken = question.give, question.taken
    return [
        CARD + card
        for card in fz.bit_cards(theirs)
        if card not in taken and fz.swap_ok(mine, theirs, give, (*taken, card))
    ]


def _take_card(state: Position, question: TakeCard, seat: int) -> list[int]:
    mine = seat_bits(state, seat)
    return [CARD + card for card in fz.bit_cards(seat_bits(state, question.target)) if not mine >> card & 1]


def _layout(state: Position, question: LayOut, seat: int) -> list[int]:
    masks = state.masks(seat)
    return [*sorted({CARD + card for card in state.hands[seat] if fz.legal_in(masks, card)}), DONE]


ANSWERS: dict[type[GuildhallQuestion], Callable[[Position, Any, int], list[int]]] = {
    ChooseAction: _action,
    PlayCard: _play_card,
    DiscardDraw: _discard_draw,
    ChooseLevel: _choose_level,
    SetupDiscard: _setup_discard,
    SetupPlace: _setup_place,
    Buy: _buy_card,
    Pay: _pay,
    UseAbility: _use_ability,
    ChooseTarget: _target,
    CapDiscard: _cap_discard,
    DiscardTop: _top,
    PlaceOrder: _place_next,
    RobberPick: _rob_pick,
    HunterGive: _hunt_give,
    HunterChapter: _hunt_chapter,
    HunterTake: _hunt_take,
    PeddlerTake: _ped_take,
    PeddlerGive: _ped_give,
    BricklayerPutBack: _brick_put,
    TaxGive: _tax_give,
    TaxTarget: _tax_target,
    TakeChapter: _take_chapter,
    SwapGive: _swap_give,
    SwapTake: _swap_take,
    TakeCard: _take_card,
    LayOut: _layout,
}
"""Per question kind, its legal answers: (state, the question, its seat) -> the answers, ascending."""


def tax_targets(state: Position, seat: int, card: int) -> list[int]:
    return [s for s in state.opponents(seat) if fz.legal_in(state.masks(s), card)]


def can_buy(state: Position, seat: int) -> bool:
    """GH-43: some row card costs no more than the completed chapters held."""
    have = len(state.completed[seat])
    return min(map(_COST.__getitem__, state.row), default=have + 1) <= have


def available_levels(state: Position, seat: int, prof: int, n: int) -> list[int]:
    """GH-32/GH-33/GH-34/GH-D7: thresholds of the levels that are reached and can be carried out completely."""
    result = []
    levels = LEVELS[prof]
    if levels[0].kind == "tax" and state.options["tax_collector_model"] == "single_scaled":
        return [n] if level_feasible(state, seat, Level(0, "tax", vp=n)) else []
    for level in levels:
        if level.threshold <= n and level_feasible(state, seat, level):
            result.append(level.threshold)
    return result


def level_feasible(state: Position, seat: int, level: Level) -> bool:
    kind = level.kind
    if kind == "scholar":
        return len(state.deck) + len(state.discard) >= level.cards  # GH-75
    if kind == "bricklayer":
        return len(state.deck) + len(state.discard) >= level.draw  # GH-96
    if kind == "robber":
        return any(len(state.hands[s]) >= level.cards for s in state.opponents(seat))  # GH-65..67
    if kind == "tax":  # GH-100: some card of mine is not face up with some opponent
        mine = seat_bits(state, seat)
        return any(mine & ~seat_bits(state, s) for s in state.opponents(seat))
    if kind == "peddler":  # GH-88
        if len(state.hands[seat]) < level.cards:
            return False
        return any(ped_ok(state, seat, s, level) for s in state.opponents(seat))
    masks = state.masks(seat)  # hunter, GH-81
    hall = fz.hall_bits(masks)
    pile = state.discard
    present = fz.presence(pile)
    if level.give_chapter:
        return any(
            fz.chapter_then_take_fast(hall, present, pile, p, level.cards) for p in range(PROFESSIONS) if masks[p]
        )
    return fz.give_then_take_fast(hall, present, pile, level.cards, level.cards)


def ped_ok(state: Position, seat: int, target: int, level: Level) -> bool:
    hand = state.hands[seat]
    present = fz.presence(hand)
    theirs = state.masks(target)
    hall = fz.hall_bits(theirs)
    if level.give_chapter:
        return any(
            fz.chapter_then_take_fast(hall, present, hand, p, level.cards) for p in range(PROFESSIONS) if theirs[p]
        )
    return fz.give_then_take_fast(hall, present, hand, level.cards, level.cards)


def target_ok(state: Position, seat: int, target: int, purpose: int, lv: int) -> bool:
    if purpose == T_ROB:
        return len(state.hands[target]) >= level_of(lv).cards
    if purpose == T_PED:
        return ped_ok(state, seat, target, level_of(lv))
    if purpose == T_TAKE_CHAPTER:  # GH-58, GH-102
        mine, theirs = state.masks(seat), state.masks(target)
        return any(theirs[p] and not theirs[p] & mine[p] for p in range(PROFESSIONS))
    if purpose == T_SWAP:
        return fz.swap_ok(seat_bits(state, seat), seat_bits(state, target))
    return bool(seat_bits(state, target) & ~seat_bits(state, seat))  # some card of theirs is legal in mine


def prestige_feasible(state: Position, seat: int, ptype: int) -> bool:
    """GH-47 with GH-D7: the bought card's ability can be carried out completely."""
    kind = PRESTIGE[ptype]
    ability = kind.ability
    if ability in (None,):
        return False
    if ability == "draw":
        return len(state.deck) + len(state.discard) >= kind.n
    if ability in ("hand_to_guildhall_any", "extra_actions"):
        return True
    purpose = {"take_chapter": T_TAKE_CHAPTER, "swap_1_for_2": T_SWAP, "take_card": T_TAKE_CARD}[ability]
    return any(target_ok(state, seat, s, purpose, 0) for s in state.opponents(seat))


# --- why an answer is refused ----------------------------------------------------------------------------------------
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
"""The rule that governs each question (by its kind's name), used when no more specific reason applies."""


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
    question = state.stack[-1]
    rule = TARGET_RULE[question.purpose] if isinstance(question, ChooseTarget) else RULE[question.kind]
    if _family(action) not in EXPECTED.get(type(question), {0}):
        return rule, _("That does not answer this question.") + f" {_sentence(prompt(state))}{_example(state)}"
    return _why(state, question, action, rule)


def _why(state: Position, question: GuildhallQuestion, action: int, rule: str) -> tuple[str, str]:
    seat = question.seat
    hand = state.hands[seat]
    seats = state.game.seat_names
    card = action - CARD
    name = card_word(CARD_NAMES[card]) if action < PROF else ""
    if isinstance(question, ChooseAction) and action >= PROF:
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
    if isinstance(question, (PlayCard, ChooseAction)):
        if card not in hand:
            return "GH-29", _("You have no {card} in your hand.", card=name)
        if state.played >> (card // COLOURS) & 1:
            prof = profession_word(PROFESSION_NAMES[card // COLOURS])
            return "GH-27", _(
                "You already played a {profession} this turn: only one card of each profession per turn.",
                profession=prof,
            )
        return "GH-55", _("You cannot play the {card}: an identical card is face up in your guildhall.", card=name)
    if isinstance(question, (SetupDiscard, DiscardDraw, BricklayerPutBack, LayOut, SetupPlace)) and action < PROF:
        if card not in hand:
            return rule, _("You have no {card} in your hand.", card=name)
        return "GH-56", _(
            "The {card} cannot go into your guildhall: an identical card is already face up there.", card=name
        )
    if isinstance(question, DiscardDraw):  # done too early
        return "GH-39", _(
            "You hold {held} cards: discard at least {discard} before you draw, so that you end with {keep}.",
            held=len(hand),
            discard=len(hand) - HAND_REFILL,
            keep=HAND_REFILL,
        )
    if isinstance(question, ChooseLevel):
        return _level_reason(state, question, action)
    if isinstance(question, Buy):
        slot = action - ROW
        if slot >= len(state.row):
            return "GH-D14", _("The row has only {count} prestige cards.", count=len(state.row))
        cost = PRESTIGE[state.row[slot]].cost
        have = len(state.completed[seat])
        return "GH-43", _("That card costs {cost}; you have {have}.", cost=chapters(cost), have=have)
    if isinstance(question, (Pay, CapDiscard)):
        return rule, _pay_reason(state, question, action)
    if isinstance(question, UseAbility):
        return "GH-47", _(
            "This ability cannot be carried out completely right now, and an ability is used in full or not at all: "
            "choose not to use it."
        )
    if isinstance(question, (ChooseTarget, TaxTarget)):
        other = action - SEAT
        if other == seat or other >= state.num_players:
            return ("GH-D13" if isinstance(question, ChooseTarget) else rule), _(
                "Choose one of the other players in this game."
            )
        if isinstance(question, TaxTarget):
            return "GH-57", _(
                "{player} cannot take the {card}: an identical card is face up in their guildhall.",
                player=seats[other],
                card=card_word(CARD_NAMES[question.card]),
            )
        return rule, _("The ability could not be carried out completely against {player}.", player=seats[other])
    if isinstance(question, RobberPick):
        if card not in state.hands[question.target]:
            return "GH-66", _("{player}'s hand holds no {card}.", player=seats[question.target], card=name)
        return "GH-D10", _("While their hand holds a card that can go into your guildhall, you must take one of those.")
    mine = state.masks(seat)
    if isinstance(question, (HunterGive, SwapGive, TaxGive)):
        if not _has(mine, card):
            return rule, _("Your guildhall has no face-up {card}.", card=name)
        return rule, _("If you gave away the {card}, the ability could not be finished.", card=name)
    if isinstance(question, HunterTake):
        if card not in state.discard[: question.base]:
            return "GH-80", _("The discard pile holds no {card} (apart from the cards you just gave up).", card=name)
        if not fz.legal_in(mine, card):
            return "GH-76", _("A {card} is already face up in your guildhall.", card=name)
        return "GH-34", _("If you took the {card} now, the ability could not be finished.", card=name)
    if isinstance(question, HunterChapter):
        prof = profession_word(PROFESSION_NAMES[action - PROF])
        if not mine[action - PROF]:
            return rule, _("You have no {profession} chapter face up.", profession=prof)
        return rule, _(
            "If you gave up your {profession} chapter, the Hunter could not take enough cards from the pile.",
            profession=prof,
        )
    if isinstance(question, (PeddlerTake, SwapTake, TakeCard, TakeChapter)):
        return rule, _take_reason(state, question, action)
    if isinstance(question, PeddlerGive):
        if card not in hand:
            return "GH-87", _("You have no {card} in your hand.", card=name)
        return "GH-57", _(
            "The {card} cannot go into {player}'s guildhall now: an identical card is face up there, "
            "or the swap could not be finished.",
            card=name,
            player=seats[question.target],
        )
    if isinstance(question, PlaceOrder):
        if card not in question.cards:
            return rule, _("The {card} is not one of the cards waiting to be placed.", card=name)
        return rule, _("If the {card} went in now, the other cards could not all be placed after it.", card=name)
    if isinstance(question, DiscardTop):
        return rule, _("The {card} is not one of the cards going to the discard pile.", card=name)
    return rule, _("That is not possible now.") + f" {_sentence(prompt(state))}{_example(state)}"


def _level_reason(state: Position, question: ChooseLevel, action: int) -> tuple[str, str]:
    prof, chapter = question.profession, question.chapter
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


def _pay_reason(state: Position, question: Pay | CapDiscard, action: int) -> str:
    """GH-44, GH-53, GH-D16, GH-D17: which chapters can be paid, and how they are named at this step."""
    seat = question.seat
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


def _take_reason(state: Position, question: PeddlerTake | SwapTake | TakeCard | TakeChapter, action: int) -> str:
    """GH-57, GH-58, GH-87, GH-102, GH-103, GH-106: what can be taken from the target's guildhall."""
    seat, target = question.seat, question.target
    player = state.game.seat_names[target]
    theirs, mine = state.masks(target), state.masks(seat)
    if action >= PROF:
        prof = action - PROF
        name = profession_word(PROFESSION_NAMES[prof])
        if not theirs[prof]:
            return _("{player}'s guildhall has no {profession} chapter face up.", player=player, profession=name)
        if isinstance(question, TakeChapter):
            return _(
                "Their {profession} chapter holds a card identical to one face up in your guildhall.", profession=name
            )
        return _("If you took their {profession} chapter, the swap could not be finished.", profession=name)
    card = action - CARD
    name = card_word(CARD_NAMES[card])
    if not _has(theirs, card):
        return _("{player}'s guildhall has no face-up {card}.", player=player, card=name)
    if isinstance(question, SwapTake) and card in question.taken:
        return _("You already chose the {card}.", card=name)
    if not isinstance(question, PeddlerTake) and _has(mine, card):
        return _("A {card} is already face up in your guildhall.", card=name)
    return _("If you took the {card}, the swap could not be finished.", card=name)


def _family(action: int) -> int:
    """Which kind of answer: card 0, chapter 1, seat 2, level 3, row 4, action type 5, done 6, decline 7, use 8."""
    for index, bound in enumerate((PROF, SEAT, LEVEL, ROW, PLAY)):
        if action < bound:
            return index
    return {PLAY: 5, DISCARD_DRAW: 5, BUY: 5, DONE: 6, DECLINE: 7, USE: 8}[action]


EXPECTED: dict[type[GuildhallQuestion], set[int]] = {
    ChooseAction: {0, 5},
    ChooseLevel: {3, 7},
    SetupDiscard: {0, 6},
    DiscardDraw: {0, 6},
    LayOut: {0, 6},
    Buy: {4},
    Pay: {0, 1},
    CapDiscard: {0, 1},
    UseAbility: {7, 8},
    ChooseTarget: {2},
    TaxTarget: {2},
    HunterChapter: {1},
    TakeChapter: {1},
    PeddlerTake: {0, 1},
}
"""The kinds of answer each question takes (`_family`; cards by default)."""

"""Legal answers to the open question (Appendix A) and the checks behind them: which levels are reached and can be
carried out completely (GH-32 to GH-34, GH-D7), which targets an ability can use (GH-D13), which prestige abilities
can be used (GH-47). Pure reads of the state; nothing here changes it.

Random playouts ask for legal answers at every step, so each question has its own function (one dict lookup, no
chain of tests) and guildhalls are compared as 30-bit sets of face-up identities (`fz.hall_bits`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from guildtable.games.guildhall import feasibility as fz
from guildtable.games.guildhall.actions import BUY, CARD, DECLINE, DISCARD_DRAW, DONE, LEVEL, PLAY, PROF, ROW, SEAT, USE
from guildtable.games.guildhall.content import COLOURS, IDENTITIES, PROFESSIONS, Level
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
    T_PED,
    T_ROB,
    T_SWAP,
    T_TAKE_CARD,
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
from guildtable.games.guildhall.state import Position

if TYPE_CHECKING:
    Entry = tuple[Any, ...]

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
    entry = state.stack[-1]
    answers = ANSWERS.get(entry[0])
    if answers is None:
        raise AssertionError(f"no answers for {KIND_NAMES[entry[0]]}")
    return answers(state, entry, entry[1])


def _action(state: Position, entry: Entry, seat: int) -> list[int]:
    """Q-T1 with Q-P1 folded in: a playable card itself ('play red Robber' in one step), or PLAY to be asked for
    the card (kept, so that records made before the shortcut replay exactly), DISCARD_DRAW, BUY."""
    result = _play_card(state, entry, seat)
    if result:
        result.append(PLAY)
    result.append(DISCARD_DRAW)
    if can_buy(state, seat):
        result.append(BUY)
    return result


def _play_card(state: Position, entry: Entry, seat: int) -> list[int]:
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


def _discard_draw(state: Position, entry: Entry, seat: int) -> list[int]:
    hand = state.hands[seat]
    cards = sorted(set(hand))
    if not state.options["discard_draw_caps_hand"] or len(hand) <= HAND_REFILL:  # GH-39, GH-D4
        cards.append(DONE)
    return cards


def _choose_level(state: Position, entry: Entry, seat: int) -> list[int]:
    return [*(LEVEL + t for t in available_levels(state, seat, entry[2], entry[3])), DECLINE]


def _setup_discard(state: Position, entry: Entry, seat: int) -> list[int]:
    return [*sorted(set(state.hands[seat])), DONE]


def _setup_place(state: Position, entry: Entry, seat: int) -> list[int]:
    masks = state.masks(seat)
    return sorted({CARD + card for card in state.hands[seat] if fz.legal_in(masks, card)})


def _buy_card(state: Position, entry: Entry, seat: int) -> list[int]:
    have = len(state.completed[seat])
    return [ROW + k for k, ptype in enumerate(state.row) if _COST[ptype] <= have]


def _pay(state: Position, entry: Entry, seat: int) -> list[int]:
    if entry[3] == 2:
        return sorted({PROF + prof for prof in state.completed[seat]})
    return sorted(CARD + prof * COLOURS + c for prof in set(state.completed[seat]) for c in range(COLOURS))


def _use_ability(state: Position, entry: Entry, seat: int) -> list[int]:
    return [DECLINE, USE] if prestige_feasible(state, seat, entry[2]) else [DECLINE]


def _target(state: Position, entry: Entry, seat: int) -> list[int]:
    return [SEAT + s for s in state.opponents(seat) if target_ok(state, seat, s, entry[2], entry[3])]


def _cap_discard(state: Position, entry: Entry, seat: int) -> list[int]:
    return sorted(CARD + prof * COLOURS + c for prof in set(state.completed[seat]) for c in range(COLOURS))


def _top(state: Position, entry: Entry, seat: int) -> list[int]:
    return sorted({CARD + card for card in entry[2]})


def _place_next(state: Position, entry: Entry, seat: int) -> list[int]:
    _, _, owner, forced, cards = entry
    if forced:
        return sorted({CARD + card for card in cards})
    masks = state.masks(owner)
    result = set()
    for index, card in enumerate(cards):
        if fz.legal_in(masks, card) and fz.can_place_all(fz.placed(masks, card), cards[:index] + cards[index + 1 :]):
            result.add(CARD + card)
    return sorted(result)


def _rob_pick(state: Position, entry: Entry, seat: int) -> list[int]:
    target_hand = state.hands[entry[2]]
    masks = state.masks(seat)
    legal = {card for card in target_hand if fz.legal_in(masks, card)}
    return sorted(CARD + card for card in (legal or set(target_hand)))  # GH-D10


def _hunt_give(state: Position, entry: Entry, seat: int) -> list[int]:
    masks = state.masks(seat)
    hall = fz.hall_bits(masks)
    pile = state.discard
    present = fz.presence(pile)
    takes = level_of(entry[2]).cards
    gives = entry[3] - 1
    return [
        CARD + card
        for card in fz.bit_cards(hall)
        if fz.give_then_take_fast(hall & ~(1 << card), present, pile, gives, takes)
    ]


def _hunt_chapter(state: Position, entry: Entry, seat: int) -> list[int]:
    masks = state.masks(seat)
    hall = fz.hall_bits(masks)
    pile = state.discard
    present = fz.presence(pile)
    takes = level_of(entry[2]).cards
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


def _hunt_take(state: Position, entry: Entry, seat: int) -> list[int]:
    return _legal_takes(state.masks(seat), state.discard[: entry[3]], entry[2])


def _ped_take(state: Position, entry: Entry, seat: int) -> list[int]:
    _, _, target, lv, left, _taken = entry
    level = level_of(lv)
    theirs = state.masks(target)
    hall = fz.hall_bits(theirs)
    hand = state.hands[seat]
    present = fz.presence(hand)
    if level.give_chapter:
        return [
            PROF + p
            for p in range(PROFESSIONS)
            if theirs[p] and fz.chapter_then_take_fast(hall, present, hand, p, level.cards)
        ]
    return [
        CARD + card
        for card in fz.bit_cards(hall)
        if fz.give_then_take_fast(hall & ~(1 << card), present, hand, left - 1, level.cards)
    ]


def _ped_give(state: Position, entry: Entry, seat: int) -> list[int]:
    return _legal_takes(state.masks(entry[2]), state.hands[seat], entry[3])


def _brick_put(state: Position, entry: Entry, seat: int) -> list[int]:
    return sorted(set(state.hands[seat]))


def _tax_give(state: Position, entry: Entry, seat: int) -> list[int]:
    everyone = -1  # the cards every opponent has face up cannot be given to anyone
    for other in state.opponents(seat):
        everyone &= seat_bits(state, other)
    return [CARD + card for card in fz.bit_cards(seat_bits(state, seat)) if not everyone >> card & 1]


def _tax_target(state: Position, entry: Entry, seat: int) -> list[int]:
    return [SEAT + s for s in tax_targets(state, seat, entry[2])]


def _take_chapter(state: Position, entry: Entry, seat: int) -> list[int]:
    mine, theirs = state.masks(seat), state.masks(entry[2])
    return [PROF + p for p in range(PROFESSIONS) if theirs[p] and not theirs[p] & mine[p]]


def _swap_give(state: Position, entry: Entry, seat: int) -> list[int]:
    mine, theirs = seat_bits(state, seat), seat_bits(state, entry[2])
    return [CARD + card for card in fz.bit_cards(mine) if fz.swap_ok(mine, theirs, card)]


def _swap_take(state: Position, entry: Entry, seat: int) -> list[int]:
    mine, theirs = seat_bits(state, seat), seat_bits(state, entry[2])
    give, taken = entry[3], entry[4]
    return [
        CARD + card
        for card in fz.bit_cards(theirs)
        if card not in taken and fz.swap_ok(mine, theirs, give, (*taken, card))
    ]


def _take_card(state: Position, entry: Entry, seat: int) -> list[int]:
    mine = seat_bits(state, seat)
    return [CARD + card for card in fz.bit_cards(seat_bits(state, entry[2])) if not mine >> card & 1]


def _layout(state: Position, entry: Entry, seat: int) -> list[int]:
    masks = state.masks(seat)
    return [*sorted({CARD + card for card in state.hands[seat] if fz.legal_in(masks, card)}), DONE]


ANSWERS: dict[int, Callable[[Position, Entry, int], list[int]]] = {
    ACTION: _action,
    PLAY_CARD: _play_card,
    DD_SELECT: _discard_draw,
    CHOOSE_LEVEL: _choose_level,
    SP_DISCARD: _setup_discard,
    SP_PLACE: _setup_place,
    BUY_CARD: _buy_card,
    PAY: _pay,
    USE_ABILITY: _use_ability,
    TARGET: _target,
    CAP_DISCARD: _cap_discard,
    TOP: _top,
    PLACE_NEXT: _place_next,
    ROB_PICK: _rob_pick,
    HUNT_GIVE: _hunt_give,
    HUNT_CHAPTER: _hunt_chapter,
    HUNT_TAKE: _hunt_take,
    PED_TAKE: _ped_take,
    PED_GIVE: _ped_give,
    BRICK_PUT: _brick_put,
    TAX_GIVE: _tax_give,
    TAX_TARGET: _tax_target,
    TC_CHAPTER: _take_chapter,
    SW_GIVE: _swap_give,
    SW_TAKE: _swap_take,
    TAKE_CARD: _take_card,
    LAYOUT: _layout,
}


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

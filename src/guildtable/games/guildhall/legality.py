"""Legal answers to the open question (Appendix A) and the checks behind them: which levels are reached and can be
carried out completely (GH-32 to GH-34, GH-D7), which targets an ability can use (GH-D13), which prestige abilities
can be used (GH-47). Pure reads of the state; nothing here changes it.
"""

from __future__ import annotations

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

if TYPE_CHECKING:
    from guildtable.games.guildhall.rules import GuildhallState


def playable(state: GuildhallState, seat: int, card: int) -> bool:
    """GH-29: no card of its profession played this turn (GH-27), no identical face-up card (GH-55)."""
    prof = card // COLOURS
    return not (state.played >> prof & 1) and not (state.halls[seat * PROFESSIONS + prof] >> card % COLOURS & 1)


def legal_answers(state: GuildhallState) -> list[int]:
    entry = state.stack[-1]
    kind, seat = entry[0], entry[1]
    hand = state.hands[seat]
    if kind == ACTION:
        result = []
        if any(playable(state, seat, card) for card in hand):
            result.append(PLAY)
        result.append(DISCARD_DRAW)
        if can_buy(state, seat):
            result.append(BUY)
        return result
    if kind == PLAY_CARD:
        return sorted({CARD + card for card in hand if playable(state, seat, card)})
    if kind == DD_SELECT:
        cards = sorted({CARD + card for card in hand})
        if not state.options["discard_draw_caps_hand"] or len(hand) <= HAND_REFILL:  # GH-39, GH-D4
            cards.append(DONE)
        return cards
    if kind == CHOOSE_LEVEL:
        return [*(LEVEL + t for t in available_levels(state, seat, entry[2], entry[3])), DECLINE]
    if kind == SP_DISCARD:
        return [*sorted({CARD + card for card in hand}), DONE]
    if kind == SP_PLACE:
        masks = state.masks(seat)
        return sorted({CARD + card for card in hand if fz.legal_in(masks, card)})
    if kind == BUY_CARD:
        have = len(state.completed[seat])
        return [ROW + k for k, ptype in enumerate(state.row) if PRESTIGE[ptype].cost <= have]
    if kind == PAY:
        if entry[3] == 2:
            return sorted({PROF + prof for prof in state.completed[seat]})
        return sorted(CARD + prof * COLOURS + c for prof in set(state.completed[seat]) for c in range(COLOURS))
    if kind == USE_ABILITY:
        return [DECLINE, USE] if prestige_feasible(state, seat, entry[2]) else [DECLINE]
    if kind == TARGET:
        return [SEAT + s for s in state.opponents(seat) if target_ok(state, seat, s, entry[2], entry[3])]
    if kind == CAP_DISCARD:
        return sorted(CARD + prof * COLOURS + c for prof in set(state.completed[seat]) for c in range(COLOURS))
    if kind == TOP:
        return sorted({CARD + card for card in entry[2]})
    if kind == PLACE_NEXT:
        return _legal_place_next(state, entry)
    if kind == ROB_PICK:
        target_hand = state.hands[entry[2]]
        masks = state.masks(seat)
        legal = {card for card in target_hand if fz.legal_in(masks, card)}
        return sorted(CARD + card for card in (legal or set(target_hand)))  # GH-D10
    if kind == HUNT_GIVE:
        masks = state.masks(seat)
        counts = fz.hand_counts(state.discard)
        level = level_of(entry[2])
        left = entry[3]
        return [
            CARD + card
            for card in fz.face_up(masks)
            if fz.can_give_then_take(fz.without(masks, card), counts, left - 1, level.cards)
        ]
    if kind == HUNT_CHAPTER:
        masks = state.masks(seat)
        counts = fz.hand_counts(state.discard)
        takes = level_of(entry[2]).cards
        return [PROF + p for p in range(PROFESSIONS) if masks[p] and fz.chapter_then_take(masks, counts, p, takes)]
    if kind == HUNT_TAKE:
        masks = state.masks(seat)
        counts = fz.hand_counts(state.discard[: entry[3]])
        left = entry[2]
        return [
            CARD + card
            for card in range(IDENTITIES)
            if counts[card]
            and fz.legal_in(masks, card)
            and fz.can_take(fz.placed(masks, card), _minus(counts, card), left - 1)
        ]
    if kind == PED_TAKE:
        return _legal_ped_take(state, entry)
    if kind == PED_GIVE:
        theirs = state.masks(entry[2])
        counts = fz.hand_counts(hand)
        left = entry[3]
        return [
            CARD + card
            for card in range(IDENTITIES)
            if counts[card]
            and fz.legal_in(theirs, card)
            and fz.can_take(fz.placed(theirs, card), _minus(counts, card), left - 1)
        ]
    if kind == BRICK_PUT:
        return sorted({CARD + card for card in hand})
    if kind == TAX_GIVE:
        masks = state.masks(seat)
        return [CARD + card for card in fz.face_up(masks) if tax_targets(state, seat, card)]
    if kind == TAX_TARGET:
        return [SEAT + s for s in tax_targets(state, seat, entry[2])]
    if kind == TC_CHAPTER:
        mine, theirs = state.masks(seat), state.masks(entry[2])
        return [PROF + p for p in range(PROFESSIONS) if theirs[p] and not theirs[p] & mine[p]]
    if kind == SW_GIVE:
        mine, theirs = state.masks(seat), state.masks(entry[2])
        return [CARD + card for card in fz.face_up(mine) if fz.can_swap_one_for_two(mine, theirs, card)]
    if kind == SW_TAKE:
        mine, theirs = state.masks(seat), state.masks(entry[2])
        give, taken = entry[3], entry[4]
        return [
            CARD + card
            for card in fz.face_up(theirs)
            if card not in taken and fz.can_swap_one_for_two(mine, theirs, give, (*taken, card))
        ]
    if kind == TAKE_CARD:
        mine = state.masks(seat)
        return [CARD + card for card in fz.face_up(state.masks(entry[2])) if fz.legal_in(mine, card)]
    if kind == LAYOUT:
        masks = state.masks(seat)
        return [*sorted({CARD + card for card in hand if fz.legal_in(masks, card)}), DONE]
    raise AssertionError(f"no answers for {KIND_NAMES[kind]}")


def _legal_place_next(state: GuildhallState, entry: tuple[Any, ...]) -> list[int]:
    _, _, owner, forced, cards = entry
    if forced:
        return sorted({CARD + card for card in cards})
    masks = state.masks(owner)
    result = set()
    for index, card in enumerate(cards):
        if fz.legal_in(masks, card) and fz.can_place_all(fz.placed(masks, card), cards[:index] + cards[index + 1 :]):
            result.add(CARD + card)
    return sorted(result)


def _legal_ped_take(state: GuildhallState, entry: tuple[Any, ...]) -> list[int]:
    _, seat, target, lv, left, _taken = entry
    level = level_of(lv)
    theirs = state.masks(target)
    counts = fz.hand_counts(state.hands[seat])
    if level.give_chapter:
        return [
            PROF + p for p in range(PROFESSIONS) if theirs[p] and fz.chapter_then_take(theirs, counts, p, level.cards)
        ]
    return [
        CARD + card
        for card in fz.face_up(theirs)
        if fz.can_give_then_take(fz.without(theirs, card), counts, left - 1, level.cards)
    ]


def tax_targets(state: GuildhallState, seat: int, card: int) -> list[int]:
    return [s for s in state.opponents(seat) if fz.legal_in(state.masks(s), card)]


def can_buy(state: GuildhallState, seat: int) -> bool:
    """GH-43: some row card costs no more than the completed chapters held."""
    have = len(state.completed[seat])
    return any(PRESTIGE[ptype].cost <= have for ptype in state.row)


def available_levels(state: GuildhallState, seat: int, prof: int, n: int) -> list[int]:
    """GH-32/GH-33/GH-34/GH-D7: thresholds of the levels that are reached and can be carried out completely."""
    result = []
    levels = LEVELS[prof]
    if levels[0].kind == "tax" and state.options["tax_collector_model"] == "single_scaled":
        return [n] if level_feasible(state, seat, Level(0, "tax", vp=n)) else []
    for level in levels:
        if level.threshold <= n and level_feasible(state, seat, level):
            result.append(level.threshold)
    return result


def level_feasible(state: GuildhallState, seat: int, level: Level) -> bool:
    kind = level.kind
    if kind == "scholar":
        return len(state.deck) + len(state.discard) >= level.cards  # GH-75
    if kind == "bricklayer":
        return len(state.deck) + len(state.discard) >= level.draw  # GH-96
    if kind == "robber":
        return any(len(state.hands[s]) >= level.cards for s in state.opponents(seat))  # GH-65..67
    if kind == "tax":  # GH-100
        return any(tax_targets(state, seat, card) for card in fz.face_up(state.masks(seat)))
    if kind == "peddler":  # GH-88
        if len(state.hands[seat]) < level.cards:
            return False
        return any(ped_ok(state, seat, s, level) for s in state.opponents(seat))
    masks = state.masks(seat)  # hunter, GH-81
    counts = fz.hand_counts(state.discard)
    if level.give_chapter:
        return fz.can_give_chapter_then_take(masks, counts, level.cards)
    return fz.can_give_then_take(masks, counts, level.cards, level.cards)


def ped_ok(state: GuildhallState, seat: int, target: int, level: Level) -> bool:
    counts = fz.hand_counts(state.hands[seat])
    theirs = state.masks(target)
    if level.give_chapter:
        return any(fz.chapter_then_take(theirs, counts, p, level.cards) for p in range(PROFESSIONS) if theirs[p])
    return fz.can_give_then_take(theirs, counts, level.cards, level.cards)


def target_ok(state: GuildhallState, seat: int, target: int, purpose: int, lv: int) -> bool:
    if purpose == T_ROB:
        return len(state.hands[target]) >= level_of(lv).cards
    if purpose == T_PED:
        return ped_ok(state, seat, target, level_of(lv))
    mine, theirs = state.masks(seat), state.masks(target)
    if purpose == T_TAKE_CHAPTER:  # GH-58, GH-102
        return any(theirs[p] and not theirs[p] & mine[p] for p in range(PROFESSIONS))
    if purpose == T_SWAP:
        return fz.can_swap_one_for_two(mine, theirs)
    return any(fz.legal_in(mine, card) for card in fz.face_up(theirs))


def prestige_feasible(state: GuildhallState, seat: int, ptype: int) -> bool:
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


def _minus(counts: list[int], card: int) -> list[int]:
    rest = list(counts)
    rest[card] -= 1
    return rest

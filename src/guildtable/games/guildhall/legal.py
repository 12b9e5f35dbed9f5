"""The legal answers to each question of Appendix A and the checks behind them: which levels are reached and can
be carried out completely (GH-32 to GH-34, GH-D7), which targets an ability can use (GH-D13), which prestige abilities
can be used (GH-47); and why any other answer is refused: the rule it breaks and a sentence for the person who typed
it. Pure reads of the state; nothing here changes it.

One function per question kind gives its legal answers and one its refusals; `rules.HANDLERS` names them for each
kind and the kernel's `StackState` calls the one of the question on top (random playouts ask for legal answers at
every step: no chain of tests). Guildhalls are compared as 30-bit sets of face-up identities (`fz.hall_bits`).

A refusal's message is the rule's sentence in plain words; the rule ID goes in the rule field only, never in the
message. Where it names an answer it names one that is accepted at this very question. Refusals are only worked out
for answers that are not legal, so they may be slow. They mention only what the asking player may see (their own
hand, public guildhalls, and the hand or pile they are searching right now).
"""

# Compiled by mypyc at install (setup.py): see "Compiled engines" in src/guildtable/games/README.md.
from __future__ import annotations

from typing import Final

from guildtable.games.guildhall import feasibility as fz
from guildtable.games.guildhall.actions import BUY, CARD, DECLINE, DISCARD_DRAW, DONE, LEVEL, PLAY, PROF, ROW, SEAT, USE
from guildtable.games.guildhall.content import (
    CARD_NAMES,
    COLOURS,
    IDENTITIES,
    LEVELS,
    PRESTIGE,
    PROFESSION_NAMES,
    PROFESSIONS,
    Level,
    level_of,
)
from guildtable.games.guildhall.glossary import card_word, chapters, listing, plural, profession_word
from guildtable.games.guildhall.questions import (
    HAND_REFILL,
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
    Targeted,
    TaxGive,
    TaxTarget,
    UseAbility,
)
from guildtable.games.guildhall.state import Position
from guildtable.kernel.i18n import domain
from guildtable.kernel.protocol import Reason

_ = domain("guildhall").gettext

assert CARD == 0, "card answers are the identities themselves (the hot paths below rely on it)"
_PROF: Final = tuple(card // COLOURS for card in range(IDENTITIES))
_COLOUR: Final = tuple(card % COLOURS for card in range(IDENTITIES))
_COST: Final = tuple(kind.cost for kind in PRESTIGE)


def playable(state: Position, seat: int, card: int) -> bool:
    """GH-29: no card of its profession played this turn (GH-27), no identical face-up card (GH-55)."""
    prof = card // COLOURS
    return not (state.played >> prof & 1) and not (state.halls[seat * PROFESSIONS + prof] >> card % COLOURS & 1)


def seat_bits(state: Position, seat: int) -> int:
    """`seat`'s face-up identities as one int (`fz.hall_bits`)."""
    base = seat * PROFESSIONS
    return fz.hall_bits(state.halls[base : base + PROFESSIONS])


# --- legal answers, one function per question kind (`rules.HANDLERS`) -------------------------------------------------
def choose_action(state: Position, question: ChooseAction) -> list[int]:
    """Q-T1 with Q-P1 folded in (GH-24, GH-29, GH-37, GH-43): a playable card itself ('play red Robber' in one step),
    or PLAY to be asked for the card (kept, so that records made before the shortcut replay exactly), DISCARD_DRAW,
    and BUY if some row card is affordable."""
    result = play_card(state, question)
    if result:
        result.append(PLAY)
    result.append(DISCARD_DRAW)
    if can_buy(state, question.seat):
        result.append(BUY)
    return result


def play_card(state: Position, question: ChooseAction | PlayCard) -> list[int]:
    """Q-P1 (GH-27, GH-29, GH-55): the playable hand cards (inlined `playable`), once each. Hands are kept sorted
    (`to_hand`, the opening, snapshots and determinize sort them), so copies of one identity are neighbours."""
    played = state.played
    halls = state.halls
    seat = question.seat
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


def _distinct(hand: list[int]) -> list[int]:
    """The identities of a hand, once each, ascending (hands are kept sorted: see `play_card`)."""
    result = []
    last = -1
    for card in hand:
        if card != last:
            result.append(card)
            last = card
    return result


def discard_draw(state: Position, question: DiscardDraw) -> list[int]:
    """Q-DD1 (GH-37 to GH-39, GH-D4): any hand card to select, and DONE unless the hand must first shrink to 6."""
    hand = state.hands[question.seat]
    cards = _distinct(hand)
    if not state.options["discard_draw_caps_hand"] or len(hand) <= HAND_REFILL:  # GH-39, GH-D4
        cards.append(DONE)
    return cards


def choose_level(state: Position, question: ChooseLevel) -> list[int]:
    """GH-32 to GH-34, GH-D6, GH-D7: the levels reached that can be carried out completely, and DECLINE."""
    levels = available_levels(state, question.seat, question.profession, question.chapter)
    return [*(LEVEL + t for t in levels), DECLINE]


def setup_discard(state: Position, question: SetupDiscard) -> list[int]:
    """Q-SP1 (GH-16): any hand card to select for discarding, and DONE."""
    return [*sorted(set(state.hands[question.seat])), DONE]


def setup_place(state: Position, question: SetupPlace) -> list[int]:
    """Q-SP2 (GH-16, GH-17, GH-56): the hand cards with no identical card face up in the guildhall."""
    seat = question.seat
    masks = state.masks(seat)
    return sorted({CARD + card for card in state.hands[seat] if fz.legal_in(masks, card)})


def buy(state: Position, question: Buy) -> list[int]:
    """GH-43: the row cards that cost no more completed chapters than the player has."""
    have = len(state.completed[question.seat])
    return [ROW + k for k, ptype in enumerate(state.row) if _COST[ptype] <= have]


def pay(state: Position, question: Pay) -> list[int]:
    """GH-44, GH-D15 to GH-D17: of two chapters to pay, the first by its profession (it goes underneath); the last
    one by the card of it that ends on top of the discard pile."""
    completed = state.completed[question.seat]
    if question.left == 2:
        return sorted({PROF + prof for prof in completed})
    return sorted(CARD + prof * COLOURS + c for prof in set(completed) for c in range(COLOURS))


def use_ability(state: Position, question: UseAbility) -> list[int]:
    """GH-47, GH-D7: DECLINE, and USE if the bought card's ability can be carried out completely."""
    return [DECLINE, USE] if prestige_feasible(state, question.seat, question.prestige) else [DECLINE]


def choose_target(state: Position, question: ChooseTarget) -> list[int]:
    """GH-D13: the other players the ability can be carried out against completely."""
    seat, purpose, lv = question.seat, question.purpose, question.level
    return [SEAT + s for s in state.opponents(seat) if target_ok(state, seat, s, purpose, lv)]


def cap_discard(state: Position, question: CapDiscard) -> list[int]:
    """GH-53, GH-D16: a completed chapter, named by the card of it that ends on top of the discard pile."""
    return sorted(CARD + prof * COLOURS + c for prof in set(state.completed[question.seat]) for c in range(COLOURS))


def discard_top(state: Position, question: DiscardTop) -> list[int]:
    """GH-D17: the cards discarded together, each once: the one that ends on top."""
    return sorted({CARD + card for card in question.cards})


def place_order(state: Position, question: PlaceOrder) -> list[int]:
    """GH-63, GH-D11: the waiting card to place next; a chosen (not forced) placement must leave the others all
    placeable after it."""
    cards = question.cards
    if question.forced:
        return sorted({CARD + card for card in cards})
    masks = state.masks(question.owner)
    result = set()
    for index, card in enumerate(cards):
        if fz.legal_in(masks, card) and fz.can_place_all(fz.placed(masks, card), cards[:index] + cards[index + 1 :]):
            result.add(CARD + card)
    return sorted(result)


def robber_pick(state: Position, question: RobberPick) -> list[int]:
    """GH-66, GH-67, GH-D10: a card of the target's hand that can go into the guildhall, any card if none can."""
    target_hand = state.hands[question.target]
    masks = state.masks(question.seat)
    legal = {card for card in target_hand if fz.legal_in(masks, card)}
    return sorted(CARD + card for card in (legal or set(target_hand)))  # GH-D10


def hunter_give(state: Position, question: HunterGive) -> list[int]:
    """GH-77, GH-78, GH-80, GH-D12: a guildhall card to give up such that the rest of the ability (more gives,
    then the takes) can still be carried out."""
    masks = state.masks(question.seat)
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


def hunter_chapter(state: Position, question: HunterChapter) -> list[int]:
    """GH-79, GH-81: a whole chapter to give up such that the takes can still be carried out."""
    masks = state.masks(question.seat)
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


def hunter_take(state: Position, question: HunterTake) -> list[int]:
    """GH-76, GH-80 step 6: a card of the pile as it was (its bottom `base` cards) that can go into the guildhall
    such that the remaining takes still can."""
    return _legal_takes(state.masks(question.seat), state.discard[: question.base], question.left)


def peddler_take(state: Position, question: PeddlerTake) -> list[int]:
    """GH-84 to GH-88: a card (or the chapter) of the target's guildhall to take such that the rest of the swap can
    still be carried out."""
    level = level_of(question.level)
    theirs = state.masks(question.target)
    hall = fz.hall_bits(theirs)
    hand = state.hands[question.seat]
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


def peddler_give(state: Position, question: PeddlerGive) -> list[int]:
    """GH-57, GH-87 step 2: a hand card that can go into the target's guildhall such that the remaining gives still
    can."""
    return _legal_takes(state.masks(question.target), state.hands[question.seat], question.left)


def put_back(state: Position, question: BricklayerPutBack) -> list[int]:
    """GH-91: any hand card, once each."""
    return sorted(set(state.hands[question.seat]))


def tax_give(state: Position, question: TaxGive) -> list[int]:
    """GH-100, GH-101: a guildhall card that some other player can take (no identical card face up with them)."""
    seat = question.seat
    everyone = -1  # the cards every opponent has face up cannot be given to anyone
    for other in state.opponents(seat):
        everyone &= seat_bits(state, other)
    return [CARD + card for card in fz.bit_cards(seat_bits(state, seat)) if not everyone >> card & 1]


def tax_target(state: Position, question: TaxTarget) -> list[int]:
    """GH-57, GH-101: the other players who can take the card."""
    return [SEAT + s for s in tax_targets(state, question.seat, question.card)]


def take_chapter(state: Position, question: TakeChapter) -> list[int]:
    """GH-58, GH-102: a chapter of the target's guildhall with no card identical to one face up in mine."""
    mine, theirs = state.masks(question.seat), state.masks(question.target)
    return [PROF + p for p in range(PROFESSIONS) if theirs[p] and not theirs[p] & mine[p]]


def swap_give(state: Position, question: SwapGive) -> list[int]:
    """GH-103, GH-D12: a guildhall card to give such that two of the target's cards can come back for it."""
    mine, theirs = seat_bits(state, question.seat), seat_bits(state, question.target)
    return [CARD + card for card in fz.bit_cards(mine) if fz.swap_ok(mine, theirs, card)]


def swap_take(state: Position, question: SwapTake) -> list[int]:
    """GH-103, GH-D12: a card of the target's guildhall, not chosen yet, such that the swap can still be finished."""
    mine, theirs = seat_bits(state, question.seat), seat_bits(state, question.target)
    give, taken = question.give, question.taken
    return [
        CARD + card
        for card in fz.bit_cards(theirs)
        if card not in taken and fz.swap_ok(mine, theirs, give, (*taken, card))
    ]


def take_card(state: Position, question: TakeCard) -> list[int]:
    """GH-57, GH-106: a card of the target's guildhall with no identical card face up in mine."""
    mine = seat_bits(state, question.seat)
    return [CARD + card for card in fz.bit_cards(seat_bits(state, question.target)) if not mine >> card & 1]


def lay_out(state: Position, question: LayOut) -> list[int]:
    """GH-104: a hand card that can go into the guildhall, and DONE."""
    seat = question.seat
    masks = state.masks(seat)
    return [*sorted({CARD + card for card in state.hands[seat] if fz.legal_in(masks, card)}), DONE]


def tax_targets(state: Position, seat: int, card: int) -> list[int]:
    return [s for s in state.opponents(seat) if fz.legal_in(state.masks(s), card)]


def can_buy(state: Position, seat: int) -> bool:
    """GH-43: some row card costs no more than the completed chapters held."""
    have = len(state.completed[seat])
    return any(_COST[ptype] <= have for ptype in state.row)


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


# --- why an answer is refused, one function per question kind (`rules.HANDLERS`) -------------------------------------
# Each returns None for a legal answer. Otherwise, an answer of a kind the question does not take (a seat where a
# card is asked) is refused under the question's rule with the question itself and an accepted answer
# (`_wrong_kind`); an answer of the right kind, with the rule it breaks.

CARD_ANSWER, CHAPTER_ANSWER, SEAT_ANSWER, LEVEL_ANSWER, ROW_ANSWER = range(5)
ACTION_TYPE, DONE_ANSWER, DECLINE_ANSWER, USE_ANSWER = range(5, 9)
"""The kinds of answer (`_family`)."""


def _family(action: int) -> int:
    """Which kind of answer `action` is: a card, a chapter, a seat, a level, a row card, an action type (GH-24),
    done, decline or use."""
    for index, bound in enumerate((PROF, SEAT, LEVEL, ROW, PLAY)):
        if action < bound:
            return index
    return _WORD_FAMILY[action]


_WORD_FAMILY = {
    PLAY: ACTION_TYPE,
    DISCARD_DRAW: ACTION_TYPE,
    BUY: ACTION_TYPE,
    DONE: DONE_ANSWER,
    DECLINE: DECLINE_ANSWER,
    USE: USE_ANSWER,
}


def _sentence(text: str) -> str:
    return text if text.endswith((".", "?", "!")) else text + "."


def _example(state: Position) -> str:
    """One answer that is accepted at this question, as it is typed (its notation parses back to it)."""
    legal = state.legal_actions()
    return " " + _('For example: "{answer}".', answer=state.action_to_notation(legal[0])) if legal else ""


def _wrong_kind(state: Position, action: int, families: tuple[int, ...], rule: str) -> Reason | None:
    """If `action` is none of the kinds of answer the question takes: `rule`, the question and an accepted answer."""
    if _family(action) in families:
        return None
    return rule, _("That does not answer this question.") + f" {_sentence(state.prompt())}{_example(state)}"


def _has(masks: list[int], card: int) -> bool:
    return bool(masks[card // COLOURS] >> card % COLOURS & 1)


def _card(action: int) -> str:
    """The card a card answer names, in words."""
    return card_word(CARD_NAMES[action - CARD])


def _hand_card(state: Position, question: GuildhallQuestion, action: int, rule: str) -> Reason:
    """A hand card refused: not in the hand (`rule`), or identical to one face up in the guildhall (GH-56)."""
    if action - CARD not in state.hands[question.seat]:
        return rule, _("You have no {card} in your hand.", card=_card(action))
    return "GH-56", _(
        "The {card} cannot go into your guildhall: an identical card is already face up there.", card=_card(action)
    )


def refuse_setup_discard(state: Position, question: SetupDiscard, action: int) -> Reason | None:
    """GH-16: only hand cards can be selected for discarding (Done is always accepted)."""
    if action in state.legal_actions():
        return None
    return _wrong_kind(state, action, (CARD_ANSWER, DONE_ANSWER), "GH-16") or _hand_card(
        state, question, action, "GH-16"
    )


def refuse_setup_place(state: Position, question: SetupPlace, action: int) -> Reason | None:
    """GH-16, GH-56: a hand card with no identical card face up in the guildhall."""
    if action in state.legal_actions():
        return None
    return _wrong_kind(state, action, (CARD_ANSWER,), "GH-16") or _hand_card(state, question, action, "GH-16")


def refuse_choose_action(state: Position, question: ChooseAction, action: int) -> Reason | None:
    """GH-24: BUY needs an affordable row card (GH-43), PLAY a playable card (GH-29); a card is refused as at
    `refuse_play_card`."""
    if action in state.legal_actions():
        return None
    refused = _wrong_kind(state, action, (CARD_ANSWER, ACTION_TYPE), "GH-24")
    if refused is not None:
        return refused
    if action == BUY:
        have = len(state.completed[question.seat])
        return "GH-43", _(
            "You cannot buy now: every prestige card in the row costs more completed chapters than you have ({have}).",
            have=have,
        )
    if action >= PROF:
        return "GH-29", _(
            "You have no card you may play: only one card of each profession per turn, and none identical to a card "
            "face up in your guildhall."
        )
    return _play_reason(state, question, action)


def refuse_play_card(state: Position, question: PlayCard, action: int) -> Reason | None:
    """GH-29: the card must be in the hand (GH-29), of a profession not played this turn (GH-27), and not identical
    to a card face up in the guildhall (GH-55)."""
    if action in state.legal_actions():
        return None
    return _wrong_kind(state, action, (CARD_ANSWER,), "GH-29") or _play_reason(state, question, action)


def _play_reason(state: Position, question: ChooseAction | PlayCard, action: int) -> Reason:
    """Why a card cannot be played (GH-27, GH-29, GH-55)."""
    card = action - CARD
    if card not in state.hands[question.seat]:
        return "GH-29", _("You have no {card} in your hand.", card=_card(action))
    if state.played >> (card // COLOURS) & 1:
        prof = profession_word(PROFESSION_NAMES[card // COLOURS])
        return "GH-27", _(
            "You already played a {profession} this turn: only one card of each profession per turn.",
            profession=prof,
        )
    return "GH-55", _("You cannot play the {card}: an identical card is face up in your guildhall.", card=_card(action))


def refuse_discard_draw(state: Position, question: DiscardDraw, action: int) -> Reason | None:
    """GH-37: only hand cards can be selected (GH-56 never applies: they leave); Done only once the hand can end at
    6 (GH-39, GH-D4)."""
    if action in state.legal_actions():
        return None
    refused = _wrong_kind(state, action, (CARD_ANSWER, DONE_ANSWER), "GH-37")
    if refused is not None:
        return refused
    if action < PROF:
        return _hand_card(state, question, action, "GH-37")
    hand = state.hands[question.seat]  # done too early
    return "GH-39", _(
        "You hold {held} cards: discard at least {discard} before you draw, so that you end with {keep}.",
        held=len(hand),
        discard=len(hand) - HAND_REFILL,
        keep=HAND_REFILL,
    )


def refuse_choose_level(state: Position, question: ChooseLevel, action: int) -> Reason | None:
    """GH-32: a level the profession has, that the chapter reaches (GH-32) and that can be carried out completely
    (GH-34); declining is always accepted."""
    if action in state.legal_actions():
        return None
    return _wrong_kind(state, action, (LEVEL_ANSWER, DECLINE_ANSWER), "GH-32") or _level_reason(state, question, action)


def refuse_buy(state: Position, question: Buy, action: int) -> Reason | None:
    """GH-43: a card of the row (GH-D14) that costs no more completed chapters than the player has."""
    if action in state.legal_actions():
        return None
    refused = _wrong_kind(state, action, (ROW_ANSWER,), "GH-43")
    if refused is not None:
        return refused
    slot = action - ROW
    if slot >= len(state.row):
        return "GH-D14", _("The row has only {count} prestige cards.", count=len(state.row))
    cost = PRESTIGE[state.row[slot]].cost
    have = len(state.completed[question.seat])
    return "GH-43", _("That card costs {cost}; you have {have}.", cost=chapters(cost), have=have)


def refuse_pay(state: Position, question: Pay, action: int) -> Reason | None:
    """GH-44: a completed chapter, named as `_pay_reason` says."""
    if action in state.legal_actions():
        return None
    return _wrong_kind(state, action, (CARD_ANSWER, CHAPTER_ANSWER), "GH-44") or (
        "GH-44",
        _pay_reason(state, question, action),
    )


def refuse_cap_discard(state: Position, question: CapDiscard, action: int) -> Reason | None:
    """GH-53: a completed chapter, named as `_pay_reason` says."""
    if action in state.legal_actions():
        return None
    return _wrong_kind(state, action, (CARD_ANSWER, CHAPTER_ANSWER), "GH-53") or (
        "GH-53",
        _pay_reason(state, question, action),
    )


def refuse_use_ability(state: Position, question: UseAbility, action: int) -> Reason | None:
    """GH-47: an ability that cannot be carried out completely can only be declined."""
    if action in state.legal_actions():
        return None
    return _wrong_kind(state, action, (DECLINE_ANSWER, USE_ANSWER), "GH-47") or (
        "GH-47",
        _(
            "This ability cannot be carried out completely right now, and an ability is used in full or not at all: "
            "choose not to use it."
        ),
    )


def _other_player(state: Position, question: ChooseTarget | TaxTarget, action: int, rule: str) -> Reason | None:
    """`rule` if `action` names the player asked or no player of this game (GH-D13)."""
    other = action - SEAT
    if other == question.seat or other >= state.num_players:
        return rule, _("Choose one of the other players in this game.")
    return None


def refuse_choose_target(state: Position, question: ChooseTarget, action: int) -> Reason | None:
    """GH-D13: another player, against whom the ability can be carried out completely (its profession's or prestige
    card's rule, `TARGET_RULE`)."""
    if action in state.legal_actions():
        return None
    rule = TARGET_RULE[question.purpose]
    return (
        _wrong_kind(state, action, (SEAT_ANSWER,), rule)
        or _other_player(state, question, action, "GH-D13")
        or (
            rule,
            _(
                "The ability could not be carried out completely against {player}.",
                player=state.game.seat_names[action - SEAT],
            ),
        )
    )


def refuse_tax_target(state: Position, question: TaxTarget, action: int) -> Reason | None:
    """GH-100: another player, with no card identical to the given one face up (GH-57)."""
    if action in state.legal_actions():
        return None
    return (
        _wrong_kind(state, action, (SEAT_ANSWER,), "GH-100")
        or _other_player(state, question, action, "GH-100")
        or (
            "GH-57",
            _(
                "{player} cannot take the {card}: an identical card is face up in their guildhall.",
                player=state.game.seat_names[action - SEAT],
                card=card_word(CARD_NAMES[question.card]),
            ),
        )
    )


def refuse_robber_pick(state: Position, question: RobberPick, action: int) -> Reason | None:
    """GH-D10: a card of the target's hand (GH-66), one that can go into the guildhall while there is one."""
    if action in state.legal_actions():
        return None
    refused = _wrong_kind(state, action, (CARD_ANSWER,), "GH-D10")
    if refused is not None:
        return refused
    if action - CARD not in state.hands[question.target]:
        player = state.game.seat_names[question.target]
        return "GH-66", _("{player}'s hand holds no {card}.", player=player, card=_card(action))
    return "GH-D10", _("While their hand holds a card that can go into your guildhall, you must take one of those.")


def _give_reason(state: Position, question: HunterGive | SwapGive | TaxGive, action: int, rule: str) -> Reason:
    """A guildhall card to give refused under `rule`: not face up there, or the ability could not be finished."""
    if not _has(state.masks(question.seat), action - CARD):
        return rule, _("Your guildhall has no face-up {card}.", card=_card(action))
    return rule, _("If you gave away the {card}, the ability could not be finished.", card=_card(action))


def refuse_hunter_give(state: Position, question: HunterGive, action: int) -> Reason | None:
    """GH-80: a face-up guildhall card whose giving leaves the ability possible to finish (GH-D12)."""
    if action in state.legal_actions():
        return None
    return _wrong_kind(state, action, (CARD_ANSWER,), "GH-80") or _give_reason(state, question, action, "GH-80")


def refuse_swap_give(state: Position, question: SwapGive, action: int) -> Reason | None:
    """GH-103: a face-up guildhall card for which two of the target's can still come back (GH-D12)."""
    if action in state.legal_actions():
        return None
    return _wrong_kind(state, action, (CARD_ANSWER,), "GH-103") or _give_reason(state, question, action, "GH-103")


def refuse_tax_give(state: Position, question: TaxGive, action: int) -> Reason | None:
    """GH-100: a face-up guildhall card some other player can take."""
    if action in state.legal_actions():
        return None
    return _wrong_kind(state, action, (CARD_ANSWER,), "GH-100") or _give_reason(state, question, action, "GH-100")


def refuse_hunter_take(state: Position, question: HunterTake, action: int) -> Reason | None:
    """GH-76: a card of the pile as it was (GH-80), not identical to one face up in the guildhall (GH-76), whose
    taking leaves the ability possible to finish (GH-34)."""
    if action in state.legal_actions():
        return None
    refused = _wrong_kind(state, action, (CARD_ANSWER,), "GH-76")
    if refused is not None:
        return refused
    card = action - CARD
    if card not in state.discard[: question.base]:
        return "GH-80", _(
            "The discard pile holds no {card} (apart from the cards you just gave up).", card=_card(action)
        )
    if not fz.legal_in(state.masks(question.seat), card):
        return "GH-76", _already_yours(action)
    return "GH-34", _("If you took the {card} now, the ability could not be finished.", card=_card(action))


def refuse_hunter_chapter(state: Position, question: HunterChapter, action: int) -> Reason | None:
    """GH-79: a face-up chapter whose giving up leaves enough cards to take from the pile (GH-81)."""
    if action in state.legal_actions():
        return None
    refused = _wrong_kind(state, action, (CHAPTER_ANSWER,), "GH-79")
    if refused is not None:
        return refused
    prof = profession_word(PROFESSION_NAMES[action - PROF])
    if not state.masks(question.seat)[action - PROF]:
        return "GH-79", _("You have no {profession} chapter face up.", profession=prof)
    return "GH-79", _(
        "If you gave up your {profession} chapter, the Hunter could not take enough cards from the pile.",
        profession=prof,
    )


def _missing_chapter(state: Position, question: Targeted, prof: int) -> str | None:
    """Why a chapter of the target's guildhall cannot be taken if it has none of `prof` face up."""
    if state.masks(question.target)[prof]:
        return None
    return _(
        "{player}'s guildhall has no {profession} chapter face up.",
        player=state.game.seat_names[question.target],
        profession=profession_word(PROFESSION_NAMES[prof]),
    )


def _missing_card(state: Position, question: Targeted, action: int) -> str | None:
    """Why a card of the target's guildhall cannot be taken if it is not face up there."""
    if _has(state.masks(question.target), action - CARD):
        return None
    player = state.game.seat_names[question.target]
    return _("{player}'s guildhall has no face-up {card}.", player=player, card=_card(action))


def _already_yours(action: int) -> str:
    return _("A {card} is already face up in your guildhall.", card=_card(action))


def _unfinished_swap(action: int) -> str:
    return _("If you took the {card}, the swap could not be finished.", card=_card(action))


def refuse_peddler_take(state: Position, question: PeddlerTake, action: int) -> Reason | None:
    """GH-87: a face-up card (or at level 4 a chapter) of the target's guildhall whose taking leaves the swap
    possible to finish."""
    if action in state.legal_actions():
        return None
    refused = _wrong_kind(state, action, (CARD_ANSWER, CHAPTER_ANSWER), "GH-87")
    if refused is not None:
        return refused
    if action >= PROF:
        prof = action - PROF
        return "GH-87", _missing_chapter(state, question, prof) or _(
            "If you took their {profession} chapter, the swap could not be finished.",
            profession=profession_word(PROFESSION_NAMES[prof]),
        )
    return "GH-87", _missing_card(state, question, action) or _unfinished_swap(action)


def refuse_take_chapter(state: Position, question: TakeChapter, action: int) -> Reason | None:
    """GH-102: a face-up chapter of the target's with no card identical to one face up in mine (GH-58)."""
    if action in state.legal_actions():
        return None
    refused = _wrong_kind(state, action, (CHAPTER_ANSWER,), "GH-102")
    if refused is not None:
        return refused
    prof = action - PROF
    return "GH-102", _missing_chapter(state, question, prof) or _(
        "Their {profession} chapter holds a card identical to one face up in your guildhall.",
        profession=profession_word(PROFESSION_NAMES[prof]),
    )


def refuse_swap_take(state: Position, question: SwapTake, action: int) -> Reason | None:
    """GH-103: a face-up card of the target's, not chosen already, not identical to one face up in mine, whose taking
    leaves the swap possible to finish (GH-D12)."""
    if action in state.legal_actions():
        return None
    refused = _wrong_kind(state, action, (CARD_ANSWER,), "GH-103")
    if refused is not None:
        return refused
    missing = _missing_card(state, question, action)
    if missing is not None:
        return "GH-103", missing
    if action - CARD in question.taken:
        return "GH-103", _("You already chose the {card}.", card=_card(action))
    if _has(state.masks(question.seat), action - CARD):
        return "GH-103", _already_yours(action)
    return "GH-103", _unfinished_swap(action)


def refuse_take_card(state: Position, question: TakeCard, action: int) -> Reason | None:
    """GH-106: a face-up card of the target's, not identical to one face up in mine (GH-57)."""
    if action in state.legal_actions():
        return None
    refused = _wrong_kind(state, action, (CARD_ANSWER,), "GH-106")
    if refused is not None:
        return refused
    missing = _missing_card(state, question, action)
    if missing is not None:
        return "GH-106", missing
    if _has(state.masks(question.seat), action - CARD):
        return "GH-106", _already_yours(action)
    return "GH-106", _unfinished_swap(action)


def refuse_peddler_give(state: Position, question: PeddlerGive, action: int) -> Reason | None:
    """GH-87: a hand card that can go into the target's guildhall (GH-57) with the swap still possible to finish."""
    if action in state.legal_actions():
        return None
    refused = _wrong_kind(state, action, (CARD_ANSWER,), "GH-87")
    if refused is not None:
        return refused
    if action - CARD not in state.hands[question.seat]:
        return "GH-87", _("You have no {card} in your hand.", card=_card(action))
    return "GH-57", _(
        "The {card} cannot go into {player}'s guildhall now: an identical card is face up there, "
        "or the swap could not be finished.",
        card=_card(action),
        player=state.game.seat_names[question.target],
    )


def refuse_put_back(state: Position, question: BricklayerPutBack, action: int) -> Reason | None:
    """GH-91: a hand card."""
    if action in state.legal_actions():
        return None
    return _wrong_kind(state, action, (CARD_ANSWER,), "GH-91") or _hand_card(state, question, action, "GH-91")


def refuse_lay_out(state: Position, question: LayOut, action: int) -> Reason | None:
    """GH-104: a hand card with no identical card face up in the guildhall (GH-56); Done is always accepted."""
    if action in state.legal_actions():
        return None
    return _wrong_kind(state, action, (CARD_ANSWER, DONE_ANSWER), "GH-104") or _hand_card(
        state, question, action, "GH-104"
    )


def refuse_place_order(state: Position, question: PlaceOrder, action: int) -> Reason | None:
    """GH-63: one of the waiting cards, after which the others can all still be placed (GH-D11)."""
    if action in state.legal_actions():
        return None
    refused = _wrong_kind(state, action, (CARD_ANSWER,), "GH-63")
    if refused is not None:
        return refused
    if action - CARD not in question.cards:
        return "GH-63", _("The {card} is not one of the cards waiting to be placed.", card=_card(action))
    return "GH-63", _(
        "If the {card} went in now, the other cards could not all be placed after it.", card=_card(action)
    )


def refuse_discard_top(state: Position, question: DiscardTop, action: int) -> Reason | None:
    """GH-D17: one of the cards discarded together."""
    if action in state.legal_actions():
        return None
    return _wrong_kind(state, action, (CARD_ANSWER,), "GH-D17") or (
        "GH-D17",
        _("The {card} is not one of the cards going to the discard pile.", card=_card(action)),
    )


def _level_reason(state: Position, question: ChooseLevel, action: int) -> Reason:
    """Why a level is refused: the profession has no such level or the chapter does not reach it (GH-32), or it
    cannot be carried out completely (GH-34)."""
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

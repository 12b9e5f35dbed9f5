"""What each answer does (the questions of Appendix A), the engine's bookkeeping steps, and the moves of cards between
zones they make (draws, placements, discards).

One answer function per question kind and one step per bookkeeping kind; `rules.HANDLERS` names them for each kind
and the kernel's `StackState` calls them: an answer function receives the question already popped off the stack, a
legal answer and the list of events told so far, to which it appends; a step receives its popped question and the
events. The rule for interruptions: a handler pushes its continuation FIRST and places cards LAST, so that a
completed-chapter cap question raised by the placement (GH-53) sits on top and is answered before anything else
resolves.
"""

# Compiled by mypyc at install (setup.py): see "Compiled engines" in src/guildtable/games/README.md.
from __future__ import annotations

from typing import Final, TypeVar, cast

from guildtable.games.guildhall import feasibility as fz
from guildtable.games.guildhall import legal
from guildtable.games.guildhall.actions import CARD, DECLINE, DISCARD_DRAW, DONE, LEVEL, PLAY, PROF, ROW, SEAT
from guildtable.games.guildhall.content import (
    CARD_NAMES,
    COLOURS,
    FULL_CHAPTER,
    LEVELS,
    PRESTIGE,
    PROFESSION_NAMES,
    PROFESSIONS,
    Level,
    level_of,
)
from guildtable.games.guildhall.questions import (
    BUY_BY_SEAT,
    CAP,
    CHOOSE_ACTION_BY_SEAT,
    CHOOSE_LEVEL_BY_SEAT,
    DISCARD_DRAW_BY_SEAT,
    END_TURN_BY_SEAT,
    FINISH_TURN_BY_SEAT,
    HAND_REFILL,
    NEXT_ACTION_BY_SEAT,
    PLAY_CARD_BY_SEAT,
    SETUP_HAND,
    SETUP_PLACE,
    T_PED,
    T_ROB,
    T_SWAP,
    T_TAKE_CARD,
    T_TAKE_CHAPTER,
    WIN_VP,
    BricklayerPutBack,
    Buy,
    CapDiscard,
    ChooseAction,
    ChooseLevel,
    ChooseTarget,
    DiscardDraw,
    DiscardTop,
    EndTurn,
    FinishTurn,
    GuildhallQuestion,
    HunterChapter,
    HunterGive,
    HunterTake,
    LayOut,
    NextAction,
    Pay,
    PeddlerGive,
    PeddlerReceive,
    PeddlerTake,
    PlaceOrder,
    PlaceQueue,
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
)
from guildtable.games.guildhall.state import Position
from guildtable.kernel.events import Event, private, public

Q = TypeVar("Q", bound=GuildhallQuestion)
_SHARED: Final[dict[tuple[object, ...], GuildhallQuestion]] = {}


def shared(kind: type[Q], *fields: int) -> Q:
    """The question of `kind` with these fields (small numbers only: a seat, a count, a level, a card), made the first
    time it is asked and shared after that, as the questions of every turn are (`questions.py`): a question never
    changes, and making one costs a few thousand instructions where looking it up costs a few hundred."""
    key = (kind, *fields)
    question = _SHARED.get(key)
    if question is None:
        question = _SHARED[key] = kind(*fields)
    return cast(Q, question)


# --- moving cards between zones --------------------------------------------------------------------------------------
def draw_one(state: Position, events: list[Event]) -> int | None:
    """GH-42: an empty draw deck is replaced by the whole shuffled discard pile; GH-D8 if both are empty."""
    if not state.deck:
        if not state.discard:
            return None
        state.deck = state.discard
        state.discard = []
        state.rng.shuffle(state.deck)
        state.known = [0] * state.num_players  # GH-D20: a reshuffle drops what anyone knew
        events.append(public("reshuffle", cards=len(state.deck)))
    known = state.known
    if any(known):
        state.known = [count - 1 if count else 0 for count in known]
    return state.deck.pop()


def draw_cards(state: Position, count: int, events: list[Event]) -> list[int]:
    deck = state.deck
    if 0 < count <= len(deck) and not any(state.known):  # the common case of `draw_one` in a loop, in one slice
        drawn = deck[-count:]
        del deck[-count:]
        drawn.reverse()
        return drawn
    drawn = []
    for _step in range(count):
        card = draw_one(state, events)
        if card is None:
            break
        drawn.append(card)
    return drawn


def to_hand(state: Position, seat: int, cards: list[int]) -> None:
    hand = state.hands[seat]
    hand.extend(cards)
    hand.sort()


def place(state: Position, owner: int, card: int, forced: bool, events: list[Event], source: str) -> None:
    """GH-62: place `card` into `owner`'s guildhall; a forced identical card is discarded instead. A chapter of
    five colours completes at once (GH-49) and the cap is enforced at once by the owner (GH-53)."""
    prof = card // COLOURS
    index = owner * PROFESSIONS + prof
    bit = 1 << card % COLOURS
    mask = state.halls[index]
    if mask & bit:
        assert forced, f"chosen placement of {CARD_NAMES[card]} is illegal"
        state.discard.append(card)
        events.append(public("duplicate_discarded", seat=owner, card=CARD_NAMES[card], source=source))
        return
    mask |= bit
    events.append(public("placed", seat=owner, card=CARD_NAMES[card], source=source))
    if mask == FULL_CHAPTER:
        state.halls[index] = 0
        state.completed[owner] = [*state.completed[owner], prof]
        events.append(
            public(
                "chapter_completed",
                seat=owner,
                profession=PROFESSION_NAMES[prof],
                completed=len(state.completed[owner]),
            )
        )
        if len(state.completed[owner]) > CAP:
            state.stack.append(shared(CapDiscard, owner))
    else:
        state.halls[index] = mask


def discard_with_top(state: Position, cards: list[int], top: int) -> None:
    """GH-D17: the other cards go below in any order; `top` ends on top."""
    rest = list(cards)
    rest.remove(top)
    state.discard.extend(rest)
    state.discard.append(top)


def discard_chapter(state: Position, seat: int, prof: int, top: int) -> None:
    done = state.completed[seat].copy()
    done.remove(prof)
    state.completed[seat] = done
    discard_with_top(state, [prof * COLOURS + c for c in range(COLOURS)], top)


def queue_placements(
    state: Position, seat: int, owner: int, forced: bool, cards: tuple[int, ...], scholar: bool
) -> None:
    """GH-63/GH-D11: several cards go in one at a time. The order can matter only between cards of one profession
    (completion in between), so the player is asked only then."""
    if not cards:
        return
    professions = [card // COLOURS for card in cards]
    fixed = scholar and state.options["placement_order"] == "deck_order"
    if fixed or len(set(professions)) == len(professions) or len(set(cards)) == 1:
        state.stack.append(PlaceQueue(seat, owner, forced, cards))
    else:
        state.stack.append(PlaceOrder(seat, owner, forced, cards))


def start_turn(state: Position, seat: int, events: list[Event]) -> None:
    state.active = seat
    state.actions_left = 2  # GH-24
    state.played = 0
    state.turn += 1
    events.append(public("turn", seat=seat, turn=state.turn))
    state.stack.append(NEXT_ACTION_BY_SEAT[seat])


# --- setup (GH-16) ---------------------------------------------------------------------------------------------------
def setup_discard(state: Position, question: SetupDiscard, action: int, events: list[Event]) -> None:
    """Q-SP1 (GH-16, GH-D23): pick hand cards to discard one by one (hidden), then `done` discards them and refills
    to 9."""
    seat = question.seat
    if action != DONE:
        state.hands[seat].remove(action - CARD)
        state.selected.append(action - CARD)
        state.stack.append(question)
        events.append(private(seat, "selected", card=CARD_NAMES[action - CARD]))
        return
    discarded = discard_selection(state, seat, events)
    drawn = draw_cards(state, SETUP_HAND - len(state.hands[seat]), events)
    to_hand(state, seat, drawn)
    events.append(public("setup_redraw", seat=seat, discarded=discarded, drew=len(drawn), move=state.last_move))
    if drawn:
        events.append(private(seat, "drew_cards", cards=[CARD_NAMES[c] for c in drawn]))
    state.stack.append(shared(SetupPlace, seat, 0))


def discard_selection(state: Position, seat: int, events: list[Event]) -> int:
    """GH-D17/GH-D18: the selected hand cards go face up, the last selected on top; only the top is announced."""
    cards = state.selected
    state.selected = []
    if cards:
        state.discard.extend(cards)
        events.append(public("discarded_from_hand", seat=seat, count=len(cards), top=CARD_NAMES[cards[-1]]))
    return len(cards)


def setup_place(state: Position, question: SetupPlace, action: int, events: list[Event]) -> None:
    """Q-SP2 (GH-16): three pairwise non-identical cards into the guildhall, public at once (GH-17)."""
    seat = question.seat
    card = action - CARD
    state.hands[seat].remove(card)
    place(state, seat, card, False, events, "setup")
    if question.placed + 1 < SETUP_PLACE:
        state.stack.append(shared(SetupPlace, seat, question.placed + 1))
        return
    state.prepared += 1
    if state.prepared < state.num_players:
        state.stack.append(shared(SetupDiscard, (seat + 1) % state.num_players))
    else:  # GH-18
        start_turn(state, state.start_player, events)


# --- the turn (GH-23 to GH-28) ---------------------------------------------------------------------------------------
def next_action(state: Position, question: NextAction, events: list[Event]) -> None:
    """Step: the turn's next action is asked, or the turn ends once both (and any extra ones) are taken (GH-24)."""
    seat = question.seat
    if state.actions_left > 0:
        state.actions_left -= 1
        state.stack.append(CHOOSE_ACTION_BY_SEAT[seat])
    else:
        state.stack.append(END_TURN_BY_SEAT[seat])


def choose_action(state: Position, question: ChooseAction, action: int, events: list[Event]) -> None:
    """Q-T1 (GH-24): a card is played at once (`play_card`); PLAY asks for the card, DISCARD_DRAW and BUY ask their
    questions (GH-37, GH-43). The turn's next action waits beneath."""
    seat = question.seat
    state.stack.append(NEXT_ACTION_BY_SEAT[seat])
    if action < PROF:  # a card: played at once (Q-T1 and Q-P1 in one answer)
        play_card(state, question, action, events)
    elif action == PLAY:
        state.stack.append(PLAY_CARD_BY_SEAT[seat])
    elif action == DISCARD_DRAW:
        state.stack.append(DISCARD_DRAW_BY_SEAT[seat])
    else:
        state.stack.append(BUY_BY_SEAT[seat])


def play_card(state: Position, question: ChooseAction | PlayCard, action: int, events: list[Event]) -> None:
    """GH-29 to GH-31: the card goes to the action area; n counts its chapter in the guildhall."""
    seat = question.seat
    card = action - CARD
    prof = card // COLOURS
    state.hands[seat].remove(card)
    state.areas[seat].append(card)
    state.played |= 1 << prof
    n = fz.ones(state.halls[seat * PROFESSIONS + prof])
    events.append(public("played", seat=seat, card=CARD_NAMES[card], chapter=n, move=state.last_move))
    state.stack.append(CHOOSE_LEVEL_BY_SEAT[seat][prof][n])  # n < 5: a chapter of five is completed at once


def choose_level(state: Position, question: ChooseLevel, action: int, events: list[Event]) -> None:
    """GH-32: one available level, or decline (GH-D6)."""
    seat = question.seat
    prof, n = question.profession, question.chapter
    if action == DECLINE:
        events.append(public("ability_declined", seat=seat, profession=PROFESSION_NAMES[prof]))
        return
    threshold = action - LEVEL
    levels = LEVELS[prof]
    if levels[0].kind == "tax" and state.options["tax_collector_model"] == "single_scaled":
        index, level = 7, Level(0, "tax", vp=n)
    else:
        index = next(i for i, lv in enumerate(levels) if lv.threshold == threshold)
        level = levels[index]
    lv = prof * 8 + index
    events.append(public("level", seat=seat, profession=PROFESSION_NAMES[prof], level=threshold))
    kind = level.kind
    if kind == "robber":
        ask_target(state, seat, T_ROB, lv, events)
    elif kind == "scholar":  # GH-70 to GH-74: revealed to all, placed in forced mode
        cards = tuple(draw_cards(state, level.cards, events))
        events.append(public("revealed", seat=seat, cards=[CARD_NAMES[c] for c in cards]))
        queue_placements(state, seat, seat, True, cards, scholar=True)
    elif kind == "hunter":
        if level.give_chapter:
            state.stack.append(shared(HunterChapter, seat, lv))
        else:
            state.stack.append(HunterGive(seat, lv, level.cards, ()))
        events.append(private(seat, "discard_pile_revealed", cards=[CARD_NAMES[c] for c in reversed(state.discard)]))
    elif kind == "peddler":
        ask_target(state, seat, T_PED, lv, events)
    elif kind == "bricklayer":  # GH-91 to GH-97
        drawn = draw_cards(state, level.draw, events)
        to_hand(state, seat, drawn)
        events.append(public("drew", seat=seat, count=len(drawn)))
        events.append(private(seat, "drew_cards", cards=[CARD_NAMES[c] for c in drawn]))
        state.stack.append(shared(BricklayerPutBack, seat, level.put_back))
    else:  # tax, GH-98/GH-99: VP first, then the card
        tokens = state.tokens = state.tokens.copy()
        tokens[seat] += level.vp
        events.append(public("vp_gained", seat=seat, vp=level.vp, total=state.vp(seat)))
        state.stack.append(shared(TaxGive, seat))


def discard_draw(state: Position, question: DiscardDraw, action: int, events: list[Event]) -> None:
    """Q-DD1 (GH-37 to GH-39): select cards one by one, then `done` discards them and draws up to 6."""
    seat = question.seat
    if action != DONE:
        state.hands[seat].remove(action - CARD)
        state.selected.append(action - CARD)
        state.stack.append(question)
        events.append(private(seat, "selected", card=CARD_NAMES[action - CARD]))
        return
    discarded = discard_selection(state, seat, events)
    drawn = draw_cards(state, max(0, HAND_REFILL - len(state.hands[seat])), events)
    to_hand(state, seat, drawn)
    events.append(public("discard_draw", seat=seat, discarded=discarded, drew=len(drawn), move=state.last_move))
    if drawn:
        events.append(private(seat, "drew_cards", cards=[CARD_NAMES[c] for c in drawn]))


def buy(state: Position, question: Buy, action: int, events: list[Event]) -> None:
    """GH-43, GH-44: the row card chosen; its cost in completed chapters is asked next."""
    seat = question.seat
    slot = action - ROW
    state.stack.append(shared(Pay, seat, slot, PRESTIGE[state.row[slot]].cost))


def pay(state: Position, question: Pay, action: int, events: list[Event]) -> None:
    """GH-44, GH-D15, GH-D17: exactly `cost` completed chapters; the last one chosen names the top card."""
    seat = question.seat
    slot, left = question.slot, question.left
    if action >= PROF:  # the first of two chapters: it goes below
        prof = action - PROF
        discard_chapter(state, seat, prof, prof * COLOURS)
        state.stack.append(shared(Pay, seat, slot, left - 1))
        return
    card = action - CARD
    discard_chapter(state, seat, card // COLOURS, card)
    row = state.row = state.row.copy()
    ptype = row.pop(slot)
    state.owned[seat] = [*state.owned[seat], ptype]
    kind = PRESTIGE[ptype]
    events.append(
        public(
            "bought",
            seat=seat,
            prestige=kind.type_id,
            vp=kind.vp,
            paid_chapters=kind.cost,
            discard_top=CARD_NAMES[card],
            total=state.vp(seat),
        )
    )
    if state.prestige_deck:  # GH-46, GH-D14: refilled before the ability
        new = state.prestige_deck[-1]
        state.prestige_deck = state.prestige_deck[:-1]
        row.insert(slot, new)
        events.append(public("row_refilled", prestige=PRESTIGE[new].type_id))
    if kind.ability is None:
        return
    if legal.prestige_feasible(state, seat, ptype):
        state.stack.append(shared(UseAbility, seat, ptype))
    else:
        events.append(public("ability_unusable", seat=seat, prestige=kind.type_id))


def use_ability(state: Position, question: UseAbility, action: int, events: list[Event]) -> None:
    """GH-47, GH-102 to GH-110: the bought card's ability is used (drawn, extra actions, laid out, or its target
    asked) or declined."""
    seat = question.seat
    kind = PRESTIGE[question.prestige]
    if action == DECLINE:
        events.append(public("ability_declined", seat=seat, prestige=kind.type_id))
        return
    ability = kind.ability
    events.append(public("ability_used", seat=seat, prestige=kind.type_id))
    if ability == "draw":
        drawn = draw_cards(state, kind.n, events)
        to_hand(state, seat, drawn)
        events.append(public("drew", seat=seat, count=len(drawn)))
        events.append(private(seat, "drew_cards", cards=[CARD_NAMES[c] for c in drawn]))
    elif ability == "extra_actions":
        state.actions_left += kind.n
        events.append(public("extra_actions", seat=seat, added=kind.n, left=state.actions_left))
    elif ability == "hand_to_guildhall_any":
        state.stack.append(shared(LayOut, seat))
    else:
        purpose = {"take_chapter": T_TAKE_CHAPTER, "swap_1_for_2": T_SWAP, "take_card": T_TAKE_CARD}[str(ability)]
        ask_target(state, seat, purpose, 0, events)


def choose_target(state: Position, question: ChooseTarget, action: int, events: list[Event]) -> None:
    """GH-D13: the ability goes on against the chosen player (`on_target`)."""
    seat = question.seat
    on_target(state, seat, question.purpose, question.level, action - SEAT, events)


def ask_target(state: Position, seat: int, purpose: int, lv: int, events: list[Event]) -> None:
    """The player an ability acts on, among those it can be carried out against (GH-D13); asked only if there is
    a choice."""
    targets = [s for s in state.opponents(seat) if legal.target_ok(state, seat, s, purpose, lv)]
    if len(targets) == 1:
        on_target(state, seat, purpose, lv, targets[0], events)
    else:
        state.stack.append(shared(ChooseTarget, seat, purpose, lv))


def on_target(state: Position, seat: int, purpose: int, lv: int, target: int, events: list[Event]) -> None:
    events.append(public("target", seat=seat, target=target))
    if purpose == T_ROB:
        level = level_of(lv)
        if level.choose:  # GH-66/67, GH-69: the acting player alone sees the whole hand
            events.append(
                private(seat, "hand_revealed", target=target, cards=[CARD_NAMES[c] for c in state.hands[target]])
            )
            state.stack.append(shared(RobberPick, seat, target, level.cards))
        else:
            rob_random(state, seat, target, events)
    elif purpose == T_PED:
        level = level_of(lv)
        state.stack.append(PeddlerTake(seat, target, lv, 1 if level.give_chapter else level.cards, ()))
    elif purpose == T_TAKE_CHAPTER:
        state.stack.append(shared(TakeChapter, seat, target))
    elif purpose == T_SWAP:
        state.stack.append(shared(SwapGive, seat, target))
    else:
        state.stack.append(shared(TakeCard, seat, target))


def rob_random(state: Position, seat: int, target: int, events: list[Event]) -> None:
    """GH-65 with GH-D9: a random card of the target's hand (`legal_only`: among the placeable ones if any)."""
    hand = state.hands[target]
    masks = state.masks(seat)
    pool = hand
    if state.options["robber_random"] == "legal_only":
        pool = [card for card in hand if fz.legal_in(masks, card)] or hand
    card = pool[state.rng.below(len(pool))]
    hand.remove(card)
    events.append(public("robbed", seat=seat, target=target, card=CARD_NAMES[card]))
    place(state, seat, card, True, events, "robber")


# --- professions (GH-64 to GH-101) -----------------------------------------------------------------------------------
def robber_pick(state: Position, question: RobberPick, action: int, events: list[Event]) -> None:
    """GH-66/67, GH-D10: one card at a time; a card that cannot be placed (all identical) is discarded."""
    seat = question.seat
    victim, left = question.target, question.left
    card = action - CARD
    state.hands[victim].remove(card)
    if left > 1:
        state.stack.append(shared(RobberPick, seat, victim, left - 1))
    events.append(public("robbed", seat=seat, target=victim, card=CARD_NAMES[card]))
    place(state, seat, card, True, events, "robber")


def place_order(state: Position, question: PlaceOrder, action: int, events: list[Event]) -> None:
    """GH-63/GH-D11: the player picks the next card to place."""
    seat = question.seat
    owner, forced = question.owner, question.forced
    card = action - CARD
    rest = list(question.cards)
    rest.remove(card)
    queue_placements(state, seat, owner, forced, tuple(rest), scholar=False)
    place(state, owner, card, forced, events, "ability")


def place_queue(state: Position, question: PlaceQueue, events: list[Event]) -> None:
    """Step: the queued cards go in one after the other (GH-63, `place_in_order`)."""
    place_in_order(state, question.seat, question.owner, question.forced, question.cards, events)


def place_in_order(
    state: Position, seat: int, owner: int, forced: bool, cards: tuple[int, ...], events: list[Event]
) -> None:
    """GH-63: `cards` go into `owner`'s guildhall one after the other. A placement that raises a question (the cap,
    GH-53) is answered before the rest go in: they wait beneath it as a `PlaceQueue`, as if it had been pushed before
    that card was placed (the stack is what it would be; the record is built only when it is needed)."""
    stack = state.stack
    last = len(cards) - 1
    for index, card in enumerate(cards):
        height = len(stack)
        place(state, owner, card, forced, events, "ability")
        if len(stack) > height and index < last:
            stack.insert(height, PlaceQueue(seat, owner, forced, cards[index + 1 :]))
            return


def hunter_give(state: Position, question: HunterGive, action: int, events: list[Event]) -> None:
    """GH-77/78, GH-80 steps 2-3: outgoing cards leave the guildhall (asked before the takes, so that every take
    offered is legal against the guildhall as it will be, GH-D12)."""
    seat = question.seat
    lv, left = question.level, question.left
    card = action - CARD
    state.halls[seat * PROFESSIONS + card // COLOURS] &= ~(1 << card % COLOURS)
    given = (*question.cards, card)
    events.append(public("hunter_gives", seat=seat, card=CARD_NAMES[card]))
    if left > 1:
        state.stack.append(HunterGive(seat, lv, left - 1, given))
    else:
        hunter_outgoing(state, seat, level_of(lv).cards, given, events)


def hunter_chapter(state: Position, question: HunterChapter, action: int, events: list[Event]) -> None:
    """GH-79: a whole chapter (1-4 cards) goes out."""
    seat = question.seat
    prof = action - PROF
    index = seat * PROFESSIONS + prof
    mask = state.halls[index]
    state.halls[index] = 0
    given = tuple(prof * COLOURS + c for c in range(COLOURS) if mask >> c & 1)
    events.append(public("hunter_gives_chapter", seat=seat, cards=[CARD_NAMES[c] for c in given]))
    hunter_outgoing(state, seat, level_of(question.level).cards, given, events)


def hunter_outgoing(state: Position, seat: int, takes: int, given: tuple[int, ...], events: list[Event]) -> None:
    """GH-80 steps 4-5: the outgoing cards go on top of the pile (Q-H3: the player names the top card); the takes
    come only from the pile as it was (`base` cards from the bottom)."""
    state.stack.append(shared(HunterTake, seat, takes, len(state.discard)))
    if len(set(given)) > 1:
        state.stack.append(DiscardTop(seat, given))
    else:
        state.discard.extend(given)


def hunter_take(state: Position, question: HunterTake, action: int, events: list[Event]) -> None:
    """GH-80 step 6: each taken card is placed at once (chosen mode), in the order taken."""
    seat = question.seat
    left, base = question.left, question.base
    card = action - CARD
    pile = state.discard
    index = max(i for i in range(base) if pile[i] == card)
    del pile[index]
    if left > 1:
        state.stack.append(shared(HunterTake, seat, left - 1, base - 1))
    events.append(public("hunter_takes", seat=seat, card=CARD_NAMES[card]))
    place(state, seat, card, False, events, "hunter")


def peddler_take(state: Position, question: PeddlerTake, action: int, events: list[Event]) -> None:
    """GH-84 to GH-87 step 1: the cards (or the chapter) leave the target's guildhall."""
    seat = question.seat
    victim, lv, left = question.target, question.level, question.left
    base = victim * PROFESSIONS
    if action >= PROF:
        prof = action - PROF
        mask = state.halls[base + prof]
        state.halls[base + prof] = 0
        cards = tuple(prof * COLOURS + c for c in range(COLOURS) if mask >> c & 1)
    else:
        card = action - CARD
        state.halls[base + card // COLOURS] &= ~(1 << card % COLOURS)
        cards = (card,)
    taken = (*question.cards, *cards)
    events.append(public("peddler_takes", seat=seat, target=victim, cards=[CARD_NAMES[c] for c in cards]))
    level = level_of(lv)
    if left > 1:
        state.stack.append(PeddlerTake(seat, victim, lv, left - 1, taken))
    else:
        state.stack.append(PeddlerGive(seat, victim, level.cards, taken, level.extra_actions))


def peddler_give(state: Position, question: PeddlerGive, action: int, events: list[Event]) -> None:
    """GH-87 step 2: a hand card goes into the target's guildhall (it may complete their chapter, GH-50)."""
    seat = question.seat
    victim, left, taken, extra = question.target, question.left, question.cards, question.extra
    card = action - CARD
    state.hands[seat].remove(card)
    if left > 1:
        state.stack.append(PeddlerGive(seat, victim, left - 1, taken, extra))
    else:
        state.stack.append(PeddlerReceive(seat, taken, extra))
    events.append(public("peddler_gives", seat=seat, target=victim, card=CARD_NAMES[card]))
    place(state, victim, card, False, events, "peddler")


def peddler_receive(state: Position, question: PeddlerReceive, events: list[Event]) -> None:
    """Step, GH-87 steps 3-4: the taken cards go to hand, then +1 action (GH-D5: it must be taken)."""
    seat, extra = question.seat, question.extra
    to_hand(state, seat, list(question.cards))
    state.actions_left += extra
    events.append(public("extra_actions", seat=seat, added=extra, left=state.actions_left))


def put_back(state: Position, question: BricklayerPutBack, action: int, events: list[Event]) -> None:
    """GH-91, GH-95, GH-D20: each card goes on top of the deck as it is chosen; only the count is public."""
    seat = question.seat
    card = action - CARD
    state.hands[seat].remove(card)
    state.deck.append(card)
    known = [0] * state.num_players  # GH-D20: what the others knew is covered
    known[seat] = min(state.known[seat] + 1, len(state.deck))
    state.known = known
    events.append(public("put_back", seat=seat, count=1))
    events.append(private(seat, "put_back_card", card=CARD_NAMES[card]))
    if question.left > 1:
        state.stack.append(shared(BricklayerPutBack, seat, question.left - 1))


def tax_give(state: Position, question: TaxGive, action: int, events: list[Event]) -> None:
    """Q-X2 (GH-98, GH-101): the guildhall card to give away; its receiver is asked only if several can take
    it."""
    seat = question.seat
    card = action - CARD
    targets = legal.tax_targets(state, seat, card)
    if len(targets) == 1:
        tax_move(state, seat, card, targets[0], events)
    else:
        state.stack.append(shared(TaxTarget, seat, card))


def tax_target(state: Position, question: TaxTarget, action: int, events: list[Event]) -> None:
    """GH-101: the chosen player receives the card (`tax_move`)."""
    seat = question.seat
    tax_move(state, seat, question.card, action - SEAT, events)


def tax_move(state: Position, seat: int, card: int, victim: int, events: list[Event]) -> None:
    state.halls[seat * PROFESSIONS + card // COLOURS] &= ~(1 << card % COLOURS)
    events.append(public("tax_gives", seat=seat, target=victim, card=CARD_NAMES[card]))
    place(state, victim, card, False, events, "tax_collector")


# --- prestige abilities ----------------------------------------------------------------------------------------------
def take_chapter(state: Position, question: TakeChapter, action: int, events: list[Event]) -> None:
    """GH-102, GH-58: the whole chapter joins mine; it may complete it (GH-49)."""
    seat = question.seat
    victim, prof = question.target, action - PROF
    mask = state.halls[victim * PROFESSIONS + prof]
    state.halls[victim * PROFESSIONS + prof] = 0
    cards = [prof * COLOURS + c for c in range(COLOURS) if mask >> c & 1]
    events.append(public("chapter_taken", seat=seat, target=victim, cards=[CARD_NAMES[c] for c in cards]))
    for card in cards:  # disjoint colours, so only the last card can complete the chapter: the order is moot
        place(state, seat, card, False, events, "prestige")


def swap_give(state: Position, question: SwapGive, action: int, events: list[Event]) -> None:
    """GH-103: the card to give is noted; the two to take are asked next (it leaves only once they are chosen)."""
    seat = question.seat
    state.stack.append(SwapTake(seat, question.target, action - CARD, ()))


def swap_take(state: Position, question: SwapTake, action: int, events: list[Event]) -> None:
    """GH-103, GH-D12: both outgoing sets leave first, then my card goes to them and theirs come to me."""
    seat = question.seat
    victim, give = question.target, question.give
    taken = (*question.taken, action - CARD)
    if len(taken) < 2:
        state.stack.append(SwapTake(seat, victim, give, taken))
        return
    halls = state.halls
    halls[seat * PROFESSIONS + give // COLOURS] &= ~(1 << give % COLOURS)
    for card in taken:
        halls[victim * PROFESSIONS + card // COLOURS] &= ~(1 << card % COLOURS)
    events.append(
        public("swapped", seat=seat, target=victim, gave=CARD_NAMES[give], took=[CARD_NAMES[c] for c in taken])
    )
    queue_placements(state, seat, seat, False, taken, scholar=False)
    place(state, victim, give, False, events, "swap")


def take_card(state: Position, question: TakeCard, action: int, events: list[Event]) -> None:
    """GH-106: the card moves from the target's guildhall into mine (chosen mode)."""
    seat = question.seat
    victim, card = question.target, action - CARD
    state.halls[victim * PROFESSIONS + card // COLOURS] &= ~(1 << card % COLOURS)
    events.append(public("card_taken", seat=seat, target=victim, card=CARD_NAMES[card]))
    place(state, seat, card, False, events, "prestige")


def lay_out(state: Position, question: LayOut, action: int, events: list[Event]) -> None:
    """GH-104: any number of hand cards, one at a time, each legal when placed; `done` ends it."""
    seat = question.seat
    if action == DONE:
        return
    card = action - CARD
    state.hands[seat].remove(card)
    state.stack.append(shared(LayOut, seat))
    place(state, seat, card, False, events, "lay_out")


# --- discards --------------------------------------------------------------------------------------------------------
def cap_discard(state: Position, question: CapDiscard, action: int, events: list[Event]) -> None:
    """GH-53, GH-D16: the owner discards a completed chapter of their choice, naming the top card."""
    seat = question.seat
    card = action - CARD
    discard_chapter(state, seat, card // COLOURS, card)
    events.append(public("cap_discard", seat=seat, completed=len(state.completed[seat]), discard_top=CARD_NAMES[card]))
    if len(state.completed[seat]) > 3:
        state.stack.append(shared(CapDiscard, seat))


def discard_top(state: Position, question: DiscardTop, action: int, events: list[Event]) -> None:
    """GH-D17: public cards discarded together; the player names the one on top."""
    seat = question.seat
    cards = list(question.cards)
    discard_with_top(state, cards, action - CARD)
    events.append(public("discarded", seat=seat, cards=[CARD_NAMES[c] for c in cards], top=CARD_NAMES[action - CARD]))


# --- end of turn (GH-111 to GH-116) ----------------------------------------------------------------------------------
def end_turn(state: Position, question: EndTurn, events: list[Event]) -> None:
    """Step, GH-111: the action area moves into the guildhall (forced); duplicates are discarded first (GH-61)."""
    seat = question.seat
    area = state.areas[seat]
    state.areas[seat] = []
    masks = state.masks(seat)
    duplicates = tuple(card for card in area if not fz.legal_in(masks, card))
    rest = tuple(card for card in area if fz.legal_in(masks, card))
    state.stack.append(FINISH_TURN_BY_SEAT[seat])
    if len(duplicates) > 1:  # the player names the top one first; the rest wait beneath that question
        if rest:
            state.stack.append(PlaceQueue(seat, seat, True, rest))
        state.stack.append(DiscardTop(seat, duplicates))
        return
    if duplicates:
        state.discard.append(duplicates[0])
        events.append(public("duplicate_discarded", seat=seat, card=CARD_NAMES[duplicates[0]], source="action_area"))
    place_in_order(state, seat, seat, True, rest, events)  # what the PlaceQueue would do, run at once


def finish_turn(state: Position, question: FinishTurn, events: list[Event]) -> None:
    """Step, GH-112 to GH-114: only the active player is checked, at the end of their own turn."""
    seat = question.seat
    vp = state.vp(seat)
    if vp >= WIN_VP:
        state.winner_seats = [seat]
        events.append(public("game_end", winner=seat, vp=vp, scores=state.scores(), reason="GH-113"))
        return
    limit = state.options["max_turns"]
    if limit and state.turn >= limit:  # GH-D22: a simulation limit, not a rule
        scores = [state.vp(s) for s in range(state.num_players)]
        best = max(scores)
        state.winner_seats = [s for s, v in enumerate(scores) if v == best]
        events.append(public("game_end", winners=state.winner_seats, scores=state.scores(), reason="max_turns"))
        return
    start_turn(state, (seat + 1) % state.num_players, events)

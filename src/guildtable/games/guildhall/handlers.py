"""What each answer does (the questions of Appendix A), and the engine's bookkeeping steps.

Each handler receives the popped stack entry and a legal answer. The rule for interruptions: a handler pushes its
continuation FIRST and places cards LAST, so that a completed-chapter cap question raised by the placement (GH-53)
sits on top and is answered before anything else resolves.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from guildtable.games.guildhall import feasibility as fz
from guildtable.games.guildhall import legality
from guildtable.games.guildhall.actions import CARD, DECLINE, DISCARD_DRAW, DONE, LEVEL, PLAY, PROF, ROW, SEAT
from guildtable.games.guildhall.content import CARD_NAMES, COLOURS, PROFESSION_NAMES, PROFESSIONS, Level
from guildtable.games.guildhall.events import private, public
from guildtable.games.guildhall.questions import (
    ACTION,
    BRICK_PUT,
    BUY_CARD,
    CAP_DISCARD,
    CHOOSE_LEVEL,
    DD_SELECT,
    END_TURN,
    FINISH_TURN,
    HAND_REFILL,
    HUNT_CHAPTER,
    HUNT_GIVE,
    HUNT_TAKE,
    LAYOUT,
    LEVELS,
    NEXT_ACTION,
    PAY,
    PED_GIVE,
    PED_RECEIVE,
    PED_TAKE,
    PLACE_NEXT,
    PLACE_QUEUE,
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
    T_TAKE_CARD,
    T_TAKE_CHAPTER,
    TAKE_CARD,
    TARGET,
    TAX_GIVE,
    TAX_TARGET,
    TC_CHAPTER,
    TOP,
    USE_ABILITY,
    WIN_VP,
    level_of,
)
from guildtable.games.guildhall.state import Position
from guildtable.kernel.events import Event

if TYPE_CHECKING:
    Entry = tuple[Any, ...]

Handler = Callable[[Position, "Entry", int, int, list[Event]], None]
AutoHandler = Callable[[Position, "Entry", list[Event]], None]


# --- setup (GH-16) ---------------------------------------------------------------------------------------------------
def setup_discard(state: Position, entry: Entry, seat: int, action: int, events: list[Event]) -> None:
    """Q-SP1: pick hand cards to discard one by one (hidden), then `done` discards them and refills to 9."""
    if action != DONE:
        state.hands[seat].remove(action - CARD)
        state.selected.append(action - CARD)
        state.stack.append(entry)
        events.append(private(seat, "selected", card=CARD_NAMES[action - CARD]))
        return
    discarded = discard_selection(state, seat, events)
    drawn = state.draw_cards(SETUP_HAND - len(state.hands[seat]), events)
    state.to_hand(seat, drawn)
    events.append(public("setup_redraw", seat=seat, discarded=discarded, drew=len(drawn), move=state.last_move))
    if drawn:
        events.append(private(seat, "drew_cards", cards=[CARD_NAMES[c] for c in drawn]))
    state.stack.append((SP_PLACE, seat, 0))


def discard_selection(state: Position, seat: int, events: list[Event]) -> int:
    """GH-D17/GH-D18: the selected hand cards go face up, the last selected on top; only the top is announced."""
    cards = state.selected
    state.selected = []
    if cards:
        state.discard.extend(cards)
        events.append(public("discarded_from_hand", seat=seat, count=len(cards), top=CARD_NAMES[cards[-1]]))
    return len(cards)


def setup_place(state: Position, entry: Entry, seat: int, action: int, events: list[Event]) -> None:
    """Q-SP2: three pairwise non-identical cards into the guildhall, public at once (GH-17)."""
    card = action - CARD
    state.hands[seat].remove(card)
    state.place(seat, card, False, events, "setup")
    if entry[2] + 1 < SETUP_PLACE:
        state.stack.append((SP_PLACE, seat, entry[2] + 1))
        return
    state.prepared += 1
    if state.prepared < state.num_players:
        state.stack.append((SP_DISCARD, (seat + 1) % state.num_players))
    else:  # GH-18
        state.start_turn(state.start_player, events)


# --- the turn (GH-23 to GH-28) ---------------------------------------------------------------------------------------
def next_action(state: Position, entry: Entry, events: list[Event]) -> None:
    seat = entry[1]
    if state.actions_left > 0:
        state.actions_left -= 1
        state.stack.append((ACTION, seat))
    else:
        state.stack.append((END_TURN, seat))


def choose_action(state: Position, entry: Entry, seat: int, action: int, events: list[Event]) -> None:
    state.stack.append((NEXT_ACTION, seat))
    if action < PROF:  # a card: played at once (Q-T1 and Q-P1 in one answer)
        play_card(state, entry, seat, action, events)
    elif action == PLAY:
        state.stack.append((PLAY_CARD, seat))
    elif action == DISCARD_DRAW:
        state.stack.append((DD_SELECT, seat))
    else:
        state.stack.append((BUY_CARD, seat))


def play_card(state: Position, entry: Entry, seat: int, action: int, events: list[Event]) -> None:
    """GH-29 to GH-31: the card goes to the action area; n counts its chapter in the guildhall."""
    card = action - CARD
    prof = card // COLOURS
    state.hands[seat].remove(card)
    state.areas[seat].append(card)
    state.played |= 1 << prof
    n = bin(state.halls[seat * PROFESSIONS + prof]).count("1")
    events.append(public("played", seat=seat, card=CARD_NAMES[card], chapter=n, move=state.last_move))
    state.stack.append((CHOOSE_LEVEL, seat, prof, n))


def choose_level(state: Position, entry: Entry, seat: int, action: int, events: list[Event]) -> None:
    """GH-32: one available level, or decline (GH-D6)."""
    prof, n = entry[2], entry[3]
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
        cards = tuple(state.draw_cards(level.cards, events))
        events.append(public("revealed", seat=seat, cards=[CARD_NAMES[c] for c in cards]))
        state.queue_placements(seat, seat, True, cards, scholar=True)
    elif kind == "hunter":
        if level.give_chapter:
            state.stack.append((HUNT_CHAPTER, seat, lv))
        else:
            state.stack.append((HUNT_GIVE, seat, lv, level.cards, ()))
        events.append(private(seat, "discard_pile_revealed", cards=[CARD_NAMES[c] for c in reversed(state.discard)]))
    elif kind == "peddler":
        ask_target(state, seat, T_PED, lv, events)
    elif kind == "bricklayer":  # GH-91 to GH-97
        drawn = state.draw_cards(level.draw, events)
        state.to_hand(seat, drawn)
        events.append(public("drew", seat=seat, count=len(drawn)))
        events.append(private(seat, "drew_cards", cards=[CARD_NAMES[c] for c in drawn]))
        state.stack.append((BRICK_PUT, seat, level.put_back))
    else:  # tax, GH-98/GH-99: VP first, then the card
        state.tokens[seat] += level.vp
        events.append(public("vp_gained", seat=seat, vp=level.vp, total=state.vp(seat)))
        state.stack.append((TAX_GIVE, seat))


def discard_draw(state: Position, entry: Entry, seat: int, action: int, events: list[Event]) -> None:
    """Q-DD1 (GH-37 to GH-39): select cards one by one, then `done` discards them and draws up to 6."""
    if action != DONE:
        state.hands[seat].remove(action - CARD)
        state.selected.append(action - CARD)
        state.stack.append(entry)
        events.append(private(seat, "selected", card=CARD_NAMES[action - CARD]))
        return
    discarded = discard_selection(state, seat, events)
    drawn = state.draw_cards(max(0, HAND_REFILL - len(state.hands[seat])), events)
    state.to_hand(seat, drawn)
    events.append(public("discard_draw", seat=seat, discarded=discarded, drew=len(drawn), move=state.last_move))
    if drawn:
        events.append(private(seat, "drew_cards", cards=[CARD_NAMES[c] for c in drawn]))


def buy_card(state: Position, entry: Entry, seat: int, action: int, events: list[Event]) -> None:
    slot = action - ROW
    state.stack.append((PAY, seat, slot, PRESTIGE[state.row[slot]].cost))


def pay(state: Position, entry: Entry, seat: int, action: int, events: list[Event]) -> None:
    """GH-44, GH-D15, GH-D17: exactly `cost` completed chapters; the last one chosen names the top card."""
    slot, left = entry[2], entry[3]
    if action >= PROF:  # the first of two chapters: it goes below
        prof = action - PROF
        state.discard_chapter(seat, prof, prof * COLOURS)
        state.stack.append((PAY, seat, slot, left - 1))
        return
    card = action - CARD
    state.discard_chapter(seat, card // COLOURS, card)
    ptype = state.row.pop(slot)
    state.owned[seat].append(ptype)
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
        new = state.prestige_deck.pop()
        state.row.insert(slot, new)
        events.append(public("row_refilled", prestige=PRESTIGE[new].type_id))
    if kind.ability is None:
        return
    if legality.prestige_feasible(state, seat, ptype):
        state.stack.append((USE_ABILITY, seat, ptype))
    else:
        events.append(public("ability_unusable", seat=seat, prestige=kind.type_id))


def use_ability(state: Position, entry: Entry, seat: int, action: int, events: list[Event]) -> None:
    """GH-47, GH-102 to GH-110."""
    kind = PRESTIGE[entry[2]]
    if action == DECLINE:
        events.append(public("ability_declined", seat=seat, prestige=kind.type_id))
        return
    ability = kind.ability
    events.append(public("ability_used", seat=seat, prestige=kind.type_id))
    if ability == "draw":
        drawn = state.draw_cards(kind.n, events)
        state.to_hand(seat, drawn)
        events.append(public("drew", seat=seat, count=len(drawn)))
        events.append(private(seat, "drew_cards", cards=[CARD_NAMES[c] for c in drawn]))
    elif ability == "extra_actions":
        state.actions_left += kind.n
        events.append(public("extra_actions", seat=seat, added=kind.n, left=state.actions_left))
    elif ability == "hand_to_guildhall_any":
        state.stack.append((LAYOUT, seat))
    else:
        purpose = {"take_chapter": T_TAKE_CHAPTER, "swap_1_for_2": T_SWAP, "take_card": T_TAKE_CARD}[str(ability)]
        ask_target(state, seat, purpose, 0, events)


def target(state: Position, entry: Entry, seat: int, action: int, events: list[Event]) -> None:
    on_target(state, seat, entry[2], entry[3], action - SEAT, events)


def ask_target(state: Position, seat: int, purpose: int, lv: int, events: list[Event]) -> None:
    """The player an ability acts on, among those it can be carried out against (GH-D13); asked only if there is
    a choice."""
    targets = [s for s in state.opponents(seat) if legality.target_ok(state, seat, s, purpose, lv)]
    if len(targets) == 1:
        on_target(state, seat, purpose, lv, targets[0], events)
    else:
        state.stack.append((TARGET, seat, purpose, lv))


def on_target(state: Position, seat: int, purpose: int, lv: int, target: int, events: list[Event]) -> None:
    events.append(public("target", seat=seat, target=target))
    if purpose == T_ROB:
        level = level_of(lv)
        if level.choose:  # GH-66/67, GH-69: the acting player alone sees the whole hand
            events.append(
                private(seat, "hand_revealed", target=target, cards=[CARD_NAMES[c] for c in state.hands[target]])
            )
            state.stack.append((ROB_PICK, seat, target, level.cards))
        else:
            rob_random(state, seat, target, events)
    elif purpose == T_PED:
        level = level_of(lv)
        state.stack.append((PED_TAKE, seat, target, lv, 1 if level.give_chapter else level.cards, ()))
    elif purpose == T_TAKE_CHAPTER:
        state.stack.append((TC_CHAPTER, seat, target))
    elif purpose == T_SWAP:
        state.stack.append((SW_GIVE, seat, target))
    else:
        state.stack.append((TAKE_CARD, seat, target))


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
    state.place(seat, card, True, events, "robber")


# --- professions (GH-64 to GH-101) -----------------------------------------------------------------------------------
def robber_pick(state: Position, entry: Entry, seat: int, action: int, events: list[Event]) -> None:
    """GH-66/67, GH-D10: one card at a time; a card that cannot be placed (all identical) is discarded."""
    victim, left = entry[2], entry[3]
    card = action - CARD
    state.hands[victim].remove(card)
    if left > 1:
        state.stack.append((ROB_PICK, seat, victim, left - 1))
    events.append(public("robbed", seat=seat, target=victim, card=CARD_NAMES[card]))
    state.place(seat, card, True, events, "robber")


def place_next(state: Position, entry: Entry, seat: int, action: int, events: list[Event]) -> None:
    """GH-63/GH-D11: the player picks the next card to place."""
    _, _, owner, forced, cards = entry
    card = action - CARD
    rest = list(cards)
    rest.remove(card)
    state.queue_placements(seat, owner, forced, tuple(rest), scholar=False)
    state.place(owner, card, forced, events, "ability")


def place_queue(state: Position, entry: Entry, events: list[Event]) -> None:
    _, seat, owner, forced, cards = entry
    if len(cards) > 1:
        state.stack.append((PLACE_QUEUE, seat, owner, forced, cards[1:]))
    state.place(owner, cards[0], forced, events, "ability")


def hunter_give(state: Position, entry: Entry, seat: int, action: int, events: list[Event]) -> None:
    """GH-77/78, GH-80 steps 2-3: outgoing cards leave the guildhall (asked before the takes, so that every take
    offered is legal against the guildhall as it will be, GH-D12)."""
    _, _, lv, left, given = entry
    card = action - CARD
    state.halls[seat * PROFESSIONS + card // COLOURS] &= ~(1 << card % COLOURS)
    given = (*given, card)
    events.append(public("hunter_gives", seat=seat, card=CARD_NAMES[card]))
    if left > 1:
        state.stack.append((HUNT_GIVE, seat, lv, left - 1, given))
    else:
        hunter_outgoing(state, seat, level_of(lv).cards, given, events)


def hunter_chapter(state: Position, entry: Entry, seat: int, action: int, events: list[Event]) -> None:
    """GH-79: a whole chapter (1-4 cards) goes out."""
    prof = action - PROF
    index = seat * PROFESSIONS + prof
    mask = state.halls[index]
    state.halls[index] = 0
    given = tuple(prof * COLOURS + c for c in range(COLOURS) if mask >> c & 1)
    events.append(public("hunter_gives_chapter", seat=seat, cards=[CARD_NAMES[c] for c in given]))
    hunter_outgoing(state, seat, level_of(entry[2]).cards, given, events)


def hunter_outgoing(state: Position, seat: int, takes: int, given: tuple[int, ...], events: list[Event]) -> None:
    """GH-80 steps 4-5: the outgoing cards go on top of the pile (Q-H3: the player names the top card); the takes
    come only from the pile as it was (`base` cards from the bottom)."""
    state.stack.append((HUNT_TAKE, seat, takes, len(state.discard)))
    if len(set(given)) > 1:
        state.stack.append((TOP, seat, given))
    else:
        state.discard.extend(given)


def hunter_take(state: Position, entry: Entry, seat: int, action: int, events: list[Event]) -> None:
    """GH-80 step 6: each taken card is placed at once (chosen mode), in the order taken."""
    _, _, left, base = entry
    card = action - CARD
    pile = state.discard
    index = max(i for i in range(base) if pile[i] == card)
    del pile[index]
    if left > 1:
        state.stack.append((HUNT_TAKE, seat, left - 1, base - 1))
    events.append(public("hunter_takes", seat=seat, card=CARD_NAMES[card]))
    state.place(seat, card, False, events, "hunter")


def peddler_take(state: Position, entry: Entry, seat: int, action: int, events: list[Event]) -> None:
    """GH-84 to GH-87 step 1: the cards (or the chapter) leave the target's guildhall."""
    _, _, victim, lv, left, taken = entry
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
    taken = (*taken, *cards)
    events.append(public("peddler_takes", seat=seat, target=victim, cards=[CARD_NAMES[c] for c in cards]))
    level = level_of(lv)
    if left > 1:
        state.stack.append((PED_TAKE, seat, victim, lv, left - 1, taken))
    else:
        state.stack.append((PED_GIVE, seat, victim, level.cards, taken, level.extra_actions))


def peddler_give(state: Position, entry: Entry, seat: int, action: int, events: list[Event]) -> None:
    """GH-87 step 2: a hand card goes into the target's guildhall (it may complete their chapter, GH-50)."""
    _, _, victim, left, taken, extra = entry
    card = action - CARD
    state.hands[seat].remove(card)
    if left > 1:
        state.stack.append((PED_GIVE, seat, victim, left - 1, taken, extra))
    else:
        state.stack.append((PED_RECEIVE, seat, taken, extra))
    events.append(public("peddler_gives", seat=seat, target=victim, card=CARD_NAMES[card]))
    state.place(victim, card, False, events, "peddler")


def peddler_receive(state: Position, entry: Entry, events: list[Event]) -> None:
    """GH-87 steps 3-4: the taken cards go to hand, then +1 action (GH-D5: it must be taken)."""
    _, seat, taken, extra = entry
    state.to_hand(seat, list(taken))
    state.actions_left += extra
    events.append(public("extra_actions", seat=seat, added=extra, left=state.actions_left))


def brick_put(state: Position, entry: Entry, seat: int, action: int, events: list[Event]) -> None:
    """GH-91, GH-95, GH-D20: each card goes on top of the deck as it is chosen; only the count is public."""
    card = action - CARD
    state.hands[seat].remove(card)
    state.deck.append(card)
    for other in range(state.num_players):
        state.known[other] = 0 if other != seat else state.known[other]
    state.known[seat] = min(state.known[seat] + 1, len(state.deck))
    events.append(public("put_back", seat=seat, count=1))
    events.append(private(seat, "put_back_card", card=CARD_NAMES[card]))
    if entry[2] > 1:
        state.stack.append((BRICK_PUT, seat, entry[2] - 1))


def tax_give(state: Position, entry: Entry, seat: int, action: int, events: list[Event]) -> None:
    """Q-X2: the guildhall card to give away (GH-101)."""
    card = action - CARD
    targets = legality.tax_targets(state, seat, card)
    if len(targets) == 1:
        tax_move(state, seat, card, targets[0], events)
    else:
        state.stack.append((TAX_TARGET, seat, card))


def tax_target(state: Position, entry: Entry, seat: int, action: int, events: list[Event]) -> None:
    tax_move(state, seat, entry[2], action - SEAT, events)


def tax_move(state: Position, seat: int, card: int, victim: int, events: list[Event]) -> None:
    state.halls[seat * PROFESSIONS + card // COLOURS] &= ~(1 << card % COLOURS)
    events.append(public("tax_gives", seat=seat, target=victim, card=CARD_NAMES[card]))
    state.place(victim, card, False, events, "tax_collector")


# --- prestige abilities ----------------------------------------------------------------------------------------------
def take_chapter(state: Position, entry: Entry, seat: int, action: int, events: list[Event]) -> None:
    """GH-102, GH-58: the whole chapter joins mine; it may complete it (GH-49)."""
    victim, prof = entry[2], action - PROF
    mask = state.halls[victim * PROFESSIONS + prof]
    state.halls[victim * PROFESSIONS + prof] = 0
    cards = [prof * COLOURS + c for c in range(COLOURS) if mask >> c & 1]
    events.append(public("chapter_taken", seat=seat, target=victim, cards=[CARD_NAMES[c] for c in cards]))
    for card in cards:  # disjoint colours, so only the last card can complete the chapter: the order is moot
        state.place(seat, card, False, events, "prestige")


def swap_give(state: Position, entry: Entry, seat: int, action: int, events: list[Event]) -> None:
    state.stack.append((SW_TAKE, seat, entry[2], action - CARD, ()))


def swap_take(state: Position, entry: Entry, seat: int, action: int, events: list[Event]) -> None:
    """GH-103, GH-D12: both outgoing sets leave first, then my card goes to them and theirs come to me."""
    _, _, victim, give, taken = entry
    taken = (*taken, action - CARD)
    if len(taken) < 2:
        state.stack.append((SW_TAKE, seat, victim, give, taken))
        return
    halls = state.halls
    halls[seat * PROFESSIONS + give // COLOURS] &= ~(1 << give % COLOURS)
    for card in taken:
        halls[victim * PROFESSIONS + card // COLOURS] &= ~(1 << card % COLOURS)
    events.append(
        public("swapped", seat=seat, target=victim, gave=CARD_NAMES[give], took=[CARD_NAMES[c] for c in taken])
    )
    state.queue_placements(seat, seat, False, taken, scholar=False)
    state.place(victim, give, False, events, "swap")


def take_card(state: Position, entry: Entry, seat: int, action: int, events: list[Event]) -> None:
    """GH-106."""
    victim, card = entry[2], action - CARD
    state.halls[victim * PROFESSIONS + card // COLOURS] &= ~(1 << card % COLOURS)
    events.append(public("card_taken", seat=seat, target=victim, card=CARD_NAMES[card]))
    state.place(seat, card, False, events, "prestige")


def layout(state: Position, entry: Entry, seat: int, action: int, events: list[Event]) -> None:
    """GH-104: any number of hand cards, one at a time, each legal when placed; `done` ends it."""
    if action == DONE:
        return
    card = action - CARD
    state.hands[seat].remove(card)
    state.stack.append((LAYOUT, seat))
    state.place(seat, card, False, events, "lay_out")


# --- discards --------------------------------------------------------------------------------------------------------
def cap_discard(state: Position, entry: Entry, seat: int, action: int, events: list[Event]) -> None:
    """GH-53, GH-D16: the owner discards a completed chapter of their choice, naming the top card."""
    card = action - CARD
    state.discard_chapter(seat, card // COLOURS, card)
    events.append(public("cap_discard", seat=seat, completed=len(state.completed[seat]), discard_top=CARD_NAMES[card]))
    if len(state.completed[seat]) > 3:
        state.stack.append((CAP_DISCARD, seat))


def top(state: Position, entry: Entry, seat: int, action: int, events: list[Event]) -> None:
    """GH-D17: public cards discarded together; the player names the one on top."""
    cards = list(entry[2])
    state.discard_with_top(cards, action - CARD)
    events.append(public("discarded", seat=seat, cards=[CARD_NAMES[c] for c in cards], top=CARD_NAMES[action - CARD]))


# --- end of turn (GH-111 to GH-116) ----------------------------------------------------------------------------------
def end_turn(state: Position, entry: Entry, events: list[Event]) -> None:
    """GH-111: the action area moves into the guildhall (forced); duplicates are discarded first (GH-61)."""
    seat = entry[1]
    area = state.areas[seat]
    state.areas[seat] = []
    masks = state.masks(seat)
    duplicates = tuple(card for card in area if not fz.legal_in(masks, card))
    rest = tuple(card for card in area if fz.legal_in(masks, card))
    state.stack.append((FINISH_TURN, seat))
    if rest:
        state.stack.append((PLACE_QUEUE, seat, seat, True, rest))
    if len(duplicates) > 1:
        state.stack.append((TOP, seat, duplicates))
    elif duplicates:
        state.discard.append(duplicates[0])
        events.append(public("duplicate_discarded", seat=seat, card=CARD_NAMES[duplicates[0]], source="action_area"))


def finish_turn(state: Position, entry: Entry, events: list[Event]) -> None:
    """GH-112 to GH-114: only the active player is checked, at the end of their own turn."""
    seat = entry[1]
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
    state.start_turn((seat + 1) % state.num_players, events)


HANDLERS: dict[int, Handler] = {
    SP_DISCARD: setup_discard,
    SP_PLACE: setup_place,
    ACTION: choose_action,
    PLAY_CARD: play_card,
    CHOOSE_LEVEL: choose_level,
    DD_SELECT: discard_draw,
    BUY_CARD: buy_card,
    PAY: pay,
    USE_ABILITY: use_ability,
    TARGET: target,
    ROB_PICK: robber_pick,
    PLACE_NEXT: place_next,
    HUNT_GIVE: hunter_give,
    HUNT_CHAPTER: hunter_chapter,
    HUNT_TAKE: hunter_take,
    PED_TAKE: peddler_take,
    PED_GIVE: peddler_give,
    BRICK_PUT: brick_put,
    TAX_GIVE: tax_give,
    TAX_TARGET: tax_target,
    TC_CHAPTER: take_chapter,
    SW_GIVE: swap_give,
    SW_TAKE: swap_take,
    TAKE_CARD: take_card,
    LAYOUT: layout,
    CAP_DISCARD: cap_discard,
    TOP: top,
}
AUTO_HANDLERS: dict[int, AutoHandler] = {
    NEXT_ACTION: next_action,
    END_TURN: end_turn,
    FINISH_TURN: finish_turn,
    PLACE_QUEUE: place_queue,
    PED_RECEIVE: peddler_receive,
}

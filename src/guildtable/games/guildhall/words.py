"""The open question and every answer to it in a player's words (`State.prompt`, `State.action_label`): what a
newcomer reads above the buttons and on them. Never notation, rule IDs or ids; players by the names given (display
names at a table, the seat names by default).

One prompt function and one label function per question kind; `rules.HANDLERS` names them for each kind and the
kernel's `StackState` calls those of the question on top (`over` once the game is over). Only for people: nothing here
is called while legal answers are computed or applied.
"""

from __future__ import annotations

from collections.abc import Sequence

from guildtable.games.guildhall.actions import BUY, DECLINE, DISCARD_DRAW, DONE, LEVEL, PLAY, PROF, ROW, SEAT, USE
from guildtable.games.guildhall.content import (
    CARD_NAMES,
    COLOUR_NAMES,
    COLOURS,
    LEVELS,
    PRESTIGE,
    PROFESSION_NAMES,
    Level,
    level_of,
)
from guildtable.games.guildhall.glossary import (
    card_word,
    chapters,
    colour_word,
    level_text,
    lower_first,
    plural,
    prestige_text,
    profession_word,
)
from guildtable.games.guildhall.questions import (
    CAP,
    HAND_REFILL,
    SETUP_HAND,
    SETUP_PLACE,
    T_PED,
    T_ROB,
    T_SWAP,
    T_TAKE_CHAPTER,
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
from guildtable.kernel.i18n import N_, domain

_ = domain("guildhall").gettext

# What choosing a target is for, by the purpose of a ChooseTarget question.
TARGET_QUESTION = {
    T_ROB: N_("Robber: choose the player whose hand you take from"),
    T_PED: N_("Peddler: choose the player to swap cards with"),
    T_TAKE_CHAPTER: N_("Choose the player to take a chapter from"),
    T_SWAP: N_("Choose the player to swap cards with"),
}
TARGET_ANSWER = {
    T_ROB: N_("Take from {name}'s hand"),
    T_PED: N_("Swap with {name}"),
    T_TAKE_CHAPTER: N_("Take a chapter from {name}"),
    T_SWAP: N_("Swap with {name}"),
}
TAKE_FROM = N_("Take from {name}")


def _names(state: Position, names: Sequence[str] | None) -> Sequence[str]:
    return names or state.game.seat_names


def level_lines(state: Position, prof: int, chapter: int) -> list[tuple[int, str]]:
    """Each level of profession `prof` as (threshold, what it does); under the single scaled Tax Collector (GH-D1)
    the one ability, worth as many VP as the chapter holds."""
    levels = LEVELS[prof]
    if levels[0].kind == "tax" and state.options["tax_collector_model"] == "single_scaled":
        return [(chapter, level_text(Level(0, "tax", vp=chapter)))]
    return [(level.threshold, level_text(level)) for level in levels]


def level_label(state: Position, question: ChooseLevel, threshold: int) -> str:
    """'Level 2: look at another player's hand and take 1 card of your choice into your guildhall'."""
    for level, text in level_lines(state, question.profession, question.chapter):
        if level == threshold:
            return _("Level {n}: {does}", n=threshold, does=lower_first(text))
    return _("Level {n}", n=threshold)


def over(state: Position, names: Sequence[str] | None = None) -> str:
    """The prompt once the game is over (GH-113)."""
    return _("The game is over")


def nothing_to_do() -> str:
    """An answer's label once the game is over (GH-113)."""
    return _("Nothing to do: the game is over")


# --- each question in words, one function per kind (`rules.HANDLERS`) ----------------------------------------------
def setup_discard_prompt(state: Position, question: SetupDiscard, names: Sequence[str] | None = None) -> str:
    """Q-SP1 (GH-16, GH-D17)."""
    return _(
        "Getting ready: discard the hand cards you don't want, one at a time (the last one ends on top of the "
        "discard pile), then choose Done to draw back up to {n} cards",
        n=SETUP_HAND,
    )


def setup_place_prompt(state: Position, question: SetupPlace, names: Sequence[str] | None = None) -> str:
    """Q-SP2 (GH-16, GH-17): which of the three cards this is."""
    return _(
        "Getting ready: put a card from your hand into your guildhall ({k} of {n}; no two identical cards)",
        k=question.placed + 1,
        n=SETUP_PLACE,
    )


def choose_action_prompt(state: Position, question: ChooseAction, names: Sequence[str] | None = None) -> str:
    """Q-T1 (GH-24): the three action types, and how many actions follow this one."""
    more = state.actions_left
    if not more:
        return _(
            "Choose an action: play a card, discard and draw, or buy a prestige card (this is your last action "
            "this turn)"
        )
    return _(
        "Choose an action: play a card, discard and draw, or buy a prestige card ({more} after this one)",
        more=plural(more, "more action"),
    )


def play_card_prompt(state: Position, question: PlayCard, names: Sequence[str] | None = None) -> str:
    """Q-P1 (GH-27, GH-29, GH-55)."""
    return _(
        "Play a card from your hand: one card of each profession per turn, and not one identical to a card "
        "face up in your guildhall"
    )


def choose_level_prompt(state: Position, question: ChooseLevel, names: Sequence[str] | None = None) -> str:
    """Q-P2 (GH-32, GH-D6): the profession played and the size of its chapter."""
    return _(
        "{profession} ({cards} in your chapter): choose how strongly to use it, or don't use it",
        profession=profession_word(PROFESSION_NAMES[question.profession]),
        cards=plural(question.chapter, "card"),
    )


def discard_draw_prompt(state: Position, question: DiscardDraw, names: Sequence[str] | None = None) -> str:
    """Q-DD1 (GH-37 to GH-39, GH-D4): with how many cards to discard at least when the hand holds more than 6."""
    hand = len(state.hands[question.seat])
    if state.options["discard_draw_caps_hand"] and hand > HAND_REFILL:
        return _(
            "Discard the cards you don't want, one at a time (you hold {hand}, so discard at least {least}); "
            "the last one ends on top. Then choose Done to draw up to {n} cards",
            hand=hand,
            least=hand - HAND_REFILL,
            n=HAND_REFILL,
        )
    return _(
        "Discard the cards you don't want, one at a time; the last one ends on top. Then choose Done to "
        "draw up to {n} cards",
        n=HAND_REFILL,
    )


def buy_prompt(state: Position, question: Buy, names: Sequence[str] | None = None) -> str:
    """Q-B1 (GH-43): with the completed chapters to pay with."""
    have = len(state.completed[question.seat])
    return _("Choose a prestige card to buy (you have {chapters} to pay with)", chapters=chapters(have))


def pay_prompt(state: Position, question: Pay, names: Sequence[str] | None = None) -> str:
    """Q-B2 (GH-44, GH-D17): the chapter underneath first, then the one named by its top card."""
    cost = PRESTIGE[state.row[question.slot]].cost
    if question.left == 2:
        return _("Pay 2 completed chapters: first choose the chapter that goes underneath on the discard pile")
    if cost == 2:
        return _("Pay the second chapter: choose it and which of its cards ends on top of the discard pile")
    return _("Pay a completed chapter: choose it and which of its cards ends on top of the discard pile")


def use_ability_prompt(state: Position, question: UseAbility, names: Sequence[str] | None = None) -> str:
    """Q-B3 (GH-47): what the bought card's ability does."""
    return _("Use your new prestige card now, or don't use it: {text}", text=prestige_text(question.prestige))


def choose_target_prompt(state: Position, question: ChooseTarget, names: Sequence[str] | None = None) -> str:
    """GH-D13: what the target is chosen for."""
    if question.purpose in TARGET_QUESTION:
        return _(TARGET_QUESTION[question.purpose])
    return _("Choose the player to take a card from")


def robber_pick_prompt(state: Position, question: RobberPick, names: Sequence[str] | None = None) -> str:
    """GH-66, GH-67, GH-D10."""
    return _(
        "Take a card from {name}'s hand into your guildhall ({n} to take); you must take one that can go into "
        "your guildhall if there is one",
        name=_names(state, names)[question.target],
        n=question.left,
    )


def place_order_prompt(state: Position, question: PlaceOrder, names: Sequence[str] | None = None) -> str:
    """GH-63, GH-D11: whose guildhall the cards go into."""
    if question.owner == question.seat:
        return _("Choose which card goes into your guildhall next")
    return _("Choose which card goes into {name}'s guildhall next", name=_names(state, names)[question.owner])


def hunter_give_prompt(state: Position, question: HunterGive, names: Sequence[str] | None = None) -> str:
    """GH-77, GH-78, GH-80."""
    return _("Hunter: choose a card of your guildhall to give up to the discard pile ({n} to give)", n=question.left)


def hunter_chapter_prompt(state: Position, question: HunterChapter, names: Sequence[str] | None = None) -> str:
    """GH-79."""
    return _("Hunter: choose a whole chapter of your guildhall to give up to the discard pile")


def hunter_take_prompt(state: Position, question: HunterTake, names: Sequence[str] | None = None) -> str:
    """GH-80 step 6."""
    return _("Hunter: take a card from the discard pile into your guildhall ({n} to take)", n=question.left)


def peddler_take_prompt(state: Position, question: PeddlerTake, names: Sequence[str] | None = None) -> str:
    """GH-84 to GH-87: a whole chapter at level 4, else cards."""
    who = _names(state, names)
    if level_of(question.level).give_chapter:
        return _("Peddler: take a whole chapter of {name}'s guildhall into your hand", name=who[question.target])
    return _(
        "Peddler: take a card of {name}'s guildhall into your hand ({n} to take)",
        name=who[question.target],
        n=question.left,
    )


def peddler_give_prompt(state: Position, question: PeddlerGive, names: Sequence[str] | None = None) -> str:
    """GH-87 step 2."""
    return _(
        "Peddler: give a card from your hand into {name}'s guildhall ({n} to give)",
        name=_names(state, names)[question.target],
        n=question.left,
    )


def put_back_prompt(state: Position, question: BricklayerPutBack, names: Sequence[str] | None = None) -> str:
    """GH-91."""
    return _(
        "Bricklayer: put a card from your hand back on top of the draw deck ({n} to put back; the last one ends "
        "on top)",
        n=question.left,
    )


def tax_give_prompt(state: Position, question: TaxGive, names: Sequence[str] | None = None) -> str:
    """Q-X2 (GH-98, GH-101)."""
    return _("Tax Collector: choose a card of your guildhall to give to another player")


def tax_target_prompt(state: Position, question: TaxTarget, names: Sequence[str] | None = None) -> str:
    """GH-101: the card being given."""
    return _("Tax Collector: who receives your {card}?", card=card_word(CARD_NAMES[question.card]))


def take_chapter_prompt(state: Position, question: TakeChapter, names: Sequence[str] | None = None) -> str:
    """GH-102."""
    return _("Take a whole chapter of {name}'s guildhall into yours", name=_names(state, names)[question.target])


def swap_give_prompt(state: Position, question: SwapGive, names: Sequence[str] | None = None) -> str:
    """GH-103."""
    return _("Swap: choose a card of your guildhall to give to {name}", name=_names(state, names)[question.target])


def swap_take_prompt(state: Position, question: SwapTake, names: Sequence[str] | None = None) -> str:
    """GH-103: how many of the two are still to take."""
    return _(
        "Swap: take a card of {name}'s guildhall into yours ({n} to take)",
        name=_names(state, names)[question.target],
        n=2 - len(question.taken),
    )


def take_card_prompt(state: Position, question: TakeCard, names: Sequence[str] | None = None) -> str:
    """GH-106."""
    return _("Take a card of {name}'s guildhall into yours", name=_names(state, names)[question.target])


def lay_out_prompt(state: Position, question: LayOut, names: Sequence[str] | None = None) -> str:
    """GH-104."""
    return _("Lay cards from your hand into your guildhall one at a time, then choose Done")


def cap_discard_prompt(state: Position, question: CapDiscard, names: Sequence[str] | None = None) -> str:
    """GH-53, GH-D16: how many completed chapters are held."""
    return _(
        "You have {have} completed chapters but may keep only {cap}: discard one, and choose which of its "
        "cards ends on top of the discard pile",
        have=len(state.completed[question.seat]),
        cap=CAP,
    )


def discard_top_prompt(state: Position, question: DiscardTop, names: Sequence[str] | None = None) -> str:
    """GH-D17."""
    return _("These cards go to the discard pile together: which one ends on top?")


# --- answers in words, one function per kind (`rules.HANDLERS`) ---------------------------------------------------
# A kind's label function words the answers it takes; every other answer (and an answer whose words do not depend on
# the question, such as a row card) is worded by `answer_label`.


def _chapter_top(card: int) -> str:
    """'your Peddler chapter (red card on top)'."""
    return _(
        "your {profession} chapter ({colour} card on top)",
        profession=profession_word(PROFESSION_NAMES[card // COLOURS]),
        colour=colour_word(COLOUR_NAMES[card % COLOURS]),
    )


def _buy_label(state: Position, slot: int) -> str:
    ptype = state.row[slot] if slot < len(state.row) else None
    if ptype is None:
        return _("Buy card {n} of the row", n=slot + 1)
    kind = PRESTIGE[ptype]
    cost = _("costs {chapters}", chapters=plural(kind.cost, "chapter"))
    if state.row.count(ptype) > 1:
        cost = _("{cost}, card {n} of the row", cost=cost, n=slot + 1)
    if kind.ability is None:
        return _("Buy a {vp} VP card without an ability ({cost})", vp=kind.vp, cost=cost)
    return _("Buy '{text}' ({vp} VP, {cost})", text=prestige_text(ptype).rstrip("."), vp=kind.vp, cost=cost)


def _card(action: int) -> str:
    return card_word(CARD_NAMES[action])


def _player(action: int, names: Sequence[str]) -> str:
    """The player a seat answer names."""
    return names[action - SEAT] if action - SEAT < len(names) else _("player {n}", n=action - SEAT + 1)


def answer_label(state: Position, question: GuildhallQuestion, action: int, names: Sequence[str] | None = None) -> str:
    """`action` in words that do not depend on the question: the action types (GH-24), Done, Decline, Use, a level,
    a row card (GH-43), a player, a chapter or a card by name."""
    if action >= PLAY:
        if action == PLAY:
            return _("Play a card")
        if action == DISCARD_DRAW:
            return _("Discard and draw up to {n} cards", n=HAND_REFILL)
        if action == BUY:
            return _("Buy a prestige card")
        if action == DECLINE:
            return _("Don't use it")
        if action == USE:
            return _("Use it")
        return _("Done")
    if action >= ROW:
        return _buy_label(state, action - ROW)
    if action >= LEVEL:
        return _("Level {n}", n=action - LEVEL)
    if action >= SEAT:
        return _player(action, _names(state, names))
    if action >= PROF:
        return _("The {profession} chapter", profession=profession_word(PROFESSION_NAMES[action - PROF]))
    name = _card(action)
    return name[:1].upper() + name[1:]


def setup_discard_label(
    state: Position, question: SetupDiscard, action: int, names: Sequence[str] | None = None
) -> str:
    """Q-SP1 (GH-16): a card to discard, or Done and draw up to 9."""
    if action < PROF:
        return _("Discard the {card}", card=_card(action))
    if action == DONE:
        return _("Done: draw up to {n} cards", n=SETUP_HAND)
    return answer_label(state, question, action, names)


def discard_draw_label(state: Position, question: DiscardDraw, action: int, names: Sequence[str] | None = None) -> str:
    """Q-DD1 (GH-37, GH-38): a card to discard, or Done and draw up to 6."""
    if action < PROF:
        return _("Discard the {card}", card=_card(action))
    if action == DONE:
        return _("Done: draw up to {n} cards", n=HAND_REFILL)
    return answer_label(state, question, action, names)


def setup_place_label(state: Position, question: SetupPlace, action: int, names: Sequence[str] | None = None) -> str:
    """Q-SP2 (GH-16)."""
    if action < PROF:
        return _("Put the {card} into your guildhall", card=_card(action))
    return answer_label(state, question, action, names)


def play_label(
    state: Position, question: ChooseAction | PlayCard, action: int, names: Sequence[str] | None = None
) -> str:
    """Q-T1, Q-P1 (GH-24, GH-29): a card to play; the action types as `answer_label`."""
    if action < PROF:
        return _("Play the {card}", card=_card(action))
    return answer_label(state, question, action, names)


def choose_level_label(state: Position, question: ChooseLevel, action: int, names: Sequence[str] | None = None) -> str:
    """Q-P2 (GH-32): a level with what it does (`level_label`); declining as `answer_label`."""
    if LEVEL <= action < ROW:
        return level_label(state, question, action - LEVEL)
    return answer_label(state, question, action, names)


def pay_label(state: Position, question: Pay, action: int, names: Sequence[str] | None = None) -> str:
    """Q-B2 (GH-44, GH-D17): the chapter underneath by its profession, the last one by its top card."""
    if action < PROF:
        return _("Pay {chapter}", chapter=_chapter_top(action))
    if action < SEAT:
        prof = profession_word(PROFESSION_NAMES[action - PROF])
        return _("Pay your {profession} chapter first (it goes underneath)", profession=prof)
    return answer_label(state, question, action, names)


def use_ability_label(state: Position, question: UseAbility, action: int, names: Sequence[str] | None = None) -> str:
    """Q-B3 (GH-47): use it, saying what it does; declining as `answer_label`."""
    if action == USE:
        return _("Use it: {does}", does=lower_first(prestige_text(question.prestige).rstrip(".")))
    return answer_label(state, question, action, names)


def choose_target_label(
    state: Position, question: ChooseTarget, action: int, names: Sequence[str] | None = None
) -> str:
    """GH-D13: the player, and what is done with them."""
    if SEAT <= action < LEVEL:
        other = _player(action, _names(state, names))
        return _(TARGET_ANSWER.get(question.purpose, TAKE_FROM), name=other)
    return answer_label(state, question, action, names)


def robber_pick_label(state: Position, question: RobberPick, action: int, names: Sequence[str] | None = None) -> str:
    """GH-66, GH-67."""
    if action < PROF:
        return _("Take the {card}", card=_card(action))
    return answer_label(state, question, action, names)


def place_order_label(state: Position, question: PlaceOrder, action: int, names: Sequence[str] | None = None) -> str:
    """GH-63, GH-D11."""
    if action < PROF:
        return _("Place the {card} next", card=_card(action))
    return answer_label(state, question, action, names)


def hunter_give_label(state: Position, question: HunterGive, action: int, names: Sequence[str] | None = None) -> str:
    """GH-77, GH-78."""
    if action < PROF:
        return _("Give up the {card}", card=_card(action))
    return answer_label(state, question, action, names)


def hunter_chapter_label(
    state: Position, question: HunterChapter, action: int, names: Sequence[str] | None = None
) -> str:
    """GH-79."""
    if PROF <= action < SEAT:
        return _("Give up your {profession} chapter", profession=profession_word(PROFESSION_NAMES[action - PROF]))
    return answer_label(state, question, action, names)


def hunter_take_label(state: Position, question: HunterTake, action: int, names: Sequence[str] | None = None) -> str:
    """GH-80 step 6."""
    if action < PROF:
        return _("Take the {card} from the discard pile", card=_card(action))
    return answer_label(state, question, action, names)


def _take_card(state: Position, question: Targeted, action: int, names: Sequence[str] | None) -> str:
    return _("Take the {card} from {name}", card=_card(action), name=_names(state, names)[question.target])


def _take_chapter(state: Position, question: Targeted, action: int, names: Sequence[str] | None) -> str:
    return _(
        "Take {name}'s {profession} chapter",
        name=_names(state, names)[question.target],
        profession=profession_word(PROFESSION_NAMES[action - PROF]),
    )


def peddler_take_label(state: Position, question: PeddlerTake, action: int, names: Sequence[str] | None = None) -> str:
    """GH-84 to GH-87: a card, or at level 4 a whole chapter, of the target's guildhall."""
    if action < PROF:
        return _take_card(state, question, action, names)
    if action < SEAT:
        return _take_chapter(state, question, action, names)
    return answer_label(state, question, action, names)


def take_card_label(
    state: Position, question: SwapTake | TakeCard, action: int, names: Sequence[str] | None = None
) -> str:
    """GH-103, GH-106: a card of the target's guildhall."""
    if action < PROF:
        return _take_card(state, question, action, names)
    return answer_label(state, question, action, names)


def take_chapter_label(state: Position, question: TakeChapter, action: int, names: Sequence[str] | None = None) -> str:
    """GH-102: a whole chapter of the target's guildhall."""
    if PROF <= action < SEAT:
        return _take_chapter(state, question, action, names)
    return answer_label(state, question, action, names)


def give_label(
    state: Position, question: PeddlerGive | SwapGive, action: int, names: Sequence[str] | None = None
) -> str:
    """GH-87 step 2, GH-103: a card to give to the target."""
    if action < PROF:
        return _("Give the {card} to {name}", card=_card(action), name=_names(state, names)[question.target])
    return answer_label(state, question, action, names)


def put_back_label(
    state: Position, question: BricklayerPutBack, action: int, names: Sequence[str] | None = None
) -> str:
    """GH-91."""
    if action < PROF:
        return _("Put the {card} back on the deck", card=_card(action))
    return answer_label(state, question, action, names)


def tax_give_label(state: Position, question: TaxGive, action: int, names: Sequence[str] | None = None) -> str:
    """Q-X2 (GH-101)."""
    if action < PROF:
        return _("Give away the {card}", card=_card(action))
    return answer_label(state, question, action, names)


def tax_target_label(state: Position, question: TaxTarget, action: int, names: Sequence[str] | None = None) -> str:
    """GH-101: the player who receives the card."""
    if SEAT <= action < LEVEL:
        return _("Give it to {name}", name=_player(action, _names(state, names)))
    return answer_label(state, question, action, names)


def lay_out_label(state: Position, question: LayOut, action: int, names: Sequence[str] | None = None) -> str:
    """GH-104: a card to lay out; Done as `answer_label`."""
    if action < PROF:
        return _("Lay the {card} into your guildhall", card=_card(action))
    return answer_label(state, question, action, names)


def cap_discard_label(state: Position, question: CapDiscard, action: int, names: Sequence[str] | None = None) -> str:
    """GH-53, GH-D16: a completed chapter by the card that ends on top."""
    if action < PROF:
        return _("Discard {chapter}", chapter=_chapter_top(action))
    return answer_label(state, question, action, names)


def discard_top_label(state: Position, question: DiscardTop, action: int, names: Sequence[str] | None = None) -> str:
    """GH-D17: the card that ends on top."""
    if action < PROF:
        return _("Put the {card} on top", card=_card(action))
    return answer_label(state, question, action, names)

"""The open question and every answer to it in a player's words (`State.prompt`, `State.action_label`): what a
newcomer reads above the buttons and on them. Never notation, rule IDs or ids; players by the names given (display
names at a table, the seat names by default).

Only for people: nothing here is called while legal answers are computed or applied.
"""

from __future__ import annotations

from collections.abc import Sequence

from guildtable.games.guildhall.actions import BUY, DECLINE, DISCARD_DRAW, DONE, LEVEL, PLAY, PROF, ROW, SEAT, USE
from guildtable.games.guildhall.content import CARD_NAMES, COLOUR_NAMES, COLOURS, PROFESSION_NAMES, Level
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
    LEVELS,
    PRESTIGE,
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
    TaxGive,
    TaxTarget,
    UseAbility,
    level_of,
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


def prompt(state: Position, names: Sequence[str] | None = None) -> str:
    """The question the current player is answering, in plain words."""
    if not state.stack:
        return _("The game is over")
    who = _names(state, names)
    question = state.stack[-1]
    seat = question.seat
    if isinstance(question, SetupDiscard):
        return _(
            "Getting ready: discard the hand cards you don't want, one at a time (the last one ends on top of the "
            "discard pile), then choose Done to draw back up to {n} cards",
            n=SETUP_HAND,
        )
    if isinstance(question, SetupPlace):
        return _(
            "Getting ready: put a card from your hand into your guildhall ({k} of {n}; no two identical cards)",
            k=question.placed + 1,
            n=SETUP_PLACE,
        )
    if isinstance(question, ChooseAction):
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
    if isinstance(question, PlayCard):
        return _(
            "Play a card from your hand: one card of each profession per turn, and not one identical to a card "
            "face up in your guildhall"
        )
    if isinstance(question, ChooseLevel):
        return _(
            "{profession} ({cards} in your chapter): choose how strongly to use it, or don't use it",
            profession=profession_word(PROFESSION_NAMES[question.profession]),
            cards=plural(question.chapter, "card"),
        )
    if isinstance(question, DiscardDraw):
        hand = len(state.hands[seat])
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
    if isinstance(question, Buy):
        have = len(state.completed[seat])
        return _("Choose a prestige card to buy (you have {chapters} to pay with)", chapters=chapters(have))
    if isinstance(question, Pay):
        cost = PRESTIGE[state.row[question.slot]].cost
        if question.left == 2:
            return _("Pay 2 completed chapters: first choose the chapter that goes underneath on the discard pile")
        if cost == 2:
            return _("Pay the second chapter: choose it and which of its cards ends on top of the discard pile")
        return _("Pay a completed chapter: choose it and which of its cards ends on top of the discard pile")
    if isinstance(question, UseAbility):
        return _("Use your new prestige card now, or don't use it: {text}", text=prestige_text(question.prestige))
    if isinstance(question, ChooseTarget):
        if question.purpose in TARGET_QUESTION:
            return _(TARGET_QUESTION[question.purpose])
        return _("Choose the player to take a card from")
    if isinstance(question, RobberPick):
        return _(
            "Take a card from {name}'s hand into your guildhall ({n} to take); you must take one that can go into "
            "your guildhall if there is one",
            name=who[question.target],
            n=question.left,
        )
    if isinstance(question, PlaceOrder):
        if question.owner == seat:
            return _("Choose which card goes into your guildhall next")
        return _("Choose which card goes into {name}'s guildhall next", name=who[question.owner])
    if isinstance(question, HunterGive):
        return _(
            "Hunter: choose a card of your guildhall to give up to the discard pile ({n} to give)", n=question.left
        )
    if isinstance(question, HunterChapter):
        return _("Hunter: choose a whole chapter of your guildhall to give up to the discard pile")
    if isinstance(question, HunterTake):
        return _("Hunter: take a card from the discard pile into your guildhall ({n} to take)", n=question.left)
    if isinstance(question, PeddlerTake):
        if level_of(question.level).give_chapter:
            return _("Peddler: take a whole chapter of {name}'s guildhall into your hand", name=who[question.target])
        return _(
            "Peddler: take a card of {name}'s guildhall into your hand ({n} to take)",
            name=who[question.target],
            n=question.left,
        )
    if isinstance(question, PeddlerGive):
        return _(
            "Peddler: give a card from your hand into {name}'s guildhall ({n} to give)",
            name=who[question.target],
            n=question.left,
        )
    if isinstance(question, BricklayerPutBack):
        return _(
            "Bricklayer: put a card from your hand back on top of the draw deck ({n} to put back; the last one ends "
            "on top)",
            n=question.left,
        )
    if isinstance(question, TaxGive):
        return _("Tax Collector: choose a card of your guildhall to give to another player")
    if isinstance(question, TaxTarget):
        return _("Tax Collector: who receives your {card}?", card=card_word(CARD_NAMES[question.card]))
    if isinstance(question, TakeChapter):
        return _("Take a whole chapter of {name}'s guildhall into yours", name=who[question.target])
    if isinstance(question, SwapGive):
        return _("Swap: choose a card of your guildhall to give to {name}", name=who[question.target])
    if isinstance(question, SwapTake):
        return _(
            "Swap: take a card of {name}'s guildhall into yours ({n} to take)",
            name=who[question.target],
            n=2 - len(question.taken),
        )
    if isinstance(question, TakeCard):
        return _("Take a card of {name}'s guildhall into yours", name=who[question.target])
    if isinstance(question, LayOut):
        return _("Lay cards from your hand into your guildhall one at a time, then choose Done")
    if isinstance(question, CapDiscard):
        return _(
            "You have {have} completed chapters but may keep only {cap}: discard one, and choose which of its "
            "cards ends on top of the discard pile",
            have=len(state.completed[seat]),
            cap=CAP,
        )
    if isinstance(question, DiscardTop):
        return _("These cards go to the discard pile together: which one ends on top?")
    return _("Your move")


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


def action_label(state: Position, action: int, names: Sequence[str] | None = None) -> str:
    """`action` as an answer to the open question, in plain words for a button."""
    if not state.stack:
        return _("Nothing to do: the game is over")
    who = _names(state, names)
    question = state.stack[-1]
    if action >= PLAY:
        return _word_label(state, question, action)
    if LEVEL <= action < ROW:
        if isinstance(question, ChooseLevel):
            return level_label(state, question, action - LEVEL)
        return _("Level {n}", n=action - LEVEL)
    if ROW <= action < PLAY:
        return _buy_label(state, action - ROW)
    if SEAT <= action < LEVEL:
        other = who[action - SEAT] if action - SEAT < len(who) else _("player {n}", n=action - SEAT + 1)
        if isinstance(question, TaxTarget):
            return _("Give it to {name}", name=other)
        if isinstance(question, ChooseTarget):
            return _(TARGET_ANSWER.get(question.purpose, TAKE_FROM), name=other)
        return other
    if PROF <= action < SEAT:
        prof = profession_word(PROFESSION_NAMES[action - PROF])
        if isinstance(question, Pay):
            return _("Pay your {profession} chapter first (it goes underneath)", profession=prof)
        if isinstance(question, HunterChapter):
            return _("Give up your {profession} chapter", profession=prof)
        if isinstance(question, (PeddlerTake, TakeChapter)):
            return _("Take {name}'s {profession} chapter", name=who[question.target], profession=prof)
        return _("The {profession} chapter", profession=prof)
    return _card_label(state, question, action, who)


def _card_label(state: Position, question: GuildhallQuestion, card: int, who: Sequence[str]) -> str:
    name = card_word(CARD_NAMES[card])
    if isinstance(question, (SetupDiscard, DiscardDraw)):
        return _("Discard the {card}", card=name)
    if isinstance(question, SetupPlace):
        return _("Put the {card} into your guildhall", card=name)
    if isinstance(question, (ChooseAction, PlayCard)):
        return _("Play the {card}", card=name)
    if isinstance(question, Pay):
        return _("Pay {chapter}", chapter=_chapter_top(card))
    if isinstance(question, CapDiscard):
        return _("Discard {chapter}", chapter=_chapter_top(card))
    if isinstance(question, RobberPick):
        return _("Take the {card}", card=name)
    if isinstance(question, PlaceOrder):
        return _("Place the {card} next", card=name)
    if isinstance(question, HunterGive):
        return _("Give up the {card}", card=name)
    if isinstance(question, HunterTake):
        return _("Take the {card} from the discard pile", card=name)
    if isinstance(question, (PeddlerTake, SwapTake, TakeCard)):
        return _("Take the {card} from {name}", card=name, name=who[question.target])
    if isinstance(question, (PeddlerGive, SwapGive)):
        return _("Give the {card} to {name}", card=name, name=who[question.target])
    if isinstance(question, BricklayerPutBack):
        return _("Put the {card} back on the deck", card=name)
    if isinstance(question, TaxGive):
        return _("Give away the {card}", card=name)
    if isinstance(question, LayOut):
        return _("Lay the {card} into your guildhall", card=name)
    if isinstance(question, DiscardTop):
        return _("Put the {card} on top", card=name)
    return name[:1].upper() + name[1:]


def _word_label(state: Position, question: GuildhallQuestion, action: int) -> str:
    if action == PLAY:
        return _("Play a card")
    if action == DISCARD_DRAW:
        return _("Discard and draw up to {n} cards", n=HAND_REFILL)
    if action == BUY:
        return _("Buy a prestige card")
    if action == DECLINE:
        return _("Don't use it")
    if action == USE:
        if isinstance(question, UseAbility):
            return _("Use it: {does}", does=lower_first(prestige_text(question.prestige).rstrip(".")))
        return _("Use it")
    assert action == DONE
    if isinstance(question, SetupDiscard):
        return _("Done: draw up to {n} cards", n=SETUP_HAND)
    if isinstance(question, DiscardDraw):
        return _("Done: draw up to {n} cards", n=HAND_REFILL)
    return _("Done")

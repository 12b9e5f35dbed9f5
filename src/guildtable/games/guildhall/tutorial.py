"""Guildhall's guided first game (issue 34, `Game.tutorial`): a short game on a fixed deal, the learner (P1) against a
scripted P2, three turns each (the `max_turns` option ends it: GH-D22), that meets every rule a first game meets:
getting ready (GH-16), chapters and identical cards (GH-48, GH-54), levels (GH-31, GH-32), all six professions'
abilities (Scholar at level 2, Robber at levels 0 and 2, Bricklayer, Peddler, Hunter and Tax Collector at their
first level, GH-64 to GH-101), one profession per turn (GH-27), completed chapters (GH-49, GH-52), buying a prestige
card with its ability (GH-43 to GH-47), discard and draw (GH-37) and the end of a turn (GH-111). Every number a text
says is read from the engine when the step is shown.

The deal: P1 starts; the draw deck is stacked so that the hands and every card the script draws are the ones below
(the rest follows in a fixed order); the prestige row starts with the extra-action card. The Scholar's cards are
placed in deck order (`placement_order`), so the lesson needs no ordering step.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping
from typing import cast

from guildtable.games.guildhall.content import CARD_NAMES, CONTENT
from guildtable.games.guildhall.glossary import card_word
from guildtable.games.guildhall.state import Position
from guildtable.games.guildhall.view import GuildhallView
from guildtable.kernel.i18n import N_
from guildtable.kernel.protocol import State
from guildtable.kernel.tutorial import Step, Tutorial, Unreached

LEARNER_HAND = [
    *("red Scholar", "blue Scholar", "yellow Scholar", "green Scholar", "red Robber"),
    *("blue Peddler", "red Hunter", "yellow Bricklayer", "green Tax Collector"),
]
SCRIPT_HAND = [
    *("purple Tax Collector", "blue Hunter", "green Bricklayer", "blue Tax Collector", "purple Peddler"),
    *("yellow Robber", "red Bricklayer", "green Hunter", "purple Robber"),
]
DRAWN = [
    *("purple Scholar", "green Scholar", "blue Robber"),  # the Scholar's level 2
    *("purple Hunter", "yellow Peddler", "green Peddler"),  # P2 draws back up to 6
    *("green Robber", "blue Scholar", "red Peddler"),  # the Bricklayer
]
ROW = ["p4_extra", "p3_layout", "p5_plain", "p7_extra2", "p4_draw5"]


def _deck() -> list[str]:
    """The 120 profession cards, top first: the hands (P1's 9, then P2's), the cards drawn, the rest in fixed order."""
    top = LEARNER_HAND + SCRIPT_HAND + DRAWN
    rest = Counter(CARD_NAMES[card] for card in CONTENT.full_deck()) - Counter(top)
    return top + sorted(rest.elements())


def _prestige() -> list[str]:
    """The prestige deck after the 2-player removal (GH-11, GH-D3 per type), the row's 5 cards first."""
    left: Counter[str] = Counter()
    for kind in CONTENT.prestige:
        left[kind.type_id] += kind.copies - kind.small_game_remove
    return ROW + sorted((left - Counter(ROW)).elements())


def _position(state: State) -> Position:
    assert isinstance(state, Position)
    return state


def _hall(state: State, seat: int) -> dict[str, list[str]]:
    """A guildhall as everyone sees it: profession → colours (GH-19)."""
    view = cast(GuildhallView, _position(state).view(None))
    return dict(view["players"][seat]["guildhall"])


def count(profession: str) -> Callable[[State], Mapping[str, object]]:
    """{n}: the cards of `profession` in the learner's guildhall (the level a play reaches, GH-31)."""

    def fields(state: State) -> Mapping[str, object]:
        return {"n": len(_hall(state, 0).get(profession, []))}

    return fields


def cards(**named: str) -> Callable[[State], Mapping[str, object]]:
    """Card names in the reader's language, by field."""

    def fields(state: State) -> Mapping[str, object]:
        return {key: card_word(card) for key, card in named.items()}

    return fields


def both(*parts: Callable[[State], Mapping[str, object]]) -> Callable[[State], Mapping[str, object]]:
    def fields(state: State) -> Mapping[str, object]:
        merged: dict[str, object] = {}
        for part in parts:
            merged.update(part(state))
        return merged

    return fields


def _completed(state: State) -> Mapping[str, object]:
    """{completed}: the learner's completed chapters (GH-49)."""
    return {"completed": len(_position(state).completed[0])}


def _bought(state: State) -> Mapping[str, object]:
    """{vp}: the learner's VP (GH-112) and {card_vp}: the VP of the row's first card (bought now or next)."""
    position = _position(state)
    owned = position.owned[0]
    kind = CONTENT.prestige[owned[0]] if owned else CONTENT.prestige[position.row[0]]
    return {"vp": position.vp(0), "card_vp": kind.vp}


def _robbed(state: State) -> Mapping[str, object]:
    """{robbed}: the card P1's Robber took at random (GH-65): the one card of P1's guildhall the lesson did not put
    there itself; {tax}: the VP P2's Tax Collector gained (GH-99); {gift}: the card it gave P1."""
    known = {"blue Robber", "red Robber", "green Scholar", "purple Tax Collector"}
    hall = [f"{colour} {profession}" for profession, colours in _hall(state, 0).items() for colour in colours]
    robbed = [card for card in hall if card not in known]
    assert len(robbed) == 1, hall
    return {"robbed": card_word(robbed[0]), "tax": _position(state).vp(1), "gift": card_word("purple Tax Collector")}


def _end(state: State) -> Mapping[str, object]:
    """The final sums (GH-112): each side's VP, the learner's from prestige cards and from VP tokens."""
    position = _position(state)
    prestige = sum(CONTENT.prestige[kind].vp for kind in position.owned[0])
    return {
        "vp": position.vp(0),
        "prestige": prestige,
        "tokens": position.tokens[0],
        "theirs": position.vp(1),
        "completed": len(position.completed[0]),
    }


STEPS = (
    Step(
        N_(
            "Welcome! You play against one opponent. Five cards of one profession in five colours make a completed"
            " chapter, and completed chapters buy prestige cards worth victory points (VP). This lesson is a short"
            " game of 3 turns each."
        ),
        highlight=("row 1", "row 2", "row 3", "row 4", "row 5"),
        rules=("GH-2", "GH-3", "GH-43", "GH-113"),
    ),
    Step(
        N_(
            "First you get ready: you may swap any of your 9 cards for new ones. Your hand is good, so keep it: choose"
            " Done."
        ),
        move="done",
        highlight=("done",),
        wrong=N_("This lesson keeps the whole hand: your Scholars will make a chapter."),
        rules=("GH-16",),
    ),
    Step(
        N_(
            "Now put 3 cards into your guildhall. The cards of one profession there form a chapter. Start with your"
            " red Scholar."
        ),
        move="place red Scholar",
        highlight=("hand red Scholar",),
        wrong=N_("The lesson builds a Scholar chapter: put your Scholars in."),
        rules=("GH-16", "GH-48"),
    ),
    Step(
        N_(
            "Add your blue Scholar. Two identical cards (same profession, same colour) may never lie in one"
            " guildhall; other colours may."
        ),
        move="place blue Scholar",
        highlight=("hand blue Scholar",),
        wrong=N_("The lesson builds a Scholar chapter: put your Scholars in."),
        rules=("GH-16", "GH-54"),
    ),
    Step(
        N_("And your yellow Scholar: your Scholar chapter then has 3 of its 5 colours."),
        move="place yellow Scholar",
        highlight=("hand yellow Scholar",),
        wrong=N_("The lesson builds a Scholar chapter: put your Scholars in."),
        replies=("done", "place purple Tax Collector", "place blue Hunter", "place green Bricklayer"),
        rules=("GH-16", "GH-48"),
    ),
    Step(
        N_(
            "Your opponent got ready too. On your turn you take 2 actions: play a card, discard and draw, or buy a"
            " prestige card. A card's ability grows with the cards of its profession in your guildhall: 0, 2 and 4"
            " cards unlock levels 0, 2 and 4."
        ),
        highlight=("P1 Scholar",),
        rules=("GH-24", "GH-31", "GH-32"),
    ),
    Step(
        N_(
            "Play your green Scholar. With {n} Scholars in your guildhall it reaches level 2. A Scholar puts cards"
            " from the draw deck straight into your guildhall."
        ),
        move="play green Scholar",
        highlight=("hand green Scholar",),
        wrong=N_("The lesson plays the Scholar first: with {n} Scholars in your guildhall it is strong now."),
        fields=count("Scholar"),
        rules=("GH-29", "GH-31", "GH-70"),
    ),
    Step(
        N_("Choose Level 2: the top 3 cards of the draw deck go into your guildhall (level 0 takes only 1)."),
        move="level 2",
        highlight=("level 2",),
        wrong=N_("Level 2 takes 3 cards instead of 1."),
        rules=("GH-32", "GH-71", "GH-72"),
    ),
    Step(
        N_(
            "The {purple} and the {green} gave your Scholar chapter all 5 colours, so it turned face down: you have"
            " {completed} completed chapter. The {robber} starts a Robber chapter. Your played Scholar joins your"
            " guildhall at the end of your turn."
        ),
        highlight=("P1 completed", "P1 Robber"),
        fields=both(cards(purple="purple Scholar", green="green Scholar", robber="blue Robber"), _completed),
        rules=("GH-49", "GH-36", "GH-52"),
    ),
    Step(
        N_("A completed chapter pays for a prestige card. Choose to buy one."),
        move="buy",
        highlight=("buy",),
        wrong=N_("The lesson spends your completed chapter on a prestige card now."),
        rules=("GH-43",),
    ),
    Step(
        N_("Buy the first card: it is worth {card_vp} VP, costs 1 completed chapter and gives you 1 more action."),
        move="row 1",
        highlight=("row 1",),
        wrong=N_("The lesson buys the extra action: with it you play another card this turn."),
        fields=_bought,
        rules=("GH-43", "GH-44"),
    ),
    Step(
        N_(
            "You pay with your completed chapter: its 5 cards go to the discard pile. Choose the card that ends on"
            " top: the {purple}."
        ),
        move="pay purple Scholar",
        highlight=("pay purple Scholar",),
        wrong=N_("Any of the 5 cards may end on top; the lesson puts the {purple} there."),
        fields=cards(purple="purple Scholar"),
        rules=("GH-44", "GH-D17"),
    ),
    Step(
        N_("A prestige card's ability works once, right when you buy it. Use it."),
        move="use",
        highlight=("use",),
        wrong=N_("An ability not used now is lost: the lesson uses it."),
        rules=("GH-47", "GH-107"),
    ),
    Step(
        N_(
            "You have {vp} VP now: the {card_vp} of your prestige card, yours for good. And you have 1 more action this"
            " turn."
        ),
        highlight=("P1 VP", "P1 prestige p4_extra"),
        fields=_bought,
        rules=("GH-45", "GH-112", "GH-26"),
    ),
    Step(
        N_(
            "Play your red Robber. With {n} Robber in your guildhall it reaches level 0: a random card from your"
            " opponent's hand goes into your guildhall."
        ),
        move="play red Robber",
        highlight=("hand red Robber",),
        wrong=N_("The lesson plays the Robber now: it adds a card to your guildhall."),
        fields=count("Robber"),
        rules=("GH-29", "GH-64", "GH-65"),
    ),
    Step(
        N_("Choose Level 0. With 2 Robbers you would see the hand and choose the card; with 4, take 2 cards."),
        move="level 0",
        highlight=("level 0",),
        wrong=N_("The lesson uses the Robber's ability."),
        replies=(
            *("play blue Tax Collector", "level 1", "give purple Tax Collector"),
            *("discard-draw", "discard purple Robber", "done"),
        ),
        rules=("GH-65", "GH-66", "GH-67"),
    ),
    Step(
        N_(
            "Your Robber took a {robbed}, and at the end of your turn your played cards joined your guildhall. Your"
            " opponent's Tax Collector gained {tax} VP and then had to give you a guildhall card: the {gift}. Then"
            " they discarded a card and drew back up to 6."
        ),
        highlight=("P1 Tax Collector", "P2 VP"),
        fields=_robbed,
        rules=("GH-111", "GH-98", "GH-99", "GH-37", "GH-38"),
    ),
    Step(
        N_(
            "Your second turn. Play your yellow Bricklayer: you draw 3 cards, then put 1 hand card back on top of the"
            " draw deck."
        ),
        move="play yellow Bricklayer",
        highlight=("hand yellow Bricklayer",),
        wrong=N_("The lesson plays the Bricklayer first, for more cards in your hand."),
        rules=("GH-91", "GH-92"),
    ),
    Step(
        N_("Choose Level 0. Higher levels draw 5 or 7 cards and put 2 or 3 back."),
        move="level 0",
        highlight=("level 0",),
        wrong=N_("The lesson uses the Bricklayer's ability."),
        rules=("GH-92", "GH-93", "GH-94"),
    ),
    Step(
        N_("Put your {card} back: any hand card may go back, and the lesson does not need this one."),
        move="put blue Scholar",
        highlight=("hand blue Scholar",),
        wrong=N_("The lesson puts the {card} back."),
        fields=cards(card="blue Scholar"),
        rules=("GH-91",),
    ),
    Step(
        N_(
            "Play your blue Peddler: you swap a hand card for a card of your opponent's guildhall, and then you take 1"
            " more action."
        ),
        move="play blue Peddler",
        highlight=("hand blue Peddler",),
        wrong=N_("The lesson plays the Peddler now: it gives you an extra action."),
        rules=("GH-83",),
    ),
    Step(
        N_("Choose Level 0: 1 card for 1. Level 2 swaps 2 cards, level 4 takes a whole chapter for 2 cards."),
        move="level 0",
        highlight=("level 0",),
        wrong=N_("The lesson uses the Peddler's ability."),
        rules=("GH-84", "GH-85", "GH-86"),
    ),
    Step(
        N_("Take your opponent's {card} into your hand."),
        move="take green Bricklayer",
        highlight=("P2 green Bricklayer",),
        wrong=N_("The lesson takes the {card}, a colour your Bricklayer chapter lacks."),
        fields=cards(card="green Bricklayer"),
        rules=("GH-84", "GH-87"),
    ),
    Step(
        N_("Give them your {card}: it goes into their guildhall."),
        move="give red Peddler",
        highlight=("hand red Peddler",),
        wrong=N_("The lesson gives the {card} and keeps the cards it plays next."),
        fields=cards(card="red Peddler"),
        rules=("GH-84", "GH-87", "GH-50"),
    ),
    Step(
        N_(
            "The Peddler gave you 1 more action. Play your red Hunter: it swaps a card of your guildhall for one from"
            " the discard pile."
        ),
        move="play red Hunter",
        highlight=("hand red Hunter",),
        wrong=N_("You may play each profession once per turn; the lesson plays the Hunter now."),
        rules=("GH-83", "GH-27", "GH-76"),
    ),
    Step(
        N_("Choose Level 0: 1 card for 1 (level 2 swaps 2, level 4 swaps a whole chapter for 3)."),
        move="level 0",
        highlight=("level 0",),
        wrong=N_("The lesson uses the Hunter's ability."),
        rules=("GH-77", "GH-78", "GH-79"),
    ),
    Step(
        N_("First give up a card of your guildhall to the discard pile: your {card}, alone in its chapter."),
        move="give green Scholar",
        highlight=("P1 green Scholar",),
        wrong=N_("The lesson gives up the {card}: it is alone in its chapter."),
        fields=cards(card="green Scholar"),
        rules=("GH-76", "GH-80"),
    ),
    Step(
        N_("Now take the {card} your opponent discarded: it grows your Robber chapter."),
        move="take purple Robber",
        highlight=("discard purple Robber",),
        wrong=N_("The lesson takes the {card}, for a stronger Robber."),
        fields=cards(card="purple Robber"),
        replies=("play green Hunter", "level 0", "give blue Hunter", "take green Scholar", "discard-draw", "done"),
        rules=("GH-76", "GH-80"),
    ),
    Step(
        N_(
            "Your opponent's Hunter took your {card} from the discard pile. Your last turn: your Robber chapter has {n}"
            " cards now."
        ),
        highlight=("P1 Robber", "P2 green Scholar"),
        fields=both(count("Robber"), cards(card="green Scholar")),
        rules=("GH-76", "GH-31"),
    ),
    Step(
        N_(
            "Play your green Tax Collector. You have {n} Tax Collector in your guildhall, so it reaches level {n}: you"
            " gain {n} VP for it."
        ),
        move="play green Tax Collector",
        highlight=("hand green Tax Collector",),
        wrong=N_("The lesson plays the Tax Collector: it gives VP."),
        fields=count("Tax Collector"),
        rules=("GH-98", "GH-99"),
    ),
    Step(
        N_("Choose Level {n}. The Tax Collector is the one profession with levels 1, 2, 3 and 4."),
        move="level 1",
        highlight=("level 1",),
        wrong=N_("The lesson takes the VP."),
        fields=count("Tax Collector"),
        rules=("GH-99", "GH-D1"),
    ),
    Step(
        N_("Then you must give a card of your guildhall to your opponent: give your {card}."),
        move="give blue Peddler",
        highlight=("P1 blue Peddler",),
        wrong=N_("The lesson gives the {card}, alone in its chapter."),
        fields=cards(card="blue Peddler"),
        rules=("GH-98", "GH-101"),
    ),
    Step(
        N_("Last action: play your green Robber. With {n} Robbers in your guildhall it reaches level 2."),
        move="play green Robber",
        highlight=("hand green Robber",),
        wrong=N_("The lesson plays the Robber: its chapter is big now."),
        fields=count("Robber"),
        rules=("GH-31", "GH-66"),
    ),
    Step(
        N_("Choose Level 2: you see your opponent's hand and choose the card yourself."),
        move="level 2",
        highlight=("level 2",),
        wrong=N_("Level 2 lets you choose the card."),
        rules=("GH-66", "GH-69"),
    ),
    Step(
        N_(
            "Take the {card}: your Robber chapter then has 4 colours, and your green Robber joins it at the end of"
            " your turn."
        ),
        move="take yellow Robber",
        highlight=("P2 hand yellow Robber",),
        wrong=N_("The lesson takes the {card}: it completes your Robber chapter at the end of your turn."),
        fields=cards(card="yellow Robber"),
        rules=("GH-66", "GH-111", "GH-49"),
    ),
    Step(
        N_(
            "Your green Robber completed the Robber chapter: {completed} completed chapter, ready to buy a prestige"
            " card. The lesson ends here: you have {vp} VP ({prestige} from your prestige card + {tokens} from your"
            " Tax Collector), your opponent {theirs}. A real game goes on until a player ends their turn with 20 VP."
        ),
        highlight=("P1 completed", "P1 VP", "P2 VP"),
        fields=_end,
        rules=("GH-111", "GH-49", "GH-112", "GH-113"),
    ),
)

UNREACHED = (
    Unreached(
        N_("Every level 4; level 2 of the Bricklayer, the Peddler and the Hunter; the Tax Collector's levels 2 to 4."),
        "material",
        ("GH-67", "GH-73", "GH-78", "GH-79", "GH-85", "GH-86", "GH-93", "GH-94", "GH-99"),
    ),
    Unreached(
        N_("Other prestige abilities: take a chapter, swap 1 card for 2, lay out cards, draw 5, take 1 card."),
        "material",
        ("GH-102", "GH-103", "GH-104", "GH-105", "GH-106", "GH-108"),
    ),
    Unreached(
        N_("In a real game you choose the order in which a Scholar's cards enter your guildhall."),
        "turn",
        ("GH-74", "GH-D11"),
    ),
    Unreached(N_("You may keep at most 3 completed chapters."), "turn", ("GH-53",)),
    Unreached(N_("When the draw deck runs out, the discard pile is shuffled into a new one."), "turn", ("GH-42",)),
    Unreached(N_("With 2 or 3 players some prestige cards leave the game before it starts."), "setup", ("GH-11",)),
    Unreached(N_("The first player to end their turn with 20 VP or more wins at once."), "end", ("GH-113",)),
)

TUTORIAL = Tutorial(
    seat=0,
    players=2,
    steps=STEPS,
    setup={"deck": _deck(), "prestige": _prestige(), "start_player": 0},
    options={"max_turns": 5, "placement_order": "deck_order"},
    unreached=UNREACHED,
    opponent="easy",
    minutes=6,
)

"""The Guildhall game log: one sentence per event in the reader's language, in the game's vocabulary (guildhall,
chapter, action area, prestige card). Reads only the event's own data, so a public line can say no more than the
public event does; private events (drawn cards, a searched pile, a looked-at hand) are addressed
to their one seat as "You"."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import NotRequired, TypedDict, TypeVar, cast

from guildtable.games.guildhall.content import CONTENT, PROFESSION_NAMES, Level
from guildtable.games.guildhall.glossary import (
    PRESTIGE_INDEX,
    card_word,
    card_words,
    chapters,
    level_text,
    listing,
    lower_first,
    plural,
    prestige_name,
    prestige_phrase,
    profession_word,
)
from guildtable.games.guildhall.questions import WIN_VP
from guildtable.kernel.i18n import domain

_words = domain("guildhall")
_ = _words.gettext
ngettext = _words.ngettext


class _Seated(TypedDict):
    """The seat an event is about (the base of most kinds)."""

    seat: int


class _SeatCard(_Seated):
    card: str


class _SeatTargetCard(_SeatCard):
    target: int


class _SeatTargetCards(_Seated):
    target: int
    cards: list[str]


class _Redraw(_Seated):
    discarded: int
    drew: int
    move: str


class _SeatPrestige(_Seated):
    prestige: str


class TurnEvent(_Seated):
    turn: int


class SetupRedrawEvent(_Redraw):
    pass


class DiscardedFromHandEvent(_Seated):
    count: int
    top: str


class SelectedEvent(TypedDict):
    card: str


class DrewCardsEvent(TypedDict):
    cards: list[str]


class PlacedEvent(_SeatCard):
    source: str


class DuplicateDiscardedEvent(_SeatCard):
    source: str


class PlayedEvent(_SeatCard):
    chapter: int
    move: str


class LevelEvent(_Seated):
    profession: str
    level: int


class AbilityDeclinedEvent(_Seated):
    """A declined profession level carries `profession`, a declined prestige ability `prestige`."""

    profession: NotRequired[str]
    prestige: NotRequired[str]


class DiscardDrawEvent(_Redraw):
    pass


class DrewEvent(_Seated):
    count: int


class VpGainedEvent(_Seated):
    vp: int
    total: int


class RevealedEvent(_Seated):
    cards: list[str]


class TargetEvent(_Seated):
    target: int


class RobbedEvent(_SeatTargetCard):
    pass


class HandRevealedEvent(TypedDict):
    target: int
    cards: list[str]


class DiscardPileRevealedEvent(TypedDict):
    cards: list[str]


class HunterGivesEvent(_SeatCard):
    pass


class HunterGivesChapterEvent(_Seated):
    cards: list[str]


class HunterTakesEvent(_SeatCard):
    pass


class PeddlerTakesEvent(_SeatTargetCards):
    pass


class PeddlerGivesEvent(_SeatTargetCard):
    pass


class ExtraActionsEvent(_Seated):
    added: int
    left: int


class PutBackEvent(_Seated):
    count: int


class PutBackCardEvent(TypedDict):
    card: str


class TaxGivesEvent(_SeatTargetCard):
    pass


class BoughtEvent(_SeatPrestige):
    vp: int
    paid_chapters: int
    discard_top: str
    total: int


class RowRefilledEvent(TypedDict):
    prestige: str


class AbilityUsedEvent(_SeatPrestige):
    pass


class AbilityUnusableEvent(_SeatPrestige):
    pass


class ChapterTakenEvent(_SeatTargetCards):
    pass


class SwappedEvent(_Seated):
    target: int
    gave: str
    took: list[str]


class CardTakenEvent(_SeatTargetCard):
    pass


class ChapterCompletedEvent(_Seated):
    profession: str
    completed: int


class CapDiscardEvent(_Seated):
    completed: int
    discard_top: str


class DiscardedEvent(_Seated):
    cards: list[str]
    top: str


class ReshuffleEvent(TypedDict):
    cards: int


class GameEndEvent(TypedDict):
    """GH-113 (reason "GH-113") names the one `winner` and their `vp`; the turn limit ("max_turns") the `winners`."""

    scores: list[float]
    reason: str
    winner: NotRequired[int]
    vp: NotRequired[int]
    winners: NotRequired[list[int]]


Describe = Callable[[Mapping[str, object], Sequence[str]], str]
_Data = TypeVar("_Data")


def _typed(describe: Callable[[_Data, Sequence[str]], str]) -> Describe:
    """A describer of one kind's TypedDict, called with an event's raw data: the kind tags the data's shape (Guildhall
    itself built the event, flow.py), so this is the one place the data is cast to it."""

    def typed(data: Mapping[str, object], names: Sequence[str]) -> str:
        return describe(cast(_Data, data), names)

    return typed


def profession_of(card: str) -> str:
    """The profession of a card name such as 'red Tax Collector' (in the reader's language)."""
    return profession_word(card.split(" ", 1)[1])


def prestige_text(type_id: str) -> str:
    """A prestige card as a player sees it in the row: its plain name, VP and cost."""
    index = PRESTIGE_INDEX.get(type_id)
    if index is None:
        return _("a prestige card")
    kind = CONTENT.prestige[index]
    cost = chapters(kind.cost)
    if kind.ability is None:
        return _("a {vp} VP prestige card without an ability (cost {cost})", vp=kind.vp, cost=cost)
    return _('the prestige card "{name}" ({vp} VP, cost {cost})', name=prestige_name(index), vp=kind.vp, cost=cost)


def prestige_card(type_id: str) -> str:
    """A bought prestige card by its plain name: 'the prestige card "Take a chapter"'."""
    index = PRESTIGE_INDEX.get(type_id)
    if index is None:
        return _("a prestige card")
    return _('the prestige card "{name}"', name=prestige_name(index))


def _level_line(data: LevelEvent, names: Sequence[str]) -> str:
    profession, threshold = data["profession"], data["level"]
    levels = CONTENT.professions[PROFESSION_NAMES.index(profession)].levels
    level = next((lv for lv in levels if lv.threshold == threshold), None)
    if level is None:  # the single scaled Tax Collector (GH-D1): as many VP as the chapter holds
        level = Level(0, levels[0].kind, vp=threshold)
    does = lower_first(level_text(level, their=True))
    return _(
        "{who} uses the {profession} at level {level}: {does}.",
        who=names[data["seat"]],
        profession=profession_word(profession),
        level=threshold,
        does=does,
    )


def _declined(data: AbilityDeclinedEvent, names: Sequence[str]) -> str:
    who = names[data["seat"]]
    if "profession" in data:
        return _(
            "{who} does not use the {profession}'s ability.", who=who, profession=profession_word(data["profession"])
        )
    return _("{who} does not use the ability of {card}.", who=who, card=prestige_card(data["prestige"]))


def _placed(data: PlacedEvent, names: Sequence[str]) -> str:
    who, card = names[data["seat"]], card_word(data["card"])
    if data["source"] == "setup":
        return _("{who} lays {card} into their guildhall.", who=who, card=card)
    return _("{card} goes into {who}'s guildhall.", who=who, card=card)


def _duplicate(data: DuplicateDiscardedEvent, names: Sequence[str]) -> str:
    who, card = names[data["seat"]], card_word(data["card"])
    if data["source"] == "action_area":
        return _(
            "{who}'s {card} in the action area is identical to one in their guildhall, so it is discarded.",
            who=who,
            card=card,
        )
    return _("{card} is identical to a card in {who}'s guildhall, so it is discarded instead.", who=who, card=card)


def _bought(data: BoughtEvent, names: Sequence[str]) -> str:
    who = names[data["seat"]]
    paid = plural(data["paid_chapters"], "completed chapter")
    index = PRESTIGE_INDEX.get(data["prestige"])
    card = _("a prestige card") if index is None else prestige_phrase(index)
    return _(
        "{who} buys {card}, paying {paid} ({top} on top of the discard pile), and scores {vp} VP: now {total} VP.",
        who=who,
        card=card,
        paid=paid,
        top=card_word(data["discard_top"]),
        vp=data["vp"],
        total=data["total"],
    )


def _game_end(data: GameEndEvent, names: Sequence[str]) -> str:
    scores = ", ".join(f"{names[seat]} {score:g}" for seat, score in enumerate(data["scores"]))
    winners = [data["winner"]] if "winner" in data else data["winners"]
    who = listing([names[seat] for seat in winners])
    if data["reason"] == "GH-113":
        if len(winners) == 1:
            return _(
                "{who} ends the turn with {vp} VP (at least {win}) and wins; final VP: {scores}.",
                who=who,
                vp=data["vp"],
                win=WIN_VP,
                scores=scores,
            )
        return _(
            "{who} ends the turn with {vp} VP (at least {win}) and share the win; final VP: {scores}.",
            who=who,
            vp=data["vp"],
            win=WIN_VP,
            scores=scores,
        )
    if len(winners) == 1:
        return _("The turn limit is reached: {who} wins with the most VP; final VP: {scores}.", who=who, scores=scores)
    return _(
        "The turn limit is reached: {who} share the win with the most VP; final VP: {scores}.", who=who, scores=scores
    )


def _extra(data: ExtraActionsEvent, names: Sequence[str]) -> str:
    return _(
        "{who} gains {added} ({left} still to take this turn).",
        who=names[data["seat"]],
        added=plural(data["added"], "extra action"),
        left=plural(data["left"], "action"),
    )


def _swapped(data: SwappedEvent, names: Sequence[str]) -> str:
    return _(
        "{who} swaps {gave} from their guildhall for {took} from {target}'s guildhall.",
        who=names[data["seat"]],
        target=names[data["target"]],
        gave=card_word(data["gave"]),
        took=listing(card_words(data["took"])),
    )


def _chapter_taken(data: ChapterTakenEvent, names: Sequence[str]) -> str:
    cards = data["cards"]
    return _(
        "{who} takes {target}'s whole {profession} chapter ({cards}) into their guildhall.",
        who=names[data["seat"]],
        target=names[data["target"]],
        profession=profession_of(cards[0]),
        cards=listing(card_words(cards)),
    )


def _selected(data: SelectedEvent, names: Sequence[str]) -> str:
    return _("You set {card} aside to discard.", card=card_word(data["card"]))


def _hand_revealed(data: HandRevealedEvent, names: Sequence[str]) -> str:
    cards = listing(card_words(data["cards"])) or _("empty")
    return _("You look through {target}'s hand: {cards}.", target=names[data["target"]], cards=cards)


def _pile_revealed(data: DiscardPileRevealedEvent, names: Sequence[str]) -> str:
    cards = listing(card_words(data["cards"])) or _("empty")
    return _("You search the discard pile (top first): {cards}.", cards=cards)


def _turn(data: TurnEvent, names: Sequence[str]) -> str:
    return _("Turn {turn}: {who} to play.", turn=data["turn"], who=names[data["seat"]])


def _target(data: TargetEvent, names: Sequence[str]) -> str:
    return _("{who} targets {target}.", who=names[data["seat"]], target=names[data["target"]])


def _played(data: PlayedEvent, names: Sequence[str]) -> str:
    card = data["card"]
    who, n, profession = names[data["seat"]], data["chapter"], profession_of(card)
    if n == 0:
        return _(
            "{who} plays {card} into the action area (no {profession}s in their guildhall).",
            who=who,
            card=card_word(card),
            profession=profession,
        )
    return ngettext(
        "{who} plays {card} into the action area ({n} {profession} in their guildhall).",
        "{who} plays {card} into the action area ({n} {profession}s in their guildhall).",
        n,
        who=who,
        card=card_word(card),
        profession=profession,
    )


def _setup_redraw(data: SetupRedrawEvent, names: Sequence[str]) -> str:
    return _(
        "{who} prepares: discards {discarded} and draws {drew}.",
        who=names[data["seat"]],
        discarded=plural(data["discarded"], "card"),
        drew=plural(data["drew"], "card"),
    )


def _discard_draw(data: DiscardDrawEvent, names: Sequence[str]) -> str:
    return _(
        "{who} discards {discarded} and draws {drew}.",
        who=names[data["seat"]],
        discarded=plural(data["discarded"], "card"),
        drew=plural(data["drew"], "card"),
    )


def _from_hand(data: DiscardedFromHandEvent, names: Sequence[str]) -> str:
    return _(
        "{who} discards {cards} face up, {top} on top.",
        who=names[data["seat"]],
        cards=plural(data["count"], "hand card"),
        top=card_word(data["top"]),
    )


def _drew(data: DrewEvent, names: Sequence[str]) -> str:
    return _("{who} draws {cards} into their hand.", who=names[data["seat"]], cards=plural(data["count"], "card"))


def _drew_cards(data: DrewCardsEvent, names: Sequence[str]) -> str:
    return _("You drew {cards}.", cards=listing(card_words(data["cards"])))


def _vp_gained(data: VpGainedEvent, names: Sequence[str]) -> str:
    return _(
        "{who} gains {vp} VP from the Tax Collector: now {total} VP.",
        who=names[data["seat"]],
        vp=data["vp"],
        total=data["total"],
    )


def _revealed(data: RevealedEvent, names: Sequence[str]) -> str:
    who = names[data["seat"]]
    if not data["cards"]:
        return _("{who}'s Scholar reveals nothing (both piles are empty) from the draw deck.", who=who)
    return _("{who}'s Scholar reveals {cards} from the draw deck.", who=who, cards=listing(card_words(data["cards"])))


def _robbed(data: RobbedEvent, names: Sequence[str]) -> str:
    return _(
        "{who} takes {card} from {target}'s hand.",
        who=names[data["seat"]],
        card=card_word(data["card"]),
        target=names[data["target"]],
    )


def _hunter_gives(data: HunterGivesEvent, names: Sequence[str]) -> str:
    return _(
        "{who} gives up {card} from their guildhall to the discard pile.",
        who=names[data["seat"]],
        card=card_word(data["card"]),
    )


def _hunter_gives_chapter(data: HunterGivesChapterEvent, names: Sequence[str]) -> str:
    cards = data["cards"]
    return _(
        "{who} gives up their whole {profession} chapter ({cards}) to the discard pile.",
        who=names[data["seat"]],
        profession=profession_of(cards[0]),
        cards=listing(card_words(cards)),
    )


def _hunter_takes(data: HunterTakesEvent, names: Sequence[str]) -> str:
    return _("{who} takes {card} from the discard pile.", who=names[data["seat"]], card=card_word(data["card"]))


def _peddler_takes(data: PeddlerTakesEvent, names: Sequence[str]) -> str:
    return _(
        "{who} takes {cards} from {target}'s guildhall into their hand.",
        who=names[data["seat"]],
        target=names[data["target"]],
        cards=listing(card_words(data["cards"])),
    )


def _peddler_gives(data: PeddlerGivesEvent, names: Sequence[str]) -> str:
    return _(
        "{who} gives {card} from their hand to {target}'s guildhall.",
        who=names[data["seat"]],
        target=names[data["target"]],
        card=card_word(data["card"]),
    )


def _put_back(data: PutBackEvent, names: Sequence[str]) -> str:
    return _(
        "{who} puts {cards} back on top of the draw deck.",
        who=names[data["seat"]],
        cards=plural(data["count"], "card"),
    )


def _put_back_card(data: PutBackCardEvent, names: Sequence[str]) -> str:
    return _("You put {card} back on top of the draw deck.", card=card_word(data["card"]))


def _tax_gives(data: TaxGivesEvent, names: Sequence[str]) -> str:
    return _(
        "{who} moves {card} from their guildhall into {target}'s guildhall.",
        who=names[data["seat"]],
        target=names[data["target"]],
        card=card_word(data["card"]),
    )


def _card_taken(data: CardTakenEvent, names: Sequence[str]) -> str:
    return _(
        "{who} takes {card} from {target}'s guildhall into their own.",
        who=names[data["seat"]],
        target=names[data["target"]],
        card=card_word(data["card"]),
    )


def _completed(data: ChapterCompletedEvent, names: Sequence[str]) -> str:
    return _(
        "{who}'s {profession} chapter has all five colours and is turned face down: {who} has {done}.",
        who=names[data["seat"]],
        profession=profession_word(data["profession"]),
        done=plural(data["completed"], "completed chapter"),
    )


def _cap_discard(data: CapDiscardEvent, names: Sequence[str]) -> str:
    return _(
        "{who} may keep only 3 completed chapters and discards one ({top} on top), keeping {kept}.",
        who=names[data["seat"]],
        top=card_word(data["discard_top"]),
        kept=data["completed"],
    )


def _discarded(data: DiscardedEvent, names: Sequence[str]) -> str:
    return _(
        "{who} puts {cards} on the discard pile, {top} on top.",
        who=names[data["seat"]],
        cards=listing(card_words(data["cards"])),
        top=card_word(data["top"]),
    )


def _reshuffle(data: ReshuffleEvent, names: Sequence[str]) -> str:
    return _(
        "The draw deck is empty: the discard pile ({cards}) is shuffled into a new deck.",
        cards=plural(data["cards"], "card"),
    )


def _row_refilled(data: RowRefilledEvent, names: Sequence[str]) -> str:
    return _("The center row is refilled with {card}.", card=prestige_text(data["prestige"]))


def _ability_used(data: AbilityUsedEvent, names: Sequence[str]) -> str:
    return _("{who} uses the ability of {card}.", who=names[data["seat"]], card=prestige_card(data["prestige"]))


def _ability_unusable(data: AbilityUnusableEvent, names: Sequence[str]) -> str:
    return _(
        "{who} cannot carry out the ability of {card} now, so it is lost.",
        who=names[data["seat"]],
        card=prestige_card(data["prestige"]),
    )


DESCRIBERS: dict[str, Describe] = {
    "turn": _typed(_turn),
    "setup_redraw": _typed(_setup_redraw),
    "discarded_from_hand": _typed(_from_hand),
    "selected": _typed(_selected),
    "drew_cards": _typed(_drew_cards),
    "placed": _typed(_placed),
    "duplicate_discarded": _typed(_duplicate),
    "played": _typed(_played),
    "level": _typed(_level_line),
    "ability_declined": _typed(_declined),
    "discard_draw": _typed(_discard_draw),
    "drew": _typed(_drew),
    "vp_gained": _typed(_vp_gained),
    "revealed": _typed(_revealed),
    "target": _typed(_target),
    "robbed": _typed(_robbed),
    "hand_revealed": _typed(_hand_revealed),
    "discard_pile_revealed": _typed(_pile_revealed),
    "hunter_gives": _typed(_hunter_gives),
    "hunter_gives_chapter": _typed(_hunter_gives_chapter),
    "hunter_takes": _typed(_hunter_takes),
    "peddler_takes": _typed(_peddler_takes),
    "peddler_gives": _typed(_peddler_gives),
    "extra_actions": _typed(_extra),
    "put_back": _typed(_put_back),
    "put_back_card": _typed(_put_back_card),
    "tax_gives": _typed(_tax_gives),
    "bought": _typed(_bought),
    "row_refilled": _typed(_row_refilled),
    "ability_used": _typed(_ability_used),
    "ability_unusable": _typed(_ability_unusable),
    "chapter_taken": _typed(_chapter_taken),
    "swapped": _typed(_swapped),
    "card_taken": _typed(_card_taken),
    "chapter_completed": _typed(_completed),
    "cap_discard": _typed(_cap_discard),
    "discarded": _typed(_discarded),
    "reshuffle": _typed(_reshuffle),
    "game_end": _typed(_game_end),
}


def describe_event(kind: str, data: Mapping[str, object], names: Sequence[str]) -> str:
    """One log line for an event; "" for a kind this game does not know (it has none that are purely technical)."""
    describe = DESCRIBERS.get(kind)
    if describe is None:
        return ""
    line = describe(data, names)
    return line[:1].upper() + line[1:]

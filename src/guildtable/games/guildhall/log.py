"""The Guildhall game log: one English sentence per event, in the game's vocabulary (guildhall, chapter, action
area, prestige card). Reads only the event's own data, so a public line can say no more than the public event does;
private events (drawn cards, a searched pile, a looked-at hand) are addressed to their one seat as "You"."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from guildtable.games.guildhall.content import CONTENT, PROFESSION_NAMES, Level
from guildtable.games.guildhall.glossary import (
    PRESTIGE_INDEX,
    PRESTIGE_NAMES,
    chapters,
    level_text,
    listing,
    lower_first,
    plural,
    prestige_phrase,
)
from guildtable.games.guildhall.questions import WIN_VP

Describe = Callable[[dict[str, Any], Sequence[str]], str]


def profession_of(card: str) -> str:
    """The profession of a card name such as 'red Tax Collector'."""
    return card.split(" ", 1)[1]


def prestige_text(type_id: str) -> str:
    """A prestige card as a player sees it in the row: its plain name, VP and cost."""
    index = PRESTIGE_INDEX.get(type_id)
    if index is None:
        return "a prestige card"
    kind = CONTENT.prestige[index]
    cost = chapters(kind.cost)
    if kind.ability is None:
        return f"a {kind.vp} VP prestige card without an ability (cost {cost})"
    return f'the prestige card "{PRESTIGE_NAMES[index]}" ({kind.vp} VP, cost {cost})'


def prestige_card(type_id: str) -> str:
    """A bought prestige card by its plain name: 'the prestige card "Take a chapter"'."""
    index = PRESTIGE_INDEX.get(type_id)
    return "a prestige card" if index is None else f'the prestige card "{PRESTIGE_NAMES[index]}"'


def _level_line(data: dict[str, Any], names: Sequence[str]) -> str:
    profession, threshold = data["profession"], data["level"]
    levels = CONTENT.professions[PROFESSION_NAMES.index(profession)].levels
    level = next((lv for lv in levels if lv.threshold == threshold), None)
    if level is None:  # the single scaled Tax Collector (GH-D1): as many VP as the chapter holds
        level = Level(0, levels[0].kind, vp=threshold)
    does = lower_first(level_text(level, their=True))
    return f"{names[data['seat']]} uses the {profession} at level {threshold}: {does}."


def _declined(data: dict[str, Any], names: Sequence[str]) -> str:
    who = names[data["seat"]]
    if "profession" in data:
        return f"{who} does not use the {data['profession']}'s ability."
    return f"{who} does not use the ability of {prestige_card(data['prestige'])}."


def _placed(data: dict[str, Any], names: Sequence[str]) -> str:
    who = names[data["seat"]]
    if data["source"] == "setup":
        return f"{who} lays {data['card']} into their guildhall."
    return f"{data['card']} goes into {who}'s guildhall."


def _duplicate(data: dict[str, Any], names: Sequence[str]) -> str:
    who = names[data["seat"]]
    if data["source"] == "action_area":
        return f"{who}'s {data['card']} in the action area is identical to one in their guildhall, so it is discarded."
    return f"{data['card']} is identical to a card in {who}'s guildhall, so it is discarded instead."


def _bought(data: dict[str, Any], names: Sequence[str]) -> str:
    who = names[data["seat"]]
    paid = plural(data["paid_chapters"], "completed chapter")
    index = PRESTIGE_INDEX.get(data["prestige"])
    card = "a prestige card" if index is None else prestige_phrase(index)
    return (
        f"{who} buys {card}, paying {paid} ({data['discard_top']} on top of the discard pile), "
        f"and scores {data['vp']} VP: now {data['total']} VP."
    )


def _game_end(data: dict[str, Any], names: Sequence[str]) -> str:
    scores = ", ".join(f"{names[seat]} {score:g}" for seat, score in enumerate(data["scores"]))
    winners = [data["winner"]] if "winner" in data else data["winners"]
    who = listing([names[seat] for seat in winners])
    verb = "wins" if len(winners) == 1 else "share the win"
    if data["reason"] == "GH-113":
        return f"{who} ends the turn with {data['vp']} VP (at least {WIN_VP}) and {verb}; final VP: {scores}."
    return f"The turn limit is reached: {who} {verb} with the most VP; final VP: {scores}."


def _extra(data: dict[str, Any], names: Sequence[str]) -> str:
    left = plural(data["left"], "action")
    return f"{names[data['seat']]} gains {plural(data['added'], 'extra action')} ({left} still to take this turn)."


def _swapped(data: dict[str, Any], names: Sequence[str]) -> str:
    who, target = names[data["seat"]], names[data["target"]]
    return f"{who} swaps {data['gave']} from their guildhall for {listing(data['took'])} from {target}'s guildhall."


def _chapter_taken(data: dict[str, Any], names: Sequence[str]) -> str:
    who, target, cards = names[data["seat"]], names[data["target"]], data["cards"]
    return f"{who} takes {target}'s whole {profession_of(cards[0])} chapter ({listing(cards)}) into their guildhall."


def _selected(data: dict[str, Any], names: Sequence[str]) -> str:
    return f"You set {data['card']} aside to discard."


def _hand_revealed(data: dict[str, Any], names: Sequence[str]) -> str:
    return f"You look through {names[data['target']]}'s hand: {listing(data['cards']) or 'empty'}."


def _pile_revealed(data: dict[str, Any], names: Sequence[str]) -> str:
    return f"You search the discard pile (top first): {listing(data['cards']) or 'empty'}."


def _turn(data: dict[str, Any], names: Sequence[str]) -> str:
    return f"Turn {data['turn']}: {names[data['seat']]} to play."


def _target(data: dict[str, Any], names: Sequence[str]) -> str:
    return f"{names[data['seat']]} targets {names[data['target']]}."


def _played(data: dict[str, Any], names: Sequence[str]) -> str:
    card = data["card"]
    count = plural(data["chapter"], profession_of(card))
    return f"{names[data['seat']]} plays {card} into the action area ({count} in their guildhall)."


def _setup_redraw(data: dict[str, Any], names: Sequence[str]) -> str:
    discarded = plural(data["discarded"], "card")
    return f"{names[data['seat']]} prepares: discards {discarded} and draws {plural(data['drew'], 'card')}."


def _discard_draw(data: dict[str, Any], names: Sequence[str]) -> str:
    discarded = plural(data["discarded"], "card")
    return f"{names[data['seat']]} discards {discarded} and draws {plural(data['drew'], 'card')}."


def _from_hand(data: dict[str, Any], names: Sequence[str]) -> str:
    return f"{names[data['seat']]} discards {plural(data['count'], 'hand card')} face up, {data['top']} on top."


def _drew(data: dict[str, Any], names: Sequence[str]) -> str:
    return f"{names[data['seat']]} draws {plural(data['count'], 'card')} into their hand."


def _drew_cards(data: dict[str, Any], names: Sequence[str]) -> str:
    return f"You drew {listing(data['cards'])}."


def _vp_gained(data: dict[str, Any], names: Sequence[str]) -> str:
    return f"{names[data['seat']]} gains {data['vp']} VP from the Tax Collector: now {data['total']} VP."


def _revealed(data: dict[str, Any], names: Sequence[str]) -> str:
    cards = listing(data["cards"]) or "nothing (both piles are empty)"
    return f"{names[data['seat']]}'s Scholar reveals {cards} from the draw deck."


def _robbed(data: dict[str, Any], names: Sequence[str]) -> str:
    return f"{names[data['seat']]} takes {data['card']} from {names[data['target']]}'s hand."


def _hunter_gives(data: dict[str, Any], names: Sequence[str]) -> str:
    return f"{names[data['seat']]} gives up {data['card']} from their guildhall to the discard pile."


def _hunter_gives_chapter(data: dict[str, Any], names: Sequence[str]) -> str:
    cards = data["cards"]
    chapter = f"{profession_of(cards[0])} chapter ({listing(cards)})"
    return f"{names[data['seat']]} gives up their whole {chapter} to the discard pile."


def _hunter_takes(data: dict[str, Any], names: Sequence[str]) -> str:
    return f"{names[data['seat']]} takes {data['card']} from the discard pile."


def _peddler_takes(data: dict[str, Any], names: Sequence[str]) -> str:
    who, target = names[data["seat"]], names[data["target"]]
    return f"{who} takes {listing(data['cards'])} from {target}'s guildhall into their hand."


def _peddler_gives(data: dict[str, Any], names: Sequence[str]) -> str:
    who, target = names[data["seat"]], names[data["target"]]
    return f"{who} gives {data['card']} from their hand to {target}'s guildhall."


def _put_back(data: dict[str, Any], names: Sequence[str]) -> str:
    return f"{names[data['seat']]} puts {plural(data['count'], 'card')} back on top of the draw deck."


def _put_back_card(data: dict[str, Any], names: Sequence[str]) -> str:
    return f"You put {data['card']} back on top of the draw deck."


def _tax_gives(data: dict[str, Any], names: Sequence[str]) -> str:
    who, target = names[data["seat"]], names[data["target"]]
    return f"{who} moves {data['card']} from their guildhall into {target}'s guildhall."


def _card_taken(data: dict[str, Any], names: Sequence[str]) -> str:
    who, target = names[data["seat"]], names[data["target"]]
    return f"{who} takes {data['card']} from {target}'s guildhall into their own."


def _completed(data: dict[str, Any], names: Sequence[str]) -> str:
    who, done = names[data["seat"]], plural(data["completed"], "completed chapter")
    return f"{who}'s {data['profession']} chapter has all five colours and is turned face down: {who} has {done}."


def _cap_discard(data: dict[str, Any], names: Sequence[str]) -> str:
    who = names[data["seat"]]
    return (
        f"{who} may keep only 3 completed chapters and discards one ({data['discard_top']} on top), "
        f"keeping {data['completed']}."
    )


def _discarded(data: dict[str, Any], names: Sequence[str]) -> str:
    return f"{names[data['seat']]} puts {listing(data['cards'])} on the discard pile, {data['top']} on top."


def _reshuffle(data: dict[str, Any], names: Sequence[str]) -> str:
    return f"The draw deck is empty: the discard pile ({plural(data['cards'], 'card')}) is shuffled into a new deck."


def _row_refilled(data: dict[str, Any], names: Sequence[str]) -> str:
    return f"The center row is refilled with {prestige_text(data['prestige'])}."


def _ability_used(data: dict[str, Any], names: Sequence[str]) -> str:
    return f"{names[data['seat']]} uses the ability of {prestige_card(data['prestige'])}."


def _ability_unusable(data: dict[str, Any], names: Sequence[str]) -> str:
    card = prestige_card(data["prestige"])
    return f"{names[data['seat']]} cannot carry out the ability of {card} now, so it is lost."


DESCRIBERS: dict[str, Describe] = {
    "turn": _turn,
    "setup_redraw": _setup_redraw,
    "discarded_from_hand": _from_hand,
    "selected": _selected,
    "drew_cards": _drew_cards,
    "placed": _placed,
    "duplicate_discarded": _duplicate,
    "played": _played,
    "level": _level_line,
    "ability_declined": _declined,
    "discard_draw": _discard_draw,
    "drew": _drew,
    "vp_gained": _vp_gained,
    "revealed": _revealed,
    "target": _target,
    "robbed": _robbed,
    "hand_revealed": _hand_revealed,
    "discard_pile_revealed": _pile_revealed,
    "hunter_gives": _hunter_gives,
    "hunter_gives_chapter": _hunter_gives_chapter,
    "hunter_takes": _hunter_takes,
    "peddler_takes": _peddler_takes,
    "peddler_gives": _peddler_gives,
    "extra_actions": _extra,
    "put_back": _put_back,
    "put_back_card": _put_back_card,
    "tax_gives": _tax_gives,
    "bought": _bought,
    "row_refilled": _row_refilled,
    "ability_used": _ability_used,
    "ability_unusable": _ability_unusable,
    "chapter_taken": _chapter_taken,
    "swapped": _swapped,
    "card_taken": _card_taken,
    "chapter_completed": _completed,
    "cap_discard": _cap_discard,
    "discarded": _discarded,
    "reshuffle": _reshuffle,
    "game_end": _game_end,
}


def describe_event(kind: str, data: dict[str, Any], names: Sequence[str]) -> str:
    """One log line for an event; "" for a kind this game does not know (it has none that are purely technical)."""
    describe = DESCRIBERS.get(kind)
    if describe is None:
        return ""
    line = describe(data, names)
    return line[:1].upper() + line[1:]

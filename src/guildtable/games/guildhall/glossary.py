"""What every Guildhall piece does, in a player's words: each profession level's effect, each prestige card's plain
name and text, and the game's glossary (`kernel.glossary`) of both.

Every text here is generated from the content data (`data/professions.json`, `data/prestige_cards.json`) through
`content.py`, never copied per card: a changed data file changes these texts. Nothing here reads a game state.
"""

from __future__ import annotations

from functools import cache

from guildtable.games.guildhall.content import CONTENT, Level, PrestigeType
from guildtable.kernel.glossary import Detail, PieceText


def plural(count: int, noun: str) -> str:
    """'1 card', '3 cards', 'no cards'."""
    if count == 0:
        return f"no {noun}s"
    return f"{count} {noun}" if count == 1 else f"{count} {noun}s"


def listing(items: list[str], last: str = "and") -> str:
    """'a', 'a and b', 'a, b and c' (or 'a, b or c')."""
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} {last} {items[-1]}"


def lower_first(text: str) -> str:
    return text[:1].lower() + text[1:]


def chapters(count: int) -> str:
    """A prestige card's cost: '1 completed chapter', '2 completed chapters'."""
    return plural(count, "completed chapter")


# --- profession levels (GH-64 to GH-101) -----------------------------------------------------------------------------
def level_text(level: Level, their: bool = False) -> str:
    """What one ability level does, as a sentence without its full stop ("Take 1 random card from another player's
    hand into your guildhall"), built from the level's effect in the data. `their`: told of the player who uses it
    (the game log) rather than to them."""
    kind, n = level.kind, level.cards
    your = "their" if their else "your"
    if kind == "robber":
        if level.choose:
            return f"Look at another player's hand and take {plural(n, 'card')} of {your} choice into {your} guildhall"
        return f"Take {plural(n, 'random card')} from another player's hand into {your} guildhall"
    if kind == "scholar":
        top = "the top card" if n == 1 else f"the top {n} cards"
        return f"Put {top} of the draw deck straight into {your} guildhall"
    if kind == "hunter":
        give = "1 whole chapter" if level.give_chapter else plural(n, "card")
        return f"Swap {give} of {your} guildhall for {plural(n, 'card')} from the discard pile"
    if kind == "peddler":
        take = "1 whole chapter" if level.give_chapter else plural(n, "card")
        extra = plural(level.extra_actions, "extra action")
        return f"Swap {plural(n, 'hand card')} for {take} of another player's guildhall, then take {extra}"
    if kind == "bricklayer":
        back = plural(level.put_back, "hand card")
        return f"Draw {plural(level.draw, 'card')}, then put {back} back on top of the draw deck"
    return f"Gain {level.vp} VP, then move 1 card of {your} guildhall into another player's guildhall"


# --- prestige cards (GH-102 to GH-110) -------------------------------------------------------------------------------
def _ability_name(kind: PrestigeType) -> str:
    """A short name for the card's ability, from its type and number (the headings of GH-102 to GH-109)."""
    ability, n = kind.ability, kind.n
    if ability == "take_chapter":
        return "Take a chapter"
    if ability == "swap_1_for_2":
        return "Swap 1 for 2"
    if ability == "hand_to_guildhall_any":
        return "Lay out from hand"
    if ability == "draw":
        return f"Draw {n}"
    if ability == "take_card":
        return "Take a card"
    if ability == "extra_actions":
        return "Extra action" if n == 1 else f"{n} extra actions"
    return f"{kind.vp} VP card"


def _ability_text(kind: PrestigeType) -> str:
    if kind.ability is None:
        return f"No ability: worth {kind.vp} VP."
    return kind.text_en


def _names() -> tuple[str, ...]:
    """Plain names; two types that would share one are told apart by their VP."""
    names = [_ability_name(kind) for kind in CONTENT.prestige]
    return tuple(
        f"{name} ({kind.vp} VP)" if names.count(name) > 1 and kind.ability is not None else name
        for name, kind in zip(names, CONTENT.prestige, strict=True)
    )


PRESTIGE_NAMES: tuple[str, ...] = _names()
PRESTIGE_TEXTS: tuple[str, ...] = tuple(_ability_text(kind) for kind in CONTENT.prestige)
PRESTIGE_INDEX: dict[str, int] = {kind.type_id: index for index, kind in enumerate(CONTENT.prestige)}


def prestige_phrase(ptype: int) -> str:
    """A prestige card in a sentence: 'the prestige card "Take a chapter" (2 VP)', 'a 5 VP prestige card without
    an ability'."""
    kind = CONTENT.prestige[ptype]
    if kind.ability is None:
        return f"a {kind.vp} VP prestige card without an ability"
    return f'the prestige card "{PRESTIGE_NAMES[ptype]}" ({kind.vp} VP)'


# --- the glossary ----------------------------------------------------------------------------------------------------
@cache
def glossary() -> dict[str, PieceText]:
    """Every profession by its id ("robber") with one detail per level, and every prestige type by its type id with
    its VP and cost."""
    result: dict[str, PieceText] = {}
    for profession in CONTENT.professions:
        details = tuple(
            Detail(f"Level {level.threshold}", level_text(level), level.threshold) for level in profession.levels
        )
        result[profession.key] = PieceText(profession.name_en, profession.text_en, details)
    for index, kind in enumerate(CONTENT.prestige):
        details = (Detail("VP", str(kind.vp)), Detail("Cost", chapters(kind.cost)))
        result[kind.type_id] = PieceText(PRESTIGE_NAMES[index], PRESTIGE_TEXTS[index], details)
    return result

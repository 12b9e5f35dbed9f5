"""What every Guildhall piece does, in a player's words: each profession level's effect, each prestige card's plain
name and text, and the game's glossary (`kernel.glossary`) of both.

Every text here is generated from the content data (`data/professions.json`, `data/prestige_cards.json`) through
`content.py`, never copied per card: a changed data file changes these texts. Nothing here reads a game state.
"""

from __future__ import annotations

from functools import cache

from guildtable.games.guildhall.content import CONTENT, Level, PrestigeType
from guildtable.kernel.glossary import Detail, PieceText
from guildtable.kernel.i18n import N_, current_language, domain, use_language

_words = domain("guildhall")
_ = _words.gettext
ngettext = _words.ngettext
pgettext = _words.pgettext

# The words of the data files, marked for the catalogue (`data/professions.json`, `data/prestige_cards.json`): each
# is translated by its English text when shown. tests/games/guildhall/test_gh_german.py checks that every English
# name and text of the data is here.
DATA_WORDS = (
    N_("Robber"),
    N_("Scholar"),
    N_("Hunter"),
    N_("Peddler"),
    N_("Bricklayer"),
    N_("Tax Collector"),
    N_("Take cards from another player's hand into your guildhall."),
    N_("Put cards from the top of the draw deck straight into your guildhall."),
    N_("Search the discard pile and swap its cards with cards of your guildhall."),
    N_("Swap hand cards with cards of another player's guildhall, then take 1 more action."),
    N_("Draw cards, then put any hand cards back on top of the draw deck."),
    N_("Gain VP for your Tax Collectors, then move 1 guildhall card to another player's guildhall."),
    N_("Move 1 chapter from another player's guildhall into yours."),
    N_("Swap 1 card of your guildhall for 2 cards of another player's guildhall."),
    N_("Lay any number of your hand cards (even none) into your guildhall."),
    N_("Draw 5 cards."),
    N_("Move 1 card from another player's guildhall into yours."),
    N_("Take 1 additional action."),
    N_("No ability."),
    N_("Take 2 additional actions."),
    N_("No ability (value 9 is not in the German text: unverified)."),
)


def colour_word(colour: str) -> str:
    """A card colour as a player reads it ("red" -> "rot")."""
    words = {
        "red": pgettext("card colour", "red"),
        "blue": pgettext("card colour", "blue"),
        "yellow": pgettext("card colour", "yellow"),
        "green": pgettext("card colour", "green"),
        "purple": pgettext("card colour", "purple"),
    }
    return words.get(colour, colour)


def profession_word(profession: str) -> str:
    """A profession's name (its English name in the data) in the reader's language."""
    return _(profession) if profession else profession


def card_word(card: str) -> str:
    """A card name such as 'red Tax Collector' (the records' English name) in the reader's language."""
    colour, _space, profession = card.partition(" ")
    if not profession:
        return card
    return _("{colour} {profession}", colour=colour_word(colour), profession=profession_word(profession))


def card_words(cards: list[str]) -> list[str]:
    return [card_word(card) for card in cards]


def plural(count: int, noun: str) -> str:
    """'1 card', '3 cards', 'no cards' for one of the game's counted nouns, in the reader's language."""
    if noun == "card":
        return _("no cards") if count == 0 else ngettext("{n} card", "{n} cards", count)
    if noun == "random card":
        return _("no random cards") if count == 0 else ngettext("{n} random card", "{n} random cards", count)
    if noun == "hand card":
        return _("no hand cards") if count == 0 else ngettext("{n} hand card", "{n} hand cards", count)
    if noun == "completed chapter":
        if count == 0:
            return _("no completed chapters")
        return ngettext("{n} completed chapter", "{n} completed chapters", count)
    if noun == "chapter":
        return _("no chapters") if count == 0 else ngettext("{n} chapter", "{n} chapters", count)
    if noun == "extra action":
        return _("no extra actions") if count == 0 else ngettext("{n} extra action", "{n} extra actions", count)
    if noun == "action":
        return _("no actions") if count == 0 else ngettext("{n} action", "{n} actions", count)
    if noun == "more action":
        return _("no more actions") if count == 0 else ngettext("{n} more action", "{n} more actions", count)
    raise ValueError(f"no counted noun {noun!r}")


def listing(items: list[str], last: str = "and") -> str:
    """'a', 'a and b', 'a, b and c' (or 'a, b or c')."""
    if len(items) <= 1:
        return "".join(items)
    rest = _(", ").join(items[:-1])
    if last == "or":
        return _("{rest} or {last}", rest=rest, last=items[-1])
    return _("{rest} and {last}", rest=rest, last=items[-1])


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
    if kind == "robber":
        if level.choose:
            if their:
                return ngettext(
                    "Look at another player's hand and take {n} card of their choice into their guildhall",
                    "Look at another player's hand and take {n} cards of their choice into their guildhall",
                    n,
                )
            return ngettext(
                "Look at another player's hand and take {n} card of your choice into your guildhall",
                "Look at another player's hand and take {n} cards of your choice into your guildhall",
                n,
            )
        if their:
            return ngettext(
                "Take {n} random card from another player's hand into their guildhall",
                "Take {n} random cards from another player's hand into their guildhall",
                n,
            )
        return ngettext(
            "Take {n} random card from another player's hand into your guildhall",
            "Take {n} random cards from another player's hand into your guildhall",
            n,
        )
    if kind == "scholar":
        if their:
            return ngettext(
                "Put the top card of the draw deck straight into their guildhall",
                "Put the top {n} cards of the draw deck straight into their guildhall",
                n,
            )
        return ngettext(
            "Put the top card of the draw deck straight into your guildhall",
            "Put the top {n} cards of the draw deck straight into your guildhall",
            n,
        )
    if kind == "hunter":
        if level.give_chapter:
            if their:
                return ngettext(
                    "Swap 1 whole chapter of their guildhall for {n} card from the discard pile",
                    "Swap 1 whole chapter of their guildhall for {n} cards from the discard pile",
                    n,
                )
            return ngettext(
                "Swap 1 whole chapter of your guildhall for {n} card from the discard pile",
                "Swap 1 whole chapter of your guildhall for {n} cards from the discard pile",
                n,
            )
        if their:
            return ngettext(
                "Swap {n} card of their guildhall for {n} card from the discard pile",
                "Swap {n} cards of their guildhall for {n} cards from the discard pile",
                n,
            )
        return ngettext(
            "Swap {n} card of your guildhall for {n} card from the discard pile",
            "Swap {n} cards of your guildhall for {n} cards from the discard pile",
            n,
        )
    if kind == "peddler":
        take = _("1 whole chapter") if level.give_chapter else plural(n, "card")
        extra = plural(level.extra_actions, "extra action")
        return _(
            "Swap {hand} for {take} of another player's guildhall, then take {extra}",
            hand=plural(n, "hand card"),
            take=take,
            extra=extra,
        )
    if kind == "bricklayer":
        return _(
            "Draw {cards}, then put {back} back on top of the draw deck",
            cards=plural(level.draw, "card"),
            back=plural(level.put_back, "hand card"),
        )
    if their:
        return _("Gain {vp} VP, then move 1 card of their guildhall into another player's guildhall", vp=level.vp)
    return _("Gain {vp} VP, then move 1 card of your guildhall into another player's guildhall", vp=level.vp)


# --- prestige cards (GH-102 to GH-110) -------------------------------------------------------------------------------
def _ability_name(kind: PrestigeType) -> str:
    """A short name for the card's ability, from its type and number (the headings of GH-102 to GH-109)."""
    ability, n = kind.ability, kind.n
    if ability == "take_chapter":
        return _("Take a chapter")
    if ability == "swap_1_for_2":
        return _("Swap 1 for 2")
    if ability == "hand_to_guildhall_any":
        return _("Lay out from hand")
    if ability == "draw":
        return _("Draw {n}", n=n)
    if ability == "take_card":
        return _("Take a card")
    if ability == "extra_actions":
        return ngettext("Extra action", "{n} extra actions", n)
    return _("{vp} VP card", vp=kind.vp)


def _ability_text(kind: PrestigeType) -> str:
    if kind.ability is None:
        return _("No ability: worth {vp} VP.", vp=kind.vp)
    return _(kind.text_en)


def _names() -> tuple[str, ...]:
    """Plain names; two types that would share one are told apart by their VP."""
    names = [_ability_name(kind) for kind in CONTENT.prestige]
    return tuple(
        _("{name} ({vp} VP)", name=name, vp=kind.vp) if names.count(name) > 1 and kind.ability is not None else name
        for name, kind in zip(names, CONTENT.prestige, strict=True)
    )


@cache
def _prestige_words(language: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    with use_language(language):
        return _names(), tuple(_ability_text(kind) for kind in CONTENT.prestige)


def prestige_name(ptype: int) -> str:
    """A prestige card type's plain name in the reader's language."""
    return _prestige_words(current_language())[0][ptype]


def prestige_text(ptype: int) -> str:
    """What a prestige card type does, in the reader's language."""
    return _prestige_words(current_language())[1][ptype]


# The English names and texts (the score sheet's lines; shown words come from `prestige_name`/`prestige_text`).
PRESTIGE_NAMES: tuple[str, ...] = _prestige_words("en")[0]
PRESTIGE_TEXTS: tuple[str, ...] = _prestige_words("en")[1]
PRESTIGE_INDEX: dict[str, int] = {kind.type_id: index for index, kind in enumerate(CONTENT.prestige)}


def prestige_phrase(ptype: int) -> str:
    """A prestige card in a sentence: 'the prestige card "Take a chapter" (2 VP)', 'a 5 VP prestige card without
    an ability'."""
    kind = CONTENT.prestige[ptype]
    if kind.ability is None:
        return _("a {vp} VP prestige card without an ability", vp=kind.vp)
    return _('the prestige card "{name}" ({vp} VP)', name=prestige_name(ptype), vp=kind.vp)


# --- the glossary ----------------------------------------------------------------------------------------------------
def glossary() -> dict[str, PieceText]:
    """Every profession by its id ("robber") with one detail per level, and every prestige card type by its type id with
    its VP and cost (in the reader's language)."""
    return _glossary(current_language())


@cache
def _glossary(language: str) -> dict[str, PieceText]:
    with use_language(language):
        return _glossary_now()


def _glossary_now() -> dict[str, PieceText]:
    result: dict[str, PieceText] = {}
    for profession in CONTENT.professions:
        details = tuple(
            Detail(_("Level {n}", n=level.threshold), level_text(level), level.threshold) for level in profession.levels
        )
        result[profession.key] = PieceText(_(profession.name_en), _(profession.text_en), details)
    for index, kind in enumerate(CONTENT.prestige):
        details = (Detail(_("VP"), str(kind.vp)), Detail(_("Cost"), chapters(kind.cost)))
        result[kind.type_id] = PieceText(prestige_name(index), prestige_text(index), details)
    return result

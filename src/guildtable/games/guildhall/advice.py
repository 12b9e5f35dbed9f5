"""Why a better Guildhall move was better (issue 33, `Game.explain_choice`): what it gains over the move played by
the end of the mover's turn, in a player's words: the win (GH-113), VP from a prestige card or Tax Collectors
(GH-112), a chapter completed (GH-49), more colours in a chapter, a card kept in hand of a colour its chapter lacks, a
rival's chapter not completed for them, or more cards kept in hand.

Everything compared is in the guildhalls, the prestige cards and the VP, which every player sees, the number of cards
in a hand, or a card the mover held (which the mover saw): never which cards a rival's hand or the deck holds. Each
candidate reason is weighed in VP (a chapter is about half a prestige card's worth), and the weightiest one is said.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from guildtable.games.guildhall.content import CARD_NAMES, COLOURS, PROFESSION_NAMES, PROFESSIONS
from guildtable.games.guildhall.glossary import card_word, prestige_phrase, profession_word
from guildtable.games.guildhall.questions import WIN_VP
from guildtable.games.guildhall.state import Position
from guildtable.kernel import State
from guildtable.kernel.advice import weightiest
from guildtable.kernel.i18n import domain

_ = domain("guildhall").gettext
ngettext = domain("guildhall").ngettext
# What a completed chapter, a colour more in a chapter of four and a card more in hand are worth, in VP.
CHAPTER = 2.0
COLOUR = 0.5
CARD = 0.25
# Reasons weighing less than this (in VP) are not worth a sentence.
LEAST = 0.3


def _new_chapters(before: Position, after: Position, seat: int) -> Counter[int]:
    """The chapters `seat` completed during the turn and still holds, by profession."""
    return Counter(after.completed[seat]) - Counter(before.completed[seat])


def _colours(state: Position, seat: int, profession: int) -> int:
    return int(state.halls[seat * PROFESSIONS + profession]).bit_count()


def _won(state: Position, seat: int) -> bool:
    return not state.stack and seat in state.winner_seats and state.vp(seat) >= WIN_VP


def reasons(
    before: Position, played: Position, better: Position, seat: int, names: Sequence[str]
) -> list[tuple[float, str]]:
    """Every difference worth a sentence, with its weight in VP."""
    who = names[seat]
    found: list[tuple[float, str]] = []
    if _won(better, seat) and not _won(played, seat):
        found.append((float(WIN_VP), _("With it, {who} would have ended the turn with 20 VP and won.", who=who)))
    bought = Counter(better.owned[seat]) - Counter(played.owned[seat])
    more = better.vp(seat) - played.vp(seat)
    if bought and more > 0:
        card = next(iter(bought))
        found.append((float(more), _("With it, {who} would have bought {card}.", who=who, card=prestige_phrase(card))))
    elif more > 0:
        found.append(
            (
                float(more),
                ngettext(
                    "With it, {who} would have gained {n} VP more from Tax Collectors.",
                    "With it, {who} would have gained {n} VP more from Tax Collectors.",
                    more,
                    who=who,
                ),
            )
        )
    completed = _new_chapters(before, better, seat) - _new_chapters(before, played, seat)
    for profession in completed:
        found.append(
            (
                CHAPTER,
                _(
                    "With it, {who} would have completed the {profession} chapter (all five colours).",
                    who=who,
                    profession=profession_word(PROFESSION_NAMES[profession]),
                ),
            )
        )
    for profession in range(PROFESSIONS):
        if completed[profession] or _new_chapters(before, played, seat)[profession]:
            continue
        now, then = _colours(better, seat, profession), _colours(played, seat, profession)
        if now > then:
            found.append(
                (
                    COLOUR * (now - then) * now / (COLOURS - 1),  # the nearer five colours, the more it is worth
                    _(
                        "With it, {who} would have had {n} of the 5 colours of the {profession} chapter.",
                        who=who,
                        n=now,
                        profession=profession_word(PROFESSION_NAMES[profession]),
                    ),
                )
            )
    for rival in range(before.num_players):
        if rival == seat:
            continue
        helped = _new_chapters(before, played, rival) - _new_chapters(before, better, rival)
        for profession in helped:
            found.append(
                (
                    CHAPTER,
                    _(
                        "With it, {who} would not have helped {rival} complete the {profession} chapter.",
                        who=who,
                        rival=names[rival],
                        profession=profession_word(PROFESSION_NAMES[profession]),
                    ),
                )
            )
        if _won(played, rival) and not _won(better, rival):
            found.append(
                (float(WIN_VP), _("With it, {who} would not have let {rival} win.", who=who, rival=names[rival]))
            )
    held = Counter(before.hands[seat])
    for card in (Counter(better.hands[seat]) & held) - (Counter(played.hands[seat]) & held):
        profession, colour = divmod(card, COLOURS)
        lacking = not better.halls[seat * PROFESSIONS + profession] & (1 << colour)
        if lacking and not completed[profession]:
            have = _colours(better, seat, profession)
            sentence = _(
                "With it, {who} would have kept the {card} in hand, a colour the {profession} chapter still lacks.",
                who=who,
                card=card_word(CARD_NAMES[card]),
                profession=profession_word(PROFESSION_NAMES[profession]),
            )
            found.append((COLOUR * (have + 1) / COLOURS, sentence))
    kept = len(better.hands[seat]) - len(played.hands[seat])
    if kept > 0:
        found.append(
            (
                CARD * kept,
                ngettext(
                    "With it, {who} would have kept {n} card more in hand.",
                    "With it, {who} would have kept {n} cards more in hand.",
                    kept,
                    who=who,
                ),
            )
        )
    return found


def explain_choice(before: State, played: State, better: State, seat: int, names: Sequence[str] | None = None) -> str:
    """The weightiest reason the better move was better, or "" (see the module's docstring)."""
    assert isinstance(before, Position)
    assert isinstance(played, Position)
    assert isinstance(better, Position)
    words = names or before.game.seat_names[: before.num_players]
    found = reasons(before, played, better, seat, words)
    lost = reasons(before, better, played, seat, words)  # what the move played gained over the better one
    return weightiest(found, lost, LEAST)


assert COLOURS == 5, "the sentences say five colours"

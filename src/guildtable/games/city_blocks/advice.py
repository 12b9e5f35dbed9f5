"""Why a better City Blocks move was better (issue 33, `Game.explain_choice`): what it gains over the move played by
the end of the mover's turn, in a player's words: a value tile won at once (CB-16), one kept from the rival, a value
tile kept that a rebuild would have paid (CB-12), the lead taken in a street not yet scored (CB-17, CB-18), or a
better value tile moved by the courthouse to a street the mover leads (CB-13).

Everything compared is on the board or the value tiles, which both players see: nothing hidden goes into a sentence.
Each candidate reason is weighed in dollars of value tiles (a street's lead counts half its tile: it can still turn),
and the weightiest one is said.
"""

from __future__ import annotations

from collections.abc import Sequence

from guildtable.games.city_blocks.content import STREET_NAMES, STREETS, seat_words
from guildtable.games.city_blocks.scoring import street_totals
from guildtable.games.city_blocks.state import CityBlocksPosition
from guildtable.games.city_blocks.words import street_words
from guildtable.kernel import State
from guildtable.kernel.advice import weightiest
from guildtable.kernel.i18n import N_, domain

_ = domain("city_blocks").gettext
# A lead still to be defended counts this share of its street's value tile.
LEAD_SHARE = 0.5
# A gap closed in a street the rival leads, or a lead widened, counts at most this share of the street's value tile.
MARGIN_SHARE = 0.25
CLOSER = N_(
    "With it, {who} would have closed in on {rival} in {street}: {mine} to {theirs} instead of {was_mine} to "
    "{was_theirs}."
)
SAFER = N_(
    "With it, {who} would have widened the lead in {street}: {mine} to {theirs} instead of {was_mine} to {was_theirs}."
)
# Reasons weighing less than this (in dollars) are not worth a sentence.
LEAST = 0.25

_STREET_OF = {name: street for street, name in enumerate(STREET_NAMES)}


def _won_now(before: CityBlocksPosition, after: CityBlocksPosition, seat: int) -> dict[int, int]:
    """The streets scored during the turn that `seat` won: street -> value."""
    return {
        _STREET_OF[award["street"]]: award["value"]
        for award in after.awards[len(before.awards) :]
        if award["winner"] == seat
    }


def _lead(totals: tuple[int, int], seat: int) -> int:
    mine, theirs = totals[seat], totals[1 - seat]
    return (mine > theirs) - (mine < theirs)


def _streets(values: dict[int, int]) -> str:
    """ "row 3 ($9)", "row 3 ($9) and column 2 ($4)"."""
    parts = [_("{street} (${value})", street=street_words(street), value=value) for street, value in values.items()]
    text = parts[0]
    for part in parts[1:]:
        text = _("{a} and {b}", a=text, b=part)
    return text


def reasons(
    before: CityBlocksPosition, played: CityBlocksPosition, better: CityBlocksPosition, seat: int, names: Sequence[str]
) -> list[tuple[float, str]]:
    """Every difference worth a sentence, with its weight in dollars."""
    who, rival = names[seat], names[1 - seat]
    found: list[tuple[float, str]] = []
    gained = _won_now(before, better, seat)
    for street in _won_now(before, played, seat):
        gained.pop(street, None)
    if gained:
        many = len(gained) > 1
        sentence = (
            _("With it, {who} would have won the value tiles of {streets} at once.", who=who, streets=_streets(gained))
            if many
            else _(
                "With it, {who} would have won the value tile of {streets} at once.", who=who, streets=_streets(gained)
            )
        )
        found.append((float(sum(gained.values())), sentence))
    given = _won_now(before, played, 1 - seat)
    for street in _won_now(before, better, 1 - seat):
        given.pop(street, None)
    if given:
        sentence = (
            _(
                "With it, {who} would not have handed {rival} the value tiles of {streets}.",
                who=who,
                rival=rival,
                streets=_streets(given),
            )
            if len(given) > 1
            else _(
                "With it, {who} would not have handed {rival} the value tile of {streets}.",
                who=who,
                rival=rival,
                streets=_streets(given),
            )
        )
        found.append((float(sum(given.values())), sentence))
    paid = sorted(set(before.won[seat]) - set(played.won[seat]) - (set(before.won[seat]) - set(better.won[seat])))
    if paid:
        found.append(
            (
                float(paid[0]),
                _(
                    "With it, {who} would have kept the ${value} value tile that the rebuild paid.",
                    who=who,
                    value=paid[0],
                ),
            )
        )
    for street in range(STREETS):
        value = better.slots[street]
        if not value or not played.slots[street] or not better.open_sites[street]:
            continue  # scored (or scored in one line only: the awards above say it)
        now, then = street_totals(better.board, street), street_totals(played.board, street)
        ahead, behind = _lead(now, seat), _lead(then, seat)
        where = _("{street} (${value})", street=street_words(street), value=value)
        if value > played.slots[street] and ahead > 0:
            found.append(
                (
                    LEAD_SHARE * (value - played.slots[street]),
                    _(
                        "With it, {who} would have moved the ${value} value tile to {street}, where {who} leads "
                        "{mine} to {theirs}.",
                        who=who,
                        value=value,
                        street=street_words(street),
                        mine=now[seat],
                        theirs=now[1 - seat],
                    ),
                )
            )
        score = {"mine": now[seat], "theirs": now[1 - seat], "was_mine": then[seat], "was_theirs": then[1 - seat]}
        margin, was = now[seat] - now[1 - seat], then[seat] - then[1 - seat]
        if ahead == behind and margin > was and ahead != 0:
            # The same side leads either way: a gap closed, or a lead made safer, counts for a share of the tile.
            closer = ahead < 0
            share = min(1.0, (margin - was) / (abs(was) if closer else max(abs(was), 5)))
            message = CLOSER if closer else SAFER
            found.append((MARGIN_SHARE * value * share, _(message, who=who, rival=rival, street=where, **score)))
        if ahead <= behind:
            continue
        if ahead > 0:
            sentence = _(
                "With it, {who} would have taken the lead in {street}: {mine} to {theirs} instead of "
                "{was_mine} to {was_theirs}.",
                who=who,
                street=where,
                **score,
            )
        else:
            sentence = _(
                "With it, {who} would have drawn level with {rival} in {street}: {mine} to {theirs} instead of "
                "{was_mine} to {was_theirs}.",
                who=who,
                rival=rival,
                street=where,
                **score,
            )
        found.append((LEAD_SHARE * value * (ahead - behind) / 2, sentence))
    return found


def explain_choice(before: State, played: State, better: State, seat: int, names: Sequence[str] | None = None) -> str:
    """The weightiest reason the better move was better, or "" (see the module's docstring)."""
    assert isinstance(before, CityBlocksPosition)
    assert isinstance(played, CityBlocksPosition)
    assert isinstance(better, CityBlocksPosition)
    words = names or seat_words()
    found = reasons(before, played, better, seat, words)
    lost = reasons(before, better, played, seat, words)  # what the move played gained over the better one
    return weightiest(found, lost, LEAST)

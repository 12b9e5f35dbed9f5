"""Why a better Guilds of London move was better (issue 33, `Game.explain_choice`): what it gains over the move played
by the end of the mover's turn, in a player's words: VP (GL-51), the most liverymen on a tile not yet scored, which
wins its vote (GL-77), a rival kept from the most there, the most on the plantation (GL-90), liverymen brought out of
the general supply, or action cards kept in hand.

Everything compared is on the board, the VP track or the number of cards in a hand, which every player sees: never
which cards a hidden hand or a deck holds. Each candidate reason is weighed in VP (a vote counts its first-place VP
and a master's worth, half of it while the tile still lacks figures), and the weightiest one is said.
"""

from __future__ import annotations

from collections.abc import Sequence

from guildtable.games.guilds_of_london.actions import PLANTATION, SEAT_NAMES
from guildtable.games.guilds_of_london.content import CONTENT
from guildtable.games.guilds_of_london.state import GuildsPosition
from guildtable.games.guilds_of_london.words import tile_name
from guildtable.kernel import State
from guildtable.kernel.advice import weightiest
from guildtable.kernel.i18n import domain

_ = domain("guilds_of_london").gettext
ngettext = domain("guilds_of_london").ngettext
TILES = CONTENT.tiles
# What a master is worth besides a tile's printed VP (mayoral reward cards, neighbouring masters), a place on the
# plantation, a liveryman brought into play and a card kept in hand, in VP.
MASTER = 2.0
PLANTATION_PLACE = 1.5
LIVERYMAN = 0.3
CARD = 0.25
# A rival kept from a majority counts this share of what it would have won them (others may still gain).
RIVAL_SHARE = 0.5
# A majority on a tile that lacks figures to be scored counts this share: it can still be lost.
UNSURE = 0.5
# Reasons weighing less than this (in VP) are not worth a sentence.
LEAST = 0.25


def _counts(state: GuildsPosition, location: int) -> list[int]:
    return state.fig[location * 4 : location * 4 + state.num_players]


def _most(counts: Sequence[int], seat: int) -> int:
    """1 when `seat` has strictly the most figures there, 0 when it shares the most, -1 otherwise (or none)."""
    mine = counts[seat]
    best = max((count for other, count in enumerate(counts) if other != seat), default=0)
    if mine == 0 or mine < best:
        return -1
    return 1 if mine > best else 0


def _standing(before: GuildsPosition, after: GuildsPosition, tile: int) -> list[int] | None:
    """The figures of each seat on `tile` after the turn: as they stand on a tile not yet scored, or as they were at
    its vote when it was scored during the turn (a negotiation's neutrals sent some home, GL-76); None for a tile
    scored before."""
    if not after.back[tile]:
        return _counts(after, tile)
    name = TILES[tile].id
    voted = [result for result in after.results[len(before.results) :] if result["tile"] == name]
    return list(voted[-1]["counts"]) if voted else None


def _first_vp(tile: int) -> int:
    return sum(CONTENT.effects[effect].amount for effect in TILES[tile].first if CONTENT.effects[effect].kind == "vp")


def _ready(state: GuildsPosition, tile: int) -> bool:
    """The tile holds its minimum of figures (the Beadle counts), so it is scored at the end of the round (GL-73), or
    it was scored during the turn."""
    if state.back[tile]:
        return True
    return sum(_counts(state, tile)) + (state.beadle == tile) >= TILES[tile].minimum


def reasons(
    before: GuildsPosition, played: GuildsPosition, better: GuildsPosition, seat: int, names: Sequence[str]
) -> list[tuple[float, str]]:
    """Every difference worth a sentence, with its weight in VP."""
    who = names[seat]
    found: list[tuple[float, str]] = []
    more = better.vp[seat] - played.vp[seat]
    if more > 0:
        sentence = ngettext(
            "With it, {who} would have gained {n} VP more.",
            "With it, {who} would have gained {n} VP more.",
            more,
            who=who,
        )
        found.append((float(more), sentence))
    for tile in better.in_play:
        now, then = _standing(before, better, tile), _standing(before, played, tile)
        if now is None or then is None:
            continue
        ahead, behind = _most(now, seat), _most(then, seat)
        if ahead <= behind or ahead < 0:
            continue
        ready = _ready(better, tile)
        worth = (_first_vp(tile) + MASTER) * (1.0 if ready else UNSURE) * (ahead - behind) / 2
        theirs = max(count for other, count in enumerate(now) if other != seat)
        if ahead > 0 and ready:
            sentence = _(
                "With it, {who} would have had the most liverymen on {tile}, {mine} to {theirs}, with enough "
                "figures there for its vote at the end of the round.",
                who=who,
                tile=tile_name(tile),
                mine=now[seat],
                theirs=theirs,
            )
        elif ahead > 0:
            sentence = _(
                "With it, {who} would have had the most liverymen on {tile}, {mine} to {theirs}.",
                who=who,
                tile=tile_name(tile),
                mine=now[seat],
                theirs=theirs,
            )
        else:
            sentence = _(
                "With it, {who} would have drawn level for the most liverymen on {tile}, {mine} to {theirs}.",
                who=who,
                tile=tile_name(tile),
                mine=now[seat],
                theirs=theirs,
            )
        found.append((worth, sentence))
    for tile in better.in_play:
        now, then = _standing(before, better, tile), _standing(before, played, tile)
        if now is None or then is None:
            continue
        for rival in range(better.num_players):
            if rival == seat or _most(then, rival) < 1 or _most(now, rival) == 1:
                continue
            ready = _ready(played, tile)
            worth = RIVAL_SHARE * (_first_vp(tile) + MASTER) * (1.0 if ready else UNSURE)
            sentence = _(
                "With it, {who} would have kept {rival} from having the most liverymen on {tile} ({theirs} to "
                "{mine} instead of {was_theirs} to {was_mine}).",
                who=who,
                rival=names[rival],
                tile=tile_name(tile),
                theirs=now[rival],
                mine=now[seat],
                was_theirs=then[rival],
                was_mine=then[seat],
            )
            found.append((worth, sentence))
    ahead, behind = _most(_counts(better, PLANTATION), seat), _most(_counts(played, PLANTATION), seat)
    if ahead > behind and ahead > 0:
        now = _counts(better, PLANTATION)
        found.append(
            (
                PLANTATION_PLACE,
                _(
                    "With it, {who} would have had the most liverymen on the plantation, {mine} to {theirs}.",
                    who=who,
                    mine=now[seat],
                    theirs=max(count for other, count in enumerate(now) if other != seat),
                ),
            )
        )
    recruited = played.supply[seat] - better.supply[seat]
    if recruited > 0:
        found.append(
            (
                LIVERYMAN * recruited,
                ngettext(
                    "With it, {who} would have brought {n} liveryman more out of the general supply.",
                    "With it, {who} would have brought {n} liverymen more out of the general supply.",
                    recruited,
                    who=who,
                ),
            )
        )
    kept = len(better.hands[seat]) - len(played.hands[seat])
    if kept > 0:
        found.append(
            (
                CARD * kept,
                ngettext(
                    "With it, {who} would have kept {n} action card more in hand.",
                    "With it, {who} would have kept {n} action cards more in hand.",
                    kept,
                    who=who,
                ),
            )
        )
    return found


def explain_choice(before: State, played: State, better: State, seat: int, names: Sequence[str] | None = None) -> str:
    """The weightiest reason the better move was better, or "" (see the module's docstring)."""
    assert isinstance(before, GuildsPosition)
    assert isinstance(played, GuildsPosition)
    assert isinstance(better, GuildsPosition)
    words = names or SEAT_NAMES[: before.num_players]
    found = reasons(before, played, better, seat, words)
    lost = reasons(before, better, played, seat, words)  # what the move played gained over the better one
    return weightiest(found, lost, LEAST)

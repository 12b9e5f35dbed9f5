"""Points (GH-112, GH-113): each seat's VP (prestige cards plus VP tokens, `Position.vp`), how the game ended, the score
breakdown and the end screen's score sheet."""

# Compiled by mypyc at install (setup.py): see "Compiled engines" in src/guildtable/games/README.md.
from __future__ import annotations

from typing import TypedDict

from guildtable.games.guildhall.content import PRESTIGE
from guildtable.games.guildhall.glossary import prestige_name
from guildtable.games.guildhall.questions import WIN_VP
from guildtable.games.guildhall.state import Position
from guildtable.kernel.i18n import domain
from guildtable.kernel.scoresheet import ScoreCategory, ScoreSheet, line

_ = domain("guildhall").gettext


def scores(state: Position) -> list[float]:
    """Each seat's VP."""
    return [float(state.vp(seat)) for seat in range(state.num_players)]


def winners(state: Position) -> list[int]:
    """The winning seats once the game is over, else []."""
    return list(state.winner_seats) if not state.stack else []


def score_sheet(state: Position) -> ScoreSheet:
    """GH-112: each prestige card by its plain name and its VP, then the VP tokens."""
    n = state.num_players
    cards = tuple(
        line(_("Prestige card: {name}", name=prestige_name(kind)), n, {seat: PRESTIGE[kind].vp})
        for seat in range(n)
        for kind in state.owned[seat]
    )
    tokens = (line(_("VP tokens"), n, dict(enumerate(state.tokens[:n]))),)
    totals = tuple(float(score) for score in scores(state))
    return ScoreSheet((ScoreCategory(_("Prestige cards"), cards), ScoreCategory(_("VP tokens"), tokens)), totals)


class GuildhallScoreLine(TypedDict):
    """One seat's points (GH-112)."""

    seat: int
    prestige: list[str]
    """The type ids of the prestige cards it bought."""
    prestige_vp: int
    vp_tokens: int
    vp: int


class GuildhallScoreBreakdown(TypedDict):
    """Where every point came from, how many turns were played and why the game ended (`ended_by`)."""

    players: list[GuildhallScoreLine]
    winners: list[int]
    turns: int
    ended_by: str


def score_breakdown(state: Position) -> GuildhallScoreBreakdown:
    return {
        "players": [
            {
                "seat": seat,
                "prestige": [PRESTIGE[k].type_id for k in state.owned[seat]],
                "prestige_vp": sum(PRESTIGE[k].vp for k in state.owned[seat]),
                "vp_tokens": state.tokens[seat],
                "vp": state.vp(seat),
            }
            for seat in range(state.num_players)
        ],
        "winners": winners(state),
        "turns": state.turn,
        "ended_by": ended_by(state),
    }


def ended_by(state: Position) -> str:
    """Why the game ended ("" while it goes on)."""
    if state.stack:
        return ""
    if any(state.vp(s) >= WIN_VP for s in state.winner_seats):
        return "20 VP at the end of the winner's own turn (GH-113)"
    return "max_turns reached: highest VP wins (simulation limit, GH-D22)"

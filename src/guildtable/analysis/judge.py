"""Judging one decision (issue 19): from the deciding player's information set, how good was the move played next
to the best move a search finds.

The search is the ISMCTS of the bots: every iteration plays in a determinization of what the deciding seat could not
see (`State.determinize(seat)`), so the judgement never uses a hidden card that player did not know. The search
values each move by its playouts (a win counts 1, a shared win its share, and unfinished playouts are scored by the
game's evaluation); the game's calibration (`calibration.py`) turns that value into an estimated chance of winning
for that seat, and the loss of a move is how much of that chance the move gave away next to the best one.
The move played and the best one are compared on an equal budget: a second search spends the whole budget on the two
of them.

Marks by the loss of estimated winning chance (the thresholds chess sites use for their win-chance graphs):
an inaccuracy from 0.05, a mistake from 0.10, a blunder from 0.20.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Literal

from guildtable.analysis.calibration import winning_chance
from guildtable.bots.hint import search_moves
from guildtable.bots.ismcts import IsmctsBot
from guildtable.bots.spec import make_bot
from guildtable.kernel import BadOptions, State
from guildtable.kernel.i18n import gettext as _

Mark = Literal["inaccuracy", "mistake", "blunder"]
# The least loss of estimated winning chance for each mark, worst first.
THRESHOLDS: tuple[tuple[float, Mark], ...] = ((0.20, "blunder"), (0.10, "mistake"), (0.05, "inaccuracy"))
# The search an analysis uses unless told otherwise: the `medium` level's, on a budget per search.
DEFAULT_SPEC = "ismcts:iterations=400,c=0.1,rollout=0,widen=1,alpha=0.4,prior_depth=2,settle=1"


def spec_with(spec: str, *, iterations: int | None = None, ms: int | None = None) -> str:
    """`spec` with its iteration budget replaced and a time budget added (ISMCTS specs: `ismcts:name=value,...`)."""
    kind, _colon, given = spec.partition(":")
    params = dict(part.split("=", 1) for part in given.split(",") if part)
    if iterations is not None:
        params["iterations"] = str(iterations)
    if ms:
        params["ms"] = str(ms)
    return kind + ":" + ",".join(f"{name}={value}" for name, value in params.items())


def mark_of(loss: float) -> Mark | None:
    """The mark a loss of estimated winning chance earns, None for a good move."""
    for least, mark in THRESHOLDS:
        if loss >= least:
            return mark
    return None


@dataclass(frozen=True, slots=True)
class Judgement:
    """One decision: who decided (`seat`) after `ply` moves, the move played and the best one the search found,
    with their values for that seat. A forced move (the only legal one) is not searched: its values are None."""

    ply: int
    seat: int
    played: int
    best: int
    value_played: float | None
    value_best: float | None
    iterations: int = 0

    @property
    def forced(self) -> bool:
        return self.value_played is None

    @property
    def loss(self) -> float:
        if self.value_played is None or self.value_best is None:
            return 0.0
        return max(0.0, self.value_best - self.value_played)

    @property
    def mark(self) -> Mark | None:
        return None if self.forced else mark_of(self.loss)


def searcher(spec: str, seed: int) -> IsmctsBot:
    """The search bot a spec names (a level or `ismcts:…`); BadOptions for any other bot."""
    bot = make_bot(spec, seed)
    if not isinstance(bot, IsmctsBot):
        raise BadOptions(
            "bot", _("analysis needs a search bot (a level or {ismcts}), not {spec}", ismcts="ismcts", spec=repr(spec))
        )
    return bot


def judge(state: State, played: int, bot: IsmctsBot, *, calibrated: bool = True) -> Judgement:
    """Judge `played`, the move the seat on turn made at `state`, from that seat's information set. The values are
    winning chances by the game's calibration, or the search's own values when not `calibrated` (to fit one)."""
    judgement = judge_raw(state, played, bot)
    if not calibrated or judgement.value_played is None or judgement.value_best is None:
        return judgement
    game, players = state.game.name, state.num_players
    return replace(
        judgement,
        value_played=winning_chance(game, players, judgement.value_played),
        value_best=winning_chance(game, players, judgement.value_best),
    )


def judge_raw(state: State, played: int, bot: IsmctsBot) -> Judgement:
    """`judge` with the search's own values."""
    seat = state.current_player
    assert seat is not None, "the game is over"
    ply = state.moves_played
    legal = state.legal_actions()
    if len(legal) == 1:
        return Judgement(ply, seat, played, played, None, None)
    full = search_moves(state, bot)
    best = full.action
    if best == played:
        return Judgement(ply, seat, played, best, full.values[best], full.values[best], full.iterations)
    # The move played may have had few visits: compare the two on a budget of their own.
    duel = search_moves(state, bot, focus=(played, best))
    value_played = duel.values.get(played, full.values.get(played, 0.0))
    value_best = duel.values.get(best, full.values[best])
    if value_played >= value_best:  # on a closer look the move played was as good: it is the best found
        return Judgement(ply, seat, played, played, value_played, value_played, full.iterations + duel.iterations)
    return Judgement(ply, seat, played, best, value_played, value_best, full.iterations + duel.iterations)

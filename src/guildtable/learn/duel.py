"""Duels between searches that judge differently (a network, another network, or the game's own evaluation), at the
same iteration budget: the gate of a training run and its strength by generation (issue 35).

Every deal is played once per seating: the candidate takes each seat in turn, the others seats the rival, so luck of
the deal and of the seat falls on both sides alike.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path

from guildtable.bots.network import load_network
from guildtable.kernel.registry import get_game
from guildtable.learn.selfplay import search_bot


@dataclass(frozen=True, slots=True)
class DuelTask:
    game: str
    players: int
    seed: int
    iterations: int
    candidate_seat: int
    candidate: str | None  # a network's path, or None: the game's own evaluation
    rival: str | None


@dataclass(frozen=True, slots=True)
class DuelResult:
    seed: int
    candidate_seat: int
    score: float  # the candidate's share of the game: 1 a win, 0 a loss, between for ties (its return)


def play_duel(task: DuelTask) -> DuelResult:
    """One game of a duel (module-level: a worker process or a Ray task runs it)."""
    game = get_game(task.game)
    networks = {path: None if path is None else load_network(Path(path)) for path in {task.candidate, task.rival}}
    bots = [
        search_bot(
            task.game,
            task.players,
            task.iterations,
            task.seed * 31 + seat,
            networks[task.candidate if seat == task.candidate_seat else task.rival],
        )
        for seat in range(task.players)
    ]
    state = game.new_state(task.players, seed=task.seed)
    while not state.is_terminal:
        seat = state.current_player
        assert seat is not None
        state.apply(bots[seat].choose(state))
    return DuelResult(task.seed, task.candidate_seat, state.returns()[task.candidate_seat])


def duel_tasks(
    game: str, players: int, deals: int, seed: int, iterations: int, candidate: str | None, rival: str | None
) -> list[DuelTask]:
    """`deals` deals, each played with the candidate in every seat."""
    return [
        DuelTask(game, players, seed + deal, iterations, seat, candidate, rival)
        for deal in range(deals)
        for seat in range(players)
    ]


def wilson(successes: float, trials: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a share (`successes` may count ties as halves)."""
    if trials <= 0:
        return 0.0, 1.0
    share = successes / trials
    centre = (share + z * z / (2 * trials)) / (1 + z * z / trials)
    spread = z * math.sqrt(share * (1 - share) / trials + z * z / (4 * trials * trials)) / (1 + z * z / trials)
    return max(0.0, centre - spread), min(1.0, centre + spread)

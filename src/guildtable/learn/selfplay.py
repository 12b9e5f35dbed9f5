"""Self-play: games played by the search, each decision recorded as a training sample (issue 35).

Every seat is the same search (`hard`'s settings at a fixed iteration budget, no time cap, so a task gives the same
game on any machine), judging with a network when one is given. At each real choice (more than one move) the sample
is the mover's observation tensor, its legal moves, the search's visit shares over them (the policy target), the
search's own value of its best move (the mean outcome it found there) and, once the game is over, the mover's return.
The first `explore` choices of a game are drawn in proportion to the visits, so that games differ; later ones take
the most visited move.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import numpy as np
import numpy.typing as npt

from guildtable.bots.base import bot_actions
from guildtable.bots.ismcts import IsmctsBot
from guildtable.bots.learned import LearnedEvaluator
from guildtable.bots.network import AnyNetwork, load_network
from guildtable.bots.spec import level_settings
from guildtable.kernel import Rng
from guildtable.kernel.observation import observer_for
from guildtable.kernel.registry import get_game


@dataclass(frozen=True, slots=True)
class SelfPlayTask:
    """One game: what, which deal (`seed`), how hard each seat searches, with which network (a path, or None for
    the game's own evaluation) and how many early choices are explored."""

    game: str
    players: int
    seed: int
    iterations: int
    network: str | None = None
    explore: int = 8


@dataclass(frozen=True, slots=True)
class GameSamples:
    """The samples of one game, as arrays of equal length (one row a choice)."""

    seed: int
    observations: npt.NDArray[np.float32]  # (n, observation size)
    policies: npt.NDArray[np.float32]  # (n, actions): visit shares, zero off the legal moves
    legal: npt.NDArray[np.bool_]  # (n, actions)
    values: npt.NDArray[np.float32]  # (n,): the mover's return at the end
    searched: npt.NDArray[np.float32]  # (n,): the search's value of its best move for the mover, 0 to 1
    evaluations: npt.NDArray[np.float32]  # (n,): the game's own evaluation of the position for the mover, -1 to 1
    moves: int


def search_bot(game: str, players: int, iterations: int, seed: int, network: AnyNetwork | None) -> IsmctsBot:
    """`hard`'s search at a fixed iteration budget (no time cap), judging with `network` if given."""
    settings = level_settings("hard", {"iterations": str(iterations), "ms": "0"}, get_game(game))
    evaluator = None if network is None else LearnedEvaluator(network, game, players)
    return IsmctsBot(seed, settings, f"hard:iterations={iterations},ms=0", evaluator=evaluator)


def play_selfplay(task: SelfPlayTask) -> GameSamples:
    """Play one self-play game (module-level: a worker process or a Ray task runs it)."""
    game = get_game(task.game)
    network = None if task.network is None else load_network(Path(task.network))
    bot = search_bot(task.game, task.players, task.iterations, task.seed, network)
    observer = observer_for(game, task.players)
    encode = observer.encode
    actions = game.num_distinct_actions(task.players)
    state = game.new_state(task.players, seed=task.seed)
    chance = Rng(task.seed ^ 0x5E1F)
    worlds = Rng(task.seed ^ 0xE7A1)
    observations: list[npt.NDArray[np.float32]] = []
    policies: list[npt.NDArray[np.float32]] = []
    legal_rows: list[npt.NDArray[np.bool_]] = []
    movers: list[int] = []
    searched: list[float] = []
    evaluations: list[float] = []
    choices = 0
    while not state.is_terminal:
        seat = state.current_player
        assert seat is not None
        legal = bot_actions(state)
        if len(legal) == 1:
            state.apply(legal[0])
            continue
        result = bot.search(state)
        total = sum(result.visits.values())
        policy = np.zeros(actions, np.float32)
        for action, visits in result.visits.items():
            policy[action] = visits / total
        mask = np.zeros(actions, np.bool_)
        mask[legal] = True
        observations.append(encode(state, seat))
        policies.append(policy)
        legal_rows.append(mask)
        movers.append(seat)
        searched.append(result.values[result.action])
        # The game's evaluation as the search meets it: of a world drawn from what the seat knows.
        evaluations.append(game.evaluate(state.determinize(seat, worlds), seat))
        if choices < task.explore:
            ranked = sorted(result.visits)
            pick = chance.below(total)
            action = ranked[-1]
            for candidate in ranked:
                pick -= result.visits[candidate]
                if pick < 0:
                    action = candidate
                    break
        else:
            action = result.action
        choices += 1
        state.apply(action)
    returns = state.returns()
    size = observer.size
    return GameSamples(
        task.seed,
        np.array(observations, np.float32).reshape(-1, size),
        np.array(policies, np.float32).reshape(-1, actions),
        np.array(legal_rows, np.bool_).reshape(-1, actions),
        np.array([returns[seat] for seat in movers], np.float32),
        np.array(searched, np.float32),
        np.array(evaluations, np.float32),
        state.moves_played,
    )

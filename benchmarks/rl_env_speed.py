"""Environment steps per second through the PettingZoo interface, next to the raw engine's (issue 18: the aim is that
the wrapper costs less than 2×). Needs the `rl` extra. A report, never a test.

Both loops play uniformly random legal moves to the end of seeded games, for about `--seconds` of CPU time per run;
the medians of `--runs` runs are reported (CPU time of this process, so that other work on a shared machine does not
count):

- raw: `state.legal_actions()`, a random choice, `state.apply(action)`: what `guildtable bench` measures;
- PettingZoo: `for agent in env.agent_iter(): observation, ... = env.last()`, a random choice among
  `observation["action_mask"].nonzero()[0]`, `env.step(action)`: a learner's loop, the observation tensor and the
  mask built at every step. A step is one decision (the agents' closing `step(None)` are timed but not counted).

`loop only` is the same PettingZoo loop with every tensor replaced by a constant array (`ConstantTensor`): the cost of
the environment besides its encoder. The last columns split the wrapper's cost per step on positions of those games: the
observation tensor (`encode`, by the encoder the environment uses: the compiled one where it was built, see each game's
`observer_twin`; `python`, by the Python encoder alone) and the action mask. The positions are every decision of seeded
random games in order, each encoded for the seat to move, as an environment encodes them: the Python encoders rewrite
only what changed since that seat's last tensor (`guildtable.kernel.observation.Memo`), so their tensor costs less after
a near position than after an unrelated one.

    .venv/bin/python benchmarks/rl_env_speed.py [--game city-blocks] [--players N] [--runs 5] [--seconds 1]
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable
from functools import partial

import numpy as np
import numpy.typing as npt

from guildtable import rl
from guildtable.kernel import Game, Rng, State
from guildtable.kernel.registry import all_games, get_game
from guildtable.rl.encoders import new_encoder
from guildtable.rl.masks import action_mask


def raw_steps(game: Game, players: int, seconds: float, seed: int) -> float:
    rng = Rng(seed)
    steps = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        state = game.new_state(players, seed=rng.below(1 << 62))
        while not state.is_terminal:
            state.apply(rng.choice(state.legal_actions()))
            steps += 1
    return steps / (time.process_time() - start)


class ConstantTensor:
    """Stands in for an encoder: the same zeros every time, to time the environment's loop without the tensors."""

    def __init__(self, size: int) -> None:
        self.size = size
        self.zeros = np.zeros(size, np.float32)

    def encode(self, state: State, seat: int) -> npt.NDArray[np.float32]:
        return self.zeros.copy()


def pettingzoo_steps(game: Game, players: int, seconds: float, seed: int, tensors: bool = True) -> float:
    env = rl.env(game, players)
    if not tensors:
        env.encoder = ConstantTensor(env.encoder.size)  # type: ignore[assignment]
    rng = Rng(seed)
    steps = 0
    start = time.process_time()
    env.reset(seed=seed)
    while time.process_time() - start < seconds:
        for _agent in env.agent_iter():
            observation, _reward, terminated, truncated, _info = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            legal = observation["action_mask"].nonzero()[0]
            env.step(legal[rng.below(len(legal))])
            steps += 1
        env.reset()
    return steps / (time.process_time() - start)


def positions(game: Game, players: int, count: int, seed: int) -> list[State]:
    """Every decision of seeded random games, in order (the final positions left out)."""
    rng = Rng(seed)
    found: list[State] = []
    while len(found) < count:
        state = game.new_state(players, seed=rng.below(1 << 62))
        while not state.is_terminal and len(found) < count:
            found.append(state.clone())
            state.apply(rng.choice(state.legal_actions()))
    return found


def microseconds_per_call(call: Callable[[State], object], states: list[State], repeats: int = 10) -> float:
    start = time.process_time()
    for _ in range(repeats):
        for state in states:
            call(state)
    return (time.process_time() - start) / (repeats * len(states)) * 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", help="one game (default: every game)")
    parser.add_argument("--players", type=int, help="player count (default: each game's fewest and most)")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=1.0)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    games = [get_game(args.game)] if args.game else all_games()
    print(f"Medians of {args.runs} runs of {args.seconds:g} CPU-s; steps/s are decisions per CPU-second.")
    print(
        f"{'game':<18}{'seats':>6}{'raw steps/s':>13}{'PettingZoo':>12}{'overhead':>10}{'loop only':>11}"
        f"{'encode µs':>11}{'python µs':>11}{'mask µs':>9}{'tensor':>8}  encoder"
    )
    for game in games:
        counts = [args.players] if args.players else sorted({game.min_players, game.max_players})
        for players in counts:
            raw = statistics.median(raw_steps(game, players, args.seconds, args.seed + run) for run in range(args.runs))
            wrapped = statistics.median(
                pettingzoo_steps(game, players, args.seconds, args.seed + run) for run in range(args.runs)
            )
            # The same loop with a constant tensor: what the environment costs besides its encoder.
            loop = statistics.median(
                pettingzoo_steps(game, players, args.seconds, args.seed + run, tensors=False)
                for run in range(args.runs)
            )
            encoder = rl.encoder_for(game, players)
            actions = game.num_distinct_actions(players)
            sample = positions(game, players, 400, args.seed)
            encode = microseconds_per_call(partial(_encode, encoder), sample)
            python = microseconds_per_call(partial(_encode, new_encoder(game, players, compiled=False)), sample)
            mask = microseconds_per_call(partial(_mask, actions), sample)
            print(
                f"{game.name:<18}{players:>6}{raw:>13,.0f}{wrapped:>12,.0f}{raw / wrapped:>9.2f}×{raw / loop:>10.2f}×"
                f"{encode:>11.1f}{python:>11.1f}{mask:>9.1f}{encoder.size:>8}  "
                + ("compiled" if encoder.compiled is not None else "python")
            )


def _encode(encoder: rl.Encoder, state: State) -> npt.NDArray[np.float32]:
    return encoder.encode(state, state.current_player or 0)


def _mask(actions: int, state: State) -> npt.NDArray[np.int8]:
    """What the environment does to build an action mask."""
    mask: npt.NDArray[np.int8] = action_mask(state.legal_actions(), actions, np.int8)
    return mask


if __name__ == "__main__":
    main()

"""Evaluate a trained policy in the arena against the built-in bots and levels, as a tournament of guildtable bots.

The policy becomes a bot kind (`guildtable.rl.register_policy`), so the arena seats it like `greedy`: fair seat
rotations, seeded deals, openskill ratings and the usual summary. The games are played in this process (the local
backend with one worker), where the new bot kind exists.

    pip install -e '.[rl,train]'
    python examples/evaluate_in_arena.py artifacts/rl/ppo_city_blocks.zip --opponents random greedy easy --games 200

Any policy works the same way: `register_policy("mine", lambda seed: policy)` with `policy(observation, mask)`
returning a legal action, then `Tournament(game, players, ("mine", "greedy", "hard"), games=...)`.
"""

from __future__ import annotations

import argparse
import math
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from guildtable import rl
from guildtable.arena import Tournament, schedule
from guildtable.arena.backends import run_tasks
from guildtable.arena.ratings import rate
from guildtable.arena.report import summary_rows
from guildtable.arena.stats import summarize

GAME = "city-blocks"
AGENT = "agent"


def model_policy(model: Any) -> rl.Policy:
    """A MaskablePPO model as a policy: its most likely legal action."""

    def policy(observation: npt.NDArray[np.float32], mask: npt.NDArray[np.bool_]) -> int:
        action, _ = model.predict(observation, action_masks=mask, deterministic=True)
        return int(action)

    return policy


@dataclass(frozen=True, slots=True)
class Result:
    games: int
    wins: int
    shared: int
    score: float  # the mean return: 1 a win, 1/k a k-way shared win, 0 a loss

    def __str__(self) -> str:
        margin = 1.96 * math.sqrt(max(self.score * (1 - self.score), 1e-9) / self.games)
        losses = self.games - self.wins - self.shared
        return (
            f"win rate {self.score:.3f} ± {margin:.3f} (95%): {self.wins} won, {self.shared} shared, {losses} lost "
            f"of {self.games}"
        )


def evaluate(policy: rl.Policy, opponent: str, games: int, seed: int = 0, game: str = GAME) -> Result:
    """`games` arena games of `policy` against the bot spec `opponent`, seats alternating."""
    rl.register_policy(AGENT, lambda _seed: policy)
    tournament = Tournament(game, 2, (AGENT, opponent), games=games, seed=seed)
    results = list(run_tasks(schedule(tournament), "local", workers=1))
    returns = [result.returns[result.lineup.index(0)] for result in results]
    wins = sum(1 for value in returns if value == 1.0)
    shared = sum(1 for value in returns if 0.0 < value < 1.0)
    return Result(len(returns), wins, shared, sum(returns) / len(returns))


def table(policy: rl.Policy, opponents: list[str], games: int, seed: int, game: str = GAME) -> list[dict[str, Any]]:
    """A round robin of the policy and `opponents` (two seats): the arena's summary rows, best rating first."""
    rl.register_policy(AGENT, lambda _seed: policy)
    tournament = Tournament(game, 2, (AGENT, *opponents), games=games, seed=seed)
    results = list(run_tasks(schedule(tournament), "local", workers=1))
    return summary_rows(summarize(results, tournament.labels, 2), rate(results, len(tournament.bots)))


def main() -> None:
    from sb3_contrib import MaskablePPO

    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("model", type=Path, help="a MaskablePPO model saved by train_city_blocks_ppo.py")
    parser.add_argument("--opponents", nargs="+", default=["random", "greedy", "easy"], help="bot specs")
    parser.add_argument("--games", type=int, default=200, help="games against each opponent")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    policy = model_policy(MaskablePPO.load(args.model, device="cpu"))
    for opponent in args.opponents:
        print(f"against {opponent:<8} {evaluate(policy, opponent, args.games, args.seed)}")
    rows = table(policy, args.opponents, args.games * len(args.opponents), args.seed)
    print(f"\nRound robin ({args.games * len(args.opponents)} games of two seats):")
    print(f"{'entrant':<10}{'rating μ':>10}{'σ':>7}{'games':>7}{'win rate':>10}{'mean score':>12}")
    for row in rows:
        print(
            f"{row['entrant']:<10}{row['mu']:>10.2f}{row['sigma']:>7.2f}{row['games']:>7}{row['win_rate']:>10.3f}"
            f"{row['mean_score']:>12.1f}"
        )


if __name__ == "__main__":
    main()

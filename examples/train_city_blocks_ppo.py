"""Train a small masked policy for City Blocks with PPO on CPU: first against `random`, then against `greedy`.

Uses sb3-contrib's MaskablePPO (PPO whose action distribution only ever gives weight to legal actions) on
`guildtable.rl.gym_env`: one seat learns, a bot holds the other, and the learning seat is drawn afresh each episode.
After each stage the policy plays seeded arena games against the built-in bots (`evaluate_in_arena.py`) and the
script prints the win rate, the stage's wall time and its environment steps per second. The model is saved for
`evaluate_in_arena.py`.

    pip install -e '.[rl,train]'
    python examples/train_city_blocks_ppo.py                       # the defaults: 200k + 300k steps
    python examples/train_city_blocks_ppo.py --random-steps 20000 --greedy-steps 20000 --games 100   # a quick look

A win counts 1, a shared win 1/2 (City Blocks ends in a tie when both players hold the same total, CB-22).
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from pathlib import Path

import gymnasium
import torch
from evaluate_in_arena import evaluate, model_policy
from sb3_contrib import MaskablePPO
from stable_baselines3.common.vec_env import DummyVecEnv

from guildtable import rl

GAME = "city-blocks"


def make_envs(opponent: str, count: int, seed: int) -> DummyVecEnv:
    """`count` copies of the game against `opponent`, each with its own seed."""

    def maker(index: int) -> Callable[[], gymnasium.Env]:  # type: ignore[type-arg]
        def make() -> gymnasium.Env:  # type: ignore[type-arg]
            env = rl.gym_env(GAME, opponents=opponent)
            env.reset(seed=seed * 1000 + index)
            return env

        return make

    return DummyVecEnv([maker(index) for index in range(count)])


def stage(model: MaskablePPO, opponent: str, steps: int, args: argparse.Namespace, seed: int) -> None:
    """Train `steps` environment steps against `opponent`, then report against every opponent so far."""
    model.set_env(make_envs(opponent, args.envs, seed))
    start = time.perf_counter()
    model.learn(total_timesteps=steps, reset_num_timesteps=False, progress_bar=False)
    seconds = time.perf_counter() - start
    print(f"\nTrained {steps:,} steps against {opponent} in {seconds:.0f} s ({steps / seconds:,.0f} steps/s)")
    for against in ("random", "greedy"):
        result = evaluate(model_policy(model), against, args.games, seed=args.seed + 7)
        print(f"  against {against:<7} {result}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--random-steps", type=int, default=200_000, help="training steps against random")
    parser.add_argument("--greedy-steps", type=int, default=300_000, help="then training steps against greedy")
    parser.add_argument("--envs", type=int, default=8, help="games played side by side")
    parser.add_argument("--games", type=int, default=400, help="evaluation games per opponent")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--threads", type=int, default=1, help="torch threads (the machine may be shared)")
    parser.add_argument("--out", type=Path, default=Path("artifacts/rl/ppo_city_blocks.zip"))
    args = parser.parse_args()
    torch.set_num_threads(args.threads)
    begin = time.perf_counter()
    model = MaskablePPO(
        "MlpPolicy",
        make_envs("random", args.envs, args.seed),
        n_steps=256,  # per game side by side: 2,048 steps a round
        batch_size=64,
        n_epochs=10,
        learning_rate=3e-4,
        gamma=1.0,  # the only reward is the result at the end of a game of ~20 decisions
        ent_coef=0.01,
        policy_kwargs={"net_arch": [128, 128]},
        seed=args.seed,
        device="cpu",
        verbose=0,
    )
    print(f"City Blocks: MaskablePPO, a 128-128 MLP for policy and value, {args.envs} games side by side")
    print("Before training:")
    for against in ("random", "greedy"):
        print(f"  against {against:<7} {evaluate(model_policy(model), against, args.games, seed=args.seed + 7)}")
    for opponent, steps, seed in (("random", args.random_steps, 1), ("greedy", args.greedy_steps, 2)):
        if steps > 0:
            stage(model, opponent, steps, args, args.seed + seed)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    model.save(args.out)
    print(f"\nSaved the policy to {args.out}; all of it took {time.perf_counter() - begin:.0f} s")


if __name__ == "__main__":
    main()

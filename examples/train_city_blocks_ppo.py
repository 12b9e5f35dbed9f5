"""Train a small masked policy for City Blocks with PPO on CPU: first against `random`, then against `greedy`.

Uses sb3-contrib's MaskablePPO (PPO whose action distribution only ever gives weight to legal actions) on
`guildtable.rl.gym_env`: one seat learns, a bot holds the other, and the learning seat is drawn afresh each episode.
Before training and after each stage the policy plays seeded arena games against `random` and `greedy`
(`evaluate_in_arena.py`); the script prints the win rates, each stage's wall time, steps per second and CPU time, and
saves the model for `evaluate_in_arena.py`.

    pip install -e '.[rl,train]'
    python examples/train_city_blocks_ppo.py                       # the defaults: 240k + 80k steps, site policy
    python examples/train_city_blocks_ppo.py --random-steps 20000 --greedy-steps 20000 --games 100   # a quick look

- `--policy sites` (the default): `city_blocks_policy.py`, one small network shared by the 30 sites scores each
  placement from its site and the two streets through it; `--policy mlp`: SB3's MLP over the whole tensor.
- `--shaping W` (default 1; 0 is the result alone): potential-based reward shaping from the game's evaluation,
  `rl.gym_env(..., shaping=W)` (see `guildtable/rl/gymnasium_env.py`); with gamma = 1 it ranks policies as the
  result does.
- `--imitate N`: behaviour cloning before PPO: the policy is fitted to N moves of `greedy` (and the value to the
  shaped returns that followed them). It is imitation, not learning from play: report it apart.
- PPO's knobs: `--lr`, `--n-steps`, `--batch-size`, `--epochs`, `--gae-lambda`, `--ent-coef`, `--net`.

A win counts 1, a shared win 1/2 (City Blocks ends in a tie when both players hold the same total, CB-22).

What the defaults measured (on the project's 2-core machine, shared with other work; one torch thread; 400 seeded
arena games per opponent, ±0.05 at 95% or better): untrained, 0.517 against `random` and 0.000 against `greedy`;
after 240,000 steps against `random` (955 s wall, 251 steps/s, 926 CPU-s), 0.989 against `random` and 0.000 against
`greedy`; after 80,000 more against `greedy` (647 s, 124 steps/s, 638 CPU-s), 0.988 and 0.004 (1 win and 1 shared
game of 400). All of it, evaluations included, took 1,776 s. So the policy beats `random` almost always, but has not
yet learned to beat `greedy`, whose one-ply lookahead on the fitted evaluation wins 400 of 400 from the start.

With `--policy mlp` PPO did not learn: after 400,000 steps against `random` (938 s, 427 steps/s) it scored 0.492
against `random` (0.469 untrained) and 0.000 against `greedy`; shorter runs over shaping weights 1 to 10, GAE lambda 0
to 0.95, learning rates 3e-4 and 1e-3 and 128-128 or 256-256 networks scored 0.44 to 0.51, and so did imitating
20,000 greedy moves (0.501). The MLP memorises instead of generalising: fitted to 5,000 greedy moves it reproduces
99.98% of them and 3% of greedy's moves in 1,000 new positions (among some 78 legal moves). The site policy, with the
same reward and PPO settings, scored 0.780 against `random` after 80,000 steps.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from pathlib import Path

import gymnasium
import numpy as np
import torch
from city_blocks_policy import SitePolicy
from evaluate_in_arena import evaluate, model_policy
from sb3_contrib import MaskablePPO
from stable_baselines3.common.vec_env import DummyVecEnv

from guildtable import rl
from guildtable.bots import make_bot

GAME = "city-blocks"


def make_envs(opponent: str, count: int, seed: int, shaping: float) -> DummyVecEnv:
    """`count` copies of the game against `opponent`, each with its own seed."""

    def maker(index: int) -> Callable[[], gymnasium.Env]:  # type: ignore[type-arg]
        def make() -> gymnasium.Env:  # type: ignore[type-arg]
            env = rl.gym_env(GAME, opponents=opponent, shaping=shaping)
            env.reset(seed=seed * 1000 + index)
            return env

        return make

    return DummyVecEnv([maker(index) for index in range(count)])


def imitate(model: MaskablePPO, moves: int, args: argparse.Namespace) -> None:
    """Behaviour cloning before PPO (`--imitate`): `greedy` plays the learning seat against `random` and `greedy`
    in turn; the policy is fitted to its moves (cross-entropy over the legal actions) and the value to the shaped
    return that followed each move. The greedy bot determinizes before it looks ahead, so what it teaches never
    rests on the other hand; the policy still sees only its own tensor."""
    start = time.perf_counter()
    teacher = make_bot("greedy", args.seed)
    observations, masks, actions, returns = [], [], [], []
    episode = 0
    while len(actions) < moves:
        env = rl.gym_env(GAME, opponents=("random", "greedy")[episode % 2], shaping=args.shaping)
        observation, _info = env.reset(seed=args.seed * 1000 + 900_000 + episode)
        rewards: list[float] = []
        terminated = False
        while not terminated:
            observations.append(observation)
            masks.append(env.action_masks())
            actions.append(teacher.choose(env.game_state))
            observation, reward, terminated, _truncated, _info = env.step(actions[-1])
            rewards.append(float(reward))
        returns += [sum(rewards[k:]) for k in range(len(rewards))]
        episode += 1
    obs_t = torch.as_tensor(np.array(observations))
    masks_np = np.array(masks)
    actions_t = torch.as_tensor(actions)
    returns_t = torch.as_tensor(returns, dtype=torch.float32)
    policy = model.policy
    policy.set_training_mode(True)
    generator = torch.Generator().manual_seed(args.seed)
    for _epoch in range(args.imitate_epochs):
        order = torch.randperm(len(actions), generator=generator)
        for batch in order.split(256):
            values, log_prob, _entropy = policy.evaluate_actions(obs_t[batch], actions_t[batch], masks_np[batch])
            loss = -log_prob.mean() + 0.5 * torch.nn.functional.mse_loss(values.flatten(), returns_t[batch])
            policy.optimizer.zero_grad()
            loss.backward()
            policy.optimizer.step()
    policy.set_training_mode(False)
    print(
        f"\nImitated {len(actions):,} moves of greedy ({episode} games, {args.imitate_epochs} epochs) in "
        f"{time.perf_counter() - start:.0f} s",
        flush=True,
    )
    report(model, args)


def stage(model: MaskablePPO, opponent: str, steps: int, args: argparse.Namespace, seed: int) -> None:
    """Train `steps` environment steps against `opponent`, then report against every opponent so far."""
    model.set_env(make_envs(opponent, args.envs, seed, args.shaping))
    start, cpu = time.perf_counter(), time.process_time()
    # reset_num_timesteps: the new games' first observation, not the last one of the previous stage's games
    model.learn(total_timesteps=steps, reset_num_timesteps=True, progress_bar=False)
    seconds, cpu = time.perf_counter() - start, time.process_time() - cpu
    print(
        f"\nTrained {steps:,} steps against {opponent} in {seconds:.0f} s ({steps / seconds:,.0f} steps/s; "
        f"{cpu:.0f} CPU-s)",
        flush=True,
    )
    report(model, args)


def report(model: MaskablePPO, args: argparse.Namespace) -> None:
    """The policy's arena results against `random` and `greedy` (the same seeded deals every time)."""
    for against in ("random", "greedy"):
        start = time.perf_counter()
        result = evaluate(model_policy(model), against, args.games, seed=args.seed + 7)
        print(f"  against {against:<7} {result} ({time.perf_counter() - start:.0f} s)", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--random-steps", type=int, default=240_000, help="training steps against random")
    parser.add_argument("--greedy-steps", type=int, default=80_000, help="then training steps against greedy")
    parser.add_argument("--envs", type=int, default=8, help="games played side by side")
    parser.add_argument("--games", type=int, default=400, help="evaluation games per opponent")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument(
        "--shaping",
        type=float,
        default=1.0,
        help="weight of the potential-based reward shaping from the game's evaluation (0: the result only)",
    )
    parser.add_argument("--gae-lambda", type=float, default=0.8, help="PPO's GAE lambda")
    parser.add_argument("--lr", type=float, default=3e-4, help="learning rate")
    parser.add_argument("--n-steps", type=int, default=256, help="steps per game side by side in a round")
    parser.add_argument("--batch-size", type=int, default=256, help="minibatch size")
    parser.add_argument("--epochs", type=int, default=10, help="passes over a round's steps")
    parser.add_argument("--ent-coef", type=float, default=0.01, help="entropy bonus")
    parser.add_argument("--net", type=int, nargs="+", default=[128, 128], help="hidden layers of the mlp policy")
    parser.add_argument(
        "--policy",
        choices=("mlp", "sites"),
        default="sites",
        help="mlp: SB3's MLP; sites: one network shared by the sites scores each placement (city_blocks_policy.py)",
    )
    parser.add_argument(
        "--imitate", type=int, default=0, help="moves of greedy to clone before PPO (0: none, PPO from scratch)"
    )
    parser.add_argument("--imitate-epochs", type=int, default=10, help="passes over the cloned moves")
    parser.add_argument("--verbose", type=int, default=0, help="stable-baselines3's training log (1: every round)")
    parser.add_argument("--threads", type=int, default=1, help="torch threads (the machine may be shared)")
    parser.add_argument("--out", type=Path, default=Path("artifacts/rl/ppo_city_blocks.zip"))
    args = parser.parse_args()
    torch.set_num_threads(args.threads)
    begin = time.perf_counter()
    model = MaskablePPO(
        SitePolicy if args.policy == "sites" else "MlpPolicy",
        make_envs("random", args.envs, args.seed, args.shaping),
        n_steps=args.n_steps,
        batch_size=args.batch_size,
        n_epochs=args.epochs,
        learning_rate=args.lr,
        gamma=1.0,  # undiscounted: the shaping then leaves the ranking of policies as the result alone makes it
        gae_lambda=args.gae_lambda,
        ent_coef=args.ent_coef,
        policy_kwargs={"net_arch": args.net} if args.policy == "mlp" else {},
        seed=args.seed,
        device="cpu",
        verbose=args.verbose,
    )
    net = f"a {'-'.join(str(width) for width in args.net)} MLP" if args.policy == "mlp" else "the site policy"
    print(f"City Blocks: MaskablePPO, {net} for policy and value, {args.envs} games side by side", flush=True)
    print(f"Reward: the result, plus shaping of weight {args.shaping:g}. Before training:", flush=True)
    report(model, args)
    if args.imitate > 0:
        imitate(model, args.imitate, args)
    for opponent, steps, seed in (("random", args.random_steps, 1), ("greedy", args.greedy_steps, 2)):
        if steps > 0:
            stage(model, opponent, steps, args, args.seed + seed)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    model.save(args.out)
    print(f"\nSaved the policy to {args.out}; all of it took {time.perf_counter() - begin:.0f} s")


if __name__ == "__main__":
    main()

"""Reinforcement learning on our games: observation tensors, PettingZoo and Gymnasium environments.

    from guildtable import rl
    env = rl.env("city-blocks", players=2)          # a PettingZoo AEC environment (needs the `rl` extra)
    single = rl.gym_env("city-blocks", opponents="greedy")  # one learning seat against bots (Gymnasium)
    rl.encoder_for("guildhall", 3).encode(state, seat)     # the tensors alone (numpy only)
    rl.register_policy("ppo", lambda seed: my_policy)      # a trained policy as the bot spec `ppo` (arena, CLI)

The encoders (one module per game) need only numpy; the environments import PettingZoo and Gymnasium when made.
Nothing here is imported by the games, the bots or the server.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from guildtable.kernel import Game
from guildtable.kernel.layout import Layout, Slice
from guildtable.rl.encoders import Encoder, encoder_for, layout_for
from guildtable.rl.policy_bot import Policy, PolicyBot, register_policy, registered_policies, unregister_policy

if TYPE_CHECKING:
    from guildtable.rl.gymnasium_env import SingleSeatEnv
    from guildtable.rl.pettingzoo_env import GuildtableEnv


def env(
    game: Game | str,
    players: int | None = None,
    options: Mapping[str, Any] | None = None,
    render_mode: str | None = None,
) -> GuildtableEnv:
    """`game` for `players` players (default: its fewest) as a PettingZoo AEC environment."""
    from guildtable.rl.pettingzoo_env import GuildtableEnv

    return GuildtableEnv(game, players, options, render_mode)


def gym_env(
    game: Game | str,
    players: int | None = None,
    opponents: str | Sequence[str] = "random",
    seat: int | None = None,
    options: Mapping[str, Any] | None = None,
    render_mode: str | None = None,
    illegal_action: str = "lose",
    shaping: float = 0.0,
) -> SingleSeatEnv:
    """`game` as a Gymnasium environment: one seat learns (`seat`, or a random seat each episode), the others are
    bots named by bot specs (`random`, `greedy`, `easy`, `hard`, ...; one spec for all, or one per other seat). An
    illegal action ends the episode with reward -1 (`illegal_action="lose"`) or raises (`"raise"`). `shaping=w`
    adds potential-based reward shaping of weight w from the game's evaluation (`gymnasium_env.py`)."""
    from guildtable.rl.gymnasium_env import SingleSeatEnv

    return SingleSeatEnv(game, players, opponents, seat, options, render_mode, illegal_action, shaping)


__all__ = [
    "Encoder",
    "Layout",
    "Policy",
    "PolicyBot",
    "Slice",
    "encoder_for",
    "env",
    "gym_env",
    "layout_for",
    "register_policy",
    "registered_policies",
    "unregister_policy",
]

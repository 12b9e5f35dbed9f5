"""The ten-line loop of the README: every seat plays random legal moves through the PettingZoo interface.

pip install -e '.[rl]'
python examples/random_agents.py [GAME] [PLAYERS]        # e.g. guilds-of-london 3
"""

from __future__ import annotations

import sys

import numpy as np

from guildtable import rl


def play(game: str = "city-blocks", players: int | None = None, seed: int = 0) -> dict[str, float]:
    """One game of random legal moves; returns each agent's final reward (1 a win, 1/k a shared win, 0 a loss)."""
    env = rl.env(game, players)
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    final = {}
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, _info = env.last()
        if terminated or truncated:
            final[agent] = reward
            action = None  # the game is over: the agent leaves
        else:
            action = int(rng.choice(np.flatnonzero(observation["action_mask"])))
        env.step(action)
    return final


if __name__ == "__main__":
    game = sys.argv[1] if len(sys.argv) > 1 else "city-blocks"
    players = int(sys.argv[2]) if len(sys.argv) > 2 else None
    for agent, reward in play(game, players).items():
        print(f"{agent}: {reward:g}")

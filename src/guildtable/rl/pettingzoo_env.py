"""Every game as a PettingZoo AEC environment (needs the `rl` extra: `pip install 'guildtable[rl]'`).

- Agents `player_0` .. `player_{n-1}` are the seats. `agent_selection` is the seat that answers the open question,
  so one agent may act several times in a row (a multi-step choice, a skipped turn).
- `observe(agent)` is a dict: `observation`, the agent's float32 tensor from the game's encoder (`encoders.py`; the
  layouts are in the README), and `action_mask`, an int8 vector with 1 at each integer action the agent may take now
  (all 0 when it is not the agent's turn). The action space is `Discrete(game.num_distinct_actions(players))`.
- An illegal action raises `IllegalAction` naming the rule it breaks, and changes nothing.
- Rewards are 0 until the game ends; then every agent receives its return: 1 for a sole win, 1/k for a k-way shared
  win, 0 for a loss (they sum to 1, as in the OpenSpiel adapter). The games always end, so nothing is truncated.
- `reset(seed=s)` makes the deal from `s`; a later `reset()` without a seed deals the next game of that sequence.
  Game options are fixed when the environment is made (they may change what the tensor means); `reset` does not
  read its `options`.
- `render_mode="ansi"`: `render()` returns the game's terminal view of the seat to move (the spectator view once the
  game is over) as text with ANSI colours; `"human"` prints it after every step.
"""

from __future__ import annotations

import operator
import secrets
from collections.abc import Mapping
from typing import Any

import gymnasium
import numpy as np
import numpy.typing as npt
from pettingzoo import AECEnv  # type: ignore[import-untyped,unused-ignore]

from guildtable.kernel import Game, GuildtableError, Rng, State
from guildtable.kernel.registry import get_game
from guildtable.rl.encoders import encoder_for
from guildtable.rl.masks import action_mask
from guildtable.rl.text import terminal_text

Observation = dict[str, npt.NDArray[Any]]
RENDER_MODES = ("ansi", "human")


def agent_name(seat: int) -> str:
    return f"player_{seat}"


class GuildtableEnv(AECEnv):  # type: ignore[misc]
    """One of our games for a fixed player count and options, as a PettingZoo AEC environment."""

    def __init__(
        self,
        game: Game | str,
        players: int | None = None,
        options: Mapping[str, Any] | None = None,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        self.game = get_game(game) if isinstance(game, str) else game
        self.players = self.game.min_players if players is None else players
        self.encoder = encoder_for(self.game, self.players)
        self.options = self.game.resolve_options(options)
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise GuildtableError(f"render_mode must be one of {', '.join(RENDER_MODES)} or None, not {render_mode!r}")
        self.render_mode = render_mode
        self.metadata = {
            "render_modes": list(RENDER_MODES),
            "name": f"guildtable_{self.game.name.replace('-', '_')}_v0",
            "is_parallelizable": False,
        }
        self.possible_agents = [agent_name(seat) for seat in range(self.players)]
        self._seat = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        self._actions = self.game.num_distinct_actions(self.players)
        observation_space = gymnasium.spaces.Dict(
            {
                "observation": gymnasium.spaces.Box(0.0, 1.0, (self.encoder.size,), np.float32),
                "action_mask": gymnasium.spaces.Box(0, 1, (self._actions,), np.int8),
            }
        )
        self.observation_spaces = {agent: observation_space for agent in self.possible_agents}
        self.action_spaces = {agent: gymnasium.spaces.Discrete(self._actions) for agent in self.possible_agents}
        self.agents: list[str] = []
        self._state: State | None = None
        self._deals: Rng | None = None

    def observation_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self.action_spaces[agent]

    @property
    def game_state(self) -> State:
        """The engine's position (for analysis and bots; never hand it to an agent: it holds hidden facts)."""
        if self._state is None:
            raise GuildtableError("call reset() first: there is no game yet")
        return self._state

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._deals = Rng(operator.index(seed))
        elif self._deals is None:
            self._deals = Rng(secrets.randbits(64))
        self._state = state = self.game.new_state(self.players, seed=self._deals.below(1 << 62), options=self.options)
        self.agents = self.possible_agents.copy()
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        assert state.current_player is not None, "a new game has a player to move"
        self.agent_selection = self.possible_agents[state.current_player]
        self._skip_agent_selection = None

    def observe(self, agent: str) -> Observation:
        """A new observation on every call (nothing in it is reused or changed later, so a learner may keep it)."""
        state = self._state
        if state is None:
            raise GuildtableError("call reset() first: there is no game yet")
        seat = self._seat[agent]
        legal = state.legal_actions() if seat == state.current_player else []
        mask = action_mask(legal, self._actions, np.int8)
        return {"observation": self.encoder.encode(state, seat), "action_mask": mask}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise GuildtableError(f"{agent} is to move: give an action, not None")
        state = self._state
        assert state is not None, "an agent is selected only once reset() has made a game"
        state.apply(operator.index(action))
        self._cumulative_rewards[agent] = 0.0
        if state.current_player is None:
            for seat, value in enumerate(state.returns()):
                name = self.possible_agents[seat]
                self.rewards[name] = value
                self.terminations[name] = True
            self._accumulate_rewards()
        else:
            self.agent_selection = self.possible_agents[state.current_player]
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        if self.render_mode is None:
            gymnasium.logger.warn("render() was called without a render_mode: make the environment with one")
            return None
        state = self.game_state
        text = terminal_text(state, state.current_player)
        if self.render_mode == "human":
            print(text, end="")
            return None
        return text

    def close(self) -> None:
        """Nothing to release: the game lives in memory."""

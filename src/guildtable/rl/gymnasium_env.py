"""One seat learns, the others are our bots: a game as a single-agent Gymnasium environment (the `rl` extra).

- The observation is the learning seat's float32 tensor (`encoders.py`); the action space is
  `Discrete(game.num_distinct_actions(players))`. Which actions are legal is `action_masks()` (a bool vector, the
  method sb3-contrib's MaskablePPO asks for) and `info["action_mask"]`.
- `opponents` are bot specs as everywhere else (`random`, `greedy`, `easy`, `medium`, `hard`, `ismcts:...`): one spec
  for every other seat, or one per other seat, the k-th for the player k seats after the learner. Between two
  decisions of the learner the bots play their turns; the learner never sees their hidden facts.
- `seat` fixes the learning seat; None (the default) draws it afresh each episode, so a policy learns every seat.
- The reward is 0 until the end, then the learner's return: 1 for a sole win, 1/k for a k-way shared win, 0 for a
  loss. An illegal action ends the episode with reward -1 (`info["illegal_action"]` names the rule) unless
  `illegal_action="raise"`, which raises `IllegalAction` instead. Unmasked samplers (and Gymnasium's own
  `check_env`) therefore never crash the environment.
- `shaping=w` (default 0: none) adds potential-based reward shaping (Ng, Harada and Russell, 1999) from the game's
  own evaluation: each step's reward gains Φ(after) − Φ(before), where Φ = w × (1 + e) / 2 at the learner's
  decisions, e = `game.evaluate(state, seat)` in [-1, 1] (the evaluation the greedy bot plays by, read as an expected
  result in [0, 1]), and Φ = 0 once the game is over. Over an episode the shaping adds up to -Φ(the learner's first
  decision), which no action of the learner changes, so an undiscounted learner (gamma = 1) ranks policies exactly as
  by the result alone, while it is told after every move whether the position got better. With w = 1 the last step's
  reward, the result less Φ before it, is near 0 when the evaluation foresaw the result. Φ moves rewards only, never
  the observation (and that sum holds whatever an evaluation reads).
- `reset(seed=s)` seeds the deal, the learning seat and the bots; `reset()` without a seed continues that sequence.

Importing this module registers every game with Gymnasium as `guildtable/<game>-v0` (for `gymnasium.make` and
`gymnasium.make_vec`), e.g. `gymnasium.make("guildtable/city-blocks-v0", opponents="greedy")`.
"""

from __future__ import annotations

import operator
import secrets
from collections.abc import Mapping, Sequence
from typing import Any

import gymnasium
import numpy as np
import numpy.typing as npt

from guildtable.bots import Bot, make_bot
from guildtable.kernel import Game, GuildtableError, IllegalAction, Rng, State
from guildtable.kernel.registry import all_games, get_game
from guildtable.rl.encoders import encoder_for
from guildtable.rl.masks import action_mask
from guildtable.rl.text import terminal_text

Tensor = npt.NDArray[np.float32]
RENDER_MODES = ("ansi", "human")
RENDER_FPS = 2  # "human" prints a frame per step; the rate only matters to wrappers that record or pace frames
ILLEGAL_ACTIONS = ("lose", "raise")
ILLEGAL_REWARD = -1.0
"""The reward for an illegal action under `illegal_action="lose"`: worse than any lost game."""


class SingleSeatEnv(gymnasium.Env[Tensor, np.int64]):
    """A game where one seat is the agent and bots hold the other seats."""

    # Gymnasium reads the render modes from the class, before an environment is made.
    metadata = {"render_modes": list(RENDER_MODES), "render_fps": RENDER_FPS}  # noqa: RUF012

    def __init__(
        self,
        game: Game | str,
        players: int | None = None,
        opponents: str | Sequence[str] = "random",
        seat: int | None = None,
        options: Mapping[str, Any] | None = None,
        render_mode: str | None = None,
        illegal_action: str = "lose",
        shaping: float = 0.0,
    ) -> None:
        self.game = get_game(game) if isinstance(game, str) else game
        self.players = self.game.min_players if players is None else players
        self.encoder = encoder_for(self.game, self.players)
        self.options = self.game.resolve_options(options)
        specs = [opponents] * (self.players - 1) if isinstance(opponents, str) else list(opponents)
        if len(specs) != self.players - 1:
            raise GuildtableError(f"name one bot spec, or one per other seat ({self.players - 1}), not {len(specs)}")
        for spec in specs:
            make_bot(spec)  # an unknown bot or parameter is refused here, not in the middle of training
        self.opponents = tuple(specs)
        if seat is not None and seat not in range(self.players):
            raise GuildtableError(f"seat must be 0..{self.players - 1} or None (a random seat each episode)")
        self.fixed_seat = seat
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise GuildtableError(f"render_mode must be one of {', '.join(RENDER_MODES)} or None, not {render_mode!r}")
        self.render_mode = render_mode
        if illegal_action not in ILLEGAL_ACTIONS:
            raise GuildtableError(f"illegal_action must be one of {', '.join(ILLEGAL_ACTIONS)}")
        self.illegal_action = illegal_action
        if not 0.0 <= shaping < float("inf"):
            raise GuildtableError(f"shaping must be a weight of 0 or more, not {shaping!r}")
        self.shaping = float(shaping)
        self._potential = 0.0
        self._actions = self.game.num_distinct_actions(self.players)
        self.observation_space = gymnasium.spaces.Box(0.0, 1.0, (self.encoder.size,), np.float32)
        self.action_space = gymnasium.spaces.Discrete(self._actions)
        self.seat = 0
        self._bots: dict[int, Bot] = {}
        self._state: State | None = None
        self._draws: Rng | None = None

    @property
    def game_state(self) -> State:
        """The engine's position (for analysis; never hand it to the agent: it holds hidden facts)."""
        if self._state is None:
            raise GuildtableError("call reset() first: there is no game yet")
        return self._state

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None) -> tuple[Tensor, dict[str, Any]]:
        """A new game, played on by the bots up to the learner's first decision."""
        super().reset(seed=seed)
        if seed is not None:
            self._draws = Rng(operator.index(seed))
        elif self._draws is None:
            self._draws = Rng(secrets.randbits(64))
        draws = self._draws
        while True:  # a game that ended before the learner's first decision is dealt again (none of ours does)
            self.seat = draws.below(self.players) if self.fixed_seat is None else self.fixed_seat
            self._bots = {
                (self.seat + k) % self.players: make_bot(spec, draws.below(1 << 62))
                for k, spec in enumerate(self.opponents, start=1)
            }
            self._state = self.game.new_state(self.players, seed=draws.below(1 << 62), options=self.options)
            self._play_bots()
            if not self._state.is_terminal:
                break
        self._potential = self._evaluate()
        if self.render_mode == "human":
            self.render()
        return self._observe(), self._info()

    def step(self, action: int | np.integer[Any]) -> tuple[Tensor, float, bool, bool, dict[str, Any]]:
        state = self.game_state
        if state.is_terminal:
            raise GuildtableError("the game is over: call reset() for the next one")
        try:
            state.apply(operator.index(action))
        except IllegalAction as error:
            if self.illegal_action == "raise":
                raise
            info = {**self._info(), "illegal_action": {"rule": error.rule, "message": error.message}}
            return self._observe(), ILLEGAL_REWARD + self._shaped(0.0), True, False, info
        self._play_bots()
        if self.render_mode == "human":
            self.render()
        # Φ is 0 once the game is over; the result comes on top.
        reward = state.returns()[self.seat] + self._shaped(0.0) if state.is_terminal else self._shaped(self._evaluate())
        return self._observe(), reward, state.is_terminal, False, self._info()

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """True for each action the learner may take now (all False once the game is over)."""
        state = self.game_state
        mask: npt.NDArray[np.bool_] = action_mask(
            state.legal_actions() if state.current_player == self.seat else [], self._actions, np.bool_
        )
        return mask

    def render(self) -> str | None:
        if self.render_mode is None:
            gymnasium.logger.warn("render() was called without a render_mode: make the environment with one")
            return None
        text = terminal_text(self.game_state, self.seat)
        if self.render_mode == "human":
            print(text, end="")
            return None
        return text

    def _play_bots(self) -> None:
        state = self.game_state
        while (player := state.current_player) is not None and player != self.seat:
            state.apply(self._bots[player].choose(state))

    def _evaluate(self) -> float:
        """Φ of the position, a learner's decision: w × (1 + the game's evaluation for the learner) / 2."""
        if not self.shaping:
            return 0.0
        return self.shaping * (1.0 + self.game.evaluate(self.game_state, self.seat)) / 2.0

    def _shaped(self, potential: float) -> float:
        """The shaping reward for moving to a position of `potential`, which becomes the current one."""
        change = potential - self._potential
        self._potential = potential
        return change

    def _observe(self) -> Tensor:
        return self.encoder.encode(self.game_state, self.seat)

    def _info(self) -> dict[str, Any]:
        return {"action_mask": self.action_masks(), "seat": self.seat}


def register_environments() -> list[str]:
    """Register every game with Gymnasium as `guildtable/<game>-v0` (again is harmless); returns the ids."""
    ids = []
    for game in all_games():
        env_id = f"guildtable/{game.name}-v0"
        if env_id not in gymnasium.registry:
            gymnasium.register(env_id, entry_point=f"{__name__}:SingleSeatEnv", kwargs={"game": game.name})
        ids.append(env_id)
    return ids


ENVIRONMENT_IDS = register_environments()

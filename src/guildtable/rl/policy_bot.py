"""A trained policy as one of our bots, so that the arena, the command line and the tests can seat it like `greedy`.

A policy is any callable `(observation, action_mask) -> action`: the observation is the seat's tensor from the
game's encoder, the mask a bool vector of the legal actions. `PolicyBot` asks it for every move and refuses an
illegal answer; `register_policy("ppo", make)` adds a bot kind, after which the spec `ppo` names the policy
everywhere a bot spec is read in this process (the arena's one-worker local backend plays in this process).
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import numpy.typing as npt

from guildtable.bots import BOT_KINDS, Bot
from guildtable.kernel import BadOptions, GuildtableError, State
from guildtable.rl.encoders import encoder_for

Policy = Callable[[npt.NDArray[np.float32], npt.NDArray[np.bool_]], int]


class PolicyBot:
    """Plays the moves `policy` chooses from the current player's observation tensor and action mask."""

    def __init__(self, policy: Policy, spec: str = "policy") -> None:
        self.policy = policy
        self.spec = spec

    def choose(self, state: State) -> int:
        seat = state.current_player
        if seat is None:
            raise GuildtableError("the game is over: there is no move to choose")
        observation = encoder_for(state.game, state.num_players).encode(state, seat)
        mask = np.zeros(state.game.num_distinct_actions(state.num_players), np.bool_)
        mask[np.array(state.legal_actions(), np.intp)] = True
        action = int(self.policy(observation, mask))
        if not 0 <= action < len(mask) or not mask[action]:
            raise GuildtableError(f"the policy {self.spec!r} chose {action}, which is not a legal action here")
        return action


_REGISTERED: set[str] = set()
"""The bot kinds `register_policy` added (only these may be registered again, e.g. with a newer checkpoint)."""


def register_policy(kind: str, make: Callable[[int], Policy]) -> None:
    """Add the bot kind `kind`: `make(seed)` gives the policy of a new bot. The spec takes no parameters."""
    if kind in BOT_KINDS and kind not in _REGISTERED:
        raise BadOptions("bot", f"{kind!r} already names one of the built-in bots")

    def factory(seed: int, params: dict[str, str]) -> Bot:
        if params:
            raise BadOptions(f"{kind}:{next(iter(params))}", f"the {kind} bot takes no parameters")
        return PolicyBot(make(seed), kind)

    BOT_KINDS[kind] = factory
    _REGISTERED.add(kind)


def unregister_policy(kind: str) -> None:
    """Remove a bot kind `register_policy` added (a built-in kind stays)."""
    if kind in _REGISTERED:
        _REGISTERED.discard(kind)
        del BOT_KINDS[kind]


def registered_policies() -> tuple[str, ...]:
    """The bot kinds `register_policy` added, in name order."""
    return tuple(sorted(_REGISTERED))

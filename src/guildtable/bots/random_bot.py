"""The random bot: uniform over the legal actions (but a game's step-backs: `bots.base.bot_actions`), from its own
seeded generator."""

from __future__ import annotations

from guildtable.bots.base import bot_actions
from guildtable.kernel import Rng, State


class RandomBot:
    def __init__(self, seed: int = 0) -> None:
        self.spec = "random"
        self.rng = Rng(seed)

    def choose(self, state: State) -> int:
        return self.rng.choice(bot_actions(state))

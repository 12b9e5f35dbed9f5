"""The random bot: uniform over the legal actions, from its own seeded generator."""

from __future__ import annotations

from guildtable.kernel import Rng, State


class RandomBot:
    def __init__(self, seed: int = 0) -> None:
        self.spec = "random"
        self.rng = Rng(seed)

    def choose(self, state: State) -> int:
        return self.rng.choice(state.legal_actions())

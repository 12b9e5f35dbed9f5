"""What every bot is: something that picks an action for the current player of a state."""

from __future__ import annotations

from typing import Protocol

from guildtable.kernel import State


class Bot(Protocol):
    spec: str
    """The spec string that makes this bot again (`greedy`, `ismcts:iterations=2000`)."""

    def choose(self, state: State) -> int:
        """A legal action for `state.current_player`, using only what that seat may know."""
        ...

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


def bot_actions(state: State) -> list[int]:
    """The legal actions a bot chooses among: all of them but the game's step-backs (`Game.step_backs`), unless only
    those are left."""
    legal = state.legal_actions()
    backs = state.game.step_backs
    if backs:
        return [action for action in legal if action not in backs] or legal
    return legal

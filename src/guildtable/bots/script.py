"""The scripted seat of a tutorial (issue 34): it plays the move its game's tutorial script has for this position,
not a judgement of its own; where the game has left the script (or has none) it plays as the greedy bot does, so a
table never stalls. It reads only the kernel: the game's `tutorial()` and `kernel.lessons`."""

from __future__ import annotations

from guildtable.bots.greedy import GreedyBot
from guildtable.kernel import State
from guildtable.kernel.lessons import scripted_reply


class ScriptBot:
    def __init__(self, seed: int = 0) -> None:
        self.spec = "script"
        self.fallback = GreedyBot(seed)

    def choose(self, state: State) -> int:
        tutorial = state.game.tutorial()
        if tutorial is not None:
            action = scripted_reply(state.game, tutorial, list(state.history))
            if action is not None and action in state.legal_actions():
                return action
        return self.fallback.choose(state)

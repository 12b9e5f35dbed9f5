"""The greedy bot: one ply. It tries every legal action on a determinized copy (so it never peeks at hidden
information) and keeps the one the game's evaluation likes best for its seat; ties are broken at random."""

from __future__ import annotations

from guildtable.kernel import Rng, State


class GreedyBot:
    def __init__(self, seed: int = 0) -> None:
        self.spec = "greedy"
        self.rng = Rng(seed)

    def choose(self, state: State) -> int:
        seat = state.current_player
        assert seat is not None, "the game is over"
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        world = state.determinize(seat, self.rng)
        evaluate = state.game.evaluate
        best: list[int] = []
        best_value = float("-inf")
        for action in legal:
            child = world.clone()
            child.apply(action)
            value = evaluate(child, seat)
            if value > best_value + 1e-12:
                best_value = value
                best = [action]
            elif abs(value - best_value) <= 1e-12:
                best.append(action)
        return self.rng.choice(best)

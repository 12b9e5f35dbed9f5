"""The Toy Nim position (NIM-1, NIM-2): the pile, the goal cards and the question stack, with copies and what can be
read off the fields directly. It imports no legality, flow, words or view: they read this, and `rules.py` builds the
kernel's state on top of it.

Hidden: each seat's goal card from the other seat, and the card set aside from both, until the game ends (NIM-2).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Self

from guildtable.kernel import Rng
from guildtable.kernel.questions import StackState
from toy_game.content import last_taker_wins
from toy_game.questions import Take

if TYPE_CHECKING:
    from guildtable.kernel import Game


class NimPosition(StackState):
    """The fields of a Toy Nim state; `rules.NimState` adds the legal moves, what a move does, views, snapshots and
    the codecs."""

    end_rule = "NIM-5"

    def __init__(
        self,
        game: Game,
        seed: int,
        options: dict[str, Any],
        setup: dict[str, Any] | None,
        deal: tuple[int, int, int] | None = None,
    ) -> None:
        """A fresh game from `deal` (North's card, South's, the one set aside); without it, an empty position that
        `snapshot.read` fills."""
        super().__init__(game, 2, seed, options, setup)
        if deal is None:
            return
        self.pile: int = options["counters"]
        self.cards = [deal[0], deal[1]]
        self.aside = deal[2]
        self.stack = [Take(0)]  # North starts (NIM-2)
        self.last_taker: int | None = None
        self.last_move = ""

    def winner(self) -> int | None:
        """The seat that won, once the game is over (NIM-5)."""
        if self.stack or self.last_taker is None:
            return None
        taker = self.last_taker
        return taker if last_taker_wins(self.cards[taker]) else 1 - taker

    def scores(self) -> list[float]:
        winner = self.winner()
        return [float(seat == winner) for seat in range(2)]

    def clone(self) -> Self:
        copy = self._clone_base()
        copy.pile = self.pile
        copy.cards = self.cards.copy()
        copy.aside = self.aside
        copy.stack = self.stack.copy()  # the questions themselves are immutable: share them
        copy.last_taker = self.last_taker
        copy.last_move = self.last_move
        return copy

    def determinize(self, seat: int, rng: Rng) -> Self:
        """Resample what `seat` cannot see: the other seat's card and the one set aside may be either way round."""
        copy = self.clone()
        if copy.stack:  # once the game is over every card that mattered is face up
            other = 1 - seat
            unseen = [copy.cards[other], copy.aside]
            rng.shuffle(unseen)
            copy.cards[other], copy.aside = unseen
        return copy

"""Toy Nim: the smallest game laid out like a real game package, for `docs/architecture.md` ("How to add a game")
and the kernel's tests (`tests/kernel/test_toy_game.py`).

Rules (IDs as a rules specification would give them):
- NIM-1: two players, North and South, and a pile of counters (option `counters`, default 10).
- NIM-2: three goal cards, two crowns and a skull, are shuffled; each player gets one face down and sees only their
  own, the third is set aside unseen. North starts.
- NIM-3: on a turn a player takes 1, 2 or 3 counters, never more than the pile holds.
- NIM-4: a player who took exactly 3 then gives one back to the pile or keeps all three; only then does the turn pass.
- NIM-5: when the pile is empty at the end of a turn, the game ends and the cards are shown: whoever took the last
  counter wins with a crown and loses with the skull.

Unlike a real game's `__init__.py`, this one does not register the game: a test registers it for as long as it
needs it (`guildtable.kernel.registry.register` / `unregister`), so no other test ever sees it.
"""

from toy_game.game import ToyNim

GAME = ToyNim()

__all__ = ["GAME", "ToyNim"]

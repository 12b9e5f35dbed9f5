"""Seeded randomness with a state that is one integer: cheap to clone, trivial to snapshot, the same on every
platform and Python version.

Two generators behind one class, chosen by the seed:
- seeds below 2**64 (tests, simulations, the records written so far): SplitMix64, fast, but its outputs give its
  state away, and a small seed can be searched from what a seat sees;
- seeds from 2**64 to below 2**256 (every table the server shuffles: `new_table_seed`): BLAKE2b in counter mode, keyed
  by a hash of the whole seed. Seeing its draws tells nothing of the key, so neither the seed nor the rest of the deck
  can be worked out from a seat's view.
`Rng(seed)` takes a seed; `Rng.from_state(rng.state)` restores a generator exactly (clones, snapshots).
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import MutableSequence, Sequence
from typing import TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


SEED_LIMIT = 1 << 256
"""Seeds are whole numbers in [0, SEED_LIMIT)."""
_HASHED = 1 << 64
"""Seeds (and states) from here on select the keyed-hash generator."""


def new_table_seed() -> int:
    """A seed for a table nobody may predict: 128 random bits from the operating system, above 2**128 so that it
    always selects the keyed-hash generator."""
    return (1 << 128) | secrets.randbits(128)


def bot_seed(table_seed: int, seat: int) -> int:
    """The seed of a seat's bot at a table, derived by a hash: a bot's play reveals nothing of the table seed."""
    digest = hashlib.blake2b(f"{table_seed}/{seat}".encode(), digest_size=8, person=b"guildtable-bot").digest()
    return int.from_bytes(digest, "little")


class Rng:
    """A seeded generator. `Rng(seed)` for a seed in [0, 2**256) (larger ones are folded to 64 bits, as always);
    `rng.state` is the whole state."""

    __slots__ = ("state",)

    def __new__(cls, seed: int = 0) -> Rng:
        if cls is Rng and _HASHED <= seed < SEED_LIMIT:
            return object.__new__(HashRng)
        return object.__new__(cls)

    def __init__(self, seed: int = 0) -> None:
        self.state = seed & _MASK

    @staticmethod
    def from_state(state: int) -> Rng:
        """The generator whose `state` is `state` (a clone, or one restored from a snapshot)."""
        if state >= _HASHED:
            return HashRng.restore(state >> 64, state & _MASK)
        rng = object.__new__(Rng)
        rng.state = state
        return rng

    def next64(self) -> int:
        self.state = (self.state + _GOLDEN) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in [0, n). n must be positive and below 2**32."""
        # Lemire's multiply-shift on the top 32 bits; the bias for n < 2**32 is below 2**-32, which is fine for games.
        return ((self.next64() >> 32) * n) >> 32

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher-Yates in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def random(self) -> float:
        """A float in [0, 1)."""
        return (self.next64() >> 11) * (1.0 / (1 << 53))

    def spawn(self) -> Rng:
        """An independent generator derived from this one (advances this one by one step)."""
        return Rng(self.next64())

    def clone(self) -> Rng:
        return Rng.from_state(self.state)


class HashRng(Rng):
    """BLAKE2b keyed by a hash of the seed, over a 64-bit counter. Its state is `key << 64 | counter`."""

    __slots__ = ("_counter", "_key")

    def __init__(self, seed: int = 0) -> None:
        digest = hashlib.blake2b(seed.to_bytes(32, "little"), digest_size=32, person=b"guildtable-seed").digest()
        # The key is never zero, so that a state always tells the two generators apart.
        self._key = digest if any(digest) else b"\x01" + digest[1:]
        self._counter = 0

    @classmethod
    def restore(cls, key: int, counter: int) -> HashRng:
        rng = object.__new__(cls)
        rng._key = key.to_bytes(32, "little")
        rng._counter = counter
        return rng

    @property
    def state(self) -> int:
        return (int.from_bytes(self._key, "little") << 64) | self._counter

    @state.setter
    def state(self, value: int) -> None:
        self._key = (value >> 64).to_bytes(32, "little")
        self._counter = value & _MASK

    def next64(self) -> int:
        counter = self._counter
        self._counter = (counter + 1) & _MASK
        block = hashlib.blake2b(counter.to_bytes(8, "little"), digest_size=8, key=self._key).digest()
        return int.from_bytes(block, "little")

    def spawn(self) -> Rng:
        """An independent keyed-hash generator (its seed is drawn from this one, so it is as unpredictable)."""
        return Rng(_HASHED | (self.next64() << 64) | self.next64())

    def clone(self) -> Rng:
        return HashRng.restore(int.from_bytes(self._key, "little"), self._counter)

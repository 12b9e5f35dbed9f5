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

# Compiled by mypyc at install (setup.py): see "Compiled engines" in src/guildtable/games/README.md.
from __future__ import annotations

import hashlib
import secrets
from collections.abc import MutableSequence, Sequence
from typing import Any, Final, TypeVar

from mypy_extensions import i64

T = TypeVar("T")

_MASK: Final = (1 << 64) - 1
_GOLDEN: Final = 0x9E3779B97F4A7C15
# SplitMix64 works on 64-bit words; here each is kept as two 32-bit halves (see `_times`), its constants too.
_HALF: Final = (1 << 32) - 1
_GOLDEN_HIGH: Final = _GOLDEN >> 32
_GOLDEN_LOW: Final = _GOLDEN & _HALF
_MIX1_HIGH: Final = 0xBF58476D
_MIX1_LOW: Final = 0x1CE4E5B9
_MIX2_HIGH: Final = 0x94D049BB
_MIX2_LOW: Final = 0x133111EB


SEED_LIMIT: Final = 1 << 256
"""Seeds are whole numbers in [0, SEED_LIMIT)."""
_HASHED: Final = 1 << 64
"""Seeds (and states) from here on select the keyed-hash generator."""


def new_table_seed() -> int:
    """A seed for a table nobody may predict: 128 random bits from the operating system, above 2**128 so that it
    always selects the keyed-hash generator."""
    return (1 << 128) | secrets.randbits(128)


def bot_seed(table_seed: int, seat: int) -> int:
    """The seed of a seat's bot at a table, derived by a hash: a bot's play reveals nothing of the table seed."""
    digest = hashlib.blake2b(f"{table_seed}/{seat}".encode(), digest_size=8, person=b"guildtable-bot").digest()
    return int.from_bytes(digest, "little")


def _times(high: i64, low: i64, factor_high: i64, factor_low: i64) -> tuple[i64, i64]:
    """The 64-bit word (high, low) times the word (factor_high, factor_low), modulo 2**64, as 32-bit halves.

    The same product as `(word * factor) & _MASK`, computed from products of 32-bit and 16-bit pieces so that nothing
    reaches 2**63: compiled, every step is a machine operation on `i64`s, where the plain product would be a 128-bit
    Python int at every draw. Run as Python, `i64` is `int` and the result the same."""
    # low * factor_low, 64 bits, from two products of at most 48 bits (factor_low split at bit 16).
    below = low * (factor_low & 0xFFFF)
    above = low * (factor_low >> 16)
    partial = below + ((above & 0xFFFF) << 16)
    carry = (partial >> 32) + (above >> 16)
    # The cross products count only modulo 2**32 (they are shifted up by 32 bits): each from 16-bit pieces again.
    cross = (
        high * (factor_low & 0xFFFF)
        + (((high * (factor_low >> 16)) & 0xFFFF) << 16)
        + low * (factor_high & 0xFFFF)
        + (((low * (factor_high >> 16)) & 0xFFFF) << 16)
    )
    return (carry + cross) & _HALF, partial & _HALF


def _mix_words(high: i64, low: i64) -> tuple[i64, i64]:
    """SplitMix64's output function on a 64-bit word as 32-bit halves (z ^= z >> 30; z *= 0xBF58476D1CE4E5B9;
    z ^= z >> 27; z *= 0x94D049BB133111EB; z ^= z >> 31, modulo 2**64): machine operations only, for compiled code."""
    high, low = high ^ (high >> 30), low ^ ((low >> 30) | ((high << 2) & _HALF))
    high, low = _times(high, low, _MIX1_HIGH, _MIX1_LOW)
    high, low = high ^ (high >> 27), low ^ ((low >> 27) | ((high << 5) & _HALF))
    high, low = _times(high, low, _MIX2_HIGH, _MIX2_LOW)
    return high ^ (high >> 31), low ^ ((low >> 31) | ((high << 1) & _HALF))


def _mix_int(z: int) -> int:
    """The same function on the word as one Python int: few operations on big ints, for plain Python."""
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


_COMPILED: Final = not __file__.endswith(".py")
"""Whether this module runs compiled by mypyc. SplitMix64 is computed on 32-bit halves there (`_mix_words`) and on
Python ints here (`_mix_int`): the same function (`tests/kernel/test_kernel_basics.py` checks it), in the form each
runs fastest in; the one written for the other runs several times slower."""


class Rng:
    """A seeded generator. `Rng(seed)` for a seed in [0, 2**256) (larger ones are folded to 64 bits, as always);
    `rng.state` is the whole state: `key << 64 | counter`, where the key is empty (zero) for SplitMix64, whose state
    is a counter stepping by the golden gamma, and never zero for the keyed hash, whose counter steps by one.

    One class for both generators, so that compiled code calls its methods directly (mypyc, issue 36). The counter
    is kept as two 32-bit halves, on which compiled code computes SplitMix64 (`_mix_words`)."""

    __slots__ = ("_high", "_key", "_low")

    _high: i64
    _low: i64

    def __init__(self, seed: int = 0) -> None:
        if _HASHED <= seed < SEED_LIMIT:
            digest = hashlib.blake2b(seed.to_bytes(32, "little"), digest_size=32, person=b"guildtable-seed").digest()
            # The key is never zero, so that a state always tells the two generators apart.
            self._key = digest if any(digest) else b"\x01" + digest[1:]
            self._high = self._low = 0
        else:
            self._key = b""
            self._high = (seed >> 32) & _HALF
            self._low = seed & _HALF

    @staticmethod
    def from_state(state: int) -> Rng:
        """The generator whose `state` is `state` (a clone, or one restored from a snapshot)."""
        rng = Rng()
        rng.state = state
        return rng

    @property
    def state(self) -> int:
        return (int.from_bytes(self._key, "little") << 64) | self._counter()

    @state.setter
    def state(self, value: int) -> None:
        key = value >> 64
        self._key = key.to_bytes(32, "little") if key else b""
        self._high = (value >> 32) & _HALF
        self._low = value & _HALF

    def _counter(self) -> int:
        """The 64-bit counter as one (Python) int."""
        return (int(self._high) << 32) | int(self._low)

    def next64(self) -> int:
        if self._key:
            return self._hashed()
        if _COMPILED:
            self._step()
            high, low = _mix_words(self._high, self._low)
            return (int(high) << 32) | int(low)
        counter = (((int(self._high) << 32) | int(self._low)) + _GOLDEN) & _MASK  # `_step` on one int
        self._high, self._low = counter >> 32, counter & _HALF
        return _mix_int(counter)

    def _step(self) -> None:
        """SplitMix64's state step: the counter plus the golden gamma, modulo 2**64."""
        low = self._low + _GOLDEN_LOW
        self._high = (self._high + _GOLDEN_HIGH + (low >> 32)) & _HALF
        self._low = low & _HALF

    def _hashed(self) -> int:
        """The keyed hash's next output: BLAKE2b of the counter."""
        counter = self._counter()
        self._high, self._low = ((counter + 1) >> 32) & _HALF, (counter + 1) & _HALF
        block = hashlib.blake2b(counter.to_bytes(8, "little"), digest_size=8, key=self._key).digest()
        return int.from_bytes(block, "little")

    def below(self, n: int) -> int:
        """An integer in [0, n), n positive: uniform for n below 2**32; above, one of 2**32 evenly spread values (a
        game's seed, say)."""
        # Lemire's multiply-shift on the top 32 bits, (top * n) >> 32; the bias for n < 2**32 is below 2**-32, which
        # is fine for games. Compiled, the product is taken in two 48-bit parts (top split at bit 16), machine ones,
        # which hold it only for n below 2**32: a larger n takes Python's big ints, as the pure engine does.
        if self._key or not _COMPILED or n > 0xFFFFFFFF:
            return ((self.next64() >> 32) * n) >> 32
        self._step()
        top = _mix_words(self._high, self._low)[0]
        size: i64 = n
        return int(((top >> 16) * size + (((top & 0xFFFF) * size) >> 16)) >> 16)

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher-Yates in place."""
        if isinstance(items, list):  # compiled, a list's items are read and written directly, not through Python's
            _shuffle_list(self, items)  # sequence protocol (a game's setup shuffles its piles)
            return
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def random(self) -> float:
        """A float in [0, 1)."""
        return (self.next64() >> 11) * (1.0 / (1 << 53))

    def spawn(self) -> Rng:
        """An independent generator derived from this one (advances this one by one step). A keyed-hash generator
        spawns another (its seed is drawn from this one, so it is as unpredictable)."""
        if self._key:
            return Rng(_HASHED | (self.next64() << 64) | self.next64())
        return Rng(self.next64())

    def clone(self) -> Rng:
        copy = Rng()
        copy._key = self._key
        copy._high = self._high
        copy._low = self._low
        return copy


def _shuffle_list(rng: Rng, items: list[Any]) -> None:
    """`Rng.shuffle` of a list: the same draws in the same order."""
    for i in range(len(items) - 1, 0, -1):
        j = rng.below(i + 1)
        items[i], items[j] = items[j], items[i]

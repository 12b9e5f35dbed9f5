"""Observation encoders: for each game, its `observer.py` turns (position, seat) into a fixed-size float32 tensor for
learning agents; this module is what they share (the base class `Encoder`, `Memo`, `copies`, `relative_seats`) and
how one is found (`observer_for`, asking the game: `Game.observer`).

What every encoder promises, and what `tests/rl` checks:
- It reads only what `state.view(seat)` shows (the public table and that seat's own hidden facts), never another
  hand, a pile's order or anything else `determinize(seat, rng)` resamples: the tensor is the same in every
  determinization of what the seat cannot see. For speed it reads the state's own fields rather than building the
  view (a view costs several engine steps), each slice from fields the view is made of.
- Its size depends only on the game and the player count (see `Layout`), never on the position or the options.
- Every value lies in [0, 1]: a category is one-hot, a yes/no is 0 or 1, and a count is divided by the scale its
  slice names and capped at 1.
- Players are seen from the observing seat: the k-th block of a per-player slice is the player k seats after the
  observer in seat order (block 0 is the observer), so one policy can play every seat. The `seat` slice says which
  seat that is.

An encoder never changes the state, and a tensor never depends on an earlier position.

Each game's encoder has a compiled twin (the game's `observer_twin.pyx`, Cython, built when guildtable is installed with
a C compiler) that `encode` hands the work to: it builds the same tensor from nothing, in C loops over the same fields,
in 4–10 µs where the Python encoder takes 20–80, so that an environment step costs less than two engine steps (issue
18). The Python encoder (`build`) is the reference: it lays the tensor out and documents it, and `tests/rl` compares the
two entry for entry. Where the twin was not built, or with `GUILDTABLE_PURE_PYTHON=1`, `encode` runs `build`. For speed
there, the Python encoders of City and Guilds, Guildhall and Guilds of London keep, per thread and per seat, the tensor
they last built (`Memo`): each part of the tensor is rebuilt only when the fields it is built from differ from those it
was last built from, and then only its changed entries are written. The parts' inputs are compared whole, so the result
is the same as building from nothing (`tests/rl` encodes positions in game order and shuffled among determinizations
with one encoder and compares every tensor with one built from nothing). City Blocks, where nearly every part changes
with every move, builds its tensor whole.

The twins are the one place where the same knowledge is written twice (issue 36 compiles the rules from one source),
because compiling the Python encoders does not come close: compiled by mypyc they took 5–7× the twins' instructions
per tensor, and a City Blocks encoder written for mypyc (built from nothing, one numpy index assignment) 6×. Each
entry that compiled code writes goes through numpy or a memoryview, some 400 instructions where a twin stores a float,
and numpy's calls alone cost about as much as one of City Blocks' twin tensors (`benchmarks/encoder_cost.py`).
"""

from __future__ import annotations

import importlib
import os
import threading
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from itertools import compress
from operator import ne
from types import ModuleType
from typing import Any, Protocol, cast

import numpy as np
import numpy.typing as npt

from guildtable.kernel.errors import GuildtableError
from guildtable.kernel.layout import Layout
from guildtable.kernel.protocol import Game, State, Tensor
from guildtable.kernel.registry import get_game

PURE_PYTHON = "GUILDTABLE_PURE_PYTHON"
"""Set (to anything but empty) in the environment, every encoder runs as Python even where its twin is compiled."""


class Compiled(Protocol):
    """An encoder's compiled twin (the game's `observer_twin.pyx`): the same tensors, faster."""

    def encode(self, state: State, seat: int, /) -> npt.NDArray[np.float32]: ...


class FloatView(Protocol):
    """What `Memo` does with a memoryview of float32s (typeshed types a memoryview's items as ints)."""

    def __setitem__(self, index: int, value: float, /) -> None: ...


_NEVER = object()
"""The key of a part never built: equal to no input."""


class Memo:
    """One seat's last tensor and, per part of it, the inputs (`keys`) it was built from and the indices it set to 1.

    An encoder calls `part` (or `indices`, `cells`, `pairs`) for each part with that part's current inputs, writes its
    numbers with `numbers`, then takes `tensor()`. A key is an immutable value, or lists and tuples of them, nested as
    deep as need be, each list holding values of one type (lists are copied when the key is stored, so that the
    state's own lists changing later do not change it). Entries are written one by one through a memoryview: a step
    changes a few, and numpy's fancy indexing costs more than a few item writes."""

    __slots__ = ("keys", "ones", "running", "view")

    def __init__(self, size: int, parts: int) -> None:
        self.running = np.zeros(size, np.float32)
        self.view = cast(FloatView, self.running.data)  # a memoryview of format "f": item writes take floats
        self.keys: list[Any] = [_NEVER] * parts
        self.ones: list[list[int]] = [[] for _ in range(parts)]

    def part(self, index: int, key: Any, build: Callable[[], list[int]]) -> None:
        """Part `index` is the indices `build()` gives; `build` is called only when `key` differs from last time."""
        if key == self.keys[index]:
            return
        self._write(index, build())
        self.keys[index] = _snapshot(key)

    def indices(self, index: int, ones: list[int]) -> None:
        """Part `index` is `ones`, a new list the caller will not change: cheap parts are their own key."""
        if ones == self.ones[index]:
            return
        self._write(index, ones)
        self.keys[index] = _NEVER  # so that `part` rebuilds, should it take this part over again

    def _write(self, index: int, ones: list[int]) -> None:
        old = self.ones[index]
        view = self.view
        if len(old) + len(ones) > 16:  # write only the difference (in C), when writing it all would cost more
            now = set(ones)
            for at in now.symmetric_difference(old):
                view[at] = 1.0 if at in now else 0.0
        else:
            for at in old:
                view[at] = 0.0
            for at in ones:
                view[at] = 1.0
        self.ones[index] = ones

    def cells(self, index: int, values: list[int], cell: Sequence[Sequence[tuple[int, ...]]]) -> None:
        """Part `index` sets, for each position i of `values`, the indices `cell[i][values[i]]`. Only the positions
        whose value changed are written; `values` keeps its length (`reset` first when the table's geometry
        changes)."""
        old = self.keys[index]
        if values == old:
            return
        view = self.view
        if old is _NEVER:
            for i, value in enumerate(values):
                for at in cell[i][value]:
                    view[at] = 1.0
        else:
            for i in compress(range(len(values)), map(ne, old, values)):  # in C: the positions that differ
                codes = cell[i]
                for at in codes[old[i]]:
                    view[at] = 0.0
                for at in codes[values[i]]:
                    view[at] = 1.0
        self.keys[index] = values.copy()

    def pairs(self, index: int, first: list[int], second: list[int], cell: Callable[[int, int, int], int]) -> None:
        """As `cells` for two lists of the same length: position i sets `cell(i, first[i], second[i])` (negative: no
        entry)."""
        old = self.keys[index]
        if old is not _NEVER and first == old[0] and second == old[1]:
            return
        view = self.view
        if old is _NEVER:
            changed: Iterable[int] = range(len(first))
        else:
            count = range(len(first))
            changed = set(compress(count, map(ne, old[0], first))) | set(compress(count, map(ne, old[1], second)))
        for i in changed:
            if old is not _NEVER and (at := cell(i, old[0][i], old[1][i])) >= 0:
                view[at] = 0.0
            if (at := cell(i, first[i], second[i])) >= 0:
                view[at] = 1.0
        self.keys[index] = (first.copy(), second.copy())

    def numbers(self, start: int, values: list[float]) -> None:
        """Write `values` from index `start` (counts scaled to [0, 1])."""
        self.running[start : start + len(values)] = values

    def floats(self, index: int, start: int, values: list[float]) -> None:
        """Part `index` is the numbers `values` (counts scaled to [0, 1]; a new list the caller will not change)
        from index `start`: only those that differ from the part's last numbers are written."""
        old = self.keys[index]
        if values == old:
            return
        if old is _NEVER:
            self.running[start : start + len(values)] = values
        else:
            view = self.view
            for i in compress(range(len(values)), map(ne, old, values)):
                view[start + i] = values[i]
        self.keys[index] = values

    def reset(self) -> None:
        """Forget every part (the table's geometry changed): the next tensor is built from nothing."""
        self.running[:] = 0.0
        self.keys = [_NEVER] * len(self.keys)
        self.ones = [[] for _ in self.keys]

    def tensor(self) -> npt.NDArray[np.float32]:
        """The tensor as the parts left it: a new array, so the caller may keep it."""
        return self.running.copy()


def _snapshot(key: Any) -> Any:
    """A copy of a key that the state's lists changing cannot change (see `Memo`)."""
    kind = type(key)
    if kind is list:
        if not key or type(key[0]) is not list:
            return key.copy()
        for item in key:  # a list of lists: copied in one pass when they hold no lists (the first item found says)
            if item:
                if type(item[0]) is list:
                    return [_snapshot(inner) for inner in key]
                break
        return [item.copy() for item in key]
    if kind is tuple:
        return tuple(_snapshot(item) for item in key)
    if kind is dict:
        return dict(key)  # the options: values are immutable
    return key


@dataclass(frozen=True, slots=True)
class Groups:
    """A batch of observations seen as a sum over like parts of the position (City Blocks: its streets), for a
    learned value that shares its weights across the parts (`bots.network.GroupedNetwork`): per part its features
    and what it is worth, and what every part sees alike. All of it is read from the observations alone."""

    features: npt.NDArray[np.float32]  # (n, parts, features)
    worth: npt.NDArray[np.float32]  # (n, parts): what winning the part is worth, 0 where nothing is left to win
    context: npt.NDArray[np.float32]  # (n, context): the rest of the position, the same for every part


class Encoder(ABC):
    """Turns a position into one seat's observation tensor, laid out as `layout` says."""

    layout: Layout
    parts = 0
    """How many parts the encoder keeps in its `Memo`s."""
    compiled: Compiled | None = None
    """The compiled twin that `encode` hands the work to (set by `new_encoder`), or None: `build` does it."""
    compiled_name: str | None = None
    """The module that holds this encoder's compiled twin (its class `Encoder`, made from this encoder, whose offsets
    it reads: `guildtable.games.city_blocks.observer_twin`), or None."""

    def __init__(self, layout: Layout) -> None:
        self.layout = layout
        self.size = layout.size
        self._local = threading.local()

    def __reduce__(self) -> tuple[Callable[[str, int], Encoder], tuple[str, int]]:
        """Pickled and copied (an environment deep-copied, sent to another process) as the shared encoder of its
        game and player count: an encoder holds no position, only what it kept of tensors it built, per thread."""
        return observer_for, (self.layout.game, self.layout.players)

    def encode(self, state: State, seat: int) -> Tensor:
        """A new float32 array of shape (size,): what `seat` knows of `state`. Works on finished games too."""
        compiled = self.compiled
        if compiled is not None:
            return compiled.encode(state, seat)
        return self.build(state, seat)

    def groups(self, observations: npt.NDArray[np.float32]) -> Groups | None:
        """The batch `observations` (n, size) as a sum over like parts, or None: the game's observation has none
        (its networks are plain perceptrons)."""
        return None

    @abstractmethod
    def build(self, state: State, seat: int) -> Tensor:
        """As `encode`, in Python: the reference that the compiled twin is tested against."""

    def compile(self) -> Compiled | None:
        """The compiled twin of this encoder, or None when the game has none or it was not built."""
        module = None if self.compiled_name is None else compiled_module(self.compiled_name)
        if module is None:
            return None
        compiled: Compiled = module.Encoder(self)
        return compiled

    def memo(self, seat: int) -> Memo:
        """This thread's memo of `seat`'s last tensor."""
        try:
            memos: list[Memo] = self._local.memos
        except AttributeError:
            memos = self._local.memos = [Memo(self.size, self.parts) for _ in range(self.layout.players)]
        return memos[seat]


def relative_seats(players: int) -> tuple[tuple[int, ...], ...]:
    """`relative_seats(n)[seat][player]`: how many seats after `seat` `player` sits (0 for `seat` itself)."""
    return tuple(tuple((player - seat) % players for player in range(players)) for seat in range(players))


def copies(items: list[int], base: int, kinds: int, rows: int) -> list[int]:
    """The indices to set for a multiset of ints in [0, kinds), laid out as `rows` rows of `kinds`: row k of item t
    is set when there are more than k copies of t (copies beyond `rows` are not shown)."""
    ones = []
    previous, copy = -1, 0
    for item in sorted(items):
        copy = copy + 1 if item == previous else 0
        if copy < rows:
            ones.append(base + copy * kinds + item)
        previous = item
    return ones


def observer_for(game: Game | str, players: int) -> Encoder:
    """The shared encoder of `game` (a Game or its name) for `players` players: one per game and count, its memos
    per thread."""
    ours = get_game(game) if isinstance(game, str) else game
    if players not in ours.player_counts:
        raise GuildtableError(f"{ours.title} is for {ours.min_players}–{ours.max_players} players, not {players}")
    return _shared(ours.name, players)


def compiled_module(name: str) -> ModuleType | None:
    """The compiled module `name` (`guildtable.games.city_blocks.observer_twin`), or None where it was not compiled."""
    try:
        return importlib.import_module(name)
    except ImportError:
        return None


def new_observer(game: Game | str, players: int, compiled: bool = True) -> Encoder:
    """A new encoder of `game` for `players` players, with memos of its own (`observer_for` shares one). It hands the
    work to its compiled twin where there is one, unless `compiled` is False or `GUILDTABLE_PURE_PYTHON` is set."""
    ours = get_game(game) if isinstance(game, str) else game
    if players not in ours.player_counts:
        raise GuildtableError(f"{ours.title} is for {ours.min_players}–{ours.max_players} players, not {players}")
    encoder = ours.observer(players)
    if not isinstance(encoder, Encoder):
        raise GuildtableError(f"{ours.title} has no observation encoder")
    if compiled and not os.environ.get(PURE_PYTHON):
        encoder.compiled = encoder.compile()
    return encoder


@cache
def _shared(name: str, players: int) -> Encoder:
    return new_observer(name, players)

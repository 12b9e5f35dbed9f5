"""The layout of an observation tensor: named slices of one flat float32 vector, each with its shape and meaning.

A layout is fixed by the game and the player count, never by the position, so the observation space of an
environment never changes. `Layout.split` gives the slices of a tensor back by name (reshaped), and
`Layout.markdown` is the table the README shows for each game.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt


@dataclass(frozen=True, slots=True)
class Slice:
    """One named part of a tensor: `size` values from `start`, read as an array of `shape`."""

    name: str
    start: int
    shape: tuple[int, ...]
    meaning: str

    @property
    def size(self) -> int:
        return math.prod(self.shape)

    @property
    def stop(self) -> int:
        return self.start + self.size


@dataclass(frozen=True, slots=True)
class Layout:
    """The slices of one game's tensor for one player count, in order, covering `size` values without gaps."""

    game: str
    players: int
    slices: tuple[Slice, ...]

    @property
    def size(self) -> int:
        return self.slices[-1].stop if self.slices else 0

    def __getitem__(self, name: str) -> Slice:
        for part in self.slices:
            if part.name == name:
                return part
        raise KeyError(f"the {self.game} tensor has no slice {name!r}; it has {', '.join(self.names)}")

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(part.name for part in self.slices)

    def split(self, tensor: npt.NDArray[np.float32]) -> dict[str, npt.NDArray[np.float32]]:
        """The slices of `tensor` by name, each reshaped to its shape (views, not copies)."""
        if tensor.shape != (self.size,):
            raise ValueError(f"a {self.game} tensor for {self.players} players has shape ({self.size},)")
        return {part.name: tensor[part.start : part.stop].reshape(part.shape) for part in self.slices}

    def markdown(self) -> str:
        """The layout as a Markdown table: offset, shape, name and meaning of every slice."""
        rows = ["| Offset | Shape | Slice | Meaning |", "| ---: | --- | --- | --- |"]
        for part in self.slices:
            shape = " × ".join(str(n) for n in part.shape)
            rows.append(f"| {part.start} | {shape} | `{part.name}` | {part.meaning} |")
        return "\n".join(rows)


def markdown_table(layouts: Sequence[Layout]) -> str:
    """One Markdown table for a game's layouts at several player counts (the same slices, in the same order): a
    dimension that is the player count reads `n`; then the size at each count."""
    first = layouts[0]
    rows = ["| Slice | Shape | Meaning |", "| --- | --- | --- |"]
    for index, part in enumerate(first.slices):
        dims = []
        for axis, size in enumerate(part.shape):
            sizes = [layout.slices[index].shape[axis] for layout in layouts]
            if all(value == layout.players for value, layout in zip(sizes, layouts, strict=True)) and len(layouts) > 1:
                dims.append("n")
            elif len(set(sizes)) == 1:
                dims.append(str(size))
            else:
                raise ValueError(f"{part.name}: a dimension changes with the player count but is not the count")
        rows.append(f"| `{part.name}` | {' × '.join(dims)} | {part.meaning} |")
    totals = ", ".join(f"{layout.size} for {layout.players} players" for layout in layouts)
    return "\n".join(rows) + f"\n\nSize: {totals}."


class LayoutBuilder:
    """Adds slices one after another; `add` returns the offset where the new slice starts."""

    def __init__(self, game: str, players: int) -> None:
        self.game = game
        self.players = players
        self._slices: list[Slice] = []
        self._size = 0

    def add(self, name: str, shape: int | tuple[int, ...], meaning: str) -> int:
        dims = (shape,) if isinstance(shape, int) else shape
        if any(n < 1 for n in dims):
            raise ValueError(f"slice {name!r} needs a positive shape, not {dims}")
        if any(part.name == name for part in self._slices):
            raise ValueError(f"two slices are named {name!r}")
        start = self._size
        self._slices.append(Slice(name, start, dims, meaning))
        self._size += math.prod(dims)
        return start

    def build(self) -> Layout:
        return Layout(self.game, self.players, tuple(self._slices))

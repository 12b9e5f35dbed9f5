"""Observation encoders: for each game, one function from (position, seat) to a fixed-size float32 tensor.

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

An encoder never changes the state. What it keeps between calls is only memos of pure functions of the table (a
map's geometry, where the city's tiles lie), so a tensor never depends on an earlier position.
"""

from __future__ import annotations

import importlib
from abc import ABC, abstractmethod
from functools import cache

import numpy as np
import numpy.typing as npt

from guildtable.kernel import Game, GuildtableError, State
from guildtable.kernel.registry import get_game
from guildtable.rl.layout import Layout

Tensor = npt.NDArray[np.float32]

_MODULES = {
    "city-blocks": "guildtable.rl.city_blocks",
    "city-and-guilds": "guildtable.rl.city_and_guilds",
    "guildhall": "guildtable.rl.guildhall",
    "guilds-of-london": "guildtable.rl.guilds_of_london",
}
"""Game name -> the module whose `encoder(players)` builds that game's encoder."""


class Encoder(ABC):
    """Turns a position into one seat's observation tensor, laid out as `layout` says."""

    layout: Layout

    def __init__(self, layout: Layout) -> None:
        self.layout = layout
        self.size = layout.size

    @abstractmethod
    def encode(self, state: State, seat: int) -> Tensor:
        """A new float32 array of shape (size,): what `seat` knows of `state`. Works on finished games too."""


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


def encoder_for(game: Game | str, players: int) -> Encoder:
    """The encoder of `game` (a Game or its name) for `players` players."""
    ours = get_game(game) if isinstance(game, str) else game
    if players not in ours.player_counts:
        raise GuildtableError(f"{ours.title} is for {ours.min_players}–{ours.max_players} players, not {players}")
    return _encoder(ours.name, players)


@cache
def _encoder(name: str, players: int) -> Encoder:
    module = _MODULES.get(name)
    if module is None:
        raise GuildtableError(f"no observation encoder for {name!r}; there are encoders for {', '.join(_MODULES)}")
    encoder: Encoder = importlib.import_module(module).encoder(players)
    return encoder


def layout_for(game: Game | str, players: int) -> Layout:
    """The tensor layout of `game` for `players` players."""
    return encoder_for(game, players).layout

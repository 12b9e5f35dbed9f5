"""The observation encoders, as the environments and policies find them: each game's own (`Game.observer`, its
`observer.py`), shared per game and player count. What an encoder promises and what the encoders share are in
`guildtable.kernel.observation`; this module names them for the RL code.
"""

from __future__ import annotations

from guildtable.kernel import Game
from guildtable.kernel.layout import Layout
from guildtable.kernel.observation import (
    PURE_PYTHON,
    Encoder,
    Memo,
    compiled_module,
    copies,
    new_observer,
    observer_for,
    relative_seats,
)
from guildtable.kernel.protocol import Tensor

encoder_for = observer_for
"""The shared encoder of a game (a Game or its name) for a player count."""
new_encoder = new_observer
"""A new encoder of a game with memos of its own, compiled where it can be."""


def layout_for(game: Game | str, players: int) -> Layout:
    """The tensor layout of `game` for `players` players."""
    return encoder_for(game, players).layout


__all__ = [
    "PURE_PYTHON",
    "Encoder",
    "Memo",
    "Tensor",
    "compiled_module",
    "copies",
    "encoder_for",
    "layout_for",
    "new_encoder",
    "relative_seats",
]

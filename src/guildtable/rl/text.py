"""The terminal picture of a position as text, for the environments' `render()`: the game's own text view of one
seat (the spectator's view when `seat` is None), drawn by Rich with ANSI colours."""

from __future__ import annotations

import io

from rich.console import Console

from guildtable.kernel import State

WIDTH = 100


def terminal_text(state: State, seat: int | None) -> str:
    buffer = io.StringIO()
    console = Console(file=buffer, width=WIDTH, force_terminal=True, color_system="standard")
    console.print(state.game.render_text(state.view(seat), seat))
    return buffer.getvalue()

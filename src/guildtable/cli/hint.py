"""`guildtable hint RECORD_FILE [--seat N]`: replay a record (finished or not) and ask the `hard` bot for a move.

Only the asking seat's view is used: the search works on determinizations from that seat, and what is printed is
that seat's own options with the share of the search each one received.
"""

from __future__ import annotations

from pathlib import Path

import typer
from rich.table import Table

from guildtable.bots.hint import hint as ask_hint
from guildtable.cli.common import console, fail
from guildtable.kernel import GuildtableError
from guildtable.kernel.records import load_record, replay_record


def hint(
    file: Path = typer.Argument(..., metavar="RECORD_FILE", help="A game record (JSON), e.g. from `play --record`."),
    seat: int | None = typer.Option(None, help="The asking seat (default: the seat to move); it must be to move."),
    bot: str = typer.Option("hard", help="The bot spec that searches (a level or an ismcts spec)."),
    top: int = typer.Option(3, min=1, help="How many alternatives to show."),
    seed: int = typer.Option(0, help="Seed of the search."),
) -> None:
    """Suggest a move for the seat to move in a saved game, with the top alternatives."""
    try:
        state = replay_record(load_record(file), check_result=False)
    except GuildtableError as error:
        fail(f"{file}: {error}")
    if state.is_terminal:
        fail(f"{file}: the game in this record is over; there is nothing to hint")
    mover = state.current_player
    assert mover is not None
    names = state.game.seat_names
    if seat is not None and seat != mover:
        fail(f"it is {names[mover]}'s turn (seat {mover}), not seat {seat}'s; hints are for the seat to move")
    try:
        answer = ask_hint(state, mover, spec=bot, seed=seed, top=top)
    except GuildtableError as error:
        fail(str(error))
    console.print(state.game.render_text(state.view(mover), mover))
    console.print(f"[bold]{names[mover]}[/] — {state.prompt()}")
    console.print(f"Hint ({answer['bot']}, {answer['iterations']} iterations): play [bold]{answer['move']}[/]")
    table = Table(header_style="bold")
    table.add_column("Move")
    table.add_column("Search share", justify="right")
    table.add_column("Value", justify="right")
    for alternative in answer["alternatives"]:
        table.add_row(alternative["move"], f"{alternative['share']:.1%}", f"{alternative['value']:.2f}")
    console.print(table)

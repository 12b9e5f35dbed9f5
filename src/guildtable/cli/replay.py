"""`guildtable replay FILE`: replay and verify a game record, then show the final position and result."""

from __future__ import annotations

from pathlib import Path

import typer
from rich.rule import Rule

from guildtable.cli.common import console, fail
from guildtable.cli.play import show_result
from guildtable.kernel import GuildtableError
from guildtable.kernel.records import load_record, new_state_for, replay_record


def replay(
    file: Path = typer.Argument(..., help="A game record (JSON)."),
    moves: bool = typer.Option(False, "--moves", help="Print every move with the log of what it did."),
) -> None:
    """Replay a record, check every move and the stated result, and print the final result."""
    try:
        record = load_record(file)
        state = replay_record(record)
    except GuildtableError as error:
        fail(f"{file}: {error}")
    game = state.game
    console.print(
        f"[bold]{game.title}[/] — seed {record.seed} — "
        + ", ".join(f"{game.seat_names[i]} ({p.name})" for i, p in enumerate(record.players))
    )
    if moves:
        walker = new_state_for(record)
        for number, action in enumerate(state.history, start=1):
            console.print(f"{number:>4}. {walker.action_to_notation(action)}")
            for event in walker.apply(action):
                if event.seats is None:
                    line = game.describe_event(event)
                    if line:
                        console.print(f"        {line}")
    console.print(Rule())
    console.print(game.render_text(state.view(None), None))
    console.print(f"Verified: {len(state.history)} moves replayed.")
    if state.is_terminal:
        show_result(state)
    else:
        console.print("The game in this record is not finished.")

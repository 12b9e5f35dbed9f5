"""`guildtable replay FILE`: replay and verify a game record, then show the final position and result."""

from __future__ import annotations

from pathlib import Path

import typer
from rich.markup import escape
from rich.rule import Rule

from guildtable.cli.common import console, fail, seat_name
from guildtable.cli.play import show_result
from guildtable.kernel import GuildtableError
from guildtable.kernel.i18n import N_, ngettext
from guildtable.kernel.i18n import gettext as _
from guildtable.kernel.records import load_record, new_state_for, replay_record

# The command's help (`guildtable replay --help`), translated when shown.
HELP = N_("Replay a record, check every move and the stated result, and print the final result.")


def replay(
    file: Path = typer.Argument(..., help=N_("A game record (JSON).")),  # noqa: B008
    moves: bool = typer.Option(False, "--moves", help=N_("Print every move with the log of what it did.")),
) -> None:
    try:
        record = load_record(file)
        state = replay_record(record)
    except GuildtableError as error:
        fail(f"{file}: {error}")
    game = state.game
    players = ", ".join(f"{seat_name(game, i)} ({p.name})" for i, p in enumerate(record.players))
    seed = escape(_("seed {seed}", seed=record.seed))
    console.print(f"[bold]{escape(game.title)}[/] — {seed} — {escape(players)}")
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
    console.print(ngettext("Verified: {n} move replayed.", "Verified: {n} moves replayed.", len(state.history)))
    if state.is_terminal:
        show_result(state)
    else:
        console.print(_("The game in this record is not finished."))

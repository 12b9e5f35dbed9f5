"""`guildtable hint RECORD_FILE [--seat N]`: replay a record (finished or not) and ask the `hard` bot for a move.

Only the asking seat's view is used: the search works on determinizations from that seat, and what is printed is
that seat's own options with the share of the search each one received.
"""

from __future__ import annotations

from pathlib import Path

import typer
from rich.markup import escape
from rich.table import Table

from guildtable.bots.hint import hint as ask_hint
from guildtable.cli.common import console, fail, seat_name
from guildtable.kernel import GuildtableError
from guildtable.kernel.i18n import N_, ngettext, number, percent
from guildtable.kernel.i18n import gettext as _
from guildtable.kernel.records import load_record, replay_record

# The command's help (`guildtable hint --help`), translated when shown.
HELP = N_("Suggest a move for the seat to move in a saved game, with the top alternatives.")


def hint(
    file: Path = typer.Argument(
        ...,
        metavar="RECORD_FILE",
        help=N_("A game record (JSON), e.g. from `play --record`."),  # noqa: B008
    ),
    seat: int | None = typer.Option(None, help=N_("The asking seat (default: the seat to move); it must be to move.")),
    bot: str = typer.Option("hard", help=N_("The bot spec that searches (a level or an ismcts spec).")),
    top: int = typer.Option(3, min=1, help=N_("How many alternatives to show.")),
    seed: int = typer.Option(0, help=N_("Seed of the search.")),
) -> None:
    try:
        state = replay_record(load_record(file), check_result=False)
    except GuildtableError as error:
        fail(f"{file}: {error}")
    if state.is_terminal:
        fail(_("{file}: the game in this record is over; there is nothing to hint", file=file))
    mover = state.current_player
    assert mover is not None
    names = [seat_name(state.game, index) for index in range(state.num_players)]
    if seat is not None and seat != mover:
        fail(
            _(
                "it is {name}'s turn (seat {mover}), not seat {seat}'s; hints are for the seat to move",
                name=names[mover],
                mover=mover,
                seat=seat,
            )
        )
    try:
        answer = ask_hint(state, mover, spec=bot, seed=seed, top=top)
    except GuildtableError as error:
        fail(str(error))
    console.print(state.game.render_text(state.view(mover), mover))
    console.print(f"[bold]{escape(names[mover])}[/] — {state.prompt()}")
    iterations = ngettext(
        "Hint ({bot}, {n} iteration): play",
        "Hint ({bot}, {n} iterations): play",
        answer["iterations"],
        bot=answer["bot"],
    )
    console.print(f"{escape(iterations)} [bold]{escape(str(answer['move']))}[/]")
    table = Table(header_style="bold")
    table.add_column(_("Move"))
    table.add_column(_("Search share"), justify="right")
    table.add_column(_("Value"), justify="right")
    for alternative in answer["alternatives"]:
        table.add_row(alternative["move"], percent(alternative["share"], 1), number(alternative["value"], 2))
    console.print(table)

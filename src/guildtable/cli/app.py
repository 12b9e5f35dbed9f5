"""The `guildtable` command. Each subcommand lives in its own module; this file only wires them together and makes
sure a person never sees a traceback for bad input."""

from __future__ import annotations

import sys

import typer

from guildtable.cli import arena, bench, bot_worker, catalogues, games_cmd, hint, play, replay, serve, simulate
from guildtable.cli.common import errors
from guildtable.kernel import GuildtableError

app = typer.Typer(
    name="guildtable",
    help="Play and study City Blocks, City and Guilds, Guildhall: Job Faire and Guilds of London.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)
app.command("games")(games_cmd.games)
app.command("play")(play.play)
app.command("simulate")(simulate.simulate)
app.command("replay")(replay.replay)
app.command("bench")(bench.bench)
app.command("serve")(serve.serve)
app.command("bot-worker")(bot_worker.bot_worker)
app.command("arena")(arena.arena)
app.command("hint")(hint.hint)
app.add_typer(catalogues.app, name="catalogues")


def main() -> None:
    try:
        app()
    except GuildtableError as error:
        errors.print(f"[bold red]error:[/] {error}")
        sys.exit(2)

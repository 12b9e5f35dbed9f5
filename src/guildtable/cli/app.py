"""The `guildtable` command. Each subcommand lives in its own module; this file only wires them together and makes
sure a person never sees a traceback for bad input."""

from __future__ import annotations

import os
import sys

import typer

from guildtable.cli import arena, bench, bot_worker, catalogues, games_cmd, hint, play, replay, serve, simulate
from guildtable.cli.common import errors
from guildtable.kernel import GuildtableError
from guildtable.kernel.i18n import ENGLISH, language_of, reset_language, set_language

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


@app.callback()
def choose_language(
    context: typer.Context,
    lang: str | None = typer.Option(
        None, "--lang", help="The language of what the commands print: en or de (default: from LANG, else en)."
    ),
) -> None:
    """Every command prints in `--lang`, else in the language `LANG` (or `LC_ALL`, `LC_MESSAGES`) names."""
    chosen = language_of(lang, pseudo=True) if lang else None
    if lang and chosen is None:
        raise typer.BadParameter(f"{lang!r} is not a language here: en or de", param_hint="--lang")
    token = set_language(chosen or language_from_environment())
    # Back to the caller's language once the command is done (tests run many commands in one process).
    context.call_on_close(lambda: reset_language(token))


def language_from_environment() -> str:
    """The language the locale variables name (LC_ALL before LC_MESSAGES before LANG, as gettext reads them)."""
    for variable in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(variable)
        if value:
            return language_of(value, pseudo=False) or ENGLISH
    return ENGLISH


def main() -> None:
    try:
        app()
    except GuildtableError as error:
        errors.print(f"[bold red]error:[/] {error}")
        sys.exit(2)

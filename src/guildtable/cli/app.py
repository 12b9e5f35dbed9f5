"""The `guildtable` command. Each subcommand lives in its own module; this file only wires them together, chooses the
language every command speaks and makes sure a person never sees a traceback for bad input.

The language is chosen before Click parses anything: `--help` is handled while the arguments are parsed, before the
`--lang` option's callback would run, so `LocalizedGroup.main` reads `--lang` (else the locale variables) from the
arguments first. The help texts are written in English and marked with `N_` where Typer reads them (the commands'
`help=`, each option's `help=`); `LocalizedGroup.main` looks each one up in the catalogue in that language before the
command tree is used, together with the few words Typer and Click print around them ("Options", "Usage:").
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from importlib.metadata import version as package_version
from typing import Any
from weakref import WeakKeyDictionary

import typer
from typer import rich_utils
from typer.core import TyperCommand, TyperGroup

from guildtable.cli import (
    analyse,
    arena,
    balance,
    bench,
    bot_connect,
    bot_worker,
    catalogues,
    click_words,
    games_cmd,
    hint,
    play,
    replay,
    serve,
    simulate,
    train,
)
from guildtable.cli.common import BadValue, error_line, errors
from guildtable.kernel import GuildtableError
from guildtable.kernel.i18n import ENGLISH, N_, language_of, reset_language, set_language, use_language
from guildtable.kernel.i18n import gettext as _

HELP = N_("Play and study City Blocks, City and Guilds, Guildhall: Job Faire and Guilds of London.")
LANG_HELP = N_("The language of what the commands print: en or de (default: from LANG, else en).")
VERSION_HELP = N_("Show guildtable's version and exit.")


class LocalizedGroup(TyperGroup):
    """The `guildtable` group: every run speaks the language its arguments or the environment choose, help included."""

    def main(
        self,
        args: Sequence[str] | None = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        standalone_mode: bool = True,
        windows_expand_args: bool = True,
        **extra: Any,
    ) -> Any:
        arguments = list(sys.argv[1:] if args is None else args)
        token = set_language(language_from_arguments(arguments) or language_from_environment())
        try:
            localize(self)
            click_words.install()
            with typer_words():
                return super().main(arguments, prog_name, complete_var, standalone_mode, windows_expand_args, **extra)
        finally:
            reset_language(token)

    def get_help_option(self, ctx: Any) -> Any:
        return _localized_help_option(super().get_help_option(ctx))

    def get_usage(self, ctx: Any) -> str:
        return _localized_usage(super().get_usage(ctx))

    def make_context(self, info_name: str | None, args: list[str], parent: Any = None, **extra: Any) -> Any:
        with click_words.translated_errors():
            return super().make_context(info_name, args, parent, **extra)

    def invoke(self, ctx: Any) -> Any:
        # The subcommands' arguments are parsed in here: their errors too are shown in the reader's language.
        with click_words.translated_errors():
            return super().invoke(ctx)


class LocalizedCommand(TyperCommand):
    """A `guildtable` subcommand: its `--help` option and usage line in the reader's language."""

    def get_help_option(self, ctx: Any) -> Any:
        return _localized_help_option(super().get_help_option(ctx))

    def get_usage(self, ctx: Any) -> str:
        return _localized_usage(super().get_usage(ctx))


def _localized_help_option(option: Any) -> Any:
    if option is not None:
        option.help = _("Show this message and exit.")
    return option


def _localized_usage(usage: str) -> str:
    """Click's usage line ("Usage: guildtable [OPTIONS] COMMAND [ARGS]...") with its words translated."""
    english = "Usage:"
    usage = click_words.usage(usage)
    return _("Usage:") + usage[len(english) :] if usage.startswith(english) else usage


# The English help text of each command and parameter seen, so a command tree used twice is translated from English.
_ENGLISH: WeakKeyDictionary[object, str | None] = WeakKeyDictionary()


def localize(command: Any) -> None:
    """Put the help texts of `command`, its parameters and its subcommands into the current language (texts the
    catalogue does not have, such as the developers' `catalogues` commands, stay as they are)."""
    for item in (command, *command.params):
        english = _ENGLISH.setdefault(item, getattr(item, "help", None))
        if english:
            item.help = _(english)
    for subcommand in getattr(command, "commands", {}).values():
        localize(subcommand)


@contextmanager
def typer_words() -> Iterator[None]:
    """Typer's own words around the help and the error panels, in the current language for the run."""
    words = {
        "ARGUMENTS_PANEL_TITLE": _("Arguments"),
        "OPTIONS_PANEL_TITLE": _("Options"),
        "COMMANDS_PANEL_TITLE": _("Commands"),
        "ERRORS_PANEL_TITLE": _("Error"),
        "ABORTED_TEXT": _("Aborted."),
        "DEFAULT_STRING": _("[default: {}]"),
        "REQUIRED_LONG_STRING": _("[required]"),
        "RICH_HELP": _("Try [blue]'{command_path} {help_option}'[/] for help."),
    }
    saved = {name: getattr(rich_utils, name) for name in words}
    for name, text in words.items():
        setattr(rich_utils, name, text)
    try:
        yield
    finally:
        for name, text in saved.items():
            setattr(rich_utils, name, text)


app = typer.Typer(
    name="guildtable",
    help=HELP,
    cls=LocalizedGroup,
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)
app.command("games", cls=LocalizedCommand, help=games_cmd.HELP)(games_cmd.games)
app.command("play", cls=LocalizedCommand, help=play.COMMAND_HELP)(play.play)
app.command("simulate", cls=LocalizedCommand, help=simulate.HELP)(simulate.simulate)
app.command("replay", cls=LocalizedCommand, help=replay.HELP)(replay.replay)
app.command("bench", cls=LocalizedCommand, help=bench.HELP)(bench.bench)
app.command("serve", cls=LocalizedCommand, help=serve.HELP)(serve.serve)
app.command("bot-worker", cls=LocalizedCommand, help=bot_worker.HELP)(bot_worker.bot_worker)
app.command("bot-connect", cls=LocalizedCommand, help=bot_connect.HELP)(bot_connect.bot_connect)
app.command("arena", cls=LocalizedCommand, help=arena.HELP)(arena.arena)
app.command("hint", cls=LocalizedCommand, help=hint.HELP)(hint.hint)
app.command("analyse", cls=LocalizedCommand, help=analyse.HELP)(analyse.analyse_command)
app.command("balance", cls=LocalizedCommand, help=balance.HELP)(balance.balance)
app.command("train", cls=LocalizedCommand, help=train.HELP)(train.train)
app.add_typer(catalogues.app, name="catalogues")


def show_version(value: bool) -> None:
    """`guildtable --version`: the installed package's version, which a bug or security report names."""
    if value:
        typer.echo(f"guildtable {package_version('guildtable')}")
        raise typer.Exit()


@app.callback()
def choose_language(
    context: typer.Context,
    lang: str | None = typer.Option(None, "--lang", help=LANG_HELP),
    version: bool = typer.Option(False, "--version", callback=show_version, is_eager=True, help=VERSION_HELP),
) -> None:
    """Every command prints in `--lang`, else in the language `LANG` (or `LC_ALL`, `LC_MESSAGES`) names."""
    chosen = language_of(lang, pseudo=True) if lang else None
    if lang and chosen is None:
        raise BadValue(_("{lang} is not a language here: en or de", lang=repr(lang)), param_hint="--lang")
    token = set_language(chosen or language_from_environment())
    # Back to the caller's language once the command is done (tests run many commands in one process).
    context.call_on_close(lambda: reset_language(token))


def language_from_arguments(arguments: Sequence[str]) -> str | None:
    """The language `--lang de` (or `--lang=de`) names among the arguments before the command, if it is one of ours
    (an unknown one is refused later, by the option itself, in the environment's language)."""
    index = 0
    while index < len(arguments):
        argument = arguments[index]
        if argument == "--lang" and index + 1 < len(arguments):
            return language_of(arguments[index + 1], pseudo=True)
        if argument.startswith("--lang="):
            return language_of(argument.partition("=")[2], pseudo=True)
        if not argument.startswith("-"):
            return None  # the command's name: what follows is its own
        index += 1
    return None


def language_from_environment() -> str:
    """The language the locale variables name (LC_ALL before LC_MESSAGES before LANG, as gettext reads them)."""
    for variable in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(variable)
        if value:
            return language_of(value, pseudo=False) or ENGLISH
    return ENGLISH


def main() -> None:
    with use_language(language_from_arguments(sys.argv[1:]) or language_from_environment()):
        try:
            app()
        except GuildtableError as error:
            errors.print(error_line(str(error)), soft_wrap=True)
            sys.exit(2)

"""`guildtable games [GAME]`: the games with their player counts and options; for one game, each option's help
and the explicit setup it accepts."""

from __future__ import annotations

import typer
from rich.markup import escape
from rich.table import Table

from guildtable.cli.common import console, find_game, game_words
from guildtable.kernel.i18n import N_, ngettext, pgettext
from guildtable.kernel.i18n import gettext as _
from guildtable.kernel.registry import all_games

# The command's help (`guildtable games --help`), translated when shown.
HELP = N_("List the games, their player counts and their options.")


def games(
    game_name: str | None = typer.Argument(None, metavar="[GAME]", help=N_("Show one game in detail.")),
) -> None:
    if game_name is not None:
        _describe(game_name)
        return
    table = Table(title=pgettext("the games one can play", "Games"), header_style="bold")
    table.add_column(_("Name"))
    table.add_column(_("Title"))
    table.add_column(_("Players"), justify="center")
    table.add_column(_("Options"))
    for game in all_games():
        counts = (
            f"{game.min_players}"
            if game.min_players == game.max_players
            else (f"{game.min_players}–{game.max_players}")
        )
        options = "\n".join(option.describe() for option in game.options) or "—"
        title = escape(game.title)
        if not game.official_content:
            title += "\n[yellow]" + escape(_("(stand-in content)")) + "[/]"
        table.add_row(game.name, title, counts, options)
    console.print(table)


def _describe(name: str) -> None:
    game = find_game(name)
    players = ngettext(
        "{low}–{high} player", "{low}–{high} players", game.max_players, low=game.min_players, high=game.max_players
    )
    console.print(f"[bold]{escape(game.title)}[/] ({game.name}), {players}")
    if not game.official_content:
        note = game_words(game, game.content_note) or _("Some content is a stand-in.")
        console.print(f"[yellow]{escape(note)}[/]")
    for option in game.options:
        why = " [dim](" + escape(_("rule {rule}", rule=option.rule)) + ")[/]" if option.rule else ""
        title = game_words(game, option.title)
        console.print(f"  [bold]{option.describe()}[/]: {escape(title)}. {escape(game_words(game, option.help))}{why}")
    setup = game.describe_setup().strip()
    if setup:
        heading, field = escape(_("Explicit setup")), escape(_("(record field `setup`):"))
        console.print(f"\n[bold]{heading}[/] {field}")
        console.print(setup, markup=False)

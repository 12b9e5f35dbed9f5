"""`guildtable games [GAME]`: the games with their player counts and options; for one game, each option's help
and the explicit setup it accepts."""

from __future__ import annotations

import typer
from rich.table import Table

from guildtable.cli.common import console, find_game
from guildtable.kernel.registry import all_games


def games(game_name: str | None = typer.Argument(None, metavar="[GAME]", help="Show one game in detail.")) -> None:
    """List the games, their player counts and their options."""
    if game_name is not None:
        _describe(game_name)
        return
    table = Table(title="Games", header_style="bold")
    table.add_column("Name")
    table.add_column("Title")
    table.add_column("Players", justify="center")
    table.add_column("Options")
    for game in all_games():
        counts = (
            f"{game.min_players}"
            if game.min_players == game.max_players
            else (f"{game.min_players}–{game.max_players}")
        )
        options = "\n".join(option.describe() for option in game.options) or "—"
        title = game.title if game.official_content else f"{game.title}\n[yellow](stand-in content)[/]"
        table.add_row(game.name, title, counts, options)
    console.print(table)


def _describe(name: str) -> None:
    game = find_game(name)
    console.print(f"[bold]{game.title}[/] ({game.name}), {game.min_players}–{game.max_players} players")
    if not game.official_content:
        console.print(f"[yellow]{game.content_note or 'Some content is a stand-in.'}[/]")
    for option in game.options:
        why = f" [dim](rule {option.rule})[/]" if option.rule else ""
        console.print(f"  [bold]{option.describe()}[/]: {option.title}. {option.help}{why}")
    setup = game.describe_setup().strip()
    if setup:
        console.print("\n[bold]Explicit setup[/] (record field `setup`):")
        console.print(setup, markup=False)

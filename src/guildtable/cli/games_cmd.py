"""`guildtable games`: the games with their player counts and options."""

from __future__ import annotations

from rich.table import Table

from guildtable.cli.common import console
from guildtable.kernel.registry import all_games


def games() -> None:
    """List the games, their player counts and their options."""
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

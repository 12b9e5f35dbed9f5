"""`python -m guildtable.rl [GAME ...]`: print the observation layouts (the tables of the README) as Markdown."""

from __future__ import annotations

import sys

from guildtable.kernel.layout import markdown_table
from guildtable.kernel.registry import all_games, get_game
from guildtable.rl.encoders import layout_for


def layouts_markdown(names: list[str]) -> str:
    games = [get_game(name) for name in names] if names else all_games()
    parts = []
    for game in games:
        players = ", ".join(str(n) for n in game.player_counts)
        table = markdown_table([layout_for(game, n) for n in game.player_counts])
        parts.append(f"#### {game.title} (`{game.name}`, {players} players)\n\n{table}")
    return "\n\n".join(parts)


if __name__ == "__main__":
    print(layouts_markdown(sys.argv[1:]))

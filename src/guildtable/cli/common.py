"""What the CLI commands share: the console, seat and option parsing, and a clean exit for bad input."""

from __future__ import annotations

from typing import NoReturn

import typer
from rich.console import Console

from guildtable.bots.spec import is_bot_spec, make_bot
from guildtable.kernel import BadOptions, Game, GuildtableError
from guildtable.kernel.options import parse_option_pairs
from guildtable.kernel.registry import get_game

console = Console(highlight=False)
errors = Console(stderr=True, highlight=False)


def fail(message: str, status: int = 2) -> NoReturn:
    """One line on stderr and a non-zero exit: what a person sees for bad input, never a traceback."""
    errors.print(f"[bold red]error:[/] {message}")
    raise typer.Exit(status)


def find_game(name: str) -> Game:
    try:
        return get_game(name)
    except GuildtableError as error:
        fail(str(error))


def game_options(game: Game, pairs: list[str] | None) -> dict[str, object]:
    """Validated options from `--option NAME=VALUE` pairs."""
    try:
        return game.resolve_options(parse_option_pairs(pairs or []))
    except BadOptions as error:
        fail(str(error))


def split_specs(text: str) -> list[str]:
    """The comma-separated specs of `--seats` / `--bots`, trimmed, empty ones dropped."""
    return [spec.strip() for spec in text.split(",") if spec.strip()]


def seat_specs(game: Game, seats: str | None, players: int | None) -> list[str]:
    """Seat specs (`human` or a bot spec) from `--seats`, checked against the game's player counts."""
    if seats is None:
        count = players or game.min_players
        specs = ["human", *["greedy"] * (count - 1)]
    else:
        specs = split_specs(seats)
    if players is not None and players != len(specs):
        fail(f"--players {players} but --seats names {len(specs)} seats")
    if len(specs) not in game.player_counts:
        fail(f"{game.title} is for {game.min_players}–{game.max_players} players; --seats names {len(specs)}")
    for spec in specs:
        if spec.lower() != "human" and not is_bot_spec(spec):
            try:
                make_bot(spec)
            except BadOptions as error:
                fail(f"{error.message} (or 'human')")
    return specs

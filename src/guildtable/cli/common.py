"""What the CLI commands share: the console, seat and option parsing, and a clean exit for bad input."""

from __future__ import annotations

from pathlib import Path
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
    """Validated options from `--option NAME=VALUE` pairs; an option that takes a text (a City and Guilds map) may
    name a file, which is read here."""
    try:
        given: dict[str, object] = dict(parse_option_pairs(pairs or []))
        for option in game.options:
            value = given.get(option.name)
            if option.file_text and isinstance(value, str) and "\n" not in value and Path(value).expanduser().is_file():
                given[option.name] = read_option_file(option.name, Path(value).expanduser(), option.file_text)
        return game.resolve_options(given)
    except BadOptions as error:
        fail(str(error))


def read_option_file(name: str, path: Path, limit: int) -> str:
    """The text of an option's file, read at most `limit` bytes deep; BadOptions if it is larger or unreadable."""
    try:
        with path.open("rb") as file:
            data = file.read(limit + 1)
    except OSError as error:
        raise BadOptions(name, f"cannot read {path}: {error.strerror}") from None
    if len(data) > limit:
        raise BadOptions(name, f"{path} is larger than {limit} bytes")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise BadOptions(name, f"{path} is not UTF-8 text") from None


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

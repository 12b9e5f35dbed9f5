"""What the CLI commands share: the console, seat and option parsing, and a clean exit for bad input."""

from __future__ import annotations

import stat
from pathlib import Path
from typing import NoReturn

import typer
from rich.console import Console
from rich.markup import escape

from guildtable.bots.spec import is_bot_spec, make_bot
from guildtable.kernel import BadOptions, Game, GuildtableError, Option
from guildtable.kernel.options import parse_option_pairs
from guildtable.kernel.registry import get_game

console = Console(highlight=False)
errors = Console(stderr=True, highlight=False)


def fail(message: str, status: int = 2) -> NoReturn:
    """One line on stderr and a non-zero exit: what a person sees for bad input, never a traceback."""
    errors.print(f"[bold red]error:[/] {escape(message)}", soft_wrap=True)
    raise typer.Exit(status)


def find_game(name: str) -> Game:
    try:
        return get_game(name)
    except GuildtableError as error:
        fail(str(error))


def game_options(game: Game, pairs: list[str] | None) -> dict[str, object]:
    """Validated options from `--option NAME=VALUE` pairs. An option that takes a text (a City and Guilds map) may
    name a file instead: it is read here, because the game itself never opens a path."""
    try:
        given: dict[str, object] = dict(parse_option_pairs(pairs or []))
        for option in game.options:
            value = given.get(option.name)
            if option.file_text and isinstance(value, str):
                given[option.name] = text_or_file(option, value)
        return game.resolve_options(given)
    except BadOptions as error:
        fail(str(error))


def text_or_file(option: Option, value: str) -> str:
    """`value` itself if the option takes it as typed (a shipped map's name, a map's text), otherwise the text of the
    file it names. A shipped name wins over a file of that name in the working directory (write `./default`)."""
    if "\n" in value:
        return value
    try:
        option.parse(value)
    except BadOptions:
        return read_option_file(option.name, value, option.file_text)
    return value


def read_option_file(name: str, typed: str, limit: int) -> str:
    """The text of the regular file `typed` names, reading at most `limit` + 1 bytes: BadOptions in one line if it
    cannot be read, is not a regular file (a device, a pipe), is larger than `limit` bytes or is not UTF-8 text."""
    shown = repr(typed)  # quoted, a control character or NUL escaped: the message stays one line
    try:
        path = Path(typed).expanduser()
        if not stat.S_ISREG(path.stat().st_mode):
            raise BadOptions(name, f"{shown} is not a regular file")
        with path.open("rb") as file:
            data = file.read(limit + 1)
    except (OSError, ValueError, RuntimeError) as error:  # ValueError: a NUL; RuntimeError: no home directory
        reason = error.strerror if isinstance(error, OSError) and error.strerror else "not a usable file name"
        raise BadOptions(name, f"cannot read the file {shown}: {reason}") from None
    if len(data) > limit:
        raise BadOptions(name, f"the file {shown} is larger than {limit} bytes")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise BadOptions(name, f"the file {shown} is not UTF-8 text") from None


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

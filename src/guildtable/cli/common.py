"""What the CLI commands share: the console, seat and option parsing, and a clean exit for bad input."""

from __future__ import annotations

import stat
from collections.abc import Sequence
from pathlib import Path
from typing import NoReturn

import typer
from rich.console import Console
from rich.markup import escape

from guildtable.bots.spec import is_bot_spec, make_bot
from guildtable.kernel import BadOptions, Game, GuildtableError, Option
from guildtable.kernel.i18n import DOMAINS, domain, ngettext
from guildtable.kernel.i18n import gettext as _
from guildtable.kernel.options import parse_option_pairs
from guildtable.kernel.registry import get_game

console = Console(highlight=False)
errors = Console(stderr=True, highlight=False)


def error_line(message: str) -> str:
    """`error: message` in the reader's language, as Rich markup (the message itself escaped)."""
    label = escape(_("error:"))
    return f"[bold red]{label}[/] {escape(message)}"


def fail(message: str, status: int = 2) -> NoReturn:
    """One line on stderr and a non-zero exit: what a person sees for bad input, never a traceback."""
    errors.print(error_line(message), soft_wrap=True)
    raise typer.Exit(status)


class BadValue(typer.BadParameter):
    """`typer.BadParameter` whose frame ("Invalid value for --lang: …") is in the reader's language as well as its
    message (Click words the frame in English)."""

    def format_message(self) -> str:
        if isinstance(self.param_hint, str):
            return _("Invalid value for {option}: {message}", option=self.param_hint, message=self.message)
        return _("Invalid value: {message}", message=self.message)


def game_words(game: Game, text: str) -> str:
    """A text a game wrote (an option's label or help, its content note) in the reader's language, from the game's
    own catalogue; the text as it is where the game has not marked it."""
    if not text or game.domain not in DOMAINS:
        return text
    return domain(game.domain).translations().gettext(text)


def seat_name(game: Game, seat: int) -> str:
    """A seat's name in the reader's language where the game's catalogue has it ("Blau"), else as the game names it
    (records keep the game's own names)."""
    name = game.seat_names[seat]
    if game.domain not in DOMAINS:
        return name
    return domain(game.domain).pgettext("seat colour", name)


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
            raise BadOptions(name, _("{file} is not a regular file", file=shown))
        with path.open("rb") as file:
            data = file.read(limit + 1)
    except (OSError, ValueError, RuntimeError) as error:  # ValueError: a NUL; RuntimeError: no home directory
        reason = error.strerror if isinstance(error, OSError) and error.strerror else _("not a usable file name")
        raise BadOptions(name, _("cannot read the file {file}: {reason}", file=shown, reason=reason)) from None
    if len(data) > limit:
        raise BadOptions(name, _("the file {file} is larger than {limit} bytes", file=shown, limit=limit))
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise BadOptions(name, _("the file {file} is not UTF-8 text", file=shown)) from None


def split_specs(text: str) -> list[str]:
    """The specs of `--seats` / `--bots`, trimmed, empty ones dropped.

    They are separated by `;` where the text has one (`hard; hard:iterations=8000,ms=6000`), else by commas. A comma
    also separates a spec's parameters (`hard:iterations=8000,ms=6000`): a part that is only `key=value` is never a
    spec of its own (a spec is a kind, then its parameters after a colon), so it stays with the spec before it. So
    `hard,hard:iterations=8000,ms=6000` is two specs (issue 35).
    """
    if ";" in text:
        return [spec.strip() for spec in text.split(";") if spec.strip()]
    specs: list[str] = []
    for part in (part.strip() for part in text.split(",")):
        if not part:
            continue
        if specs and ":" in specs[-1] and "=" in part and ":" not in part:
            specs[-1] = f"{specs[-1]},{part}"
        else:
            specs.append(part)
    return specs


def join_specs(specs: Sequence[str]) -> str:
    """Specs as `split_specs` reads them back: by commas, or by `; ` where a spec has parameters."""
    return "; ".join(specs) if any("," in spec for spec in specs) else ",".join(specs)


def seat_specs(game: Game, seats: str | None, players: int | None) -> list[str]:
    """Seat specs (`human` or a bot spec) from `--seats`, checked against the game's player counts."""
    if seats is None:
        count = players or game.min_players
        specs = ["human", *["greedy"] * (count - 1)]
    else:
        specs = split_specs(seats)
    if players is not None and players != len(specs):
        fail(
            ngettext(
                "--players {players} but --seats names {n} seat",
                "--players {players} but --seats names {n} seats",
                len(specs),
                players=players,
            )
        )
    if len(specs) not in game.player_counts:
        fail(player_count_error(game, "--seats", len(specs)))
    for spec in specs:
        if spec.lower() != "human" and not is_bot_spec(spec):
            try:
                make_bot(spec)
            except BadOptions as error:
                fail(_("{reason} (or 'human')", reason=error.message))
    return specs


def player_count_error(game: Game, flag: str, count: int) -> str:
    """`City Blocks is for 2–2 players; --seats names 3`, in the reader's language."""
    return _(
        "{game} is for {low}–{high} players; {flag} names {n}",
        game=game.title,
        low=game.min_players,
        high=game.max_players,
        flag=flag,
        n=count,
    )

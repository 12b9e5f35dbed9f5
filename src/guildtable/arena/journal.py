"""A tournament's directory while it runs, so that an interruption loses only the games in flight.

`tournament.json` is written before the first game: what is played (game, players, bots, games, seed, options).
`games.jsonl` gets one line per finished game (a `MatchResult` with its task index), appended and flushed the moment
the game ends. `guildtable arena --resume DIR` reads both back, checks every line against the tournament's schedule
and plays only the games that are missing. A line that is cut off at the end of the file (the process died while
writing it) is dropped and its game played again; a damaged line anywhere else is refused, naming the line, because
silently dropping it would change the results.

Never rewrites a finished game's line: the only change to an existing journal is cutting off a torn last line.
"""

from __future__ import annotations

import json
from pathlib import Path
from types import TracebackType
from typing import Any

from guildtable.arena.tournament import MatchResult, MatchTask, Tournament
from guildtable.kernel import BadRecord
from guildtable.kernel.i18n import gettext as _
from guildtable.kernel.i18n import ngettext

TOURNAMENT_FILE = "tournament.json"
JOURNAL_FILE = "games.jsonl"
FORMAT = "guildtable-arena-tournament"
VERSION = 1


def has_tournament(directory: Path) -> bool:
    return (directory / TOURNAMENT_FILE).is_file()


def start_tournament(directory: Path, tournament: Tournament) -> None:
    """Create `directory` with the tournament's parameters and an empty journal. Refuses a directory that already
    holds a tournament: its journal belongs to that one."""
    if has_tournament(directory):
        raise BadRecord(str(directory), _("already holds a tournament"))
    directory.mkdir(parents=True, exist_ok=True)
    data = {"format": FORMAT, "version": VERSION, "tournament": tournament.to_json()}
    partial = directory / (TOURNAMENT_FILE + ".partial")
    partial.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    (directory / JOURNAL_FILE).write_bytes(b"")
    # The parameters appear whole or not at all: a half-written tournament.json would make the directory unusable.
    partial.replace(directory / TOURNAMENT_FILE)


def load_tournament(directory: Path) -> Tournament:
    """The tournament saved in `directory`, or BadRecord saying why there is none."""
    path = directory / TOURNAMENT_FILE
    if not directory.is_dir():
        raise BadRecord(str(directory), _("no such directory"))
    if not path.is_file():
        raise BadRecord(str(directory), _("no tournament here (no {file})", file=TOURNAMENT_FILE))
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as error:
        raise BadRecord(str(path), _("cannot be read: {reason}", reason=error)) from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise BadRecord(
            str(path), _("not a guildtable arena tournament (format should be {format})", format=repr(FORMAT))
        )
    if data.get("version") != VERSION:
        raise BadRecord(
            str(path),
            _(
                "version {version} is not supported (this is version {supported})",
                version=repr(data.get("version")),
                supported=VERSION,
            ),
        )
    try:
        return Tournament.from_json(data.get("tournament"))
    except BadRecord as error:
        raise BadRecord(f"{path}: tournament.{error.field}", error.message) from None


def recover_journal(directory: Path, tasks: list[MatchTask]) -> list[MatchResult]:
    """The finished games in `directory`'s journal, each checked against `tasks` (the tournament's schedule). A torn
    last line is cut off the file so that new games start on a fresh line."""
    path = directory / JOURNAL_FILE
    if not path.is_file():
        return []
    content = path.read_bytes()
    lines = content.split(b"\n")
    # Text after the last newline is an unfinished write (or nothing at all).
    tail = lines.pop()
    players = len(tasks[0].lineup) if tasks else 0
    results: list[MatchResult] = []
    line_of: dict[int, int] = {}
    for number, line in enumerate(lines, start=1):
        if line.strip():
            _add(results, line_of, _parse(path, number, line, tasks, players), number, path)
    if tail.strip():
        try:
            data = json.loads(tail)
        except (UnicodeDecodeError, json.JSONDecodeError):
            with path.open("r+b") as handle:
                handle.truncate(len(content) - len(tail))
        else:
            # The whole line made it but its newline did not: keep the game, finish the line.
            _add(results, line_of, _check(path, len(lines) + 1, data, tasks, players), len(lines) + 1, path)
            with path.open("ab") as handle:
                handle.write(b"\n")
    return results


def _parse(path: Path, number: int, line: bytes, tasks: list[MatchTask], players: int) -> MatchResult:
    where = _line(path, number)
    try:
        data: Any = json.loads(line)
    except (UnicodeDecodeError, json.JSONDecodeError) as error:
        raise BadRecord(where, _("not a finished game ({reason})", reason=error)) from None
    return _check(path, number, data, tasks, players)


def _check(path: Path, number: int, data: Any, tasks: list[MatchTask], players: int) -> MatchResult:
    where = _line(path, number)
    try:
        result = MatchResult.from_json(data, players)
    except BadRecord as error:
        raise BadRecord(f"{where}: {error.field}", error.message) from None
    if not 0 <= result.index < len(tasks):
        raise BadRecord(
            where,
            ngettext(
                "game {index} is not one of this tournament's {n} game",
                "game {index} is not one of this tournament's {n} games",
                len(tasks),
                index=result.index,
            ),
        )
    task = tasks[result.index]
    if result.seed != task.seed or result.lineup != task.lineup:
        raise BadRecord(
            where,
            _("game {index} has a seed or lineup this tournament's schedule does not give it", index=result.index),
        )
    return result


def _add(results: list[MatchResult], line_of: dict[int, int], result: MatchResult, number: int, path: Path) -> None:
    if result.index in line_of:
        raise BadRecord(
            _line(path, number),
            _("game {index} is already on line {line}", index=result.index, line=line_of[result.index]),
        )
    line_of[result.index] = number
    results.append(result)


def _line(path: Path, number: int) -> str:
    """Where in a journal a line is, as an error names it ("…/games.jsonl line 3")."""
    return _("{path} line {number}", path=path, number=number)


class Journal:
    """The journal opened for appending (`with Journal(directory) as journal: journal.record(result)`)."""

    def __init__(self, directory: Path) -> None:
        self._handle = (directory / JOURNAL_FILE).open("a", encoding="utf-8")

    def record(self, result: MatchResult) -> None:
        """Append one finished game and flush it to the operating system at once: a crash or Ctrl-C after this
        returns keeps the game (a power cut may still lose what the OS had not yet written to disk)."""
        self._handle.write(json.dumps(result.to_json(), separators=(",", ":")) + "\n")
        self._handle.flush()

    def close(self) -> None:
        self._handle.close()

    def __enter__(self) -> Journal:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, traceback: TracebackType | None
    ) -> None:
        self.close()

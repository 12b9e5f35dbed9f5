"""A live table's log as it keeps it: the events of each row (a move, or a platform row such as an undo), the moves
of the turn in progress that undo may take back, a row ready to be stored, and the words a reader sees for each.

Nothing here knows a table: `tables.py` keeps these records, and builds its messages with the words made here.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from guildtable.kernel import Event, Game, State
from guildtable.kernel.i18n import DOMAINS, domain
from guildtable.kernel.i18n import gettext as _
from guildtable.kernel.seats import bot_label
from guildtable.server.rows import PlatformRow

# The bot that plays on for a seat that resigned at a table of three or more (so the others can finish).
PLAY_ON_BOT = "greedy"
# Platform rows in the log: their events' kinds (no game's events start so).
TABLE_EVENT = "table_"


@dataclass(slots=True)
class LoggedEvent:
    """An event and the version (number of moves made) after which it happened."""

    version: int
    event: Event
    # Its JSON form with the readable text, per language: built the first time a seat reading that language is sent
    # it (it is the same for every seat).
    json: dict[str, dict[str, Any]] = field(default_factory=dict)


@dataclass(slots=True)
class TurnStep:
    """A move of the turn in progress, kept so it can be taken back: the row it was (`version`), who made it, the
    position before it, and whether it showed nothing hidden and left nothing to chance (`Game.takes_back`)."""

    version: int
    mover: int
    before: State
    undoable: bool


@dataclass(slots=True)
class Pending:
    """A row ready to be stored, and what the table becomes once it is (`Table.adopt`)."""

    action: int
    notation: str
    at: float
    after: State
    events: list[LoggedEvent]
    row: PlatformRow | None = None


def first_after(log: Sequence[LoggedEvent], since: int) -> int:
    """The index of the first event of the log (in version order) that happened after version `since`."""
    return bisect_right(log, since, key=_version_of) if since else 0


def _version_of(logged: LoggedEvent) -> int:
    return logged.version


def describe_row(event: Event, names: list[str]) -> str:
    """A platform row's line in the log, in the reader's language (`names`: the seats' names in it)."""
    name = names[int(event.data["seat"])]
    kind = event.kind.removeprefix(TABLE_EVENT)
    if kind == "undo":
        return _("{name} took back a move.", name=name)
    if kind == "takeover":
        return _(
            "{name} ran out of time: the computer plays on for them ({level}).",
            name=name,
            level=bot_label(str(event.data.get("bot", PLAY_ON_BOT))),
        )
    if kind == "resign":
        return _("{name} resigned and is placed last.", name=name)
    return _("{name} ran out of time and is placed last.", name=name)


def game_words(game: Game, text: str) -> str:
    """A text a game wrote (an option's label, its content note) in the reader's language, from the game's catalogue
    (the English text where the game has not marked it)."""
    if not text or game.domain not in DOMAINS:
        return text
    return domain(game.domain).translations().gettext(text)

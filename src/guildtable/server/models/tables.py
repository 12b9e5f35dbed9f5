"""A table as the API tells it (issue 32): its summary, the links a new table hands out, and the state one seat may
know (`Table.payload`), which `GET /state`, every move's answer and the WebSocket's `state` and `update` messages
carry."""

from __future__ import annotations

from typing import Any, Literal, NotRequired

from pydantic import ConfigDict, with_config
from typing_extensions import TypedDict

from guildtable.kernel.scoresheet import ScoreSheetJSON
from guildtable.kernel.views import LegalMove
from guildtable.server.models.views import GameView
from guildtable.server.pace import Pace

Out = Literal["resigned", "timeout"]


class TableSeat(TypedDict):
    """A seat as everyone sees it: its number, its name in the reader's language and who plays it."""

    seat: int
    name: str
    kind: str
    """`human`, or the bot that plays it (`greedy`, `mcts:level=hard`)."""
    joined: bool
    """A human seat's player has taken it (a bot's seat always has)."""
    names_level: bool
    """A bot seat whose name says its level already ("Red (Computer, casual)")."""
    bot: bool
    """A bot account plays this human seat through the Bot API (issue 37): a program, not a person."""


class TableSummary(TypedDict):
    """What anyone with the table's id may know: the game, the seats, whose turn, whether it is over."""

    id: str
    game: str
    title: str
    created: str
    seats: list[TableSeat]
    version: int
    """The rows of its move log so far: what a move is made against."""
    terminal: bool
    current_player: int | None
    rematch: str | None
    """The id of its rematch's table, once one was asked for."""
    rated: bool
    pace: Pace | None
    deadline: float | None
    """When the move on turn times out (seconds since the epoch), at a paced table."""
    out: dict[str, Out]
    """By seat number: the seats out of the game (resigned, or out of time)."""


class InviteLink(TypedDict):
    """A human seat's invite link: for its player only."""

    seat: int
    token: str
    url: str


class SeatSecret(TypedDict):
    """A seat the creator took at once: its secret, which plays it."""

    seat: int
    secret: str


class CreatedTable(TableSummary):
    """A new table: its summary, an invite link per human seat left open, a secret per seat taken, and the link that
    watches it."""

    invites: list[InviteLink]
    secrets: list[SeatSecret]
    spectator: str


class Rematch(TableSummary):
    """The rematch's table and the asking seat's new secret there."""

    seat: int
    secret: str
    url: str


class InviteInfo(TypedDict):
    """What an invite link shows: its seat, the seat's name, whether it is taken, and whether the creator named it."""

    seat: int
    name: str
    taken: bool
    named: bool


@with_config(ConfigDict(extra="allow"))
class GameEvent(TypedDict):
    """Something that happened, in the table's log: the version after which it happened, its kind, the line the log
    shows in the reader's language, and the event's own data (the game's, by kind: a seat, a tile, points...)."""

    version: int
    kind: str
    text: str


class TableResult(TypedDict):
    """How a finished game ended: the scores, the winners, who left early, and the score sheet."""

    scores: list[float]
    winners: list[int]
    out: dict[str, Out]
    early: bool
    """It ended before its rules ended it (a resignation or a time-out): the sheet is the points so far."""
    breakdown: dict[str, Any]
    """The game's own account of the final scores."""
    sheet: ScoreSheetJSON
    rating: str | None
    """At a rated table, once settled: `rated`, or why not (`aborted`, `repeated-pairing`, `unrated-seat`)."""


class TablePosition(TypedDict):
    """What one seat (`seat`; None: a spectator) may know of the table now: the game's view, the moves it may make
    (only the seat on turn has any), the scores, and the pace with its clocks at a paced table."""

    table: str
    game: str
    title: str
    official_content: bool
    content_note: str
    options: dict[str, Any]
    """The table's options, every one with its value (the lobby shows them too): what a remote bot's rebuilt
    position plays by."""
    version: int
    seat: int | None
    seats: list[TableSeat]
    current_player: int | None
    terminal: bool
    prompt: str
    """The question on turn in plain words, for the seat on turn ("" for the others)."""
    legal: list[LegalMove]
    view: GameView
    scores: list[float]
    rematch: str | None
    rated: bool
    pace: Pace | None
    out: dict[str, Out]
    played_on: dict[str, str]
    """By seat number: the bot that plays on for a seat that resigned or ran out of time."""
    can_undo: bool
    can_resign: bool
    server_time: NotRequired[float]
    """At a paced table: the server's clock when this was built (the live clocks are as of it)."""
    deadline: NotRequired[float | None]
    clock_running: NotRequired[int | None]
    clocks: NotRequired[list[float] | None]
    """At a live table: each seat's time left, in seconds."""
    result: NotRequired[TableResult]
    """Once the game is over."""


class TableState(TablePosition):
    """Everything one seat may know, with the whole log: `GET /state`, a move's answer, the WebSocket's `state`."""

    type: Literal["state"]
    log: list[GameEvent]
    how_to_play: list[str]
    """A few plain sentences a newcomer reads at their first table of the game."""


class TableUpdate(TablePosition):
    """What changed since the seat's last message: the WebSocket's `update`, with the events since then."""

    type: Literal["update"]
    events: list[GameEvent]


class JoinedTable(TableState):
    """A seat taken (or renamed): its state, and its secret, which plays it from now on."""

    secret: str

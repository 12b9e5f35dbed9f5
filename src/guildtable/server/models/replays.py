"""Replays and analyses as the API tells them (issue 32): an uploaded record's link, a replay's summary, a step's
position as a spectator sees it, and an analysis' progress and result."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field, RootModel
from typing_extensions import TypedDict

from guildtable.kernel.scoresheet import ScoreSheetJSON
from guildtable.server.models.tables import GameEvent
from guildtable.server.models.views import GameView


class UploadedReplay(TypedDict):
    """An uploaded record's replay: its id and the page that shows it."""

    id: str
    url: str


class ReplayPlayer(TypedDict):
    """A player of a replay: their name as the table named them, in the reader's language, and what played the seat
    (`human`, or a bot)."""

    name: str
    kind: str


class ReplaySummary(TypedDict):
    """A finished game or an uploaded record: how many steps it has, who played and each move in words."""

    id: str
    game: str
    title: str
    players: list[ReplayPlayer]
    steps: int
    moves: list[str]
    """Each move as a spectator reads it, in order."""
    record: str
    """Where its record file is."""


class ReplayResult(TypedDict):
    scores: list[float]
    winners: list[int]
    breakdown: dict[str, Any]
    sheet: ScoreSheetJSON


class ReplayFrame(TypedDict):
    """A position of a replay as a spectator sees it: the move that led there and its public log, and the result once
    the game is over."""

    step: int
    move: str | None
    """The move that led here, in words (None at step 0)."""
    events: list[GameEvent]
    view: GameView
    current_player: int | None
    terminal: bool
    scores: list[float]
    result: ReplayResult | None
    names: list[str]


class Threshold(TypedDict):
    """From what loss of winning chance a move is marked an inaccuracy, a mistake or a blunder."""

    mark: str
    loss: float


class AnalysisStep(TypedDict):
    """One move judged: the move played and the best found (as actions, notations and words), their values, the loss
    and its mark, and every seat's estimated winning chance after it."""

    ply: int
    seat: int
    played: int
    played_move: str
    played_label: str
    best: int
    best_move: str
    best_label: str
    value_played: float | None
    value_best: float | None
    loss: float
    mark: str | None
    forced: bool
    chances: list[float]
    why: str | None
    """Why the best move was better, in the reader's language ("" where none was found; None in an analysis stored
    before there were any)."""


class AnalysisSeat(TypedDict):
    seat: int
    total_loss: float
    decisions: int
    marks: dict[str, int]


class Analysis(TypedDict):
    """A finished game's analysis: every move judged, and per seat the total loss and the marks earned."""

    game: str
    players: int
    spec: str
    steps: list[AnalysisStep]
    seats: list[AnalysisSeat]


class AnalysisNone(TypedDict):
    """No analysis yet: what its marks will mean."""

    status: Literal["none"]
    thresholds: list[Threshold]


class AnalysisRunning(TypedDict):
    """An analysis under way: how many of its moves are judged."""

    status: Literal["running"]
    done: int
    total: int


class AnalysisDone(TypedDict):
    status: Literal["done"]
    done: int
    total: int
    analysis: Analysis


class AnalysisStatus(
    RootModel[Annotated[AnalysisNone | AnalysisRunning | AnalysisDone, Field(discriminator="status")]]
):
    """An analysis' progress: `none` yet, `running`, or `done` with its result."""

"""Paces (issue 16): how fast a table is played, and the clocks that keep it to that.

A table is untimed (every table before paces, and still the default), *live* (a Fischer clock per seat: a base time,
plus an increment each time the seat's turn passes on) or *turn-based* (a deadline per move in days). When a seat's
time runs out, the table's policy applies: the seat forfeits (it is out and placed last), or a bot of the chosen
level takes it over.

The clocks are kept by the server and worked out from the move log's times (`gt_moves.at`), so a restart finds them
where they were: `Clocks` is fed each row as the table replays or makes it. Only human seats have clocks; a bot seat,
a seat taken over and a seat that is out never run out of time.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, StrictInt

from guildtable.bots.levels import OPPONENTS

DAY = 86_400.0
# The bot levels a seat that timed out can be taken over by (the named levels: they are rated).
TAKEOVER_LEVELS: tuple[str, ...] = tuple(kind for kind, _label in OPPONENTS)
# A reminder is due when this share of a turn-based move's time is left (at most a day before the deadline).
REMINDER_SHARE = 0.25


class Pace(BaseModel):
    """A table's pace as the lobby asks for it and the store keeps it (JSON)."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    kind: Literal["live", "turn"] = Field(description="live: a Fischer clock per seat; turn: days per move")
    base_seconds: StrictInt = Field(default=300, ge=1, le=3 * 3600, description="live: each seat's starting time")
    increment_seconds: StrictInt = Field(default=5, ge=0, le=600, description="live: added when a turn passes on")
    days: StrictInt = Field(default=3, ge=1, le=30, description="turn: days for each move")
    timeout: Literal["forfeit", "bot"] = Field(
        default="forfeit", description="forfeit: the seat is out and placed last; bot: a bot plays on for it"
    )
    bot: str = Field(default="greedy", description="the level that plays a seat on: " + ", ".join(TAKEOVER_LEVELS))

    def move_seconds(self) -> float:
        """Turn-based: the time each move has."""
        return self.days * DAY

    def reminder_before(self) -> float:
        """Turn-based: how long before the deadline a reminder is due."""
        return min(DAY, self.move_seconds() * REMINDER_SHARE)


@dataclass(slots=True)
class Clocks:
    """The clocks of a paced table, fed every row in order (`charge` then `passed`)."""

    pace: Pace
    # Live: each seat's time left as of `since` (the seat on turn's) or as of its last turn (the others').
    left: list[float]
    # When the seat on turn's time began to run (None: the table has not started, every human seat not yet taken).
    since: float | None = None
    # When the seat on turn's turn began, and the ply it began at (one reminder and one e-mail per turn).
    turn_began: float | None = None
    turn_ply: int = 0
    # Seats whose clock never runs: bots, seats taken over, seats that are out.
    idle: set[int] = field(default_factory=set)

    @classmethod
    def new(cls, pace: Pace, players: int, started: float | None) -> Clocks:
        return cls(pace, [float(pace.base_seconds)] * players, started, started, 0)

    def start(self, at: float) -> None:
        """The last human seat was taken: the seat on turn's time runs from `at`."""
        if self.since is None:
            self.since = self.turn_began = at

    def charge(self, on_turn: int | None, at: float | None) -> None:
        """A row was stored at `at` while `on_turn` was on turn: the time since `since` is theirs."""
        if at is None or self.since is None or at <= self.since:
            return  # nothing to charge (a row stored before the clocks started)
        if on_turn is not None and on_turn not in self.idle and self.pace.kind == "live":
            self.left[on_turn] -= max(0.0, at - self.since)
        self.since = at

    def passed(self, mover: int, at: float | None, ply: int) -> None:
        """`mover`'s turn passed on with the row at `ply` (stored at `at`): a Fischer increment, and a new turn."""
        if self.pace.kind == "live" and mover not in self.idle:
            self.left[mover] += self.pace.increment_seconds
        if self.since is not None and at is not None:
            self.turn_began = max(at, self.since)
        self.turn_ply = ply

    def deadline(self, on_turn: int | None) -> float | None:
        """When `on_turn` runs out of time (None: no clock runs)."""
        if on_turn is None or on_turn in self.idle or self.since is None:
            return None
        if self.pace.kind == "live":
            return self.since + self.left[on_turn]
        assert self.turn_began is not None
        return self.turn_began + self.pace.move_seconds()

    def time_left(self, seat: int, on_turn: int | None, now: float) -> float:
        """Live: `seat`'s time left at `now` (never below zero)."""
        left = self.left[seat]
        if seat == on_turn and seat not in self.idle and self.since is not None:
            left -= now - self.since
        return max(0.0, left)

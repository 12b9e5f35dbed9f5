"""A table's own rows: its record (seed, setup, options, pace and timing) and its seats, written when it is made and
read back whole (with its move log) when a process loads it. The move log itself is written by `moves.py`."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import Engine, Select, insert, select, update

from guildtable.server.storage.schema import accounts, moves, seats, tables

_BIGINT_LIMIT = 1 << 63


@dataclass(slots=True)
class StoredSeat:
    """A seat as stored. `token` is its invite token (it takes the seat once); `secret` the seat secret its player
    received on joining (it alone plays the seat)."""

    seat: int
    kind: str
    name: str
    token: str | None
    joined: bool
    account_id: str | None = None
    secret: str | None = None
    # Issue 37: the seat's account is a bot account (a program plays it through the Bot API).
    bot: bool = False


@dataclass(slots=True)
class StoredTable:
    id: str
    game: str
    seed: int
    options: dict[str, Any]
    setup: dict[str, Any] | None
    created: str
    rematch: str | None
    seats: list[StoredSeat]
    # Every row of the move log in ply order: a move's action, or -1 for a platform row (see `server/rows.py`),
    # with its notation and the time it was stored (None before clocks existed).
    actions: list[int]
    rated: bool = False
    notations: list[str] = field(default_factory=list)
    times: list[float | None] = field(default_factory=list)
    # The pace as JSON (None: untimed), and when the last human seat was taken.
    pace: dict[str, Any] | None = None
    started: float | None = None


@dataclass(frozen=True, slots=True)
class Timing:
    """What a paced table's row keeps up to date in `gt_tables`: when the seat on turn runs out of time (None once
    the game is over), that seat, and the ply its turn began at."""

    deadline: float | None
    to_move: int | None
    turn_ply: int | None


@dataclass(frozen=True, slots=True)
class DueTable:
    """A paced table whose seat on turn may have run out of time, or whose turn began at `turn_ply`."""

    table_id: str
    deadline: float
    to_move: int | None
    turn_ply: int | None


def _seed_of(row: Any) -> int:
    return int(row.seed_text) if row.seed_text else int(row.seed)


def _seat_of(row: Any) -> StoredSeat:
    return StoredSeat(
        row.seat, row.kind, row.name, row.token, row.joined, row.account_id, row.secret, row.owner_id is not None
    )


def _seats_query() -> Select[Any]:
    """The seats with whether their account is a bot's (issue 37)."""
    return select(seats, accounts.c.owner_id).outerjoin(accounts, accounts.c.id == seats.c.account_id)


def _table_of(row: Any) -> StoredTable:
    """A table's row as a record, its seats and move log still empty."""
    return StoredTable(
        row.id,
        row.game,
        _seed_of(row),
        json.loads(row.options),
        None if row.setup is None else json.loads(row.setup),
        row.created,
        row.rematch,
        [],
        [],
        bool(row.rated),
        pace=None if row.pace is None else json.loads(row.pace),
        started=row.started,
    )


def _append_move(table: StoredTable, row: Any) -> None:
    table.actions.append(row.action)
    table.notations.append(row.notation)
    table.times.append(row.at)


@dataclass(frozen=True, slots=True)
class Tables:
    """The tables of one database: each call one transaction (or one read)."""

    engine: Engine

    def create_table(self, table: StoredTable) -> None:
        with self.engine.begin() as db:
            db.execute(
                insert(tables).values(
                    id=table.id,
                    game=table.game,
                    seed=table.seed if table.seed < _BIGINT_LIMIT else -1,
                    seed_text=str(table.seed),
                    options=json.dumps(table.options),
                    setup=None if table.setup is None else json.dumps(table.setup),
                    created=table.created,
                    rematch=None,
                    rated=table.rated,
                    pace=None if table.pace is None else json.dumps(table.pace),
                    pace_kind=None if table.pace is None else str(table.pace["kind"]),
                    started=table.started,
                )
            )
            db.execute(
                insert(seats),
                [
                    {
                        "table_id": table.id,
                        "seat": seat.seat,
                        "kind": seat.kind,
                        "name": seat.name,
                        "token": seat.token,
                        "secret": seat.secret,
                        "joined": seat.joined,
                        "account_id": seat.account_id,
                    }
                    for seat in table.seats
                ],
            )

    def set_timing(self, table_id: str, timing: Timing) -> None:
        """Write a paced table's timing: after each of its rows, and whenever a process loads it (which mends a
        timing lost between a row and its write)."""
        with self.engine.begin() as db:
            db.execute(
                update(tables)
                .where(tables.c.id == table_id)
                .values(deadline=timing.deadline, to_move=timing.to_move, turn_ply=timing.turn_ply)
            )

    def start_clocks(self, table_id: str, at: float) -> float:
        """Note when a table's last human seat was taken (once: the first time wins); returns the time kept."""
        with self.engine.begin() as db:
            db.execute(update(tables).where(tables.c.id == table_id, tables.c.started.is_(None)).values(started=at))
            kept = db.execute(select(tables.c.started).where(tables.c.id == table_id)).scalar_one()
        return float(kept)

    def due_tables(self, before: float, limit: int = 100) -> list[DueTable]:
        """Paced tables whose seat on turn runs out of time before `before`, soonest first."""
        with self.engine.connect() as db:
            rows = db.execute(
                select(tables.c.id, tables.c.deadline, tables.c.to_move, tables.c.turn_ply)
                .where(tables.c.deadline.is_not(None), tables.c.deadline <= before)
                .order_by(tables.c.deadline)
                .limit(limit)
            ).all()
        return [DueTable(row.id, float(row.deadline), row.to_move, row.turn_ply) for row in rows]

    def set_rematch(self, table_id: str, rematch: str) -> None:
        with self.engine.begin() as db:
            db.execute(update(tables).where(tables.c.id == table_id).values(rematch=rematch))

    def load_table(self, table_id: str) -> StoredTable | None:
        """One table with its seats and moves in order, or None."""
        with self.engine.connect() as db:
            row = db.execute(select(tables).where(tables.c.id == table_id)).first()
            if row is None:
                return None
            seat_rows = db.execute(_seats_query().where(seats.c.table_id == table_id).order_by(seats.c.seat)).all()
            move_rows = db.execute(
                select(moves.c.action, moves.c.notation, moves.c.at)
                .where(moves.c.table_id == table_id)
                .order_by(moves.c.ply)
            ).all()
        stored = _table_of(row)
        stored.seats.extend(_seat_of(seat) for seat in seat_rows)
        for move in move_rows:
            _append_move(stored, move)
        return stored

    def load_tables(self) -> list[StoredTable]:
        """Every table with its seats and moves in order (tools and tests: the server loads tables one by one)."""
        with self.engine.connect() as db:
            table_rows = db.execute(select(tables).order_by(tables.c.created)).all()
            seat_rows = db.execute(_seats_query().order_by(seats.c.table_id, seats.c.seat)).all()
            move_rows = db.execute(
                select(moves.c.table_id, moves.c.ply, moves.c.action, moves.c.notation, moves.c.at).order_by(
                    moves.c.table_id, moves.c.ply
                )
            ).all()
        by_id = {row.id: _table_of(row) for row in table_rows}
        for row in seat_rows:
            if row.table_id in by_id:
                by_id[row.table_id].seats.append(_seat_of(row))
        for row in move_rows:
            if row.table_id in by_id:
                _append_move(by_id[row.table_id], row)
        return list(by_id.values())

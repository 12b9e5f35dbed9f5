"""The move log: one row per (table, ply), committed before anyone hears of the move, so two writers racing for one
ply cannot both succeed and a restart rebuilds every game by replaying its rows.

A move is the hot path. On SQLite and PostgreSQL many tables' moves are committed together (`add_moves`, fed by
`group_commit.MoveGroups`), over DBAPI connections this log holds for its life rather than the pool's.
"""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Engine, insert
from sqlalchemy.exc import IntegrityError

from guildtable.server.storage.schema import moves


@dataclass(frozen=True, slots=True)
class MoveRow:
    """One row of a table's move log, to be stored."""

    table_id: str
    ply: int
    action: int
    notation: str
    at: float | None = None


class PlyTaken(Exception):
    """Another writer stored a move for this ply first."""


# Built once: a move is the hot path, and building the statement costs more than running it.
_INSERT_MOVE = insert(moves)
# SQLite's own form of it, run on one connection kept open for moves (see `MoveLog.add_moves`). A row whose ply is
# taken is left out (rowcount 0): the table's key is its only constraint a move can break.
_SQLITE_INSERT_MOVE_IF_FREE = (
    "INSERT OR IGNORE INTO gt_moves (table_id, ply, action, notation, at) VALUES (?, ?, ?, ?, ?)"
)
# Many tables' moves in one statement, each stored only if its ply is free; it answers the rows it stored.
_POSTGRES_INSERT_MOVES = (
    "INSERT INTO gt_moves (table_id, ply, action, notation, at) "
    "SELECT * FROM unnest(%s::varchar[], %s::integer[], %s::integer[], %s::varchar[], %s::double precision[]) "
    "ON CONFLICT (table_id, ply) DO NOTHING RETURNING table_id, ply"
)


class MoveLog:
    """The move log of one database."""

    def __init__(self, engine: Engine, url: str) -> None:
        self.engine = engine
        # SQLite: moves go through one DBAPI connection of the engine's (with its pragmas) held for the store's
        # life, which saves the pool checkout, reset and the SQLAlchemy statement machinery on every move.
        self._sqlite = url.startswith("sqlite")
        self._move_connection: Any = None
        self._move_lock = threading.Lock()
        # PostgreSQL: each thread that stores moves (the store's pool, `calls.py`) keeps one autocommit DBAPI
        # connection of the engine's, for the same reason; a move is one prepared INSERT and one round trip.
        self._postgres = url.startswith("postgresql+psycopg")
        self._thread_connections = threading.local()
        self._held: list[Any] = []

    def close(self) -> None:
        """Let go of the connections held for moves (before the engine is disposed of)."""
        with self._move_lock:
            if self._move_connection is not None:
                self._move_connection.close()
                self._move_connection = None
            for connection in self._held:
                connection.invalidate()  # autocommit was set on it: never hand it back to the pool
            self._held.clear()

    def add_move(self, table_id: str, ply: int, action: int, notation: str, at: float | None = None) -> None:
        """Commit one row of the move log (stored at `at`, seconds since the epoch). Raises PlyTaken if that ply is
        already stored (a lost race). A paced table's timing follows with `set_timing`."""
        if self.groups_moves:
            if (table_id, ply) not in self.add_moves([MoveRow(table_id, ply, action, notation, at)]):
                raise PlyTaken(f"{table_id} ply {ply}")
            return
        try:
            with self.engine.begin() as db:
                db.execute(
                    _INSERT_MOVE, {"table_id": table_id, "ply": ply, "action": action, "notation": notation, "at": at}
                )
        except IntegrityError:
            raise PlyTaken(f"{table_id} ply {ply}") from None

    @property
    def groups_moves(self) -> bool:
        """True if `add_moves` commits many tables' moves at once (PostgreSQL and SQLite)."""
        return self._postgres or self._sqlite

    def add_moves(self, rows: Sequence[MoveRow]) -> set[tuple[str, int]]:
        """Commit the moves of several tables together: a group commit, one transaction however many tables move at
        once (on PostgreSQL one statement and one round trip, on SQLite one write to the disk). A row whose ply is
        stored already is left out: the answer is the (table, ply) of the rows stored, and every other row lost its
        race (`PlyTaken`)."""
        if self._sqlite:
            return self._add_moves_sqlite(rows)
        if not self._postgres:
            stored = set()
            for row in rows:
                with contextlib.suppress(PlyTaken):
                    self.add_move(row.table_id, row.ply, row.action, row.notation, row.at)
                    stored.add((row.table_id, row.ply))
            return stored
        columns = (
            [row.table_id for row in rows],
            [row.ply for row in rows],
            [row.action for row in rows],
            [row.notation for row in rows],
            [row.at for row in rows],
        )
        with self._postgres_moves() as connection:
            cursor = connection.execute(_POSTGRES_INSERT_MOVES, columns, prepare=True)
            return {(str(table_id), int(ply)) for table_id, ply in cursor.fetchall()}

    @contextlib.contextmanager
    def _postgres_moves(self) -> Iterator[Any]:
        """This thread's own autocommit psycopg connection for the move log (one statement is one commit)."""
        import psycopg

        connection = getattr(self._thread_connections, "connection", None)
        if connection is None:
            connection = self.engine.raw_connection()
            connection.driver_connection.autocommit = True  # type: ignore[union-attr]
            self._thread_connections.connection = connection
            with self._move_lock:
                self._held.append(connection)
        try:
            yield connection.driver_connection
        except psycopg.OperationalError:
            # The connection broke (a database restart): the next move takes a new one.
            self._thread_connections.connection = None
            with self._move_lock, contextlib.suppress(ValueError):
                self._held.remove(connection)
            connection.invalidate()
            raise

    def _add_moves_sqlite(self, rows: Sequence[MoveRow]) -> set[tuple[str, int]]:
        """SQLite: every row in one transaction, one commit (one write to the disk) for all of them."""
        stored = set()
        with self._move_lock:
            connection = self._move_connection
            if connection is None:
                connection = self._move_connection = self.engine.raw_connection()
            cursor = connection.cursor()
            try:
                for row in rows:
                    cursor.execute(
                        _SQLITE_INSERT_MOVE_IF_FREE, (row.table_id, row.ply, row.action, row.notation, row.at)
                    )
                    if cursor.rowcount == 1:
                        stored.add((row.table_id, row.ply))
                connection.commit()
            except BaseException:
                connection.rollback()
                raise
            finally:
                cursor.close()
        return stored

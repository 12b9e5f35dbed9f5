"""Storage: games kept as records (seed, setup, options, seats, actions) in SQLite or PostgreSQL.

A move is one row keyed by (table, ply); it is committed before anyone hears of it, so a restart rebuilds every game
exactly by replaying its rows, and two writers racing for the same ply cannot both succeed. This module knows SQL and
nothing of the rules.
"""

from __future__ import annotations

import contextlib
import json
import secrets
import threading
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from platformdirs import user_data_dir
from sqlalchemy import (
    BigInteger,
    Boolean,
    Column,
    Engine,
    Float,
    Index,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    case,
    create_engine,
    delete,
    event,
    false,
    insert,
    or_,
    select,
    text,
    update,
)
from sqlalchemy.exc import IntegrityError

from guildtable.server import migrations

# What the migrations make (server/migrations/versions/): a change here is a new migration there.
metadata = MetaData()

tables = Table(
    "gt_tables",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("game", String(64), nullable=False),
    # Seeds that fit (below 2**63, the first tables'); -1 where only `seed_text` holds the seed.
    Column("seed", BigInteger, nullable=False),
    # The seed as decimal digits: table seeds are 129-bit numbers (kernel.rng.new_table_seed), beyond any SQL integer.
    Column("seed_text", String(80), nullable=True),
    Column("options", Text, nullable=False),
    Column("setup", Text, nullable=True),
    Column("created", String(32), nullable=False),
    Column("rematch", String(32), nullable=True),
    # Whether the table counts for the ratings (issue 16); casual tables, every table before ratings, do not.
    Column("rated", Boolean, nullable=False, server_default=false()),
    # The pace (issue 16) as JSON; None: untimed (every table before paces). `pace_kind` is "live" or "turn".
    Column("pace", Text, nullable=True),
    Column("pace_kind", String(8), nullable=True),
    # When the last human seat was taken (seconds since the epoch): a paced table's clocks run from then.
    Column("started", Float, nullable=True),
    # Paced tables only, written with every row: when the seat on turn runs out of time (None once the game is
    # over), that seat, and the ply its turn began at.
    Column("deadline", Float, nullable=True),
    Column("to_move", Integer, nullable=True),
    Column("turn_ply", Integer, nullable=True),
    Index("ix_gt_tables_deadline", "deadline"),
)

seats = Table(
    "gt_seats",
    metadata,
    Column("table_id", String(32), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("kind", String(200), nullable=False),
    Column("name", String(64), nullable=False),
    # The invite token: it takes the seat once (join), then only shows that the seat is taken.
    Column("token", String(64), nullable=True),
    # The seat secret handed to the joining player alone (issue 30): it moves, reads the hand, resigns.
    Column("secret", String(64), nullable=True),
    Column("joined", Boolean, nullable=False, default=False),
    # The account the seat's player plays as (None: a guest, who has the invite link only).
    Column("account_id", String(32), nullable=True),
    Index("ix_gt_seats_account_id", "account_id"),
)

moves = Table(
    "gt_moves",
    metadata,
    Column("table_id", String(32), primary_key=True),
    Column("ply", Integer, primary_key=True),
    Column("action", Integer, nullable=False),
    Column("notation", String(200), nullable=False),
    # When it was stored (seconds since the epoch; None for moves stored before clocks existed).
    Column("at", Float, nullable=True),
)

uploads = Table(
    "gt_uploads",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("record", Text, nullable=False),
    Column("created", String(32), nullable=False),
)

accounts = Table(
    "gt_accounts",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("name", String(64), nullable=False),
    # What the name looks like (issue 30: `names.lookalike_key`, TR39's skeleton of the casefolded name): "Ada",
    # "ADA" and "Ａda" are one account.
    Column("name_key", String(128), nullable=False),
    # An argon2id hash (with its salt and parameters): the password itself is never stored.
    Column("password_hash", String(256), nullable=False),
    Column("created", String(32), nullable=False),
    # Where "your turn" mails go (None: nowhere), and which: "off", "turn" (each turn) or "digest" (one a day).
    Column("email", String(254), nullable=True),
    Column("notify", String(8), nullable=False, server_default="off"),
    # Issue 30: whether the address's owner confirmed it (None: no address). "unconfirmed", "due" (a confirmation
    # mail is to be sent), "sent" (at `confirm_at`, with the SHA-256 of its link's token), "confirmed", "limit" (not
    # sent: the address or the account had its confirmation mails of the day) or "refused" (by the mail server).
    Column("email_status", String(12), nullable=True),
    Column("confirm_hash", String(64), nullable=True),
    Column("confirm_at", Float, nullable=True),
    # The confirmation mails this account caused on `confirm_day` (UTC "YYYY-MM-DD").
    Column("confirm_day", String(10), nullable=True),
    Column("confirm_count", Integer, nullable=False, server_default="0"),
    # Issue 33: the language its mails are written in ("en" or "de"), taken from the pages the account uses (the
    # page it signed up from, the language it switches to while signed in) and changed in its settings.
    Column("language", String(8), nullable=False, server_default="en"),
    Index("ix_gt_accounts_name_key", "name_key", unique=True),
    # Sign-in finds an account by its exact name first (two accounts older than the look-alike keys may look alike).
    Index("ix_gt_accounts_name", "name"),
    Index("ix_gt_accounts_confirm_hash", "confirm_hash"),
    Index("ix_gt_accounts_email_status", "email_status"),
)

mail_addresses = Table(
    "gt_mail_addresses",
    metadata,
    # Issue 30: every address mail went to, casefolded: its unsubscribe token (the link in each of its mails), whether
    # it was unsubscribed (when), and how many mails (and confirmation mails) it got on `day` (UTC "YYYY-MM-DD").
    Column("address", String(254), primary_key=True),
    Column("token", String(64), nullable=False),
    Column("stopped", Float, nullable=True),
    Column("day", String(10), nullable=False, server_default=""),
    Column("sent", Integer, nullable=False, server_default="0"),
    Column("confirmations", Integer, nullable=False, server_default="0"),
    Index("ix_gt_mail_addresses_token", "token", unique=True),
)

sessions = Table(
    "gt_sessions",
    metadata,
    # The SHA-256 of the cookie's token: whoever reads the database cannot sign in with what they read.
    Column("token_hash", String(64), primary_key=True),
    Column("account_id", String(32), nullable=False),
    Column("csrf", String(64), nullable=False),
    Column("created", String(32), nullable=False),
    Column("expires", String(32), nullable=False),
    Index("ix_gt_sessions_account_id", "account_id"),
    Index("ix_gt_sessions_expires", "expires"),
)

ratings = Table(
    "gt_ratings",
    metadata,
    # An account's id, or "bot:<level>" for a bot level (random, greedy, easy, medium, hard).
    Column("subject", String(40), primary_key=True),
    Column("game", String(64), primary_key=True),
    # openskill's Plackett-Luce estimate: the skill and its uncertainty.
    Column("mu", Float, nullable=False),
    Column("sigma", Float, nullable=False),
    Column("games", Integer, nullable=False),
    Column("updated", String(32), nullable=False),
)

rated_games = Table(
    "gt_rated_games",
    metadata,
    # One row per finished rated table, written in the transaction that rates it: a table is rated at most once,
    # however many processes see its end.
    Column("table_id", String(32), primary_key=True),
    Column("rated_at", String(32), nullable=False),
    # The table ended with a seat that could not be rated (a guest, one player in two seats): nobody's rating moved.
    Column("skipped", Boolean, nullable=False),
)

mail_sent = Table(
    "gt_mail_sent",
    metadata,
    # One row per "your turn" mail (kind "turn") or reminder ("reminder"), written before the mail is sent: of
    # several processes only the one whose insert succeeds sends it; a failed send deletes the row again.
    Column("account_id", String(32), primary_key=True),
    Column("table_id", String(32), primary_key=True),
    Column("turn_ply", Integer, primary_key=True),
    Column("kind", String(8), primary_key=True),
    Column("sent_at", Float, nullable=False),
)

digest_sent = Table(
    "gt_digest_sent",
    metadata,
    # One row per daily summary, the same way: at most one per account and UTC day ("YYYY-MM-DD").
    Column("account_id", String(32), primary_key=True),
    Column("day", String(10), primary_key=True),
    Column("sent_at", Float, nullable=False),
)

analyses = Table(
    "gt_analyses",
    metadata,
    # One analysis per replay (issue 19): a finished table's id or an uploaded record's.
    Column("replay_id", String(32), primary_key=True),
    Column("spec", String(200), nullable=False),
    # "running" (`done` of `total` moves judged so far) or "done" (`result` holds it as JSON).
    Column("status", String(8), nullable=False),
    Column("done", Integer, nullable=False),
    Column("total", Integer, nullable=False),
    Column("result", Text, nullable=True),
    # When its process last wrote it (seconds since the epoch): a running row nobody updates is taken over.
    Column("updated", Float, nullable=False),
)


@dataclass(frozen=True, slots=True)
class StoredAnalysis:
    replay_id: str
    spec: str
    status: str
    done: int
    total: int
    result: dict[str, Any] | None
    updated: float


@dataclass(frozen=True, slots=True)
class WaitingTurn:
    """A turn-based table waiting for the move of an account that asked for mail (`Store.waiting_turns`): who is on
    turn since `turn_ply` until `deadline`, the account's address and choice, every seat's name and account, and
    which of this turn's mails (and today's summary) went out already."""

    table_id: str
    game: str
    pace: dict[str, Any] | None
    deadline: float
    to_move: int
    turn_ply: int
    account_id: str
    name: str
    email: str
    notify: str
    seats: tuple[tuple[str, str | None], ...]
    turn_sent: bool
    reminder_sent: bool
    digest_sent: bool
    # Issue 33: the account's language, which its mails are written in.
    language: str = "en"


@dataclass(frozen=True, slots=True)
class MailChoice:
    """An account's "your turn" mail settings: the address (None: none) and "off", "turn" or "digest"."""

    email: str | None
    notify: str


@dataclass(frozen=True, slots=True)
class MailState:
    """An account's mail settings as its page shows them (issue 30): the choice, whether the address is confirmed
    (`status`, see `gt_accounts.email_status`), when its confirmation mail went out, and whether the address was
    unsubscribed from a mail's link."""

    email: str | None
    notify: str
    status: str | None
    confirm_at: float | None
    stopped: bool


@dataclass(frozen=True, slots=True)
class MailPermit:
    """Whether a mail to an address may go out (`verdict`: "ok", "stopped": unsubscribed, "limit": the day's mails
    are used up), and the address's unsubscribe token for its links."""

    verdict: str
    token: str


@dataclass(frozen=True, slots=True)
class DueConfirmation:
    """An account whose new address waits for its confirmation mail (written in the account's `language`)."""

    account_id: str
    email: str
    language: str = "en"


def address_key(email: str) -> str:
    """An address as its limits and its unsubscription know it: "Ada@Example.org" and "ada@example.org" are one."""
    return email.strip().casefold()


# Any fixed number: the PostgreSQL advisory lock held while ratings change (rare: once per finished rated table), so
# two tables that end at once and share a player cannot both read the player's old rating.
_RATINGS_LOCK = 0x6775_7261_7465


def _pair_over_cap(db: Any, table_id: str, game: str, cap: PairCap) -> bool:
    """Whether two of `cap.accounts` already had `cap.games` rated (not skipped) tables of `game` together within
    `cap.seconds`, not counting `table_id` itself. `rated_at` is an ISO time in UTC, so its text orders as time."""
    if cap.games <= 0:
        return False
    since = datetime.fromtimestamp(datetime.now(UTC).timestamp() - cap.seconds, UTC).isoformat(timespec="seconds")
    one, two = seats.alias("pair_one"), seats.alias("pair_two")
    for index, first in enumerate(cap.accounts):
        for second in cap.accounts[index + 1 :]:
            together = db.execute(
                select(rated_games.c.table_id)
                .distinct()
                .join(tables, tables.c.id == rated_games.c.table_id)
                .join(one, one.c.table_id == rated_games.c.table_id)
                .join(two, two.c.table_id == rated_games.c.table_id)
                .where(
                    rated_games.c.skipped == false(),
                    rated_games.c.rated_at >= since,
                    rated_games.c.table_id != table_id,
                    tables.c.game == game,
                    one.c.account_id == first,
                    two.c.account_id == second,
                )
                .limit(cap.games)
            ).all()
            if len(together) >= cap.games:
                return True
    return False


# Built once: a move is the hot path, and building the statement costs more than running it.
_INSERT_MOVE = insert(moves)
# SQLite's own form of it, run on one connection kept open for moves (see `Store.add_moves`). A row whose ply is
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


_BIGINT_LIMIT = 1 << 63


def _seed_of(row: Any) -> int:
    return int(row.seed_text) if row.seed_text else int(row.seed)


def _seat_of(row: Any) -> StoredSeat:
    return StoredSeat(row.seat, row.kind, row.name, row.token, row.joined, row.account_id, row.secret)


def _rating_of(row: Any) -> StoredRating:
    return StoredRating(row.subject, row.game, float(row.mu), float(row.sigma), int(row.games), row.updated)


def _account_of(row: Any) -> StoredAccount:
    return StoredAccount(row.id, row.name, row.password_hash, row.created, row.language)


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


class NameTaken(Exception):
    """An account with this name (casefolded) exists already."""


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


@dataclass(frozen=True, slots=True)
class StoredAccount:
    id: str
    name: str
    password_hash: str
    created: str
    # Issue 33: the language of the account's mails ("en" or "de").
    language: str = "en"


@dataclass(frozen=True, slots=True)
class StoredRating:
    """One subject's rating at one game (a subject is an account's id or "bot:<level>")."""

    subject: str
    game: str
    mu: float
    sigma: float
    games: int
    updated: str


@dataclass(frozen=True, slots=True)
class LeaderboardRow:
    """A rating with its account's name (None for a bot level, whose subject names it)."""

    rating: StoredRating
    name: str | None


# How a finished table's ratings change: the subjects' ratings before (None: never rated at this game) in, their new
# (mu, sigma) out, in the same order. The store calls it inside the transaction that records the table.
RatingUpdate = Callable[[list[StoredRating | None]], list[tuple[float, float]]]


@dataclass(frozen=True, slots=True)
class PairCap:
    """Issue 30 (rating farming): a rated table is recorded skipped when two of its `accounts` have already had
    `games` rated games of the same game together in the last `seconds` (0 games: no cap)."""

    accounts: tuple[str, ...]
    games: int
    seconds: float


class RatedAlready(Exception):
    """The table's ratings were recorded before (by this process or another)."""


@dataclass(frozen=True, slots=True)
class StoredSession:
    """A signed-in browser: its account, the CSRF token its pages send back, and when it ends."""

    account: StoredAccount
    csrf: str
    expires: str


@dataclass(frozen=True, slots=True)
class AccountSeat:
    """A seat an account plays, with its table's creation time (lists show the newest tables first)."""

    table_id: str
    seat: int
    # The seat's secret (what its player plays it with), handed back to the account on any device.
    token: str | None
    created: str


def default_db_url() -> str:
    """A SQLite file in the user's data directory."""
    folder = Path(user_data_dir("guildtable", appauthor=False))
    folder.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{folder / 'guildtable.sqlite3'}"


def now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def _sqlite_pragmas(connection: Any, _record: Any) -> None:
    # WAL with synchronous=NORMAL: a committed move is in the log file before the commit returns, so it survives a
    # killed process; only a power cut can lose the last moves. That keeps a commit well under a millisecond.
    cursor = connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA busy_timeout=5000")
    cursor.close()


def make_engine(url: str) -> Engine:
    if url.startswith("sqlite"):
        path = url.split("///", 1)[1] if "///" in url else ""
        if path and path != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        engine = create_engine(url, connect_args={"check_same_thread": False})
        event.listen(engine, "connect", _sqlite_pragmas)
        return engine
    return create_engine(url, pool_pre_ping=True)


class Store:
    """The tables, seats, moves and uploaded records of one database."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.engine = make_engine(url)
        # The schema is made and changed only by the migrations (server/migrations/), never by `create_all`.
        migrations.upgrade(self.engine, metadata)
        # SQLite: moves go through one DBAPI connection of the engine's (with its pragmas) held for the store's
        # life, which saves the pool checkout, reset and the SQLAlchemy statement machinery on every move.
        self._sqlite = url.startswith("sqlite")
        self._move_connection: Any = None
        self._move_lock = threading.Lock()
        # PostgreSQL: each thread that stores moves (store_calls' pool) keeps one autocommit DBAPI connection of the
        # engine's, for the same reason; a move is one prepared INSERT and one round trip.
        self._postgres = url.startswith("postgresql+psycopg")
        self._thread_connections = threading.local()
        self._held: list[Any] = []

    def close(self) -> None:
        with self._move_lock:
            if self._move_connection is not None:
                self._move_connection.close()
                self._move_connection = None
            for connection in self._held:
                connection.invalidate()  # autocommit was set on it: never hand it back to the pool
            self._held.clear()
        self.engine.dispose()

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

    def set_seat_name(self, table_id: str, seat: int, name: str) -> None:
        with self.engine.begin() as db:
            db.execute(
                update(seats).where(seats.c.table_id == table_id, seats.c.seat == seat).values(name=name, joined=True)
            )

    def take_seat(self, table_id: str, seat: int, name: str, secret: str, account_id: str | None) -> bool:
        """Join a seat nobody has joined yet: its name, its new secret and its account, in one statement, so that of
        two players (or processes) taking it at once only one gets it (False for the other)."""
        with self.engine.begin() as db:
            result = db.execute(
                update(seats)
                .where(seats.c.table_id == table_id, seats.c.seat == seat, seats.c.joined == false())
                .values(name=name, joined=True, secret=secret, account_id=account_id)
            )
        return bool(result.rowcount == 1)

    def set_rematch(self, table_id: str, rematch: str) -> None:
        with self.engine.begin() as db:
            db.execute(update(tables).where(tables.c.id == table_id).values(rematch=rematch))

    def load_table(self, table_id: str) -> StoredTable | None:
        """One table with its seats and moves in order, or None."""
        with self.engine.connect() as db:
            row = db.execute(select(tables).where(tables.c.id == table_id)).first()
            if row is None:
                return None
            seat_rows = db.execute(select(seats).where(seats.c.table_id == table_id).order_by(seats.c.seat)).all()
            move_rows = db.execute(
                select(moves.c.action, moves.c.notation, moves.c.at)
                .where(moves.c.table_id == table_id)
                .order_by(moves.c.ply)
            ).all()
            return StoredTable(
                row.id,
                row.game,
                _seed_of(row),
                json.loads(row.options),
                None if row.setup is None else json.loads(row.setup),
                row.created,
                row.rematch,
                [_seat_of(seat) for seat in seat_rows],
                [move.action for move in move_rows],
                bool(row.rated),
                [move.notation for move in move_rows],
                [move.at for move in move_rows],
                None if row.pace is None else json.loads(row.pace),
                row.started,
            )

    def load_tables(self) -> list[StoredTable]:
        """Every table with its seats and moves in order (tools and tests: the server loads tables one by one)."""
        with self.engine.connect() as db:
            table_rows = db.execute(select(tables).order_by(tables.c.created)).all()
            seat_rows = db.execute(select(seats).order_by(seats.c.table_id, seats.c.seat)).all()
            move_rows = db.execute(
                select(moves.c.table_id, moves.c.ply, moves.c.action, moves.c.notation, moves.c.at).order_by(
                    moves.c.table_id, moves.c.ply
                )
            ).all()
        by_id = {
            row.id: StoredTable(
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
            for row in table_rows
        }
        for row in seat_rows:
            if row.table_id in by_id:
                by_id[row.table_id].seats.append(_seat_of(row))
        for row in move_rows:
            if row.table_id in by_id:
                stored = by_id[row.table_id]
                stored.actions.append(row.action)
                stored.notations.append(row.notation)
                stored.times.append(row.at)
        return list(by_id.values())

    def add_upload(self, upload_id: str, record: dict[str, Any]) -> None:
        with self.engine.begin() as db:
            db.execute(insert(uploads).values(id=upload_id, record=json.dumps(record), created=now()))

    def get_upload(self, upload_id: str) -> dict[str, Any] | None:
        with self.engine.connect() as db:
            row = db.execute(select(uploads.c.record).where(uploads.c.id == upload_id)).first()
        return None if row is None else dict(json.loads(row.record))

    # --- accounts ------------------------------------------------------------------------------------------------
    def create_account(self, account: StoredAccount, name_key: str) -> None:
        """Store a new account; NameTaken if its name (casefolded) is taken, even by a racing sign-up."""
        try:
            with self.engine.begin() as db:
                db.execute(
                    insert(accounts).values(
                        id=account.id,
                        name=account.name,
                        name_key=name_key,
                        password_hash=account.password_hash,
                        created=account.created,
                        language=account.language,
                    )
                )
        except IntegrityError:
            raise NameTaken(account.name) from None

    def account_named(self, name_key: str) -> StoredAccount | None:
        with self.engine.connect() as db:
            row = db.execute(select(accounts).where(accounts.c.name_key == name_key)).first()
        return None if row is None else _account_of(row)

    def set_password_hash(self, account_id: str, password_hash: str) -> None:
        with self.engine.begin() as db:
            db.execute(update(accounts).where(accounts.c.id == account_id).values(password_hash=password_hash))

    def set_account_language(self, account_id: str, language: str) -> None:
        """The language of the account's mails from now on (issue 33)."""
        with self.engine.begin() as db:
            db.execute(update(accounts).where(accounts.c.id == account_id).values(language=language))

    def add_session(self, token_hash: str, account_id: str, csrf: str, expires: str) -> None:
        """Store a session, and drop every session that has ended meanwhile (nobody can use them any more)."""
        moment = now()
        with self.engine.begin() as db:
            db.execute(delete(sessions).where(sessions.c.expires <= moment))
            db.execute(
                insert(sessions).values(
                    token_hash=token_hash, account_id=account_id, csrf=csrf, created=moment, expires=expires
                )
            )

    def session(self, token_hash: str) -> StoredSession | None:
        """The session whose token hashes to `token_hash`, with its account; None if there is none or it ended."""
        with self.engine.connect() as db:
            row = db.execute(
                select(accounts, sessions.c.csrf, sessions.c.expires)
                .join(sessions, sessions.c.account_id == accounts.c.id)
                .where(sessions.c.token_hash == token_hash, sessions.c.expires > now())
            ).first()
        return None if row is None else StoredSession(_account_of(row), row.csrf, row.expires)

    def delete_session(self, token_hash: str) -> None:
        with self.engine.begin() as db:
            db.execute(delete(sessions).where(sessions.c.token_hash == token_hash))

    def account_called(self, name: str, name_key: str) -> StoredAccount | None:
        """The account called exactly `name`, else the one whose name looks like it (`name_key`). Exactly first: two
        accounts made before names were told apart by their look-alike keys may look alike (migration 0008)."""
        with self.engine.connect() as db:
            row = db.execute(select(accounts).where(accounts.c.name == name).limit(1)).first()
            if row is None:
                row = db.execute(select(accounts).where(accounts.c.name_key == name_key)).first()
        return None if row is None else _account_of(row)

    def delete_other_sessions(self, account_id: str, keep_token_hash: str | None) -> int:
        """End every session of the account but `keep_token_hash` (issue 30); how many ended."""
        with self.engine.begin() as db:
            result = db.execute(
                delete(sessions).where(sessions.c.account_id == account_id, sessions.c.token_hash != keep_token_hash)
                if keep_token_hash is not None
                else delete(sessions).where(sessions.c.account_id == account_id)
            )
        return int(result.rowcount)

    def delete_account(self, account_id: str) -> None:
        """Delete an account (issue 30), in one transaction: its sessions end, its seats become guests' (the games
        stay), its ratings leave the leaderboard, its mail rows go, and its name is free again."""
        with self.engine.begin() as db:
            db.execute(delete(sessions).where(sessions.c.account_id == account_id))
            db.execute(update(seats).where(seats.c.account_id == account_id).values(account_id=None))
            db.execute(delete(ratings).where(ratings.c.subject == account_id))
            db.execute(delete(mail_sent).where(mail_sent.c.account_id == account_id))
            db.execute(delete(digest_sent).where(digest_sent.c.account_id == account_id))
            db.execute(delete(accounts).where(accounts.c.id == account_id))

    def bind_seat(self, table_id: str, seat: int, account_id: str) -> bool:
        """Give the seat to the account, unless another account has it (False). One statement, so two accounts
        claiming the same seat at once cannot both get it."""
        with self.engine.begin() as db:
            result = db.execute(
                update(seats)
                .where(
                    seats.c.table_id == table_id,
                    seats.c.seat == seat,
                    or_(seats.c.account_id.is_(None), seats.c.account_id == account_id),
                )
                .values(account_id=account_id)
            )
        return bool(result.rowcount == 1)

    def account_seats(self, account_id: str) -> list[AccountSeat]:
        """Every seat the account plays, newest tables first."""
        with self.engine.connect() as db:
            rows = db.execute(
                select(seats.c.table_id, seats.c.seat, seats.c.secret, tables.c.created)
                .join(tables, tables.c.id == seats.c.table_id)
                .where(seats.c.account_id == account_id)
                .order_by(tables.c.created.desc(), seats.c.table_id, seats.c.seat)
            ).all()
        return [AccountSeat(row.table_id, row.seat, row.secret, row.created) for row in rows]

    # --- ratings -------------------------------------------------------------------------------------------------
    def record_rated_game(
        self,
        table_id: str,
        game: str,
        subjects: list[str],
        update_ratings: RatingUpdate | None,
        cap: PairCap | None = None,
    ) -> bool:
        """Rate a finished table once: record it in `gt_rated_games` and, unless `update_ratings` is None (the table
        is skipped), write its subjects' new ratings, in one transaction; True if it was rated, False if skipped
        (also when two accounts of `cap` are over its count: counted after the row is written, under the same lock,
        so two tables of one pair ending at once cannot both slip under it). RatedAlready if it was recorded before;
        the table's row is written first, so of two processes seeing the same end the second fails on its key before
        it reads a rating (on SQLite that first write also takes the database's write lock; on PostgreSQL an
        advisory lock makes rating changes take turns)."""
        with self.engine.connect() as db:
            if db.execute(select(rated_games.c.table_id).where(rated_games.c.table_id == table_id)).first():
                raise RatedAlready(table_id)
        moment = now()
        try:
            with self.engine.begin() as db:
                if db.dialect.name == "postgresql":
                    db.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": _RATINGS_LOCK})
                db.execute(
                    insert(rated_games).values(table_id=table_id, rated_at=moment, skipped=update_ratings is None)
                )
                if update_ratings is None:
                    return False
                if cap is not None and _pair_over_cap(db, table_id, game, cap):
                    db.execute(update(rated_games).where(rated_games.c.table_id == table_id).values(skipped=True))
                    return False
                rows = db.execute(select(ratings).where(ratings.c.game == game, ratings.c.subject.in_(subjects))).all()
                before = {row.subject: _rating_of(row) for row in rows}
                after = update_ratings([before.get(subject) for subject in subjects])
                for subject, (mu, sigma) in zip(subjects, after, strict=True):
                    old = before.get(subject)
                    if old is None:
                        db.execute(
                            insert(ratings).values(
                                subject=subject, game=game, mu=mu, sigma=sigma, games=1, updated=moment
                            )
                        )
                    else:
                        db.execute(
                            update(ratings)
                            .where(ratings.c.subject == subject, ratings.c.game == game)
                            .values(mu=mu, sigma=sigma, games=old.games + 1, updated=moment)
                        )
        except IntegrityError:
            raise RatedAlready(table_id) from None
        return True

    def rated_game(self, table_id: str) -> bool | None:
        """Whether the table was rated (True), skipped (False), or not recorded yet (None)."""
        with self.engine.connect() as db:
            row = db.execute(select(rated_games.c.skipped).where(rated_games.c.table_id == table_id)).first()
        return None if row is None else not row.skipped

    def rated_games(self, table_ids: Sequence[str]) -> dict[str, bool]:
        """`rated_game` of many tables in one query (a table not recorded yet is left out)."""
        if not table_ids:
            return {}
        with self.engine.connect() as db:
            rows = db.execute(
                select(rated_games.c.table_id, rated_games.c.skipped).where(rated_games.c.table_id.in_(table_ids))
            ).all()
        return {row.table_id: not row.skipped for row in rows}

    def leaderboard(self, game: str, limit: int, sigmas: float, min_games: int = 0) -> list[LeaderboardRow]:
        """The `limit` best ratings at `game` by their ordinal (mu - `sigmas` sigma), best first, with the accounts'
        names: the bot levels, and the accounts with at least `min_games` rated games (issue 30)."""
        ordinal = ratings.c.mu - sigmas * ratings.c.sigma
        with self.engine.connect() as db:
            rows = db.execute(
                select(ratings, accounts.c.name)
                .outerjoin(accounts, accounts.c.id == ratings.c.subject)
                .where(ratings.c.game == game, or_(ratings.c.subject.startswith("bot:"), ratings.c.games >= min_games))
                .order_by(ordinal.desc(), ratings.c.games.desc(), ratings.c.subject)
                .limit(limit)
            ).all()
        return [LeaderboardRow(_rating_of(row), row.name) for row in rows]

    def ratings_of(self, subject: str) -> list[StoredRating]:
        """A subject's rating at every game it was rated at."""
        with self.engine.connect() as db:
            rows = db.execute(select(ratings).where(ratings.c.subject == subject).order_by(ratings.c.game)).all()
        return [_rating_of(row) for row in rows]

    # --- "your turn" mail (issue 16) -----------------------------------------------------------------------------
    def mail_choice(self, account_id: str) -> MailChoice | None:
        """The account's mail settings (None: no such account)."""
        with self.engine.connect() as db:
            row = db.execute(select(accounts.c.email, accounts.c.notify).where(accounts.c.id == account_id)).first()
        return None if row is None else MailChoice(row.email, row.notify)

    def set_mail_choice(self, account_id: str, choice: MailChoice) -> None:
        """Store the account's choice. A new address (any change but its case) is unconfirmed, and its confirmation
        mail is due (issue 30); the same address keeps its state; no address has none."""
        with self.engine.begin() as db:
            row = db.execute(select(accounts.c.email).where(accounts.c.id == account_id)).first()
            values: dict[str, Any] = {"email": choice.email, "notify": choice.notify}
            if choice.email is None:
                values.update(email_status=None, confirm_hash=None, confirm_at=None)
            elif row is None or row.email is None or address_key(row.email) != address_key(choice.email):
                values.update(email_status="due", confirm_hash=None, confirm_at=None)
            db.execute(update(accounts).where(accounts.c.id == account_id).values(**values))

    def mail_state(self, account_id: str) -> MailState | None:
        """The account's mail settings and its address's state (None: no such account)."""
        with self.engine.connect() as db:
            row = db.execute(
                select(accounts.c.email, accounts.c.notify, accounts.c.email_status, accounts.c.confirm_at).where(
                    accounts.c.id == account_id
                )
            ).first()
            if row is None:
                return None
            stopped = (
                row.email is not None
                and db.execute(
                    select(mail_addresses.c.stopped).where(
                        mail_addresses.c.address == address_key(row.email), mail_addresses.c.stopped.is_not(None)
                    )
                ).first()
            )
        return MailState(row.email, row.notify, row.email_status, row.confirm_at, bool(stopped))

    def request_confirmation(self, account_id: str) -> bool:
        """Ask for a new confirmation mail of the account's address (False: no address, or it is confirmed)."""
        with self.engine.begin() as db:
            result = db.execute(
                update(accounts)
                .where(
                    accounts.c.id == account_id,
                    accounts.c.email.is_not(None),
                    or_(accounts.c.email_status.is_(None), accounts.c.email_status != "confirmed"),
                )
                .values(email_status="due", confirm_hash=None, confirm_at=None)
            )
        return bool(result.rowcount == 1)

    def confirmations_due(self, limit: int = 100) -> list[DueConfirmation]:
        """Accounts whose address waits for its confirmation mail."""
        with self.engine.connect() as db:
            rows = db.execute(
                select(accounts.c.id, accounts.c.email, accounts.c.language)
                .where(accounts.c.email_status == "due", accounts.c.email.is_not(None))
                .order_by(accounts.c.id)
                .limit(limit)
            ).all()
        return [DueConfirmation(row.id, row.email, row.language) for row in rows]

    def claim_confirmation(self, account_id: str, email: str, token_hash: str, at: float) -> bool:
        """Take a due confirmation mail for sending (its link's token hash and the time): False if another process
        took it, or the address changed meanwhile. One statement, so only one process sends it."""
        with self.engine.begin() as db:
            result = db.execute(
                update(accounts)
                .where(accounts.c.id == account_id, accounts.c.email == email, accounts.c.email_status == "due")
                .values(email_status="sent", confirm_hash=token_hash, confirm_at=at)
            )
        return bool(result.rowcount == 1)

    def set_email_status(self, account_id: str, email: str, status: str) -> None:
        """Note what became of an address's confirmation mail ("due" again after a failed send, "limit", "refused"),
        unless the address changed meanwhile."""
        values: dict[str, Any] = {"email_status": status}
        if status != "sent":
            values.update(confirm_hash=None)
        with self.engine.begin() as db:
            db.execute(
                update(accounts)
                .where(accounts.c.id == account_id, accounts.c.email == email, accounts.c.email_status == "sent")
                .values(**values)
            )

    def confirm_email(self, token_hash: str, sent_after: float) -> str | None:
        """Confirm the address whose confirmation mail's link carries the token hashing to `token_hash`, if that mail
        went out after `sent_after`; the address, or None for no such (or an expired) link. Following the link is the
        owner's own choice, so it lifts an unsubscription of the address too."""
        with self.engine.begin() as db:
            row = db.execute(
                select(accounts.c.id, accounts.c.email).where(
                    accounts.c.confirm_hash == token_hash,
                    accounts.c.email_status == "sent",
                    accounts.c.confirm_at > sent_after,
                )
            ).first()
            if row is None or row.email is None:
                return None
            db.execute(
                update(accounts)
                .where(accounts.c.id == row.id, accounts.c.confirm_hash == token_hash)
                .values(email_status="confirmed", confirm_hash=None)
            )
            db.execute(
                update(mail_addresses).where(mail_addresses.c.address == address_key(row.email)).values(stopped=None)
            )
        return str(row.email)

    def count_mail(
        self, email: str, day: str, per_day: int, confirmations_per_day: int, confirming: str | None = None
    ) -> MailPermit:
        """Count one mail to `email` on `day` if the address may have it: not unsubscribed, fewer than `per_day`
        mails that day, and for a confirmation mail (`confirming`: the account that asked for it) fewer than
        `confirmations_per_day` confirmation mails that day, to the address and from the account. The address's row
        (and its unsubscribe token) is made on its first mail. The count is one guarded UPDATE, tried again if another
        process counted in between."""
        key = address_key(email)
        for _attempt in range(8):
            with self.engine.connect() as db:
                row = db.execute(select(mail_addresses).where(mail_addresses.c.address == key)).first()
            if row is None:
                with contextlib.suppress(IntegrityError), self.engine.begin() as db:
                    db.execute(insert(mail_addresses).values(address=key, token=secrets.token_urlsafe(32)))
                continue
            if row.stopped is not None:
                return MailPermit("stopped", row.token)
            sent = row.sent if row.day == day else 0
            confirmations = row.confirmations if row.day == day else 0
            if sent >= per_day or (confirming is not None and confirmations >= confirmations_per_day):
                return MailPermit("limit", row.token)
            with self.engine.begin() as db:
                if confirming is not None:
                    asked = db.execute(
                        select(accounts.c.confirm_day, accounts.c.confirm_count).where(accounts.c.id == confirming)
                    ).first()
                    if asked is not None and asked.confirm_day == day and asked.confirm_count >= confirmations_per_day:
                        return MailPermit("limit", row.token)
                counted = db.execute(
                    update(mail_addresses)
                    .where(
                        mail_addresses.c.address == key,
                        mail_addresses.c.day == row.day,
                        mail_addresses.c.sent == row.sent,
                        mail_addresses.c.confirmations == row.confirmations,
                    )
                    .values(day=day, sent=sent + 1, confirmations=confirmations + (confirming is not None))
                )
                if counted.rowcount != 1:
                    continue  # another process counted a mail to this address meanwhile: nothing was written
                if confirming is not None:
                    db.execute(
                        update(accounts)
                        .where(accounts.c.id == confirming)
                        .values(
                            confirm_count=case((accounts.c.confirm_day == day, accounts.c.confirm_count + 1), else_=1),
                            confirm_day=day,
                        )
                    )
            return MailPermit("ok", row.token)
        return MailPermit("limit", "")

    def uncount_mail(self, email: str, day: str, confirming: str | None = None) -> None:
        """Take back a mail `count_mail` counted that could not be sent (the next round tries it again)."""
        with self.engine.begin() as db:
            db.execute(
                update(mail_addresses)
                .where(
                    mail_addresses.c.address == address_key(email),
                    mail_addresses.c.day == day,
                    mail_addresses.c.sent > 0,
                )
                .values(
                    sent=mail_addresses.c.sent - 1,
                    confirmations=mail_addresses.c.confirmations - (1 if confirming is not None else 0),
                )
            )
            if confirming is not None:
                db.execute(
                    update(accounts)
                    .where(accounts.c.id == confirming, accounts.c.confirm_day == day, accounts.c.confirm_count > 0)
                    .values(confirm_count=accounts.c.confirm_count - 1)
                )

    def address_of_token(self, token: str) -> tuple[str, bool] | None:
        """The address an unsubscribe token is for, and whether it is unsubscribed (None: no such token)."""
        with self.engine.connect() as db:
            row = db.execute(
                select(mail_addresses.c.address, mail_addresses.c.stopped).where(mail_addresses.c.token == token)
            ).first()
        return None if row is None else (str(row.address), row.stopped is not None)

    def stop_address(self, token: str, at: float, stopped: bool = True) -> bool:
        """Unsubscribe the address of an unsubscribe token (`stopped` False: subscribe it again); False for no such
        token."""
        kept = case((mail_addresses.c.stopped.is_(None), at), else_=mail_addresses.c.stopped)
        with self.engine.begin() as db:
            result = db.execute(
                update(mail_addresses).where(mail_addresses.c.token == token).values(stopped=kept if stopped else None)
            )
        return bool(result.rowcount == 1)

    def waiting_turns(self, at: float, day: str, reminder_within: float) -> list[WaitingTurn]:
        """Every turn-based table whose seat on turn (its deadline after `at`) is played by an account with an
        address and mail not "off", that still needs a mail: this turn's (for "turn"), a reminder (the deadline is
        within `reminder_within` seconds of `at`), or today's summary (for "digest", `day` being today in UTC).
        Soonest deadline first."""
        turn_mail = mail_sent.alias("turn_mail")
        reminder_mail = mail_sent.alias("reminder_mail")
        today = digest_sent.alias("today")

        def sent(alias: Any, kind: str) -> Any:
            return (
                (alias.c.account_id == accounts.c.id)
                & (alias.c.table_id == tables.c.id)
                & (alias.c.turn_ply == tables.c.turn_ply)
                & (alias.c.kind == kind)
            )

        joined = (
            tables.join(seats, (seats.c.table_id == tables.c.id) & (seats.c.seat == tables.c.to_move))
            .join(accounts, accounts.c.id == seats.c.account_id)
            .outerjoin(turn_mail, sent(turn_mail, "turn"))
            .outerjoin(reminder_mail, sent(reminder_mail, "reminder"))
            .outerjoin(today, (today.c.account_id == accounts.c.id) & (today.c.day == day))
        )
        needs_mail = or_(
            (accounts.c.notify == "turn") & turn_mail.c.kind.is_(None),
            reminder_mail.c.kind.is_(None) & (tables.c.deadline <= at + reminder_within),
            (accounts.c.notify == "digest") & today.c.day.is_(None),
        )
        query = (
            select(
                tables.c.id,
                tables.c.game,
                tables.c.pace,
                tables.c.deadline,
                tables.c.to_move,
                tables.c.turn_ply,
                accounts.c.id.label("account_id"),
                accounts.c.name,
                accounts.c.email,
                accounts.c.notify,
                accounts.c.language,
                turn_mail.c.kind.label("turn_sent"),
                reminder_mail.c.kind.label("reminder_sent"),
                today.c.day.label("digest_sent"),
            )
            .select_from(joined)
            .where(
                tables.c.pace_kind == "turn",
                # A deadline that has passed is the time-out's business, not the mail's.
                tables.c.deadline > at,
                tables.c.turn_ply.is_not(None),
                accounts.c.email.is_not(None),
                # Issue 30: only to an address its owner confirmed.
                accounts.c.email_status == "confirmed",
                accounts.c.notify.in_(("turn", "digest")),
                needs_mail,
            )
            .order_by(tables.c.deadline, tables.c.id)
        )
        with self.engine.connect() as db:
            rows = db.execute(query).all()
            table_ids = sorted({row.id for row in rows})
            seat_rows: list[Any] = []
            for start in range(0, len(table_ids), 500):
                seat_rows += db.execute(
                    select(seats.c.table_id, seats.c.seat, seats.c.name, seats.c.account_id)
                    .where(seats.c.table_id.in_(table_ids[start : start + 500]))
                    .order_by(seats.c.table_id, seats.c.seat)
                ).all()
        seats_of: dict[str, list[tuple[str, str | None]]] = {}
        for seat in seat_rows:
            seats_of.setdefault(seat.table_id, []).append((seat.name, seat.account_id))
        return [
            WaitingTurn(
                row.id,
                row.game,
                None if row.pace is None else json.loads(row.pace),
                float(row.deadline),
                int(row.to_move),
                int(row.turn_ply),
                row.account_id,
                row.name,
                row.email,
                row.notify,
                tuple(seats_of.get(row.id, ())),
                row.turn_sent is not None,
                row.reminder_sent is not None,
                row.digest_sent is not None,
                row.language,
            )
            for row in rows
        ]

    def claim_mail(self, account_id: str, table_id: str, turn_ply: int, kind: str, at: float) -> bool:
        """Write the row of a mail about to be sent; False if it exists (this process or another sent it)."""
        try:
            with self.engine.begin() as db:
                db.execute(
                    insert(mail_sent).values(
                        account_id=account_id, table_id=table_id, turn_ply=turn_ply, kind=kind, sent_at=at
                    )
                )
        except IntegrityError:
            return False
        return True

    def release_mail(self, account_id: str, table_id: str, turn_ply: int, kind: str) -> None:
        """Delete a mail's row after its sending failed, so the next round tries again."""
        with self.engine.begin() as db:
            db.execute(
                delete(mail_sent).where(
                    mail_sent.c.account_id == account_id,
                    mail_sent.c.table_id == table_id,
                    mail_sent.c.turn_ply == turn_ply,
                    mail_sent.c.kind == kind,
                )
            )

    def claim_digest(self, account_id: str, day: str, at: float) -> bool:
        """Write the row of a daily summary about to be sent; False if one was sent that day."""
        try:
            with self.engine.begin() as db:
                db.execute(insert(digest_sent).values(account_id=account_id, day=day, sent_at=at))
        except IntegrityError:
            return False
        return True

    def release_digest(self, account_id: str, day: str) -> None:
        with self.engine.begin() as db:
            db.execute(delete(digest_sent).where(digest_sent.c.account_id == account_id, digest_sent.c.day == day))

    def forget_old_mail(self, before_day: str) -> None:
        """Drop the rows that can no longer stop a mail: summaries of days before `before_day`, and mails of turns
        that are over (their table has moved on to another turn, or ended)."""
        current = select(tables.c.id).where(
            tables.c.id == mail_sent.c.table_id,
            tables.c.turn_ply == mail_sent.c.turn_ply,
            tables.c.deadline.is_not(None),
        )
        with self.engine.begin() as db:
            db.execute(delete(digest_sent).where(digest_sent.c.day < before_day))
            db.execute(delete(mail_sent).where(~current.exists()))

    # --- analyses (issue 19) -------------------------------------------------------------------------------------
    def analysis(self, replay_id: str) -> StoredAnalysis | None:
        with self.engine.connect() as db:
            row = db.execute(select(analyses).where(analyses.c.replay_id == replay_id)).first()
        if row is None:
            return None
        result = None if row.result is None else json.loads(row.result)
        return StoredAnalysis(row.replay_id, row.spec, row.status, row.done, row.total, result, float(row.updated))

    def claim_analysis(self, replay_id: str, spec: str, total: int, at: float, stale_before: float) -> bool:
        """Start an analysis: True if this process may run it (no row yet, or a running one nobody has updated since
        `stale_before`); False if it is done or another process is running it. One statement each way, so two
        processes asked at once cannot both start it."""
        try:
            with self.engine.begin() as db:
                db.execute(
                    insert(analyses).values(
                        replay_id=replay_id, spec=spec, status="running", done=0, total=total, result=None, updated=at
                    )
                )
            return True
        except IntegrityError:
            pass
        with self.engine.begin() as db:
            taken = db.execute(
                update(analyses)
                .where(
                    analyses.c.replay_id == replay_id,
                    analyses.c.status == "running",
                    analyses.c.updated < stale_before,
                )
                .values(spec=spec, done=0, total=total, updated=at)
            )
        return bool(taken.rowcount == 1)

    def analysis_progress(self, replay_id: str, done: int, at: float) -> None:
        with self.engine.begin() as db:
            db.execute(
                update(analyses)
                .where(analyses.c.replay_id == replay_id, analyses.c.status == "running")
                .values(done=done, updated=at)
            )

    def finish_analysis(self, replay_id: str, result: dict[str, Any], at: float) -> None:
        with self.engine.begin() as db:
            db.execute(
                update(analyses)
                .where(analyses.c.replay_id == replay_id)
                .values(status="done", done=analyses.c.total, result=json.dumps(result), updated=at)
            )

    def drop_analysis(self, replay_id: str) -> None:
        """Forget a running analysis that failed (it may be asked for again)."""
        with self.engine.begin() as db:
            db.execute(delete(analyses).where(analyses.c.replay_id == replay_id, analyses.c.status == "running"))

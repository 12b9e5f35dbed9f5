"""Opening a database: the engine (with SQLite's pragmas), where the default database lives, and the time stamps the
rows carry."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from platformdirs import user_data_dir
from sqlalchemy import Engine, create_engine, event


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

"""Fixtures for the server tests: a database per test (SQLite, and PostgreSQL when CI started one) and clients.

`make test` exports GUILDTABLE_TEST_POSTGRES (from scripts/ensure_postgres.sh); each PostgreSQL test gets a fresh
database of its own so tests can run in parallel (`postgres_database`, in tests/conftest.py).
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from sqlalchemy import create_engine, text

from guildtable.server.storage.schema import metadata


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A fresh empty database; the storage and API tests run once per backend."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path_factory.mktemp('db') / 'guildtable.sqlite3'}"
        return
    url = request.getfixturevalue("postgres_database")
    yield url
    engine = create_engine(url)
    metadata.drop_all(engine)
    with engine.begin() as db:
        db.execute(text("DROP TABLE IF EXISTS alembic_version"))
    engine.dispose()


@pytest.fixture
def sqlite_url(tmp_path_factory: pytest.TempPathFactory) -> str:
    return f"sqlite:///{tmp_path_factory.mktemp('db') / 'guildtable.sqlite3'}"

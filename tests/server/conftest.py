"""Fixtures for the server tests: a database per test (SQLite, and PostgreSQL when CI started one) and clients.

`make test` exports GUILDTABLE_TEST_POSTGRES (from scripts/ensure_postgres.sh); each PostgreSQL test gets a fresh
database of its own so tests can run in parallel.
"""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator

import pytest
from sqlalchemy import create_engine, text

from guildtable.server.store import metadata

POSTGRES = os.environ.get("GUILDTABLE_TEST_POSTGRES", "")


@pytest.fixture(scope="session")
def postgres_database() -> Iterator[str]:
    """One database per test process; each test empties it again (see `db_url`)."""
    if not POSTGRES:
        if os.environ.get("GUILDTABLE_REQUIRE_SERVICES"):
            pytest.fail("CI needs PostgreSQL for the storage tests: scripts/ensure_postgres.sh printed no URL")
        pytest.skip("no PostgreSQL: set GUILDTABLE_TEST_POSTGRES (make test does, via scripts/ensure_postgres.sh)")
    name = f"gt_{uuid.uuid4().hex[:16]}"
    admin = create_engine(POSTGRES, isolation_level="AUTOCOMMIT")
    with admin.connect() as db:
        db.execute(text(f'CREATE DATABASE "{name}"'))
    base, _, _ = POSTGRES.rpartition("/")
    try:
        yield f"{base}/{name}"
    finally:
        with admin.connect() as db:
            db.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        admin.dispose()


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

"""Test-wide settings: hypothesis profiles (CI runs the `ci` profile: fewer, deterministic examples), and a
PostgreSQL database of its own per test process where `make test` started one."""

import os
import uuid
from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, settings
from sqlalchemy import create_engine, text

POSTGRES = os.environ.get("GUILDTABLE_TEST_POSTGRES", "")

settings.register_profile("dev", max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.register_profile(
    "ci", max_examples=40, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow]
)
settings.load_profile("ci" if os.environ.get("CI") else "dev")


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

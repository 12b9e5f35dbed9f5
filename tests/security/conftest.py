"""Fixtures for the attack tests: an app on a fresh SQLite database, with the limits a public server has (or tighter
ones a test names), reached through FastAPI's TestClient."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from security_helpers import MakeClient, TestClient

from guildtable.server import create_app
from guildtable.server.limits import ServerLimits
from guildtable.server.settings import ServerSettings


@pytest.fixture
def make_client(tmp_path: Path) -> Iterator[MakeClient]:
    """`make_client(**limits)`: a TestClient of a new app whose ServerLimits take these overrides."""
    opened: list[TestClient] = []

    def make(**overrides: object) -> TestClient:
        app = create_app(
            ServerSettings(
                db=f"sqlite:///{tmp_path / f'db{len(opened)}.sqlite3'}", bot_delay=0, limits=ServerLimits(**overrides)
            )
        )  # type: ignore[arg-type]
        client = TestClient(app)
        client.__enter__()
        opened.append(client)
        return client

    yield make
    for client in reversed(opened):
        client.__exit__(None, None, None)


@pytest.fixture
def client(make_client: MakeClient) -> TestClient:
    return make_client()


# The attack tests that need a browser (issue 30: a link that would bind a seat, an open redirect, the CSP) use the
# browser tests' fixtures: one served guildtable and one chromium per test process.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "browser"))
from browser_fixtures import base_url, browser, context, page  # noqa: E402

__all__ = ["base_url", "browser", "client", "context", "make_client", "page"]

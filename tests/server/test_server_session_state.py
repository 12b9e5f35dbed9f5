"""Issue 33: every page asks who is signed in, and a guest's page logged a 401 for GET /api/account each time. GET
/api/session answers every visitor with 200: `signed_in` false for a guest, else all that GET /api/account says."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from argon2 import PasswordHasher
from server_helpers import TestClient

from guildtable.server import accounts as accounts_module
from guildtable.server import create_app
from guildtable.server.accounts import COOKIE
from guildtable.server.limits import ServerLimits
from guildtable.server.settings import ServerSettings

PASSWORD = "correct horse battery"


@pytest.fixture
def client(db_url: str, monkeypatch: pytest.MonkeyPatch) -> Iterator[TestClient]:
    monkeypatch.setattr(
        accounts_module, "new_hasher", lambda: PasswordHasher(time_cost=1, memory_cost=64, parallelism=1)
    )
    settings = ServerLimits(signin_rate="1000/minute")
    with TestClient(create_app(ServerSettings(db=db_url, bot_delay=0, limits=settings))) as test_client:
        yield test_client


def test_issue_33_a_guest_is_told_so_without_a_failing_answer(client: TestClient) -> None:
    """A guest, and a cookie of no live session, get 200 and `signed_in` false (GET /api/account stays 401)."""
    assert client.get("/api/session").status_code == 200
    assert client.get("/api/session").json() == {"signed_in": False}
    client.cookies.set(COOKIE, "x" * 43)
    assert client.get("/api/session").json() == {"signed_in": False}
    assert client.get("/api/account").status_code == 401


def test_issue_33_a_signed_in_browser_learns_its_account_and_token(client: TestClient) -> None:
    """Signed in: `signed_in` true with the account's name and the CSRF token, as GET /api/account has them; after
    signing out, a guest again."""
    created = client.post("/api/account", json={"name": "Ada", "password": PASSWORD}).json()
    state = client.get("/api/session").json()
    account = client.get("/api/account").json()
    assert state["signed_in"] is True
    assert state["name"] == account["name"] == "Ada"
    assert state["csrf"] == account["csrf"] == created["csrf"]
    assert client.delete("/api/session", headers={"X-CSRF-Token": created["csrf"]}).status_code == 204
    assert client.get("/api/session").json() == {"signed_in": False}

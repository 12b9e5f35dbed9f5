"""Issue 30: an account could not change its password, sign out its other sessions or delete itself. Now it can:
a password change and "sign out everywhere else" end every other session (a stolen session, or one on a device left
behind, stops working); deleting an account asks for the password, ends its sessions, makes its seats guests' (the
games stay), takes it off the leaderboard and its public page, and frees its name."""

from __future__ import annotations

from typing import Any

import pytest
from security_helpers import MakeClient, TestClient
from sqlalchemy import select

from guildtable.server.accounts import CSRF_HEADER
from guildtable.server.storage.schema import seats

PASSWORD = "correct horse battery"
NEW_PASSWORD = "tangerine orbit velvet"


@pytest.fixture
def make(make_client: MakeClient) -> Any:
    return lambda: make_client(signin_rate="1000/minute")


def signed_in(client: TestClient, name: str, password: str = PASSWORD, *, new: bool = False) -> TestClient:
    """`client` signed in as `name` (a new account with `new`), sending its CSRF token."""
    response = client.post("/api/account" if new else "/api/session", json={"name": name, "password": password})
    assert response.status_code in (200, 201), response.json()
    client.headers[CSRF_HEADER] = response.json()["csrf"]
    return client


def second_device(client: TestClient) -> TestClient:
    """Another browser of the same app (its own cookie jar)."""
    return TestClient(client.app)


def test_a_password_change_ends_every_other_session(make: Any) -> None:
    """The attack it answers: someone holds a session of the account (a stolen cookie, a device left signed in). The
    owner changes the password: that session is signed out, this one stays, the old password no longer works."""
    client = signed_in(make(), "Ada", new=True)
    thief = signed_in(second_device(client), "Ada")
    assert thief.get("/api/account").status_code == 200
    wrong = client.post("/api/account/password", json={"current_password": "guess", "new_password": NEW_PASSWORD})
    assert wrong.status_code == 403 and wrong.json()["problem"] == "wrong-password"
    assert thief.get("/api/account").status_code == 200
    changed = client.post("/api/account/password", json={"current_password": PASSWORD, "new_password": NEW_PASSWORD})
    assert changed.status_code == 200 and changed.json()["ended_sessions"] == 1
    assert thief.get("/api/account").status_code == 401
    assert client.get("/api/account").status_code == 200
    other = second_device(client)
    assert other.post("/api/session", json={"name": "Ada", "password": PASSWORD}).status_code == 401
    assert other.post("/api/session", json={"name": "Ada", "password": NEW_PASSWORD}).status_code == 200


def test_sign_out_everywhere_else(make: Any) -> None:
    client = signed_in(make(), "Ada", new=True)
    others = [signed_in(second_device(client), "Ada") for _ in range(2)]
    answer = client.delete("/api/account/sessions")
    assert answer.status_code == 200 and answer.json()["ended_sessions"] == 2
    assert [other.get("/api/account").status_code for other in others] == [401, 401]
    assert client.get("/api/account").status_code == 200


def test_the_controls_need_the_csrf_token(make: Any) -> None:
    """Another site cannot sign the player out everywhere, change the password or delete the account."""
    client = signed_in(make(), "Ada", new=True)
    client.headers.pop(CSRF_HEADER)
    assert client.delete("/api/account/sessions").status_code == 403
    assert client.post("/api/account/delete", json={"password": PASSWORD}).status_code == 403
    assert client.get("/api/account").status_code == 200


def test_deleting_an_account(make: Any) -> None:
    """Asks for the password; then the account's sessions end, its seat becomes a guest's (the game stays), its
    rating leaves the leaderboard, its page is gone, and its name is free."""
    client = signed_in(make(), "Ada", new=True)
    laptop = signed_in(second_device(client), "Ada")
    table = client.post("/api/tables", json={"game": "city-blocks", "seats": [{}, {}], "rated": True}).json()
    invite = table["invites"][0]["token"]
    joined = client.post(
        f"/api/tables/{table['id']}/join", headers={"Authorization": f"Bearer {invite}"}, json={"name": "Ada"}
    )
    assert joined.status_code == 200, joined.json()
    engine = client.app.state.lobby.store.store.engine  # type: ignore[attr-defined]
    store = client.app.state.lobby.store.store  # type: ignore[attr-defined]
    account_id = store.accounts.account_called("Ada", "ada").id
    assert store.seats.bind_seat(table["id"], 0, account_id)  # the seat is the account's (however the page binds it)
    # Enough rated games for any leaderboard minimum, each won against the easy bot.
    for game in range(50):
        store.ratings.record_rated_game(
            f"rated-{game}", "city-blocks", [account_id, "bot:easy"], lambda _: [(30.0, 1.0)] * 2
        )
    assert "Ada" in [entry["name"] for entry in client.get("/api/leaderboard/city-blocks").json()["entries"]]

    wrong = client.post("/api/account/delete", json={"password": "not the password"})
    assert wrong.status_code == 403 and client.get("/api/account").status_code == 200
    deleted = client.post("/api/account/delete", json={"password": PASSWORD})
    assert deleted.status_code == 204
    assert client.get("/api/account").status_code == 401 and laptop.get("/api/account").status_code == 401
    assert client.get("/api/players/Ada").status_code == 404
    assert "Ada" not in [entry["name"] for entry in client.get("/api/leaderboard/city-blocks").json()["entries"]]
    with engine.connect() as db:
        bound = db.execute(select(seats.c.account_id).where(seats.c.table_id == table["id"])).scalars().all()
    assert bound == [None, None]
    assert client.get(f"/api/tables/{table['id']}").status_code == 200
    client.headers.pop(CSRF_HEADER)
    assert signed_in(client, "ada", NEW_PASSWORD, new=True).get("/api/account").json()["name"] == "ada"


def test_the_account_page_has_the_controls_in_both_languages(make: Any) -> None:
    client = make()
    english = client.get("/me?lang=en").text
    for part in ('id="password-form"', 'id="signout-others"', 'id="delete-form"', "Delete my account"):
        assert part in english
    german = client.get("/me?lang=de").text
    assert "Konto löschen" in german and "Passwort ändern" in german

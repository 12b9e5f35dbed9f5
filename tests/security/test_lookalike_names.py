"""Issue 30 finding 10: look-alike account names (fullwidth `ｖictim`, Cyrillic `вictim`, `victim` + a combining
accent) were new accounts beside `victim`. Names are now unique by their confusable skeleton (Unicode TR39), a new
name may not mix Latin, Greek and Cyrillic letters within a word, and the same rules hold for the seats of one
table. Accounts made before keep signing in: a migration recomputes every `name_key`."""

from __future__ import annotations

from pathlib import Path

import pytest
from alembic import command
from security_helpers import MakeClient, TestClient
from sqlalchemy import create_engine, insert, select

from guildtable.server import migrations
from guildtable.server.names import lookalike_key
from guildtable.server.storage.schema import accounts
from guildtable.server.storage.store import Store

PASSWORD = "correct horse battery"


@pytest.fixture
def client(make_client: MakeClient) -> TestClient:
    return make_client(signin_rate="1000/minute")


def sign_up(client: TestClient, name: str) -> tuple[int, dict[str, str]]:
    client.cookies.clear()
    response = client.post("/api/account", json={"name": name, "password": PASSWORD})
    return response.status_code, response.json()


@pytest.mark.parametrize(
    "lookalike",
    [
        "\uff56ictim",  # fullwidth v
        "\u0432ictim",  # Cyrillic ve
        "v\u0456ctim",  # Cyrillic i
        "victim\u0301",  # a combining acute accent
        "vi\u0301ctim",
        "VICTIM",
        "\U0001d42fictim",  # mathematical bold v
    ],
)
def test_a_lookalike_of_an_account_name_is_no_new_account(client: TestClient, lookalike: str) -> None:
    """The attack as reported: `victim` exists; each look-alike was a second account. Now it is refused."""
    assert sign_up(client, "victim")[0] == 201
    status, problem = sign_up(client, lookalike)
    assert status in (409, 422), problem
    assert problem["field"] == "name" and problem["detail"]
    if status == 409:
        assert problem["problem"] == "name-taken"


def test_the_refusal_says_which_name_it_looks_like(client: TestClient) -> None:
    sign_up(client, "victim")
    status, problem = sign_up(client, "\uff56ictim")
    assert status == 409 and "victim" in problem["detail"]


def test_names_that_look_different_are_different_accounts(client: TestClient) -> None:
    """Honest names stay apart: a name in one alphabet only, and names that differ to the eye."""
    for name in ("victim", "victor", "Иван", "Ivan Petrov", "Иван Smith", "中村"):
        assert sign_up(client, name)[0] == 201, name


def test_seat_names_at_one_table_cannot_look_alike(client: TestClient) -> None:
    """The same rule for the seats of a table: a player cannot join as a look-alike of another seat's name."""
    table = client.post("/api/tables", json={"game": "city-blocks", "seats": [{}, {}]}).json()
    tokens = [invite["token"] for invite in table["invites"]]

    def join(seat: int, name: str) -> tuple[int, dict[str, str]]:
        response = client.post(
            f"/api/tables/{table['id']}/join", headers={"Authorization": f"Bearer {tokens[seat]}"}, json={"name": name}
        )
        return response.status_code, response.json()

    assert join(0, "victim")[0] == 200
    status, problem = join(1, "\uff56ictim")
    assert status == 409 and problem["problem"] == "name-taken" and problem["field"] == "name"
    assert join(1, "\u0432ictim")[0] == 422
    assert join(1, "victor")[0] == 200


def test_a_new_tables_seat_names_cannot_look_alike(client: TestClient) -> None:
    response = client.post(
        "/api/tables", json={"game": "city-blocks", "seats": [{"name": "Ada"}, {"name": "\uff21da"}]}
    )
    assert response.status_code == 409 and response.json()["problem"] == "name-taken"


def test_the_migration_recomputes_the_keys_and_keeps_old_lookalikes_signing_in(tmp_path: Path) -> None:
    """A database of the release before (0007) with `victim` and a look-alike made then: after the upgrade, keys are
    the look-alike keys, the older account keeps the plain key, and each account still signs in by its own name."""
    sqlite_url = f"sqlite:///{tmp_path / 'old.sqlite3'}"
    engine = create_engine(sqlite_url)
    with engine.begin() as db:
        command.upgrade(migrations.config(db), "0007")
        for index, name in enumerate(("victim", "\uff56ictim", "Ada")):
            db.execute(
                insert(accounts).values(
                    id=f"a{index}",
                    name=name,
                    name_key=name.casefold(),
                    password_hash="x",
                    created=f"2026-01-0{index + 1}",
                )
            )
    engine.dispose()
    store = Store(sqlite_url)
    try:
        with store.engine.connect() as db:
            keys = dict(db.execute(select(accounts.c.id, accounts.c.name_key)).all())
        assert keys["a0"] == lookalike_key("victim") and keys["a2"] == lookalike_key("Ada")
        assert keys["a1"] != keys["a0"]
        assert store.accounts.account_called("\uff56ictim", lookalike_key("\uff56ictim")).id == "a1"  # type: ignore[union-attr]
        assert store.accounts.account_called("victim", lookalike_key("victim")).id == "a0"  # type: ignore[union-attr]
        assert store.accounts.account_called("VICTIM", lookalike_key("VICTIM")).id == "a0"  # type: ignore[union-attr]
    finally:
        store.close()


def test_a_seat_nobody_has_joined_yet_does_not_hold_its_colours_name(client: TestClient) -> None:
    """A player called like another seat's colour (that seat's name until its player joins) still gets a table."""
    response = client.post("/api/tables", json={"game": "city-blocks", "seats": [{"name": "Red"}, {}]})
    assert response.status_code == 201, response.json()
    assert [seat["name"] for seat in response.json()["seats"]] == ["Red", "Red"]

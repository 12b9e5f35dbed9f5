"""Issue 16, "Play as yourself": accounts, sessions, the CSRF check, seats bound to accounts, one's own tables and a
player's public history. Runs against SQLite and PostgreSQL."""

from __future__ import annotations

import hashlib
from collections.abc import Iterator

import pytest
from argon2 import PasswordHasher
from server_helpers import TestClient, auth, move, new_table, play_to_end, state, tokens_of
from sqlalchemy import select

from guildtable.server import accounts as accounts_module
from guildtable.server import create_app
from guildtable.server.accounts import COOKIE, CSRF_HEADER, Passwords
from guildtable.server.limits import ServerLimits
from guildtable.server.settings import ServerSettings
from guildtable.server.storage.schema import accounts, seats, sessions
from loops import run_coroutine

PASSWORD = "correct horse battery"


@pytest.fixture(autouse=True)
def cheap_hashes(monkeypatch: pytest.MonkeyPatch) -> None:
    """argon2 with tiny parameters: the tests hash dozens of passwords (the real parameters have a test of their
    own)."""
    monkeypatch.setattr(
        accounts_module, "new_hasher", lambda: PasswordHasher(time_cost=1, memory_cost=64, parallelism=1)
    )


def make_client(db_url: str, **limits: str) -> TestClient:
    settings = ServerLimits(**{"signin_rate": "1000/minute", **limits})  # type: ignore[arg-type]
    return TestClient(create_app(ServerSettings(db=db_url, bot_delay=0, allow_chosen_seeds=True, limits=settings)))


@pytest.fixture
def client(db_url: str) -> Iterator[TestClient]:
    with make_client(db_url) as test_client:
        yield test_client


def sign_up(client: TestClient, name: str = "Ada", password: str = PASSWORD) -> str:
    """A new account, signed in; the client sends its CSRF token from now on (as the pages do). Returns it."""
    response = client.post("/api/account", json={"name": name, "password": password})
    assert response.status_code == 201, response.json()
    csrf = str(response.json()["csrf"])
    client.headers[CSRF_HEADER] = csrf
    return csrf


def as_guest(client: TestClient) -> None:
    """Forget the session cookie and the CSRF header: the client is a guest (or an API user) again."""
    client.cookies.clear()
    client.headers.pop(CSRF_HEADER, None)


def join(client: TestClient, table: dict, seat: int, name: str) -> int:
    """Join `seat` of `table` with its token; the status."""
    body = {"name": name, "account": True}
    response = client.post(f"/api/tables/{table['id']}/join", headers=auth(tokens_of(table)[seat]), json=body)
    return response.status_code


def table_count(client: TestClient) -> int:
    return len(client.app.state.lobby.store.store.tables.load_tables())  # type: ignore[attr-defined]


def db_rows(client: TestClient, table: object) -> list:
    engine = client.app.state.lobby.store.store.engine  # type: ignore[attr-defined]
    with engine.connect() as db:
        return list(db.execute(select(table)).all())  # type: ignore[call-overload]


def test_signing_up_signs_in(client: TestClient) -> None:
    """Issue 16: a new account is signed in at once, and GET /api/account says who it is with the same CSRF token."""
    response = client.post("/api/account", json={"name": "  Ada  Lovelace ", "password": PASSWORD})
    assert response.status_code == 201
    body = response.json()
    assert body["name"] == "Ada Lovelace" and len(body["csrf"]) >= 22
    assert client.cookies.get(COOKIE)
    me = client.get("/api/account")
    assert me.status_code == 200
    assert me.json()["name"] == "Ada Lovelace" and me.json()["csrf"] == body["csrf"] and me.json()["created"]


def test_the_password_and_the_session_token_are_not_stored_in_clear(client: TestClient) -> None:
    """Issue 16: the database holds an argon2id hash of the password and the SHA-256 of the session token only."""
    sign_up(client)
    token = client.cookies[COOKIE]
    [account] = db_rows(client, accounts)
    assert account.password_hash.startswith("$argon2id$") and PASSWORD not in account.password_hash
    assert account.name_key == "ada"
    [session] = db_rows(client, sessions)
    assert session.token_hash == hashlib.sha256(token.encode()).hexdigest()
    assert token not in repr(tuple(session)) and len(token) >= 43  # 256 bits of token_urlsafe
    assert session.account_id == account.id and session.expires > session.created


def test_the_real_hashes_are_argon2id_with_its_default_parameters() -> None:
    """Issue 16: outside the tests, a password costs argon2-cffi's default (RFC 9106 low-memory) parameters, and an
    unknown account's check is refused."""
    passwords = Passwords(PasswordHasher())
    try:
        hashed = run_coroutine(passwords.hash(PASSWORD))
        assert hashed.startswith("$argon2id$v=19$m=65536,t=3,p=4$")
        assert run_coroutine(passwords.verify(hashed, PASSWORD))
        assert not run_coroutine(passwords.verify(hashed, PASSWORD + "!"))
        assert not run_coroutine(passwords.verify(None, PASSWORD))
    finally:
        passwords.close()


def test_cookie_flags(client: TestClient) -> None:
    """Issue 16: the session cookie is HttpOnly, SameSite=Lax, for the whole site, 30 days, not Secure over http."""
    response = client.post("/api/account", json={"name": "Ada", "password": PASSWORD})
    cookie = response.headers["set-cookie"]
    assert cookie.startswith(f"{COOKIE}=")
    assert {"HttpOnly", "SameSite=Lax", "Path=/", f"Max-Age={30 * 24 * 3600}"} <= {
        part.strip() for part in cookie.split(";")
    }
    assert "Secure" not in cookie


def test_the_cookie_is_secure_over_https(sqlite_url: str) -> None:
    """Issue 16: a browser that came over https gets a Secure cookie (and its sign-out clears it the same way)."""
    with TestClient(create_app(ServerSettings(db=sqlite_url, bot_delay=0)), base_url="https://testserver") as client:
        response = client.post("/api/account", json={"name": "Ada", "password": PASSWORD})
        assert response.status_code == 201
        assert "Secure" in response.headers["set-cookie"].split("; ")
        out = client.delete("/api/session", headers={CSRF_HEADER: response.json()["csrf"]})
        assert out.status_code == 204 and "Secure" in out.headers["set-cookie"].split("; ")


def test_sign_out_ends_the_session(client: TestClient) -> None:
    """Issue 16: signing out deletes the session row and clears the cookie; the old cookie signs nobody in."""
    sign_up(client)
    old = client.cookies[COOKIE]
    response = client.delete("/api/session")
    assert response.status_code == 204
    assert "Max-Age=0" in response.headers["set-cookie"]
    assert db_rows(client, sessions) == []
    assert client.get("/api/account").json()["problem"] == "not-signed-in"
    client.cookies.set(COOKIE, old)
    me = client.get("/api/account")
    assert (me.status_code, me.json()["problem"]) == (401, "not-signed-in")


def test_signing_in_again(client: TestClient) -> None:
    """Issue 16: a user name in any case and the password sign in with a new session and CSRF token."""
    first = sign_up(client)
    as_guest(client)
    response = client.post("/api/session", json={"name": "ADA", "password": PASSWORD})
    assert response.status_code == 200
    assert response.json()["name"] == "Ada" and response.json()["csrf"] != first
    assert client.get("/api/account").json()["csrf"] == response.json()["csrf"]


def test_a_wrong_password_and_an_unknown_name_get_the_same_answer(client: TestClient) -> None:
    """Issue 16: sign-in does not tell whether the name exists."""
    sign_up(client)
    as_guest(client)
    wrong = client.post("/api/session", json={"name": "Ada", "password": "not the password"})
    unknown = client.post("/api/session", json={"name": "Nobody", "password": "not the password"})
    assert wrong.status_code == unknown.status_code == 401
    assert wrong.json() == unknown.json()
    assert wrong.json()["problem"] == "sign-in-failed" and wrong.json()["detail"] == "wrong user name or password"
    assert COOKIE not in wrong.headers.get("set-cookie", "")


def test_refusals_are_in_german(client: TestClient) -> None:
    """Issue 16 (and 15): the account refusals are written in the reader's language."""
    german = {"Accept-Language": "de"}
    failed = client.post("/api/session", json={"name": "Ada", "password": PASSWORD}, headers=german).json()
    assert "Benutzername" in failed["detail"] and "Passwort" in failed["detail"] and "wrong" not in failed["detail"]
    short = client.post("/api/account", json={"name": "Ada", "password": "short"}, headers=german).json()
    assert short["problem"] == "bad-password" and "Passwort" in short["detail"] and "password" not in short["detail"]


def test_sign_in_is_rate_limited(sqlite_url: str) -> None:
    """Issue 16: guessing passwords is slowed down per address (429 with Retry-After), known name or not."""
    with make_client(sqlite_url, signin_rate="3/day") as client:
        answers = [client.post("/api/session", json={"name": f"n{i}", "password": PASSWORD}) for i in range(4)]
        assert [answer.status_code for answer in answers] == [401, 401, 401, 429]
        assert answers[-1].json()["problem"] == "too-many-requests"
        assert int(answers[-1].headers["Retry-After"]) >= 1


def test_names_are_unique_whatever_their_case(client: TestClient) -> None:
    """Issue 16: "Ada" and "ADA" (and " ada ") are one name; a taken name is said (409)."""
    sign_up(client)
    as_guest(client)
    for name in ("ADA", " ada "):
        taken = client.post("/api/account", json={"name": name, "password": PASSWORD})
        assert (taken.status_code, taken.json()["problem"]) == (409, "name-taken")
    assert len(db_rows(client, accounts)) == 1


@pytest.mark.parametrize(
    ("name", "password", "problem"),
    [
        ("Ada", "seven77", "bad-password"),
        ("Ada", "x" * 257, "bad-password"),
        ("   ", PASSWORD, "bad-name"),
        ("A" * 33, PASSWORD, "bad-name"),
        ("\u202eAdmin", PASSWORD, "bad-name"),
    ],
)
def test_bad_names_and_passwords_are_refused(client: TestClient, name: str, password: str, problem: str) -> None:
    """Issue 16: names follow the display-name rules, passwords have 8 to 256 characters."""
    response = client.post("/api/account", json={"name": name, "password": password})
    assert (response.status_code, response.json()["problem"]) == (422, problem)
    assert db_rows(client, accounts) == []
    # 256 characters is the most; a password is also not easy to guess (issue 30: "x" * 256 no longer is one).
    longest = ("tangerine orbit velvet " * 12)[:256]
    assert client.post("/api/account", json={"name": "Ada", "password": longest}).status_code == 201


def test_a_signed_in_request_without_the_csrf_token_is_refused_and_changes_nothing(client: TestClient) -> None:
    """Issue 16: with the session cookie, a state change carries the session's CSRF token, else 403."""
    csrf = sign_up(client)
    body = {"game": "city-blocks", "seats": [{"kind": "human"}, {"kind": "human"}], "seed": 7}
    for header in ({}, {CSRF_HEADER: "forged"}, {CSRF_HEADER: csrf[:-1]}):
        client.headers.pop(CSRF_HEADER, None)
        response = client.post("/api/tables", json=body, headers=header)
        assert (response.status_code, response.json()["problem"]) == (403, "csrf")
        assert "guildtable page" in response.json()["detail"]
    assert table_count(client) == 0
    out = client.delete("/api/session")
    assert out.status_code == 403 and client.get("/api/account").status_code == 200
    assert client.post("/api/tables", json=body, headers={CSRF_HEADER: csrf}).status_code == 201
    assert table_count(client) == 1


def test_a_guest_without_the_cookie_needs_no_csrf_token(client: TestClient) -> None:
    """Issue 16: guests with seat tokens and API users send no cookie and play exactly as before."""
    sign_up(client)
    as_guest(client)
    table = new_table(client, ["human", "human"])
    tokens = tokens_of(table)
    assert (
        client.post(f"/api/tables/{table['id']}/join", headers=auth(tokens[0]), json={"name": "Eve"}).status_code == 200
    )
    seat = state(client, table["id"])["current_player"]
    mine = state(client, table["id"], tokens[seat])
    assert move(client, table["id"], tokens[seat], 0, mine["legal"][0]["action"]).status_code == 200
    assert [row.account_id for row in db_rows(client, seats)] == [None, None]


def test_a_cookie_of_no_session_is_a_guest(client: TestClient) -> None:
    """Issue 16: a cookie whose session ended grants nothing, so it needs no CSRF token: signing in works."""
    client.cookies.set(COOKIE, "ended-or-never-was")
    assert client.post("/api/account", json={"name": "Ada", "password": PASSWORD}).status_code == 201


def test_joining_signed_in_binds_the_seat_and_lists_the_table_with_its_token(client: TestClient) -> None:
    """Issue 16: a seat joined while signed in is the account's; the account's list gives its token back (to go on
    from another device), tables where it is the account's move first, then other unfinished ones, then finished."""
    finished = new_table(client, ["human", "human"])
    waiting = new_table(client, ["human", "human"])
    on_turn = new_table(client, ["human", "human"])
    sign_up(client)
    first = state(client, on_turn["id"])["current_player"]
    joins = [(finished, 0), (waiting, 1 - first), (on_turn, first)]
    for table, seat in joins:
        response = client.post(
            f"/api/tables/{table['id']}/join",
            headers=auth(tokens_of(table)[seat]),
            json={"name": "Ada", "account": True},
        )
        assert response.status_code == 200, response.json()
    play_to_end(client, finished["id"], tokens_of(finished))
    listed = client.get("/api/account/tables").json()["tables"]
    assert [entry["id"] for entry in listed] == [on_turn["id"], waiting["id"], finished["id"]]
    top = listed[0]
    assert top["your_move"] is True and top["terminal"] is False and top["current_player"] == first
    assert top["mine"] == [{"seat": first, "token": tokens_of(on_turn)[first]}]
    assert top["seats"][first] == {"seat": first, "name": "Ada", "kind": "human", "bot": False}
    assert top["game"] == "city-blocks" and top["title"] and top["version"] == 0
    assert listed[1]["your_move"] is False and listed[2]["terminal"] is True and listed[2]["your_move"] is False
    # The token from the list is the seat: another device plays on with it.
    as_guest(client)
    assert state(client, on_turn["id"], top["mine"][0]["token"])["seat"] == first
    assert client.get("/api/account/tables").json()["problem"] == "not-signed-in"


def test_claiming_a_seat_joined_as_a_guest(client: TestClient) -> None:
    """Issue 16: a guest who signs up afterwards claims their seat with its token; it is then listed."""
    table = new_table(client, ["human", "human"])
    tokens = tokens_of(table)
    assert (
        client.post(f"/api/tables/{table['id']}/join", headers=auth(tokens[1]), json={"name": "Ada"}).status_code == 200
    )
    sign_up(client)
    assert client.get("/api/account/tables").json()["tables"] == []
    claimed = client.post(f"/api/tables/{table['id']}/claim", headers=auth(tokens[1]))
    assert claimed.status_code == 200 and claimed.json()["seat"] == 1
    [entry] = client.get("/api/account/tables").json()["tables"]
    assert entry["mine"] == [{"seat": 1, "token": tokens[1]}]
    assert client.post(f"/api/tables/{table['id']}/claim", headers=auth(tokens[1])).status_code == 200  # again: same
    as_guest(client)
    anonymous = client.post(f"/api/tables/{table['id']}/claim", headers=auth(tokens[1]))
    assert (anonymous.status_code, anonymous.json()["problem"]) == (401, "not-signed-in")


def test_another_accounts_seat_cannot_be_claimed_or_joined(client: TestClient) -> None:
    """Issue 16: a seat bound to one account is refused to another (409) and keeps its player's name."""
    table = new_table(client, ["human", "human"])
    tokens = tokens_of(table)
    sign_up(client, "Ada")
    body = {"name": "Ada", "account": True}
    assert client.post(f"/api/tables/{table['id']}/join", headers=auth(tokens[0]), json=body).status_code == 200
    as_guest(client)
    sign_up(client, "Grace")
    claim = client.post(f"/api/tables/{table['id']}/claim", headers=auth(tokens[0]))
    assert (claim.status_code, claim.json()["problem"]) == (409, "seat-claimed")
    join = client.post(
        f"/api/tables/{table['id']}/join", headers=auth(tokens[0]), json={"name": "Grace", "account": True}
    )
    assert (join.status_code, join.json()["problem"]) == (409, "seat-claimed")
    assert client.get(f"/api/tables/{table['id']}").json()["seats"][0]["name"] == "Ada"
    assert client.get("/api/account/tables").json()["tables"] == []


def test_the_rematch_seat_stays_the_accounts(client: TestClient) -> None:
    """Issue 16: asking for the rematch from an account's seat makes the new seat the account's too."""
    table = new_table(client, ["human", "greedy"])
    token = tokens_of(table)[0]
    sign_up(client)
    body = {"name": "Ada", "account": True}
    assert client.post(f"/api/tables/{table['id']}/join", headers=auth(token), json=body).status_code == 200
    play_to_end(client, table["id"], {0: token})
    rematch = client.post(f"/api/tables/{table['id']}/rematch", headers=auth(token))
    assert rematch.status_code == 200
    listed = client.get("/api/account/tables").json()["tables"]
    assert [entry["id"] for entry in listed] == [rematch.json()["id"], table["id"]]
    assert listed[0]["mine"] == [{"seat": 0, "token": rematch.json()["secret"]}]


def test_a_players_page_lists_their_finished_games_only(client: TestClient) -> None:
    """Issue 16: the public page of a player: name, since when, and finished games with seats, winners and
    scores; games still being played are not shown."""
    done = new_table(client, ["human", "human"])
    going = new_table(client, ["human", "human"])
    sign_up(client, "Ada")
    for table in (done, going):
        body = {"name": "Ada", "account": True}
        client.post(f"/api/tables/{table['id']}/join", headers=auth(tokens_of(table)[0]), json=body)
    final = play_to_end(client, done["id"], tokens_of(done))
    as_guest(client)
    page = client.get("/api/players/ada")
    assert page.status_code == 200
    body = page.json()
    assert body["name"] == "Ada" and body["created"]
    [game] = body["games"]
    assert game["id"] == done["id"] and game["finished"] is True and game["game"] == "city-blocks" and game["title"]
    assert game["winners"] == final["result"]["winners"] and game["scores"] == final["scores"]
    assert game["seats"][0] == {"seat": 0, "name": "Ada", "kind": "human", "bot": False}
    assert "token" not in repr(body)
    missing = client.get("/api/players/nobody")
    assert (missing.status_code, missing.json()["problem"]) == (404, "unknown-player")

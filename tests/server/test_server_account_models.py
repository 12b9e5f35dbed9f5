"""Issue 32, "One typed contract from the engine to the page": every JSON answer of the account, rating and seat-claim
routes is described by its response model. A signed-in account with tables (one finished and rated, one paced and
its move), mail settings and a leaderboard calls each endpoint for real; each answer validates against its model with
extra keys forbidden, the model keeps it whole (a response model drops what it does not declare), and it holds what
the endpoint answered before the routes moved to `routes/` (the same keys and values). Runs against SQLite and
PostgreSQL."""

from __future__ import annotations

import copy
import hashlib
from collections.abc import Iterator
from typing import Any

import pytest
from argon2 import PasswordHasher
from jsonschema import Draft202012Validator
from pydantic import TypeAdapter
from server_helpers import TestClient, auth, new_table, play_to_end, state, tokens_of, wait_for
from sqlalchemy import select

from guildtable.server import accounts as accounts_module
from guildtable.server import create_app
from guildtable.server.accounts import COOKIE, CSRF_HEADER
from guildtable.server.language import COOKIE as LANGUAGE_COOKIE
from guildtable.server.limits import ServerLimits
from guildtable.server.models.accounts import (
    AccountInfo,
    AccountLanguage,
    AccountTables,
    EndedSessions,
    MailSettings,
    SessionState,
    SignedInAccount,
)
from guildtable.server.models.ratings import Leaderboard, PlayerPage
from guildtable.server.models.tables import TableState
from guildtable.server.ratings import shown_rating
from guildtable.server.settings import ServerSettings
from guildtable.server.storage.schema import rated_games, ratings

PASSWORD = "correct horse battery"
NEW_PASSWORD = "violet kettle harbour drum"
SEATS = [
    {"seat": 0, "name": "Ada", "kind": "human", "bot": False},
    {"seat": 1, "name": "Red (Computer, casual)", "kind": "greedy", "bot": False},
]


@pytest.fixture(autouse=True)
def cheap_hashes(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(
        accounts_module, "new_hasher", lambda: PasswordHasher(time_cost=1, memory_cost=64, parallelism=1)
    )


@pytest.fixture
def client(db_url: str) -> Iterator[TestClient]:
    # Players are on the leaderboard from their first rated game, so Ada's one game puts her there.
    limits = ServerLimits(signin_rate="1000/minute", leaderboard_min_games=1)
    settings = ServerSettings(db=db_url, bot_delay=0, allow_chosen_seeds=True, limits=limits)
    with TestClient(create_app(settings)) as test_client:
        yield test_client


def _closed(schema: Any) -> Any:
    """`schema` with every object that does not say otherwise closed to keys it does not declare."""
    if isinstance(schema, dict):
        closed = {key: _closed(value) for key, value in schema.items()}
        if "properties" in closed and "additionalProperties" not in closed:
            closed["additionalProperties"] = False
        return closed
    if isinstance(schema, list):
        return [_closed(item) for item in schema]
    return schema


def fits(model: Any, answer: Any) -> None:
    """`answer` validates against `model` with extra keys forbidden, and the model gives it back whole."""
    adapter: TypeAdapter[Any] = TypeAdapter(model)
    errors = [error.message for error in Draft202012Validator(_closed(adapter.json_schema())).iter_errors(answer)]
    assert errors == [], errors[:5]
    assert adapter.dump_python(adapter.validate_python(copy.deepcopy(answer)), mode="json") == answer


def rows(client: TestClient, table: Any) -> list[Any]:
    engine = client.app.state.lobby.store.store.engine  # type: ignore[attr-defined]
    with engine.connect() as db:
        return list(db.execute(select(table)).all())


def ok(response: Any, status: int = 200) -> Any:
    assert response.status_code == status, response.text
    return response.json()


def sign_up(client: TestClient) -> dict[str, Any]:
    answer = ok(client.post("/api/account", json={"name": "Ada", "password": PASSWORD}), 201)
    client.headers[CSRF_HEADER] = answer["csrf"]
    return dict(answer)


def rated_game(client: TestClient) -> dict[str, Any]:
    """Ada's rated City Blocks game against the greedy bot, played to its end and rated."""
    table = new_table(client, ["human", "greedy"], rated=True)
    body = {"name": "Ada", "account": True}
    ok(client.post(f"/api/tables/{table['id']}/join", headers=auth(tokens_of(table)[0]), json=body))
    play_to_end(client, table["id"], {0: tokens_of(table)[0]})
    wait_for(lambda: rows(client, rated_games))
    return table


def paced_table(client: TestClient) -> dict[str, Any]:
    """A turn-based table of two human seats, both taken by their creator: seat 0 as Ada's account at once."""
    seats = [{"take": True, "account": True}, {"take": True}]
    body = {"game": "city-blocks", "seed": 3, "pace": {"kind": "turn", "days": 2}, "seats": seats}
    return dict(ok(client.post("/api/tables", json=body), 201))


def test_the_session_answers_fit_their_models(client: TestClient) -> None:
    """Issue 32: signing up and in, who is signed in and the session's state (a guest's too) fit their models, and
    the cookies still come with them."""
    guest = ok(client.get("/api/session"))
    fits(SessionState, guest)
    assert guest == {"signed_in": False}
    signed_up = client.post("/api/account", json={"name": "Ada", "password": PASSWORD})
    created = ok(signed_up, 201)
    fits(SignedInAccount, created)
    assert created == {"name": "Ada", "csrf": created["csrf"], "language": "en"} and len(created["csrf"]) >= 22
    assert signed_up.headers["set-cookie"].startswith(f"{COOKIE}=")
    client.headers[CSRF_HEADER] = created["csrf"]
    account = ok(client.get("/api/account"))
    fits(AccountInfo, account)
    assert account == {"name": "Ada", "csrf": created["csrf"], "created": account["created"], "language": "en"}
    assert account["created"].endswith("+00:00")
    signed_in = ok(client.get("/api/session"))
    fits(SessionState, signed_in)
    assert signed_in == {"signed_in": True, **account}
    assert client.delete("/api/session").status_code == 204
    client.cookies.clear()
    client.headers.pop(CSRF_HEADER)
    again = client.post("/api/session", json={"name": "ada", "password": PASSWORD})
    answer = ok(again)
    fits(SignedInAccount, answer)
    assert answer == {"name": "Ada", "csrf": answer["csrf"], "language": "en"} and answer["csrf"] != created["csrf"]
    # A browser that chose no language gets the account's with its session.
    cookies = again.headers.get_list("set-cookie")
    assert [cookie.split("=")[0] for cookie in cookies] == [COOKIE, LANGUAGE_COOKIE]


def test_the_account_controls_fit_their_models(client: TestClient) -> None:
    """Issue 32: the language, the password and the other sessions' answers fit their models."""
    sign_up(client)
    for language in ("de", "en"):
        changed = client.put("/api/account/language", json={"language": language})
        fits(AccountLanguage, ok(changed))
        assert changed.json() == {"language": language}
        assert changed.headers["set-cookie"].startswith(f"{LANGUAGE_COOKIE}={language};")
    body = {"current_password": PASSWORD, "new_password": NEW_PASSWORD}
    for answer in (
        ok(client.post("/api/account/password", json=body)),
        ok(client.delete("/api/account/sessions")),
    ):
        fits(EndedSessions, answer)
        assert answer == {"ended_sessions": 0}
    gone = client.post("/api/account/delete", json={"password": NEW_PASSWORD})
    assert gone.status_code == 204 and gone.content == b"" and "Max-Age=0" in gone.headers["set-cookie"]


def test_the_mail_settings_fit_their_model(client: TestClient) -> None:
    """Issue 32: the mail settings fit their model without an address, with one waiting for its confirmation mail,
    and with one whose confirmation mail went out."""
    sign_up(client)
    none = ok(client.get("/api/account/settings"))
    fits(MailSettings, none)
    assert none == {
        "email": None,
        "notify": "off",
        "status": None,
        "confirmed": False,
        "confirmation_sent": None,
        "sends_mail": False,
    }
    due = ok(client.put("/api/account/settings", json={"email": "ada@example.org", "notify": "turn"}))
    fits(MailSettings, due)
    assert due == {**none, "email": "ada@example.org", "notify": "turn", "status": "due"}
    store = client.app.state.lobby.store.store  # type: ignore[attr-defined]
    ada = store.accounts.account_named("ada").id
    assert store.mail_choices.claim_confirmation(ada, "ada@example.org", hashlib.sha256(b"x").hexdigest(), 17e8)
    sent = ok(client.get("/api/account/settings"))
    fits(MailSettings, sent)
    assert sent == {**due, "status": "sent", "confirmation_sent": 17e8}
    again = ok(client.post("/api/account/settings/confirmation"))
    fits(MailSettings, again)
    assert again == due


def test_the_tables_the_claim_and_the_ratings_fit_their_models(client: TestClient) -> None:
    """Issue 32: an account's tables (a paced one where it is its move, a finished rated one), claiming a seat, a
    player's page and a leaderboard fit their models and hold what they held before."""
    sign_up(client)
    rated = rated_game(client)
    paced = paced_table(client)
    secrets = {taken["seat"]: taken["secret"] for taken in paced["secrets"]}
    claimed = ok(client.post(f"/api/tables/{paced['id']}/claim", headers=auth(secrets[1])))
    fits(TableState, claimed)
    # The seat's state, as GET /state gives it (the server's clock aside: a paced table's answer says when it was made).
    assert {**claimed, "server_time": 0} == {**state(client, paced["id"], secrets[1]), "server_time": 0}

    listed = ok(client.get("/api/account/tables"))
    fits(AccountTables, listed)
    final = state(client, rated["id"])
    assert listed["tables"] == [
        {
            "id": paced["id"],
            "game": "city-blocks",
            "title": "City Blocks",
            "seats": [
                {"seat": 0, "name": "Blue", "kind": "human", "bot": False},
                {"seat": 1, "name": "Red", "kind": "human", "bot": False},
            ],
            "mine": [{"seat": 0, "token": secrets[0]}, {"seat": 1, "token": secrets[1]}],
            "current_player": claimed["current_player"],
            "your_move": True,
            "terminal": False,
            "version": 0,
            "rated": False,
            "pace": "turn",
            "deadline": claimed["deadline"],
        },
        {
            "id": rated["id"],
            "game": "city-blocks",
            "title": "City Blocks",
            "seats": SEATS,
            "mine": [{"seat": 0, "token": tokens_of(rated)[0]}],
            "current_player": None,
            "your_move": False,
            "terminal": True,
            "version": final["version"],
            "rated": True,
            "pace": "turn",  # a rated table is turn-based unless its creator chose otherwise
            "deadline": None,
        },
    ]
    assert isinstance(claimed["deadline"], float)

    figures = {row.subject: row for row in rows(client, ratings)}
    ada = client.app.state.lobby.store.store.accounts.account_named("ada").id  # type: ignore[attr-defined]

    def expected_figures(subject: str) -> dict[str, Any]:
        row = figures[subject]
        rating = shown_rating(row.mu, row.sigma)
        ordinal = round(row.mu - 3 * row.sigma, 1)
        return {
            "rating": rating,
            "ordinal": ordinal,
            "mu": round(row.mu, 3),
            "sigma": round(row.sigma, 3),
            "games": 1,
            "provisional": False,
        }

    page = ok(client.get("/api/players/Ada"))
    fits(PlayerPage, page)
    result = final["result"]
    assert page == {
        "name": "Ada",
        "bot": False,
        "created": ok(client.get("/api/account"))["created"],
        "ratings": [{"game": "city-blocks", "title": "City Blocks", **expected_figures(ada)}],
        "games": [
            {
                "id": rated["id"],
                "game": "city-blocks",
                "title": "City Blocks",
                "finished": True,
                "seats": SEATS,
                "winners": result["winners"],
                "out": {},
                "scores": result["scores"],
                "rated": True,
                "rating": {"status": "rated", "text": "Rated"},
            }
        ],
    }

    board = ok(client.get("/api/leaderboard/city-blocks"))
    fits(Leaderboard, board)
    entries = [
        {"name": "Ada", "kind": "player", "level": None, "bot_account": False, **expected_figures(ada)},
        {
            "name": "Computer, casual",
            "kind": "bot",
            "level": "greedy",
            "bot_account": False,
            **expected_figures("bot:greedy"),
        },
    ]
    entries.sort(key=lambda entry: -entry["ordinal"])
    assert board == {"game": "city-blocks", "title": "City Blocks", "min_games": 1, "entries": entries}


def test_the_schema_gives_every_answer_a_model_and_an_example(client: TestClient) -> None:
    """Issue 32: /openapi.json describes each JSON answer of these routes by its model, with an example, and lists
    the problem body on each of their error statuses."""
    schema = client.get("/openapi.json").json()
    components = schema["components"]["schemas"]
    answers = {
        ("post", "/api/account"): ("201", "SignedInAccount"),
        ("post", "/api/session"): ("200", "SignedInAccount"),
        ("get", "/api/account"): ("200", "AccountInfo"),
        ("get", "/api/account/tables"): ("200", "AccountTables"),
        ("post", "/api/account/password"): ("200", "EndedSessions"),
        ("delete", "/api/account/sessions"): ("200", "EndedSessions"),
        ("put", "/api/account/language"): ("200", "AccountLanguage"),
        ("get", "/api/account/settings"): ("200", "MailSettings"),
        ("put", "/api/account/settings"): ("200", "MailSettings"),
        ("post", "/api/account/settings/confirmation"): ("200", "MailSettings"),
        ("get", "/api/players/{name}"): ("200", "PlayerPage"),
        ("get", "/api/leaderboard/{game}"): ("200", "Leaderboard"),
        ("post", "/api/tables/{table_id}/claim"): ("200", "TableState"),
    }
    for (method, path), (status, model) in answers.items():
        responses = schema["paths"][path][method]["responses"]
        answer = responses[status]["content"]["application/json"]["schema"]
        assert answer == {"$ref": f"#/components/schemas/{model}"}, (method, path)
        assert [status] == [code for code in responses if code.startswith("2")], (method, path)
        assert all(
            "application/problem+json" in response["content"] for code, response in responses.items() if code >= "4"
        )
    for model in {model for _status, model in answers.values()} - {"TableState"}:
        assert components[model]["examples"], model
    session = schema["paths"]["/api/session"]["get"]["responses"]["200"]["content"]["application/json"]["schema"]
    assert session["anyOf"] == [
        {"$ref": "#/components/schemas/GuestSession"},
        {"$ref": "#/components/schemas/AccountSession"},
    ]
    for name in ("GuestSession", "AccountSession"):
        assert components[name]["examples"]

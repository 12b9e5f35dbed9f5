"""Issue 37: bot accounts, their tokens and the Bot API, in-process (the routes that answer once; the streams, which
need a real server, are in `test_bot_play.py`)."""

from __future__ import annotations

import hashlib
from collections.abc import Iterator

import pytest
from argon2 import PasswordHasher
from server_helpers import TestClient, auth, new_table, tokens_of
from sqlalchemy import create_engine, select

from guildtable.server import accounts as accounts_module
from guildtable.server import create_app
from guildtable.server.accounts import CSRF_HEADER
from guildtable.server.limits import ServerLimits
from guildtable.server.settings import ServerSettings
from guildtable.server.storage.schema import bot_tokens

PASSWORD = "correct horse battery"


@pytest.fixture(autouse=True)
def cheap_hashes(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(
        accounts_module, "new_hasher", lambda: PasswordHasher(time_cost=1, memory_cost=64, parallelism=1)
    )


@pytest.fixture
def client(sqlite_url: str) -> Iterator[TestClient]:
    limits = ServerLimits(signin_rate="1000/minute")
    settings = ServerSettings(db=sqlite_url, bot_delay=0, allow_chosen_seeds=True, limits=limits)
    with TestClient(create_app(settings)) as test_client:
        yield test_client


def sign_up(client: TestClient, name: str = "Ada") -> None:
    response = client.post("/api/account", json={"name": name, "password": PASSWORD})
    assert response.status_code == 201, response.json()
    client.headers[CSRF_HEADER] = response.json()["csrf"]


def as_guest(client: TestClient) -> None:
    """The client's browser forgets its session (the server's stays)."""
    client.cookies.clear()
    client.headers.pop(CSRF_HEADER, None)


def new_bot(client: TestClient, name: str = "Deep Blocks", scopes: tuple[str, ...] = ("play", "read")) -> str:
    """A bot of the signed-in account, and a new token of it."""
    created = client.post("/api/account/bots", json={"name": name})
    assert created.status_code in (201, 409), created.json()
    issued = client.post(f"/api/account/bots/{name}/tokens", json={"scopes": list(scopes), "label": "test"})
    assert issued.status_code == 201, issued.json()
    return str(issued.json()["token"])


def bot_at_table(client: TestClient, token: str, bot: str = "Deep Blocks") -> tuple[dict, str]:
    """A City Blocks table of Ada (seat 0) with its seat 1 offered to the bot and taken by it; the table and Ada's
    secret."""
    table = new_table(client, ["human", "human"], take=False)
    invites = tokens_of(table)
    mine = client.post(f"/api/tables/{table['id']}/join", headers=auth(invites[0]), json={"name": "Ada"}).json()
    offered = client.post(f"/api/tables/{table['id']}/invite-bot", headers=auth(invites[1]), json={"bot": bot})
    assert offered.status_code == 200, offered.json()
    accepted = client.post(f"/api/bot/invitations/{table['id']}/1/accept", headers=auth(token))
    assert accepted.status_code == 200, accepted.json()
    return table, str(mine["secret"])


def test_a_token_is_shown_once_and_stored_as_its_hash(client: TestClient, sqlite_url: str) -> None:
    sign_up(client)
    token = new_bot(client)
    assert token.startswith("gtb_")
    listed = client.get("/api/account/bots").json()["bots"]
    assert [(bot["name"], bot["bot"]) for bot in listed] == [("Deep Blocks", True)]
    assert token not in str(listed) and len(listed[0]["tokens"]) == 1
    engine = create_engine(sqlite_url)
    with engine.connect() as db:
        stored = db.execute(select(bot_tokens.c.token_hash)).scalars().all()
    engine.dispose()
    assert stored == [hashlib.sha256(token.encode()).hexdigest()]
    assert client.get("/api/bot/account", headers=auth(token)).json() == {
        "name": "Deep Blocks",
        "bot": True,
        "scopes": ["play", "read"],
    }


def test_a_bot_account_never_signs_in(client: TestClient) -> None:
    sign_up(client)
    new_bot(client)
    for password in (PASSWORD, "", "!bot"):
        answer = client.post("/api/session", json={"name": "Deep Blocks", "password": password or "x"})
        assert answer.status_code == 401


def test_a_revoked_token_stops_working_at_once(client: TestClient) -> None:
    sign_up(client)
    token = new_bot(client)
    assert client.get("/api/bot/account", headers=auth(token)).status_code == 200
    token_id = client.get("/api/account/bots").json()["bots"][0]["tokens"][0]["id"]
    assert client.delete(f"/api/account/bots/tokens/{token_id}").status_code == 204
    refused = client.get("/api/bot/account", headers=auth(token))
    assert (refused.status_code, refused.json()["problem"]) == (401, "unknown-bot-token")
    assert client.delete(f"/api/account/bots/tokens/{token_id}").status_code == 404


def test_only_the_owner_revokes_and_issues(client: TestClient) -> None:
    sign_up(client)
    token = new_bot(client)
    token_id = client.get("/api/account/bots").json()["bots"][0]["tokens"][0]["id"]
    as_guest(client)
    sign_up(client, "Grace")
    assert client.delete(f"/api/account/bots/tokens/{token_id}").status_code == 404
    assert client.post("/api/account/bots/Deep Blocks/tokens", json={}).status_code == 404
    assert client.get("/api/bot/account", headers=auth(token)).status_code == 200


def test_a_bot_token_grants_no_cookie_powers_and_no_seat_secret(client: TestClient) -> None:
    sign_up(client)
    token = new_bot(client)
    table, _secret = bot_at_table(client, token)
    as_guest(client)
    assert client.get("/api/account", headers=auth(token)).status_code == 401
    assert client.get("/api/account/bots", headers=auth(token)).status_code == 401
    assert client.post("/api/account/bots", headers=auth(token), json={"name": "Sneaky"}).status_code == 401
    seat_state = client.get(f"/api/tables/{table['id']}/state", headers=auth(token))
    assert (seat_state.status_code, seat_state.json()["problem"]) == (403, "forged-token")
    version = client.get(f"/api/tables/{table['id']}").json()["version"]
    moved = client.post(
        f"/api/tables/{table['id']}/moves", headers=auth(token), json={"version": version, "action": {}}
    )
    assert moved.status_code == 403


def test_a_read_token_cannot_play_and_a_play_token_cannot_read(client: TestClient) -> None:
    sign_up(client)
    player = new_bot(client)
    reader = new_bot(client, scopes=("read",))
    writer = new_bot(client, scopes=("play",))
    table, _secret = bot_at_table(client, player)
    assert client.get(f"/api/bot/game/{table['id']}", headers=auth(reader)).status_code == 200
    assert client.get(f"/api/bot/game/{table['id']}", headers=auth(writer)).json()["problem"] == "token-scope"
    assert client.post(f"/api/bot/game/{table['id']}/resign", headers=auth(reader)).json()["problem"] == "token-scope"


def test_the_bot_plays_its_own_seat_through_the_pages_move_path(client: TestClient) -> None:
    """The bot's seat state is what a page of that seat gets; its moves are made as a page's; a bot is badged in
    every seat list; it never gets another seat's view, and at a table where it holds no seat it gets nothing."""
    sign_up(client)
    token = new_bot(client)
    table, secret = bot_at_table(client, token)
    table_id = table["id"]
    seats = client.get(f"/api/tables/{table_id}").json()["seats"]
    assert [(seat["name"], seat["bot"]) for seat in seats] == [("Ada", False), ("Deep Blocks", True)]
    mine = client.get(f"/api/bot/game/{table_id}", headers=auth(token)).json()
    assert mine["seat"] == 1 and mine["view"]["seat"] == 1
    for _turn in range(6):
        on_turn = client.get(f"/api/tables/{table_id}").json()["current_player"]
        if on_turn == 1:
            now = client.get(f"/api/bot/game/{table_id}", headers=auth(token)).json()
            answer = client.post(
                f"/api/bot/game/{table_id}/move",
                headers=auth(token),
                json={"version": now["version"], "action": now["legal"][0]["action"]},
            )
        else:
            now = client.get(f"/api/tables/{table_id}/state", headers=auth(secret)).json()
            assert client.get(f"/api/bot/game/{table_id}", headers=auth(token)).json()["legal"] == []
            answer = client.post(
                f"/api/tables/{table_id}/moves",
                headers=auth(secret),
                json={"version": now["version"], "action": now["legal"][0]["action"]},
            )
        assert answer.status_code == 200, answer.json()
    stale = client.post(f"/api/bot/game/{table_id}/move", headers=auth(token), json={"version": 0, "action": {}})
    assert stale.status_code == 409
    other = new_table(client, ["human", "human"])
    elsewhere = client.get(f"/api/bot/game/{other['id']}", headers=auth(token))
    assert (elsewhere.status_code, elsewhere.json()["problem"]) == (403, "not-seated")
    resigned = client.post(f"/api/bot/game/{table_id}/resign", headers=auth(token)).json()
    assert resigned["terminal"] and resigned["out"] == {"1": "resigned"}


def test_an_invitation_is_declined_or_taken_once(client: TestClient) -> None:
    sign_up(client)
    token = new_bot(client)
    table = new_table(client, ["human", "human"], take=False)
    invites = tokens_of(table)
    table_id = table["id"]
    unknown = client.post(f"/api/tables/{table_id}/invite-bot", headers=auth(invites[1]), json={"bot": "Ada"})
    assert (unknown.status_code, unknown.json()["problem"]) == (404, "unknown-bot")
    forged = client.post(f"/api/tables/{table_id}/invite-bot", headers=auth("nope"), json={"bot": "Deep Blocks"})
    assert forged.status_code == 403
    assert client.post(f"/api/bot/invitations/{table_id}/1/accept", headers=auth(token)).status_code == 404
    client.post(f"/api/tables/{table_id}/invite-bot", headers=auth(invites[1]), json={"bot": "Deep Blocks"})
    assert client.post(f"/api/bot/invitations/{table_id}/1/decline", headers=auth(token)).status_code == 204
    assert client.post(f"/api/bot/invitations/{table_id}/1/accept", headers=auth(token)).status_code == 404
    client.post(f"/api/tables/{table_id}/invite-bot", headers=auth(invites[1]), json={"bot": "Deep Blocks"})
    assert client.post(f"/api/bot/invitations/{table_id}/1/accept", headers=auth(token)).status_code == 200
    taken = client.post(f"/api/tables/{table_id}/invite-bot", headers=auth(invites[1]), json={"bot": "Deep Blocks"})
    assert (taken.status_code, taken.json()["problem"]) == (409, "seat-taken")


def test_bot_tokens_are_rate_limited(sqlite_url: str) -> None:
    limits = ServerLimits(signin_rate="1000/minute", bot_rate="3/minute")
    settings = ServerSettings(db=sqlite_url, bot_delay=0, limits=limits)
    with TestClient(create_app(settings)) as client:
        sign_up(client)
        token = new_bot(client)
        answers = [client.get("/api/bot/account", headers=auth(token)).status_code for _ in range(5)]
    assert answers == [200, 200, 200, 429, 429]


def test_a_person_challenges_a_bot_and_bots_challenge_each_other(client: TestClient) -> None:
    sign_up(client)
    deep = new_bot(client)
    shallow = new_bot(client, "Shallow Blocks")
    challenged = client.post("/api/challenges", json={"bot": "Deep Blocks", "game": "city-blocks", "rated": True})
    assert challenged.status_code == 201, challenged.json()
    table = challenged.json()
    assert table["rated"] and [secret["seat"] for secret in table["secrets"]] == [0] and table["invites"] == []
    accepted = client.post(f"/api/bot/invitations/{table['id']}/1/accept", headers=auth(deep))
    assert accepted.status_code == 200, accepted.json()
    seats = client.get(f"/api/tables/{table['id']}").json()["seats"]
    assert [(seat["name"], seat["bot"], seat["joined"]) for seat in seats] == [
        ("Ada", False, True),
        ("Deep Blocks", True, True),
    ]
    as_guest(client)
    between = client.post(
        "/api/bot/challenges", headers=auth(deep), json={"bot": "Shallow Blocks", "game": "city-blocks"}
    )
    assert between.status_code == 201, between.json()
    assert between.json()["secrets"] == []  # a bot plays with its token alone
    table_id = between.json()["id"]
    assert client.get(f"/api/bot/game/{table_id}", headers=auth(deep)).json()["seat"] == 0
    assert client.post(f"/api/bot/invitations/{table_id}/1/accept", headers=auth(shallow)).status_code == 200
    seats = client.get(f"/api/tables/{table_id}").json()["seats"]
    assert [(seat["name"], seat["bot"]) for seat in seats] == [("Deep Blocks", True), ("Shallow Blocks", True)]
    assert client.post("/api/challenges", json={"bot": "Deep Blocks", "game": "city-blocks"}).status_code == 401
    itself = client.post("/api/bot/challenges", headers=auth(deep), json={"bot": "Deep Blocks", "game": "city-blocks"})
    assert itself.status_code == 422


def test_deleting_the_owner_deletes_its_bots_and_their_tokens(client: TestClient) -> None:
    sign_up(client)
    token = new_bot(client)
    assert client.post("/api/account/delete", json={"password": PASSWORD}).status_code == 204
    assert client.get("/api/bot/account", headers=auth(token)).status_code == 401
    as_guest(client)
    sign_up(client, "Deep Blocks")  # the bot's name is free again

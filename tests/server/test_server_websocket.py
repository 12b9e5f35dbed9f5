"""The WebSocket: one per client, hello with a seat token (or none: a spectator), moves with versions, errors as
problem messages, and a reconnect that restores exactly the same view."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from server_helpers import TestClient, new_table, state, tokens_of
from starlette.websockets import WebSocketDisconnect

from guildtable.server import create_app
from guildtable.server.settings import ServerSettings


@pytest.fixture
def client(sqlite_url: str) -> Iterator[TestClient]:
    with TestClient(create_app(ServerSettings(db=sqlite_url, bot_delay=0, allow_chosen_seeds=True))) as test_client:
        yield test_client


def hello(ws, token: str | None) -> dict:  # type: ignore[no-untyped-def]
    ws.send_json({"type": "hello", "token": token})
    return dict(ws.receive_json())


def test_hello_gives_the_seat_its_whole_picture(client: TestClient) -> None:
    table = new_table(client, ["human", "human"])
    tokens = tokens_of(table)
    with client.websocket_connect(f"/ws/tables/{table['id']}") as ws:
        message = hello(ws, tokens[0])
    assert message["type"] == "state"
    assert message == {**state(client, table["id"], tokens[0]), "type": "state"}
    assert message["view"]["hand"] is not None


def test_a_spectator_sees_no_hand_and_cannot_move(client: TestClient) -> None:
    table = new_table(client, ["human", "human"])
    with client.websocket_connect(f"/ws/tables/{table['id']}") as ws:
        message = hello(ws, None)
        assert message["seat"] is None and message["view"]["hand"] is None and message["legal"] == []
        ws.send_json({"type": "move", "version": 0, "action": {"type": "noswap"}})
        error = ws.receive_json()
    assert (error["type"], error["problem"], error["status"]) == ("error", "missing-token", 401)


def test_a_forged_token_is_refused_and_the_socket_closed(client: TestClient) -> None:
    table = new_table(client, ["human", "human"])
    with client.websocket_connect(f"/ws/tables/{table['id']}") as ws:
        error = hello(ws, "forged-" + "x" * 30)
        assert (error["type"], error["problem"]) == ("error", "forged-token")
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == 4403


def test_moves_over_the_socket_reach_every_client_as_its_own_seat(client: TestClient) -> None:
    table = new_table(client, ["human", "human"])
    tokens = tokens_of(table)
    url = f"/ws/tables/{table['id']}"
    with client.websocket_connect(url) as blue, client.websocket_connect(url) as red:
        sockets = {0: blue, 1: red}
        first = {seat: hello(ws, tokens[seat]) for seat, ws in sockets.items()}
        mover = first[0]["current_player"]
        legal = first[mover]["legal"][0]
        sockets[mover].send_json({"type": "move", "version": 0, "action": legal["action"]})
        updates = {seat: ws.receive_json() for seat, ws in sockets.items()}
    for seat, update in updates.items():
        assert update["type"] == "update" and update["version"] == 1 and update["seat"] == seat
        assert update["events"][0]["move"] == legal["notation"]
        assert update["view"] == state(client, table["id"], tokens[seat])["view"]
    # The tiles the mover drew are told to the mover only.
    assert any(event["kind"] == "drew" for event in updates[mover]["events"])
    assert not any(event["kind"] == "drew" for event in updates[1 - mover]["events"])


def test_bad_messages_get_problems_and_the_socket_stays_open(client: TestClient) -> None:
    table = new_table(client, ["human", "human"])
    tokens = tokens_of(table)
    with client.websocket_connect(f"/ws/tables/{table['id']}") as ws:
        start = hello(ws, tokens[0])
        ws.send_text("{not json")
        assert ws.receive_json()["problem"] == "malformed-json"
        ws.send_json({"type": "dance"})
        assert ws.receive_json()["problem"] == "bad-request"
        ws.send_json({"type": "move", "action": {"type": "noswap"}})
        assert ws.receive_json()["problem"] == "bad-request"
        ws.send_json({"type": "move", "version": 5, "action": {"type": "noswap"}})
        assert ws.receive_json()["problem"] == "stale-version"
        if start["current_player"] != 0:
            ws.send_json({"type": "move", "version": 0, "action": {"type": "noswap"}})
            assert ws.receive_json()["problem"] == "not-your-turn"
        ws.send_json({"type": "ping"})
        assert ws.receive_json() == {"type": "pong"}
    assert state(client, table["id"])["version"] == 0


def test_a_reconnect_restores_exactly_the_same_view(client: TestClient) -> None:
    table = new_table(client, ["human", "greedy"], seed=9)
    token = tokens_of(table)[0]
    url = f"/ws/tables/{table['id']}"
    with client.websocket_connect(url) as ws:
        message = hello(ws, token)
        while message["current_player"] != 0:
            message = ws.receive_json()
        ws.send_json({"type": "move", "version": message["version"], "action": message["legal"][0]["action"]})
        seen = [ws.receive_json()]
        while seen[-1]["current_player"] != 0:
            seen.append(ws.receive_json())
    log = message["log"] + [event for update in seen for event in update["events"]]
    with client.websocket_connect(url) as again:
        restored = hello(again, token)
    assert restored["view"] == seen[-1]["view"]
    assert restored["legal"] == seen[-1]["legal"]
    assert restored["log"] == log


def test_spectators_reading_one_language_share_one_message_built_once(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A move's broadcast builds one message per audience (seat, language), not one per socket: three English
    spectators cost one spectator's view, and each still gets the whole update (CB-9: the hands stay hidden)."""
    from guildtable.games.city_blocks.rules import CityBlocksState

    table = new_table(client, ["human", "human"])
    tokens = tokens_of(table)
    url = f"/ws/tables/{table['id']}"
    views: list[int | None] = []
    built: list[int] = []
    build = CityBlocksState.views

    def counted(self: CityBlocksState, seats: list[int | None]) -> list[dict]:  # type: ignore[type-arg]
        views.extend(seats)
        built.append(len(seats))
        return build(self, seats)

    with (
        client.websocket_connect(url) as blue,
        client.websocket_connect(url) as red,
        client.websocket_connect(url) as first,
        client.websocket_connect(url) as second,
        client.websocket_connect(url) as third,
        client.websocket_connect(f"{url}?lang=de") as german,
    ):
        players = {0: blue, 1: red}
        start = {seat: hello(ws, tokens[seat]) for seat, ws in players.items()}
        spectators = [first, second, third, german]
        for ws in spectators:
            hello(ws, None)
        monkeypatch.setattr(CityBlocksState, "views", counted)
        mover = start[0]["current_player"]
        players[mover].send_json({"type": "move", "version": 0, "action": start[mover]["legal"][0]["action"]})
        seen = [ws.receive_json() for ws in spectators]
        for seat, ws in players.items():
            assert ws.receive_json()["seat"] == seat
    assert seen[0] == seen[1] == seen[2]
    assert seen[0]["version"] == seen[3]["version"] == 1 and seen[0]["view"]["hand"] is None
    assert seen[0]["view"]["board"] == seen[3]["view"]["board"]
    assert seen[0]["events"] != seen[3]["events"]  # the same move, told in German
    # Once for each player, once for the English spectators and once for the German one: the views of one language
    # built together.
    assert sorted(views, key=str) == sorted([0, 1, None, None], key=str)
    assert sorted(built) == [1, 3]

"""Issue 12 finding 5: one anonymous client cannot exhaust the server. Request rates per address (429 with
Retry-After), watchers per table and sockets per address, body and record sizes (413/422), and tables that leave
memory when nobody uses them and come back on demand."""

from __future__ import annotations

import json
from pathlib import Path

import httpx
import pytest
from security_helpers import MakeClient, TestClient
from starlette.websockets import WebSocketDisconnect
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from guildtable.server.local import local_server

# Both seats taken by the creator at once (issue 30): the answer holds each seat's secret.
TWO_HUMANS = {"game": "city-blocks", "seats": [{"take": True}, {"take": True}]}


def secret_of(table: dict, seat: int) -> str:
    return str(next(taken["secret"] for taken in table["secrets"] if taken["seat"] == seat))


def _assert_429(response: object, doing: str) -> None:
    assert response.status_code == 429, response.text  # type: ignore[attr-defined]
    body = response.json()  # type: ignore[attr-defined]
    assert body["problem"] == "too-many-requests" and doing in body["detail"]
    assert int(response.headers["retry-after"]) >= 1  # type: ignore[attr-defined]


def test_creating_tables_is_rate_limited_per_address(make_client: MakeClient) -> None:
    """Issue 12 finding 5: one client created 11,005 tables in 30 s; now the sixth in the window is a 429 (a day's
    window here: the sliding window forgets earlier hits as it moves, so a slow machine must not let one more in)."""
    client = make_client(create_rate="5/day")
    for _ in range(5):
        assert client.post("/api/tables", json=TWO_HUMANS).status_code == 201
    _assert_429(client.post("/api/tables", json=TWO_HUMANS), "tables created")


def test_joining_uploading_and_moving_are_rate_limited(make_client: MakeClient) -> None:
    """Issue 12 finding 5: joins, uploads and moves each have their own window."""
    client = make_client(join_rate="2/day", upload_rate="1/day", move_rate="1/day")
    table = client.post("/api/tables", json=TWO_HUMANS).json()
    auth = {"Authorization": f"Bearer {secret_of(table, 0)}"}
    for _ in range(2):
        assert client.post(f"/api/tables/{table['id']}/join", headers=auth, json={"name": "Ana"}).status_code == 200
    _assert_429(client.post(f"/api/tables/{table['id']}/join", headers=auth, json={"name": "Ana"}), "seats joined")

    assert client.post("/api/replays", content=b"{}").status_code == 422  # counted, although refused
    _assert_429(client.post("/api/replays", content=b"{}"), "records uploaded")

    seat = table["current_player"]
    mover = {"Authorization": f"Bearer {secret_of(table, seat)}"}
    legal = client.get(f"/api/tables/{table['id']}/state", headers=mover).json()["legal"]
    first = client.post(
        f"/api/tables/{table['id']}/moves", headers=mover, json={"version": 0, "action": legal[0]["action"]}
    )
    assert first.status_code == 200
    again = client.post(
        f"/api/tables/{table['id']}/moves", headers=mover, json={"version": 1, "action": legal[0]["action"]}
    )
    _assert_429(again, "moves")


def test_a_body_over_the_limit_is_a_413(make_client: MakeClient) -> None:
    """Issue 12 finding 5: a 50 MB record upload was stored; now any body over the limit is refused unread."""
    client = make_client(max_body_bytes=4096)
    response = client.post("/api/replays", content=b'{"pad": "' + b"x" * 10_000 + b'"}')
    assert response.status_code == 413 and "4096" in response.json()["detail"]
    response = client.post("/api/tables", content=json.dumps({**TWO_HUMANS, "options": {"x": "y" * 10_000}}))
    assert response.status_code == 413


def test_a_record_longer_than_the_limit_is_refused_before_it_is_replayed(make_client: MakeClient) -> None:
    """Issue 12 finding 5: the record length is capped (`max_record_moves`)."""
    client = make_client(max_record_moves=10)
    record = {
        "format": "guildtable-record",
        "game": "city-blocks",
        "players": [{"name": "A"}, {"name": "B"}],
        "seed": 1,
        "actions": [{"action": 0}] * 11,
    }
    response = client.post("/api/replays", json=record)
    assert response.status_code == 422 and "at most 10 moves" in response.json()["detail"]


def test_spectators_per_table_are_capped(make_client: MakeClient) -> None:
    """Issue 12 finding 5: 1,500 spectators on one table slowed every move; the cap refuses the next one with an
    error and close code 1013 (try again later)."""
    client = make_client(max_spectators=2)
    table = client.post("/api/tables", json=TWO_HUMANS).json()
    url = f"/ws/tables/{table['id']}"
    with client.websocket_connect(url) as first, client.websocket_connect(url) as second:
        for socket in (first, second):
            socket.send_json({"type": "hello", "token": None})
            assert socket.receive_json()["type"] == "state"
        with client.websocket_connect(url) as third:
            third.send_json({"type": "hello", "token": None})
            refused = third.receive_json()
            assert refused["type"] == "error" and refused["problem"] == "table-full"
            with pytest.raises(WebSocketDisconnect) as closed:
                third.receive_json()
            assert closed.value.code == 1013
        # A seat is never a spectator: its player still gets in.
        with client.websocket_connect(url) as player:
            player.send_json({"type": "hello", "token": secret_of(table, 0)})
            assert player.receive_json()["type"] == "state"


def test_websockets_per_address_are_capped(make_client: MakeClient) -> None:
    """Issue 12 finding 5: one address holds at most `max_sockets_per_address` sockets at once."""
    client = make_client(max_sockets_per_address=2)
    table = client.post("/api/tables", json=TWO_HUMANS).json()
    url = f"/ws/tables/{table['id']}"
    with client.websocket_connect(url) as first, client.websocket_connect(url) as second:
        for socket in (first, second):
            socket.send_json({"type": "hello", "token": None})
            assert socket.receive_json()["type"] == "state"
        with client.websocket_connect(url) as third:
            refused = third.receive_json()
            assert refused["problem"] == "too-many-requests" and "connections" in refused["detail"]
    # Closed sockets no longer count.
    with client.websocket_connect(url) as again:
        again.send_json({"type": "hello", "token": None})
        assert again.receive_json()["type"] == "state"


def test_a_socket_flooding_messages_is_dropped(make_client: MakeClient) -> None:
    """Issue 12 finding 5: a socket sending more messages than `message_rate` is closed with 1008."""
    client = make_client(message_rate="5/second")
    table = client.post("/api/tables", json=TWO_HUMANS).json()
    with client.websocket_connect(f"/ws/tables/{table['id']}") as socket:
        socket.send_json({"type": "hello", "token": None})
        socket.receive_json()
        for _ in range(10):
            socket.send_json({"type": "ping"})
        codes = []
        with pytest.raises(WebSocketDisconnect) as closed:
            for _ in range(20):
                codes.append(socket.receive_json()["type"])
        assert closed.value.code == 1008 and codes.count("pong") <= 5


def test_a_flooding_socket_learns_why_it_is_dropped_on_a_real_server(tmp_path: Path) -> None:
    """The same drop through uvicorn: the close frame (1008, "too many messages") reaches the client before the
    connection ends. The handler used to return first, and the server cut the connection with no close frame."""
    with local_server(f"sqlite:///{tmp_path / 'db.sqlite3'}", extra=("--message-rate", "5/second")) as (base, _):
        table = httpx.post(f"{base}/api/tables", json=TWO_HUMANS, timeout=30).json()
        with connect(base.replace("http", "ws", 1) + f"/ws/tables/{table['id']}", open_timeout=30) as socket:
            socket.send(json.dumps({"type": "hello", "token": None}))
            socket.recv(timeout=30)
            for _ in range(10):
                socket.send(json.dumps({"type": "ping"}))
            with pytest.raises(ConnectionClosed) as closed:
                while True:
                    socket.recv(timeout=30)
    assert closed.value.rcvd is not None
    assert (closed.value.rcvd.code, closed.value.rcvd.reason) == (1008, "too many messages")


def test_tables_are_not_loaded_at_start_and_leave_memory_when_idle(make_client: MakeClient) -> None:
    """Issue 12 finding 5: every table ever created was replayed into memory at start-up and never left. Now a
    table is loaded when opened, leaves memory when idle, and comes back exactly as it was."""
    client = make_client(idle_seconds=60)
    lobby = client.app.state.lobby  # type: ignore[attr-defined]
    table = client.post("/api/tables", json=TWO_HUMANS).json()
    seat = table["current_player"]
    mover = {"Authorization": f"Bearer {secret_of(table, seat)}"}
    legal = client.get(f"/api/tables/{table['id']}/state", headers=mover).json()["legal"]
    client.post(f"/api/tables/{table['id']}/moves", headers=mover, json={"version": 0, "action": legal[0]["action"]})
    before = client.get(f"/api/tables/{table['id']}/state", headers=mover).json()

    touched = lobby.tables[table["id"]].touched
    assert lobby.sweep(now=touched + 30) == 0  # not idle long enough
    assert lobby.sweep(now=touched + 61) == 1 and table["id"] not in lobby.tables
    after = client.get(f"/api/tables/{table['id']}/state", headers=mover).json()
    assert table["id"] in lobby.tables
    assert {key: after[key] for key in ("version", "view", "log")} == {
        key: before[key] for key in ("version", "view", "log")
    }


def test_a_watched_table_stays_in_memory(make_client: MakeClient) -> None:
    """Issue 12 finding 5: a table with a watcher never leaves memory, however long it is idle."""
    client = make_client(idle_seconds=0)
    lobby = client.app.state.lobby  # type: ignore[attr-defined]
    table = client.post("/api/tables", json=TWO_HUMANS).json()
    with client.websocket_connect(f"/ws/tables/{table['id']}") as socket:
        socket.send_json({"type": "hello", "token": None})
        socket.receive_json()
        assert lobby.sweep(now=lobby.tables[table["id"]].touched + 10_000) == 0
    assert lobby.sweep(now=lobby.tables[table["id"]].touched + 10_000) == 1


def test_a_restarted_server_loads_no_table_until_one_is_opened(make_client: MakeClient) -> None:
    """Issue 12 finding 5: start-up no longer replays every stored table into memory."""
    first: TestClient = make_client()
    ids = [first.post("/api/tables", json=TWO_HUMANS).json()["id"] for _ in range(3)]
    db_url = str(first.app.state.lobby.store.url)  # type: ignore[attr-defined]
    from guildtable.server import create_app
    from guildtable.server.settings import ServerSettings

    with TestClient(create_app(ServerSettings(db=db_url, bot_delay=0))) as restarted:
        lobby = restarted.app.state.lobby  # type: ignore[attr-defined]
        assert len(lobby.tables) == 0
        assert restarted.get(f"/api/tables/{ids[1]}").status_code == 200
        assert list(lobby.tables) == [ids[1]]
        assert restarted.get("/api/tables/not-a-table").status_code == 404


def test_counting_starts_no_threads_and_expired_counters_leave(monkeypatch: pytest.MonkeyPatch) -> None:
    """limits' MemoryStorage starts a timer thread after hits to drop expired keys: at thousands of WebSocket messages
    a second those threads took the GIL from the event loop. Counting here starts none; `expire` (run once a second
    on the server's loop) drops what has expired, so memory stays bounded."""
    import threading

    from limits.storage import memory

    from guildtable.server.limits import RateLimiter, ServerLimits

    rates = RateLimiter(ServerLimits(message_rate="1000/second"))
    started: list[threading.Thread] = []
    monkeypatch.setattr(threading.Thread, "start", lambda thread: started.append(thread))
    for client in range(200):
        for _ in range(5):
            assert rates.allow("message", f"client-{client}")
    assert started == []
    assert len(rates.storage.storage) >= 200
    later = memory.time.time() + 10
    monkeypatch.setattr(memory.time, "time", lambda: later)
    rates.storage.expire()
    assert not rates.storage.storage and not rates.storage.expirations

"""Issue 12 finding 6: hostile input gets a problem body (or a WebSocket error and an orderly close), never a 500, a
dropped connection or a traceback; nonsense is refused with a message that names the problem."""

from __future__ import annotations

import json

import pytest
from security_helpers import TestClient
from starlette.websockets import WebSocketDisconnect

DEEP = 100_000


def _problem(response: object, status: int) -> dict:
    assert response.status_code == status, response.text  # type: ignore[attr-defined]
    assert response.headers["content-type"].startswith("application/problem+json")  # type: ignore[attr-defined]
    return dict(response.json())  # type: ignore[attr-defined]


def test_a_record_upload_nested_100000_deep_is_a_422(client: TestClient) -> None:
    """Issue 12 finding 6: deep nesting used to end in a 500 (RecursionError)."""
    body = "[" * DEEP + "]" * DEEP
    problem = _problem(client.post("/api/replays", content=body), 422)
    assert problem["problem"] == "too-deep" and "nested" in problem["detail"]


def test_a_table_request_nested_100000_deep_is_a_422(client: TestClient) -> None:
    """Issue 12 finding 6: the same through FastAPI's own body parsing."""
    body = '{"game": "city-blocks", "seats": [{}, {}], "options": ' + "[" * DEEP + "]" * DEEP + "}"
    problem = _problem(client.post("/api/tables", content=body, headers={"content-type": "application/json"}), 422)
    assert problem["problem"] == "too-deep"


@pytest.mark.parametrize("path", ["/api/tables", "/api/replays"])
def test_a_5000_digit_integer_is_a_422_naming_the_digits(client: TestClient, path: str) -> None:
    """Issue 12 finding 6: a 5,000-digit integer used to give a 500 (Python refuses to convert it)."""
    body = '{"game": "city-blocks", "seats": [{}, {}], "seed": ' + "9" * 5000 + "}"
    problem = _problem(client.post(path, content=body, headers={"content-type": "application/json"}), 422)
    assert "5000 digits" in problem["detail"]


def test_an_upload_with_seed_ten_to_the_4000_is_refused_naming_the_seed(client: TestClient) -> None:
    """Issue 12 finding 6: a record whose seed no game could have used is not accepted."""
    record = {"format": "guildtable-record", "game": "city-blocks", "players": [{"name": "A"}, {"name": "B"}]}
    huge = json.dumps({**record, "seed": 0, "actions": []}).replace('"seed": 0', '"seed": 1' + "0" * 4000)
    assert "4001 digits" in _problem(client.post("/api/replays", content=huge), 422)["detail"]
    beyond = _problem(client.post("/api/replays", json={**record, "seed": 10**90, "actions": []}), 422)
    assert beyond["field"] == "seed" and "2**256" in beyond["detail"]


def test_a_bot_spec_with_a_180_digit_iteration_count_is_refused(client: TestClient) -> None:
    """Issue 12 finding 6: `ismcts:iterations=<180 digits>` was accepted as a seat."""
    spec = "ismcts:iterations=" + "9" * 180
    problem = _problem(client.post("/api/tables", json={"game": "city-blocks", "seats": [{}, {"kind": spec}]}), 422)
    assert problem["problem"] == "bad-seats" and "iterations" in problem["detail"]


def test_a_binary_websocket_frame_gets_an_error_and_an_orderly_close(client: TestClient) -> None:
    """Issue 12 finding 6: a binary frame used to raise KeyError in the server (a traceback, a dropped socket)."""
    table = client.post("/api/tables", json={"game": "city-blocks", "seats": [{}, {}]}).json()
    with client.websocket_connect(f"/ws/tables/{table['id']}") as socket:
        socket.send_json({"type": "hello", "token": None})
        assert socket.receive_json()["type"] == "state"
        socket.send_bytes(b"\x00\x01binary")
        error = socket.receive_json()
        assert error["type"] == "error" and "binary" in error["detail"]
        with pytest.raises(WebSocketDisconnect) as closed:
            socket.receive_json()
        assert closed.value.code == 1003


def test_a_deeply_nested_websocket_message_gets_an_error_and_the_socket_goes_on(client: TestClient) -> None:
    """Issue 12 finding 6: a message nested 10,000 deep (within the size limit) is refused by name, and the same
    socket still answers a ping."""
    table = client.post("/api/tables", json={"game": "city-blocks", "seats": [{}, {}]}).json()
    with client.websocket_connect(f"/ws/tables/{table['id']}") as socket:
        socket.send_json({"type": "hello", "token": None})
        assert socket.receive_json()["type"] == "state"
        socket.send_text("[" * 10_000 + "]" * 10_000)
        error = socket.receive_json()
        assert (error["type"], error["problem"]) == ("error", "too-deep")
        socket.send_json({"type": "ping"})
        assert socket.receive_json() == {"type": "pong"}


def test_a_websocket_message_nested_100000_deep_is_refused_and_closed(client: TestClient) -> None:
    """Issue 12 finding 6: 100,000 levels are 200 KB, over the message size limit: an error, then close 1009."""
    table = client.post("/api/tables", json={"game": "city-blocks", "seats": [{}, {}]}).json()
    with client.websocket_connect(f"/ws/tables/{table['id']}") as socket:
        socket.send_json({"type": "hello", "token": None})
        assert socket.receive_json()["type"] == "state"
        socket.send_text("[" * DEEP + "]" * DEEP)
        assert socket.receive_json()["problem"] == "too-large"
        with pytest.raises(WebSocketDisconnect) as closed:
            socket.receive_json()
        assert closed.value.code == 1009


def test_an_oversized_websocket_message_is_refused_and_closed(make_client: object) -> None:
    """Issue 12 finding 6/5: a message over the size limit gets an error naming the limit, then close code 1009."""
    client = make_client(max_message_bytes=2048)  # type: ignore[operator]
    table = client.post("/api/tables", json={"game": "city-blocks", "seats": [{}, {}]}).json()
    with client.websocket_connect(f"/ws/tables/{table['id']}") as socket:
        socket.send_json({"type": "hello", "token": None})
        assert socket.receive_json()["type"] == "state"
        socket.send_text('{"type": "ping", "pad": "' + "x" * 5000 + '"}')
        error = socket.receive_json()
        assert error["problem"] == "too-large" and "2048" in error["detail"]
        with pytest.raises(WebSocketDisconnect) as closed:
            socket.receive_json()
        assert closed.value.code == 1009


@pytest.mark.parametrize(
    "body",
    [b"\xff\xfe\x00garbage", b'{"game": "city-blocks", "seats": [{}, {}], "options": {"a": NaN}}', b"not json"],
)
def test_undecodable_bodies_are_4xx_problems(client: TestClient, body: bytes) -> None:
    """Issue 12 finding 6: bytes that are not JSON text never reach a 500."""
    for path in ("/api/tables", "/api/replays"):
        response = client.post(path, content=body, headers={"content-type": "application/json"})
        assert 400 <= response.status_code < 500, response.text
        assert response.json()["detail"]

"""Issue 30 finding 1: one anonymous socket stalled every game. A spectator sending protocol-level PING frames as fast
as it could (about 84,000 a second, never reading the PONGs) took 85% of the server's CPU, and a player at another
table waited 1.9 s for each move: uvicorn answers PINGs itself, so the app's message rate never counted them.

This needs a real server (FastAPI's TestClient has no WebSocket protocol layer) and a client that floods and does not
read, so the attacker speaks WebSocket through websockets' sans-I/O client on a plain socket: it sends its PINGs, and
only then reads what came back. What the server answered tells how many PINGs it handled before it closed the socket.
"""

from __future__ import annotations

import json
import socket
from pathlib import Path

import httpx
import pytest
from security_helpers import MakeClient
from starlette.testclient import WebSocketDenialResponse
from websockets.client import ClientProtocol
from websockets.frames import Frame, Opcode
from websockets.http11 import Response
from websockets.protocol import State
from websockets.sync.client import connect
from websockets.uri import parse_uri

from guildtable.server.frame_budget import FrameBudget
from guildtable.server.local import local_server

# The budget of the server under attack: 50 frames, refilled so slowly (50 an hour) that a slow machine adds none.
BUDGET = 50
FLOOD = 20_000  # PINGs the attacker sends: 120 KB, which loopback's buffers take without blocking


def _open_raw(base_url: str, path: str) -> tuple[socket.socket, ClientProtocol]:
    """A WebSocket opened by hand: the handshake done, nothing else read."""
    url = base_url.replace("http", "ws", 1) + path
    protocol = ClientProtocol(parse_uri(url))
    protocol.send_request(protocol.connect())
    host, port = base_url.removeprefix("http://").split(":")
    raw = socket.create_connection((host, int(port)), timeout=60)
    raw.sendall(b"".join(protocol.data_to_send()))
    while protocol.state is State.CONNECTING:
        protocol.receive_data(raw.recv(65536))
    assert isinstance(protocol.events_received()[0], Response) and protocol.state is State.OPEN
    return raw, protocol


def _flood_and_read_answers(raw: socket.socket, protocol: ClientProtocol) -> tuple[int, Frame | None]:
    """Send FLOOD PINGs without reading, then read until the server closes or has answered all of them: the PONGs
    that came back, and the close frame if one came."""
    protocol.send_ping(b"")
    ping = b"".join(protocol.data_to_send())
    try:
        for _ in range(FLOOD // 1000):
            raw.sendall(ping * 1000)
    except OSError:
        pass  # the server has closed the connection: what it sent before is still to be read
    pongs, close = 0, None
    while close is None and pongs < FLOOD:
        try:
            data = raw.recv(65536)
        except ConnectionResetError:
            break  # a close frame that came before the reset was read already
        if not data:
            break
        protocol.receive_data(data)
        for event in protocol.events_received():
            if isinstance(event, Frame) and event.opcode is Opcode.PONG:
                pongs += 1
            elif isinstance(event, Frame) and event.opcode is Opcode.CLOSE:
                close = event
    return pongs, close


def test_a_ping_flood_is_closed_and_other_tables_go_on(tmp_path: Path) -> None:
    """Issue 30 finding 1: a spectator flooding PINGs is closed with 1008 (policy violation) once its frame budget is
    spent, having been answered no more than that; a spectator of another table, from the same address, still gets
    every answer, before and after."""
    limits = ("--frame-rate", f"{BUDGET}/hour")
    with (
        local_server(f"sqlite:///{tmp_path / 'db.sqlite3'}", extra=limits) as (base_url, _),
        httpx.Client(base_url=base_url, timeout=30) as http,
    ):
        new_table = {"game": "city-blocks", "seats": [{}, {}]}
        attacked, other = (
            http.post("/api/tables", json=new_table).json(),
            http.post("/api/tables", json=new_table).json(),
        )
        with connect(base_url.replace("http", "ws", 1) + f"/ws/tables/{other['id']}", open_timeout=30) as honest:
            honest.send(json.dumps({"type": "hello", "token": None}))
            assert json.loads(honest.recv(timeout=30))["type"] == "state"

            raw, protocol = _open_raw(base_url, f"/ws/tables/{attacked['id']}")
            with raw:
                protocol.send_text(json.dumps({"type": "hello", "token": None}).encode())
                raw.sendall(b"".join(protocol.data_to_send()))
                pongs, close = _flood_and_read_answers(raw, protocol)

            assert close is not None, f"the server answered {pongs} of {FLOOD} PINGs and never closed the socket"
            assert protocol.close_rcvd is not None and protocol.close_rcvd.code == 1008
            assert pongs <= BUDGET
            # The honest spectator's own budget is untouched: it is answered as before.
            honest.send(json.dumps({"type": "ping"}))
            assert json.loads(honest.recv(timeout=30)) == {"type": "pong"}
            honest.send(json.dumps({"type": "refresh"}))
            assert json.loads(honest.recv(timeout=30))["type"] == "state"


def test_the_budget_is_a_bucket_refilled_at_its_rate() -> None:
    """`--frame-rate 10/second`: ten frames at once, then one more each tenth of a second, never more than ten saved."""
    budget = FrameBudget.of("10/second", now=0.0)
    assert budget.spend(10, now=0.0) and not budget.spend(1, now=0.0)
    assert budget.spend(1, now=0.1) and not budget.spend(1, now=0.1)
    assert budget.left(now=100.0) == 10 and not budget.spend(11, now=100.0) and budget.spend(10, now=100.0)
    for malformed in ("lots", "0/second", "ten per second"):
        with pytest.raises(ValueError):
            FrameBudget.of(malformed, now=0.0)


def test_a_socket_over_the_connection_rate_is_refused_before_the_handshake(make_client: MakeClient) -> None:
    """Issue 30 finding 1: an attacker whose flooding socket is closed opens the next at once. Past the address's
    connection rate the server refuses the upgrade itself with a 429 problem (never accepting the WebSocket), so a
    reconnecting flood costs it an HTTP answer."""
    client = make_client(connect_rate="2/day")
    table = client.post("/api/tables", json={"game": "city-blocks", "seats": [{}, {}]}).json()
    url = f"/ws/tables/{table['id']}"
    for _ in range(2):
        with client.websocket_connect(url) as socket:
            socket.send_json({"type": "hello"})
            assert socket.receive_json()["type"] == "state"
    with pytest.raises(WebSocketDenialResponse) as refused, client.websocket_connect(url):
        pass
    assert refused.value.status_code == 429
    assert refused.value.json()["problem"] == "too-many-requests"
    assert int(refused.value.headers["retry-after"]) >= 1

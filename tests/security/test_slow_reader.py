"""Issue 12 finding 3: a spectator that never reads cannot freeze a table. It used to: open the table's WebSocket,
send thousands of `refresh`, never read, and the next move's HTTP answer never came.

This needs a real server and a real TCP socket that stops reading (FastAPI's TestClient always reads), so the test
speaks the WebSocket protocol by hand on a raw socket with a small receive buffer.
"""

from __future__ import annotations

import base64
import json
import os
import socket
import time
from pathlib import Path

import httpx

from guildtable.server.local import local_server


def _frame(text: str) -> bytes:
    """A masked client text frame (RFC 6455 §5.2)."""
    payload = text.encode()
    mask = os.urandom(4)
    length = len(payload)
    if length < 126:
        header = bytes([0x81, 0x80 | length])
    elif length < 65536:
        header = bytes([0x81, 0x80 | 126]) + length.to_bytes(2, "big")
    else:
        header = bytes([0x81, 0x80 | 127]) + length.to_bytes(8, "big")
    return header + mask + bytes(byte ^ mask[i % 4] for i, byte in enumerate(payload))


def _open_silent_socket(base_url: str, table_id: str) -> socket.socket:
    host, port = base_url.removeprefix("http://").split(":")
    raw = socket.socket()
    raw.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    raw.connect((host, int(port)))
    key = base64.b64encode(os.urandom(16)).decode()
    raw.sendall(
        (
            f"GET /ws/tables/{table_id} HTTP/1.1\r\nHost: {host}:{port}\r\nUpgrade: websocket\r\n"
            f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n"
        ).encode()
    )
    raw.sendall(_frame(json.dumps({"type": "hello", "token": None})))
    return raw


def test_a_spectator_that_never_reads_does_not_hold_up_moves(tmp_path: Path) -> None:
    """Issue 12 finding 3: with a flooding, never-reading spectator, moves are still answered at once and other
    watchers still get their updates; the slow client is dropped once its outbox is full."""
    limits = ("--client-queue", "16", "--message-rate", "100000/second")
    with (
        local_server(f"sqlite:///{tmp_path / 'db.sqlite3'}", extra=limits) as (base_url, _),
        httpx.Client(base_url=base_url, timeout=10) as http,
    ):
        table = http.post("/api/tables", json={"game": "city-blocks", "seats": [{"take": True}] * 2}).json()
        silent = _open_silent_socket(base_url, table["id"])
        silent.settimeout(0.2)
        refresh = _frame(json.dumps({"type": "refresh"}))
        sent = 0
        deadline = time.monotonic() + 20
        # Flood until the server stops taking our frames (it dropped us) or a few thousand are sent.
        try:
            while sent < 3000 and time.monotonic() < deadline:
                silent.sendall(refresh)
                sent += 1
        except (TimeoutError, OSError):
            pass
        seat = table["current_player"]
        secret = next(taken["secret"] for taken in table["secrets"] if taken["seat"] == seat)
        auth = {"Authorization": f"Bearer {secret}"}
        legal = http.get(f"/api/tables/{table['id']}/state", headers=auth).json()["legal"]
        answer = http.post(
            f"/api/tables/{table['id']}/moves", headers=auth, json={"version": 0, "action": legal[0]["action"]}
        )
        assert answer.status_code == 200 and answer.json()["version"] == 1
        # Every other request is still served too.
        assert http.get(f"/api/tables/{table['id']}").json()["version"] == 1
        silent.close()
    assert sent > 16

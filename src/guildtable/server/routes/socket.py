"""The WebSocket `/ws/tables/{table_id}`: one per client. Its messages both ways are `models/socket.py`'s.

The first message is a `hello` (with a seat's secret as `token`: that seat; none: a spectator), then moves, undos, a
resignation, refreshes and pings. The server sends the whole `state`, then an `update` after each change (`hub.py`
builds and queues them, never waiting on a client), and an `error` (a problem body) for a message it refused. Every
input is bounded (`limits.py`): connections per address and their rate (refused before the handshake), spectators per
table, message sizes and rates, JSON depth. Whatever a client sends, the answer is an error message and, for what the
socket cannot go on after, an orderly close (`models.socket.CLOSE_CODES`), never a crash.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from dataclasses import dataclass
from typing import Any

from fastapi import APIRouter, WebSocket, WebSocketDisconnect

from guildtable.kernel.i18n import current_language
from guildtable.kernel.i18n import gettext as _
from guildtable.server.deps import client_address, get_lobby, get_rates
from guildtable.server.hub import TRY_AGAIN_LATER, Client
from guildtable.server.jsonin import parse_json
from guildtable.server.limits import RateLimiter
from guildtable.server.lobby import Lobby
from guildtable.server.problems import Problem, problem_json_response
from guildtable.server.routes.shared import seat_key
from guildtable.server.tables import Table

router = APIRouter()
HELLO_TIMEOUT = 15.0
# WebSocket close codes: 1003 a frame of a kind we do not take, 1008 a broken rule (rate), 1009 a message too large.
UNSUPPORTED_DATA = 1003
POLICY_VIOLATION = 1008
MESSAGE_TOO_BIG = 1009


@dataclass(frozen=True, slots=True)
class Greeted:
    """Who said hello: the table, the seat its secret plays (None: a spectator), and the seat of an invite link."""

    table: Table
    seat: int | None
    invited: int | None


@router.websocket("/ws/tables/{table_id}")
async def table_socket(socket: WebSocket, table_id: str) -> None:
    lobby, rates, address = get_lobby(socket), get_rates(socket), client_address(socket)
    try:
        rates.check("connect", address)
    except Problem as problem:
        # Refused before the handshake (issue 30 finding 1): an attacker reconnecting as fast as it can costs an
        # HTTP answer, not a WebSocket's.
        await _deny(socket, problem)
        return
    await socket.accept()
    try:
        greeted = await _greet(socket, lobby, table_id, address)
    except Problem as problem:
        await _refuse(socket, problem, TRY_AGAIN_LATER if problem.status in (429, 503) else _close_code(problem))
        return
    except (WebSocketDisconnect, TimeoutError, RuntimeError):
        return  # gone before saying hello (RuntimeError: the socket closed under us)
    if greeted is None:
        return
    table = greeted.table
    client = lobby.hub.client(socket, greeted.seat, table.version, address, current_language())
    lobby.hub.add(table.id, client)
    try:
        if greeted.invited is not None:
            # An invite link watches as a spectator until its player joins (or learns the seat is taken).
            lobby.hub.post(table.id, client, json.dumps({"type": "invite", **table.invite_json(greeted.invited)}))
        lobby.hub.update(table, client, whole=True)
        await _serve(socket, lobby, rates, table, client)
    except _Refused as refused:
        lobby.hub.drop(table.id, client, refused.code, refused.problem.detail[:120])
        await _refuse(socket, refused.problem, refused.code)
    except (WebSocketDisconnect, RuntimeError):
        pass  # the client left; a reconnect gets the whole state again
    finally:
        lobby.hub.remove(table.id, client)


async def _greet(socket: WebSocket, lobby: Lobby, table_id: str, address: str) -> Greeted | None:
    """The client's hello, checked (a problem if it is refused); None if the client left before saying it."""
    limits = lobby.limits
    if lobby.hub.per_address[address] >= limits.max_sockets_per_address:
        raise Problem(429, "too-many-requests", _("too many connections from your address at once"))
    table = await lobby.table(table_id)
    text = await asyncio.wait_for(_receive_text(socket, limits.max_message_bytes), HELLO_TIMEOUT)
    if text is None:
        return None
    message = _parse(text)
    if message.get("type") != "hello":
        raise Problem(400, "bad-request", _("the first message is {hello}", hello='{"type": "hello", "token": ...}'))
    token, invite = message.get("token"), message.get("invite")
    seat = None if token is None else await lobby.seat_of(table, token if isinstance(token, str) else "")
    invited = None if seat is not None or invite is None else _invited(table, invite)
    if seat is None and lobby.hub.spectators(table.id) >= limits.max_spectators:
        raise Problem(503, "table-full", _("this table already has {n} spectators", n=limits.max_spectators))
    return Greeted(table, seat, invited)


async def _serve(socket: WebSocket, lobby: Lobby, rates: RateLimiter, table: Table, client: Client) -> None:
    """Take the client's messages until it leaves or is dropped; a refused message gets an error message."""
    while not client.dropped:
        text = await _receive_text(socket, lobby.limits.max_message_bytes)
        if text is None or client.dropped:
            return
        if not rates.allow("message", str(id(client))):
            await lobby.hub.drop_now(table.id, client, POLICY_VIOLATION, "too many messages")
            return
        try:
            await _handle(_parse(text), lobby, rates, table, client)
        except Problem as problem:
            if problem.limited == "message":
                await lobby.hub.drop_now(table.id, client, POLICY_VIOLATION, "too many messages")
                return
            lobby.hub.post(table.id, client, json.dumps({**problem.body(), "type": "error"}))


async def _handle(message: dict[str, Any], lobby: Lobby, rates: RateLimiter, table: Table, client: Client) -> None:
    """Act on one message after the hello (`models.socket.ClientMessage`)."""
    kind, seat = message.get("type"), client.seat
    if kind in ("move", "undo", "resign"):
        if seat is None:
            raise Problem(
                401, "missing-token", _("a spectator cannot move") if kind == "move" else _("a spectator cannot play")
            )
        rates.check("move", seat_key(table.id, seat))
        if kind == "move":
            await lobby.move(table, seat, message.get("version"), message.get("action"))
        elif kind == "undo":
            await lobby.undo(table, seat, message.get("version"))
        else:
            await lobby.resign(table, seat)
    elif kind == "refresh":
        lobby.hub.update(table, client, whole=True)
    elif kind == "ping":
        lobby.hub.post(table.id, client, '{"type":"pong"}')
    else:
        raise Problem(
            400,
            "bad-request",
            _("unknown message type {kind} (move, undo, resign, refresh, ping)", kind=repr(str(kind)[:40])),
        )


async def _refuse(socket: WebSocket, problem: Problem, code: int) -> None:
    """Send the problem as an error message, then close with `code`."""
    with contextlib.suppress(Exception):
        await socket.send_text(json.dumps({**problem.body(), "type": "error"}))
        await socket.close(code)


async def _deny(socket: WebSocket, problem: Problem) -> None:
    """Refuse a WebSocket before accepting it: the problem as an HTTP answer (the ASGI denial response), or a bare
    close where the server cannot send one."""
    try:
        await socket.send_denial_response(problem_json_response(problem))
    except RuntimeError:
        with contextlib.suppress(Exception):
            await socket.close(TRY_AGAIN_LATER)


def _invited(table: Table, invite: object) -> int:
    """The seat an invite token of a hello names; a 403 if it names none of this table's."""
    seat = table.invited_seat(invite) if isinstance(invite, str) and invite else None
    if seat is None:
        raise Problem(403, "forged-token", _("this is not an invite link of this table"))
    return seat


class _Refused(Exception):
    """A frame the socket cannot go on after: the client gets the problem, then the close code."""

    def __init__(self, problem: Problem, code: int) -> None:
        super().__init__(problem.detail)
        self.problem = problem
        self.code = code


async def _receive_text(socket: WebSocket, max_bytes: int) -> str | None:
    """The next text message, None when the client left; a binary or oversized frame is refused (`_Refused`)."""
    message = await socket.receive()
    if message["type"] == "websocket.disconnect":
        return None
    text = message.get("text")
    if text is None:
        raise _Refused(
            Problem(400, "bad-request", _("messages are JSON text; binary frames are not accepted")), UNSUPPORTED_DATA
        )
    if len(text) > max_bytes:
        raise _Refused(
            Problem(413, "too-large", _("a message has at most {n} characters", n=max_bytes)), MESSAGE_TOO_BIG
        )
    return str(text)


def _close_code(problem: Problem) -> int:
    """4000 + the HTTP status: the page treats 44xx as final (no such table, a forged token)."""
    return 4000 + problem.status


def _parse(text: str) -> dict[str, Any]:
    message = parse_json(text, "the message", max_depth=8)
    if not isinstance(message, dict):
        raise Problem(400, "bad-request", _("a message is a JSON object with a 'type'"))
    return message

"""The WebSocket `/ws/tables/{table_id}`'s messages (issue 32), both ways: JSON text, each an object with a `type`.

A client says `hello` first (with a seat's secret as `token`, an invite link's token as `invite`, or neither: a
spectator), then sends moves, undos, a resignation, a refresh or a ping. The server sends the whole `state` first and
after a refresh or a reconnect, an `update` after every change (the events since the client's last message), an
`invite` to an invite link's holder, a `pong`, and an `error` (a problem body) for a message it refused. A refusal it
cannot go on after closes the socket with a code (`CLOSE_CODES`).

The OpenAPI description carries these as schemas (`ClientMessage`, `ServerMessage`; `apidocs.py`), so the pages'
types come from them as the HTTP answers' do.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal, NotRequired

from pydantic import ConfigDict, Field, with_config
from typing_extensions import TypedDict

from guildtable.server.models.tables import InviteInfo, TableState, TableUpdate


class HelloMessage(TypedDict):
    """The first message: who the client is. `token`: a seat's secret (the client plays that seat); `invite`: an
    invite link's token (the client watches until its player joins); neither: a spectator."""

    type: Literal["hello"]
    token: NotRequired[str | None]
    invite: NotRequired[str | None]


class MoveMessage(TypedDict):
    """A move of the client's seat: the action's JSON form (as listed in `legal`) and the version it was made
    against."""

    type: Literal["move"]
    version: int
    action: dict[str, Any]


class UndoMessage(TypedDict):
    """Take back the seat's last move of this turn, asked against `version`."""

    type: Literal["undo"]
    version: int


class ResignMessage(TypedDict):
    """Leave the game: the seat is placed last."""

    type: Literal["resign"]


class RefreshMessage(TypedDict):
    """Ask for the whole state again (after a refused move, say)."""

    type: Literal["refresh"]


class PingMessage(TypedDict):
    """Is the server there? It answers `pong`."""

    type: Literal["ping"]


class InviteMessage(InviteInfo):
    """To an invite link's holder, before the state: its seat, and whether that seat is taken already."""

    type: Literal["invite"]


class PongMessage(TypedDict):
    type: Literal["pong"]


@with_config(ConfigDict(extra="allow"))
class ErrorMessage(TypedDict):
    """A refused message: the problem body (RFC 9457, as the HTTP API's) with `type` "error"; the other keys a
    refusal may carry (`field`, `version`, `retry_after`, a move's `rule`) come along."""

    type: Literal["error"]
    problem: str
    title: str
    status: int
    detail: str
    field: NotRequired[str]
    version: NotRequired[int]
    """A move's refusal: the table's version now."""
    retry_after: NotRequired[int]


ClientMessage = Annotated[
    HelloMessage | MoveMessage | UndoMessage | ResignMessage | RefreshMessage | PingMessage,
    Field(discriminator="type"),
]
"""What a client sends: `hello` first, then any of the others."""

ServerMessage = Annotated[
    TableState | TableUpdate | InviteMessage | PongMessage | ErrorMessage, Field(discriminator="type")
]
"""What the server sends a client."""

# The close codes of the socket: why the server closed it (the page reconnects after a 1013; 44xx are final).
CLOSE_CODES: dict[int, str] = {
    1003: "a binary frame: messages are JSON text",
    1008: "too many messages",
    1009: "a message larger than the server takes",
    1013: "try again later: too many sockets or spectators, or the client fell too far behind (reconnect for a "
    "fresh state)",
    4400: "the first message was not a hello, or not JSON",
    4401: "a seat's secret is missing",
    4403: "a token of no seat of this table, or not an invite link of it",
    4404: "there is no such table",
    4410: "the table can no longer be restored by this version",
    4422: "a message nested too deeply",
}

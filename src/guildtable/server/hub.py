"""The WebSocket hub: which client watches which table as which seat, and sending each one only its seat's update.

Nothing here ever waits on a client. Every client has a bounded outbox and a sender task of its own: a move's
broadcast only builds each message and puts it in the outbox, so a client that stops reading delays nobody. A client
whose outbox is full has fallen too far behind: it is dropped (close code 1013, "try again later"), and when it
reconnects it gets the whole state afresh.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from typing import Protocol

import orjson

from guildtable.kernel.i18n import ENGLISH, use_language
from guildtable.server.tables import Table


def _encode(message: object) -> str:
    """A message as compact UTF-8 JSON text, as `WebSocket.send_json` would send it. orjson, because encoding every
    watcher's update is much of a move's cost on the server (about ten times faster than the standard encoder).
    Every key in our messages is text, and orjson's option for other keys halves its speed: it is the fallback."""
    try:
        return orjson.dumps(message).decode()
    except TypeError:  # a dict keyed by numbers somewhere
        return orjson.dumps(message, option=orjson.OPT_NON_STR_KEYS).decode()


# WebSocket close codes: 1013 asks the browser to come back later (it reconnects to a fresh view).
TRY_AGAIN_LATER = 1013
CLOSE_SECONDS = 2.0


@dataclass(frozen=True, slots=True)
class Audience:
    """Who a message is built for: everything in it depends on these alone (the seat's view and moves, the reader's
    language, and the version it was last told: None for everything afresh)."""

    seat: int | None
    lang: str
    since: int | None


class Outlet(Protocol):
    """Where a client's messages go: its WebSocket, or a Bot API stream's lines (issue 37, `bot_streams.py`)."""

    async def send_text(self, data: str) -> None: ...

    async def close(self, code: int = 1000, reason: str | None = None) -> None: ...


@dataclass(eq=False, slots=True)
class Client:
    socket: Outlet
    seat: int | None
    # The last version this client was told about: its next update carries the events after it.
    version: int
    address: str = ""
    # The language this client reads: its updates are built in it (one seat German, another English).
    lang: str = ENGLISH
    outbox: asyncio.Queue[str] = field(default_factory=lambda: asyncio.Queue(64))
    sender: asyncio.Task[None] | None = None
    dropped: bool = False


class Hub:
    def __init__(self, queue_limit: int = 64) -> None:
        self.queue_limit = queue_limit
        self.clients: dict[str, set[Client]] = defaultdict(set)
        self.per_address: Counter[str] = Counter()
        self._closing: set[asyncio.Task[None]] = set()

    def client(self, socket: Outlet, seat: int | None, version: int, address: str, lang: str = ENGLISH) -> Client:
        return Client(socket, seat, version, address, lang, asyncio.Queue(self.queue_limit))

    def watchers(self, table_id: str) -> int:
        return len(self.clients.get(table_id, ()))

    def spectators(self, table_id: str) -> int:
        return sum(1 for client in self.clients.get(table_id, ()) if client.seat is None)

    def add(self, table_id: str, client: Client) -> None:
        self.clients[table_id].add(client)
        self.per_address[client.address] += 1
        client.sender = asyncio.get_running_loop().create_task(self._send_loop(table_id, client))

    def remove(self, table_id: str, client: Client) -> None:
        watchers = self.clients.get(table_id)
        if watchers is None or client not in watchers:
            return
        watchers.discard(client)
        if not watchers:
            del self.clients[table_id]
        self.per_address[client.address] -= 1
        if self.per_address[client.address] <= 0:
            del self.per_address[client.address]
        if client.sender is not None and client.sender is not asyncio.current_task():
            client.sender.cancel()

    async def broadcast(self, table: Table) -> None:
        """Queue every client of `table` its own seat's update (never waits on a client). Clients to be told the
        same thing (the spectators reading one language, a player's second tab) share one message, built and
        encoded once: a table with a thousand spectators costs a move one spectator's update, not a thousand. The
        seats' views of one language are built together (`State.views`)."""
        told: dict[Audience, list[Client]] = defaultdict(list)
        for client in list(self.clients.get(table.id, ())):
            if not client.dropped:
                told[self.audience(table, client)].append(client)
        languages: dict[str, list[Audience]] = defaultdict(list)
        for audience in told:
            languages[audience.lang].append(audience)
        for language, audiences in languages.items():
            with use_language(language):
                views = table.state.views([audience.seat for audience in audiences])
                for audience, view in zip(audiences, views, strict=True):
                    text = _encode(table.payload(audience.seat, since=audience.since, view=view))
                    for client in told[audience]:
                        client.version = table.version
                        self.post(table.id, client, text)

    def update(self, table: Table, client: Client, *, whole: bool = False) -> None:
        """Queue what changed since `client` was last told (`whole`: everything, as after a reconnect)."""
        if client.dropped:
            return
        audience = self.audience(table, client, whole=whole)
        with use_language(client.lang):
            text = _encode(table.payload(client.seat, since=audience.since))
        client.version = table.version
        self.post(table.id, client, text)

    @staticmethod
    def audience(table: Table, client: Client, *, whole: bool = False) -> Audience:
        """Who `client`'s next message is for. After an undo the client's log holds events that are gone: it gets
        everything afresh."""
        whole = whole or table.rewound > client.version
        return Audience(client.seat, client.lang, None if whole else client.version)

    def post(self, table_id: str, client: Client, text: str) -> None:
        try:
            client.outbox.put_nowait(text)
        except asyncio.QueueFull:
            self.drop(table_id, client, TRY_AGAIN_LATER, "too far behind: reconnect for a fresh view")

    def drop(self, table_id: str, client: Client, code: int, reason: str) -> None:
        """Stop serving `client` at once and close its socket in the background."""
        client.dropped = True
        self.remove(table_id, client)
        task = asyncio.get_running_loop().create_task(self._close(client, code, reason))
        self._closing.add(task)
        task.add_done_callback(self._closing.discard)

    async def drop_now(self, table_id: str, client: Client, code: int, reason: str) -> None:
        """`drop`, waiting for the close frame to go: what a client's own socket handler calls before it returns
        (returning first lets the server cut the connection with no close frame, and the client never learns why)."""
        client.dropped = True
        self.remove(table_id, client)
        await self._close(client, code, reason)

    async def _send_loop(self, table_id: str, client: Client) -> None:
        try:
            while True:
                text = await client.outbox.get()
                await client.socket.send_text(text)
        except asyncio.CancelledError:
            raise
        except Exception:
            # A client that went away mid-send reconnects and gets the whole state again.
            client.dropped = True
            self.remove(table_id, client)

    @staticmethod
    async def _close(client: Client, code: int, reason: str) -> None:
        with contextlib.suppress(Exception):
            await asyncio.wait_for(client.socket.close(code, reason), CLOSE_SECONDS)

    async def close_all(self) -> None:
        for table_id in list(self.clients):
            for client in list(self.clients.get(table_id, ())):
                self.remove(table_id, client)
                with contextlib.suppress(Exception):
                    await asyncio.wait_for(client.socket.close(), CLOSE_SECONDS)
        self.clients.clear()
        for task in list(self._closing):
            task.cancel()

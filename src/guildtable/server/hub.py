"""The WebSocket hub: which client watches which table as which seat, and sending each one only its seat's update."""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

from starlette.websockets import WebSocket

from guildtable.server.tables import Table

# What `WebSocket.send_json` sends (compact, UTF-8), with one encoder instead of a new one per message.
_encode = json.JSONEncoder(separators=(",", ":"), ensure_ascii=False).encode


@dataclass(eq=False, slots=True)
class Client:
    socket: WebSocket
    seat: int | None
    # The last version this client was told about: its next update carries the events after it.
    version: int
    # One message at a time per client, built when its turn to be sent comes, so updates never arrive out of order.
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)


class Hub:
    def __init__(self) -> None:
        self.clients: dict[str, set[Client]] = defaultdict(set)

    def add(self, table_id: str, client: Client) -> None:
        self.clients[table_id].add(client)

    def remove(self, table_id: str, client: Client) -> None:
        watchers = self.clients.get(table_id)
        if watchers is not None:
            watchers.discard(client)
            if not watchers:
                del self.clients[table_id]

    async def broadcast(self, table: Table) -> None:
        """Send every client of `table` its own seat's update."""
        for client in list(self.clients.get(table.id, ())):
            await self.update(table, client)

    async def update(self, table: Table, client: Client, *, whole: bool = False) -> None:
        """Tell `client` what changed since it was last told (`whole`: everything, as after a reconnect)."""
        async with client.lock:
            message = table.payload(client.seat, since=None if whole else client.version)
            client.version = table.version
            await self.send(table.id, client, message)

    async def send(self, table_id: str, client: Client, message: dict[str, Any]) -> None:
        try:
            await client.socket.send_text(_encode(message))
        except Exception:
            # A client that went away mid-send reconnects and gets the whole state again.
            self.remove(table_id, client)
            with contextlib.suppress(Exception):
                await client.socket.close()

    async def close_all(self) -> None:
        for table_id in list(self.clients):
            for client in list(self.clients.get(table_id, ())):
                with contextlib.suppress(Exception):
                    await client.socket.close()
        self.clients.clear()

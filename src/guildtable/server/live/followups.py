"""What follows a change at a table, whoever made it: everyone at it is told (here through the hub, the other server
processes through the table news), a bot on turn is let move, the table's timer is set for its new deadline, and a
rated game that ended is rated. The order is the same on every path; only what a path knows differs."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable

from guildtable.server.hub import Hub
from guildtable.server.live.settling import Settling
from guildtable.server.live.timers import TableTimers
from guildtable.server.pubsub import TableFeed, TableNews
from guildtable.server.tables import Table


class FollowUps:
    def __init__(
        self,
        hub: Hub,
        feed: TableFeed | None,
        timers: TableTimers,
        settling: Settling,
        schedule_bot: Callable[[Table], None],
    ) -> None:
        self.hub = hub
        # With several processes: the news between them (None: this process serves alone).
        self.feed = feed
        self._timers = timers
        self._settling = settling
        self._schedule_bot = schedule_bot

    async def tell(self, news: TableNews) -> None:
        told = self.tell_soon(news)
        if told is not None:
            await told

    def tell_soon(self, news: TableNews) -> asyncio.Future[None] | None:
        """Send `news` to the other processes, with any other table's news told meanwhile; awaiting the answer waits
        until Redis has it. A move is answered only then: were this process killed after answering, the others
        would otherwise never hear of a move its player saw accepted (they read the store only on a gap or a 409)."""
        return None if self.feed is None else self.feed.tell(news)

    async def after_move(self, table: Table, action: int | None) -> None:
        """Tell everyone at the table (here, and through the news every other process) and let a bot reply."""
        await self.hub.broadcast(table)
        told = self.tell_soon(TableNews(table.id, table.version, action))
        self._schedule_bot(table)
        self._timers.arm(table)
        await self._settling.settle(table)
        if told is not None:
            await told

    async def after_bot_move(self, table: Table, action: int) -> None:
        """A bot's move was stored and adopted: the same, but the bot's own turns go on where it plays."""
        table.touched = time.monotonic()
        await self.hub.broadcast(table)
        await self.tell(TableNews(table.id, table.version, action))
        self._timers.arm(table)
        await self._settling.settle(table)

    async def after_catch_up(self, table: Table) -> None:
        """The table read what another process stored: everyone here sees it, and its bot or clock goes on."""
        table.touched = time.monotonic()
        await self.hub.broadcast(table)
        self._schedule_bot(table)
        self._timers.arm(table)
        await self._settling.settle(table)

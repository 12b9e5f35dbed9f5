"""News of tables from the other server processes (issue 17), and catching up with the store.

Every stored change is published as table news (`pubsub.py`) and heard by every process, this one too. The next move
of a table held here is applied at once; anything else (a gap, a table busy with a move of its own, new names, a
paced table) makes the table read the store, under its lock, once at a time per table.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable

from guildtable.kernel import GuildtableError
from guildtable.server.live.background import Background
from guildtable.server.live.followups import FollowUps
from guildtable.server.live.memory import LiveTables
from guildtable.server.pubsub import TableNews
from guildtable.server.rows import PLATFORM_ACTION, platform_row
from guildtable.server.storage.calls import AsyncStore
from guildtable.server.tables import Table

log = logging.getLogger("guildtable.server")


async def catch_up(store: AsyncStore, table: Table) -> None:
    """Bring `table` to what the store holds: the moves stored since, the seats' names and the rematch (the caller
    holds its lock)."""
    stored = await store.tables.load_table(table.id)
    if stored is None:
        return
    if table.clocks is not None and stored.started is not None:
        table.clocks.start(stored.started)
    for ply in range(table.version, len(stored.actions)):
        action, at = stored.actions[ply], stored.times[ply]
        if action == PLATFORM_ACTION:
            table.adopt(table.prepare_row(platform_row(stored.notations[ply]), at))
        else:
            table.adopt(table.prepare_move(action, at))
    for seat, now_stored in zip(table.seats, stored.seats, strict=True):
        if seat.name != now_stored.name:
            table.rename(seat.seat, now_stored.name)
        seat.joined = now_stored.joined
        seat.account_id = now_stored.account_id
        seat.bot = now_stored.bot
        seat.secret = now_stored.secret
    table.rematch = stored.rematch


class News:
    def __init__(
        self,
        store: AsyncStore,
        live: LiveTables,
        clock: Callable[[], float],
        followups: FollowUps,
        background: Background,
    ) -> None:
        self._store = store
        self._live = live
        self._clock = clock
        self._followups = followups
        self._background = background
        # The tables reading the store now, and those to read it once more when done (news came meanwhile).
        self._catching_up: dict[str, asyncio.Task[None]] = {}
        self._again: set[str] = set()

    def hear(self, news: TableNews) -> None:
        """News of a table from any process (this one's own too). The next move is applied at once; anything else
        (a gap, a table busy with a move of its own, new names) is read from the store."""
        tables, loading = self._live.tables, self._live.loading
        table = tables.get(news.table)
        if table is None:
            if news.table in loading:
                loading[news.table] = max(loading[news.table], news.version)
            return
        if news.action is not None and news.version <= table.version:
            return  # known already (its own news, or caught up)
        if self._live.unused(table):
            # Nobody here watches it: rather than follow it, let it go (it is read afresh when next opened).
            del tables[news.table]
            return
        # A paced table reads the move from the store, with the time it was stored at (its clocks run on it).
        if (
            news.action is not None
            and news.version == table.version + 1
            and not table.lock.locked()
            and table.pace is None
        ):
            try:
                pending = table.prepare_move(news.action, self._clock())
            except GuildtableError as error:
                log.error("news of table %s does not apply (%s): reading the store", table.id, error)
            else:
                table.adopt(pending)
                self._background.start(self._followups.after_catch_up(table))
                return
        self.catch_up_soon(table)

    def hear_gap(self) -> None:
        """News may have been missed (the connection to the other processes came back): every table reads the store."""
        for table in list(self._live.tables.values()):
            self.catch_up_soon(table)

    def catch_up_soon(self, table: Table) -> None:
        if table.id in self._catching_up:
            self._again.add(table.id)
            return
        task = asyncio.get_running_loop().create_task(self._catch_up_task(table))
        self._catching_up[table.id] = task

    async def _catch_up_task(self, table: Table) -> None:
        try:
            while True:
                self._again.discard(table.id)
                async with table.lock:
                    await catch_up(self._store, table)
                await self._followups.after_catch_up(table)
                if table.id not in self._again:
                    return
        except Exception:
            log.exception("table %s could not catch up with the store", table.id)
        finally:
            self._catching_up.pop(table.id, None)

    async def cancel_all(self) -> None:
        for task in list(self._catching_up.values()):
            task.cancel()
            with contextlib.suppress(BaseException):
                await task

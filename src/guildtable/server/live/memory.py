"""The tables this process holds in memory, least recently used first: read from the store (and rebuilt by replaying
their moves) when someone opens one, and let go again once nobody has watched it and no bot has played at it for a
while (`ServerLimits.idle_seconds`), or when too many tables are live."""

from __future__ import annotations

import asyncio
import logging
import re
import time
from collections import OrderedDict
from collections.abc import Callable

from guildtable.kernel import GuildtableError
from guildtable.kernel.i18n import gettext as _
from guildtable.server.hub import Hub
from guildtable.server.limits import ServerLimits
from guildtable.server.live.timers import TableTimers
from guildtable.server.problems import Problem
from guildtable.server.storage.calls import AsyncStore
from guildtable.server.tables import Table

log = logging.getLogger("guildtable.server")

# Table and replay ids are `new_id()`s: anything else is not looked up in the store.
TABLE_ID = re.compile(r"[A-Za-z0-9_-]{1,32}")
SWEEP_SECONDS = 30.0


class LiveTables:
    def __init__(
        self, store: AsyncStore, hub: Hub, limits: ServerLimits, timers: TableTimers, clock: Callable[[], float]
    ) -> None:
        self._store = store
        self._hub = hub
        self._limits = limits
        self._timers = timers
        self._clock = clock
        # The live tables, least recently used first.
        self.tables: OrderedDict[str, Table] = OrderedDict()
        # Tables being loaded from the store, with the newest version news spoke of meanwhile.
        self.loading: dict[str, int] = {}

    def get(self, table_id: str) -> Table | None:
        """The table if it is in memory (now the most recently used)."""
        table = self.tables.get(table_id)
        if table is not None:
            self.tables.move_to_end(table_id)
        return table

    async def load(self, table_id: str) -> tuple[Table, int | None]:
        """The table read from the store and now live, with the newest version news spoke of while it was read (-1:
        none); or, with None, the table a request that read the store at the same time made live first. A 404 if
        there is no such table, a 410 if this version cannot rebuild it."""
        if not TABLE_ID.fullmatch(table_id):
            raise Problem(404, "unknown-table", _("there is no table {table}", table=repr(table_id[:40])))
        # News heard while the store is read is kept (a move stored meanwhile must not be missed).
        self.loading.setdefault(table_id, -1)
        try:
            stored = await self._store.tables.load_table(table_id)
        finally:
            heard = self.loading.pop(table_id, -1)
        live = self.tables.get(table_id)
        if live is not None:  # loaded by a request that read the store at the same time
            return live, None
        if stored is None:
            raise Problem(404, "unknown-table", _("there is no table {table}", table=repr(table_id[:40])))
        try:
            table = Table.rebuild(stored, self._clock)
        except GuildtableError as error:
            log.error("table %s cannot be rebuilt: %s", stored.id, error)
            raise Problem(410, "table-broken", _("this table can no longer be restored by this version")) from None
        self.tables[table.id] = table
        return table, heard

    def unused(self, table: Table) -> bool:
        busy_bot = table.bot_task is not None and not table.bot_task.done()
        return not busy_bot and not table.lock.locked() and self._hub.watchers(table.id) == 0

    def sweep(self, now: float | None = None) -> int:
        """Let tables nobody uses leave memory; returns how many left. A table stays while anyone watches it, its bot
        is thinking or a move is being made; beyond `max_live_tables` the least recently used idle ones leave first."""
        now = time.monotonic() if now is None else now
        idle = [table_id for table_id, table in self.tables.items() if self.unused(table)]
        over = len(self.tables) - self._limits.max_live_tables
        leaving = [
            table_id
            for rank, table_id in enumerate(idle)
            if rank < over or now - self.tables[table_id].touched >= self._limits.idle_seconds
        ]
        for table_id in leaving:
            del self.tables[table_id]
            self._timers.disarm(table_id)
        return len(leaving)

    async def sweep_forever(self) -> None:
        while True:
            await asyncio.sleep(SWEEP_SECONDS)
            self.sweep()

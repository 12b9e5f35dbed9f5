"""Paced tables whose seat on turn ran out of time (issue 16): the time-out policy's row is stored like a move.

A table's timer (`timers.py`) asks when its deadline passes; every few seconds the store is asked as well, for the
paced tables whose time ran out while no process held them. Of several processes doing this at once, one stores the
row and the others find its ply taken.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable

from guildtable.server.live.followups import FollowUps
from guildtable.server.live.moves import Moves
from guildtable.server.live.timers import TableTimers
from guildtable.server.problems import Problem
from guildtable.server.storage.calls import AsyncStore
from guildtable.server.tables import Table

log = logging.getLogger("guildtable.server")

# How often the store is asked for paced tables whose time ran out while no process held them.
CLOCK_SWEEP_SECONDS = 5.0


class TimeOuts:
    def __init__(
        self,
        open_table: Callable[[str], Awaitable[Table]],
        store: AsyncStore,
        clock: Callable[[], float],
        moves: Moves,
        followups: FollowUps,
        timers: TableTimers,
    ) -> None:
        self._open_table = open_table
        self._store = store
        self._clock = clock
        self._moves = moves
        self._followups = followups
        self._timers = timers

    async def check_clock(self, table_id: str) -> bool:
        """Apply the table's time-out policy if its seat on turn has run out of time; True if it did."""
        try:
            table = await self._open_table(table_id)
        except Problem:
            return False
        async with table.lock:
            row = table.timed_out(self._clock())
            if row is None:
                self._timers.arm(table)
                return False
            try:
                await self._moves.commit_row(table, table.prepare_row(row, self._clock()))
            except Problem:
                return False  # another process was first
        await self._followups.after_move(table, None)
        return True

    async def check_clocks(self) -> int:
        """Every paced table whose time ran out, whether or not this process holds it; returns how many timed out."""
        due = await self._store.tables.due_tables(self._clock())
        done = 0
        for entry in due:
            done += await self.check_clock(entry.table_id)
        return done

    async def check_forever(self) -> None:
        while True:
            await asyncio.sleep(CLOCK_SWEEP_SECONDS)
            try:
                await self.check_clocks()
            except Exception:
                log.exception("the clock sweep failed")

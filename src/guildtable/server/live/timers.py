"""A timer per live paced table (issue 16), set for the moment its seat on turn runs out of time.

What happens then is the lobby's to say (`on_due`, with the table's id: it checks the clock under the table's lock,
`timeouts.py`); here the timers are only set, moved and cleared.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from guildtable.server.tables import Table


class TableTimers:
    def __init__(self, clock: Callable[[], float], on_due: Callable[[str], None]) -> None:
        self._clock = clock
        self._on_due = on_due
        self._timers: dict[str, asyncio.TimerHandle] = {}

    def arm(self, table: Table) -> None:
        """Set the table's timer for its deadline (or clear it when no clock runs)."""
        self.disarm(table.id)
        deadline = table.deadline()
        if deadline is None:
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return
        delay = max(0.0, deadline - self._clock())
        self._timers[table.id] = loop.call_later(delay, self._on_due, table.id)

    def disarm(self, table_id: str) -> None:
        timer = self._timers.pop(table_id, None)
        if timer is not None:
            timer.cancel()

    def disarm_all(self) -> None:
        for timer in self._timers.values():
            timer.cancel()
        self._timers.clear()

"""Rating a rated table whose game ended (issues 16 and 30), once, whichever path its last move took to this process:
its own moves, its bots', and moves heard of or read from the store."""

from __future__ import annotations

import contextlib

from guildtable.server.hub import Hub
from guildtable.server.live.background import Background
from guildtable.server.ratings import settle_quietly, statuses
from guildtable.server.storage.calls import AsyncStore
from guildtable.server.tables import Table


class Settling:
    def __init__(self, store: AsyncStore, hub: Hub, pair_games: int, background: Background) -> None:
        self._store = store
        self._hub = hub
        # The rated games of one game the same two accounts count in 24 hours (`ServerLimits.rated_pair_games`).
        self._pair_games = pair_games
        self._background = background
        # Tables whose ratings are being recorded by this process (a second end seen meanwhile waits for nothing).
        self._settling: set[str] = set()

    async def settle(self, table: Table) -> None:
        """Rate a rated table whose game just ended. Each call after the first finds it settled in memory; another
        process that saw the same end finds the store's row (`ratings.settle`)."""
        if table.rated and table.terminal and not table.settled and table.id not in self._settling:
            self._settling.add(table.id)
            try:
                await settle_quietly(self._store, table, self._pair_games)
                if table.settled and table.rating is None:
                    # What became of it (rated, or why not), for the end screen (issue 30: an aborted game says so).
                    with contextlib.suppress(Exception):
                        table.rating = (await statuses(self._store, [table])).get(table.id)
                        await self._hub.broadcast(table)
            finally:
                self._settling.discard(table.id)

    def settle_soon(self, table: Table) -> None:
        if table.rated and table.terminal and not table.settled:
            with contextlib.suppress(RuntimeError):  # no loop: not serving
                self._background.start(self.settle(table))

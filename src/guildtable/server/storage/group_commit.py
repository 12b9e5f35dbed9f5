"""Group commit of the move log, for the event loop: the moves that arrive while a commit is on its way go together
in the next one (`MoveLog.add_moves`), and each caller learns its own move's fate."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable

from guildtable.server.storage.moves import MoveRow, PlyTaken

# The most moves one statement stores: a bound on a statement's size and on how long its first move waits.
GROUP_LIMIT = 256


class MoveGroups:
    """Group commit of the move log. A move waits while the commit before it is on its way, and then goes with every
    move that arrived meanwhile, in one transaction (on PostgreSQL one statement): at 100 tables moving at once, a
    process makes a few commits where it made 100 (fewer thread hops, round trips and writes to the disk), while one
    lone move goes at once. Each move's caller learns its own fate: stored, or `PlyTaken` (another process, or
    another client, was first)."""

    def __init__(self, commit: Callable[[list[MoveRow]], Awaitable[set[tuple[str, int]]]]) -> None:
        self._commit = commit
        self._waiting: list[tuple[MoveRow, asyncio.Future[None]]] = []
        self._writer: asyncio.Task[None] | None = None

    async def add(self, row: MoveRow) -> None:
        loop = asyncio.get_running_loop()
        done: asyncio.Future[None] = loop.create_future()
        self._waiting.append((row, done))
        if self._writer is None or self._writer.done():
            self._writer = loop.create_task(self._write())
        await done

    async def _write(self) -> None:
        while self._waiting:
            group, self._waiting = self._waiting[:GROUP_LIMIT], self._waiting[GROUP_LIMIT:]
            try:
                stored = await self._commit([row for row, _ in group])
            except BaseException as error:
                # The database could not be reached: each move of the group fails, as it would have alone. When the
                # process stops (the writer is cancelled), the moves still waiting fail too rather than wait forever.
                stopping = not isinstance(error, Exception)
                failure = ConnectionError("the server is stopping") if stopping else error
                for _, done in group + (self._waiting if stopping else []):
                    if not done.done():
                        done.set_exception(failure)
                if stopping:
                    raise
                continue
            for row, done in group:
                if done.done():  # its caller went away; the row is stored all the same
                    continue
                if (row.table_id, row.ply) in stored:
                    done.set_result(None)
                else:
                    done.set_exception(PlyTaken(f"{row.table_id} ply {row.ply}"))

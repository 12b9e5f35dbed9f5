"""The one path a move takes: check, store, adopt, then the follow-ups (tell everyone, let a bot reply).

Whoever moves — a person over HTTP or WebSocket, a bot on the server, a clock running out — stores the row under the
table's lock: it is checked against the version it was made for, committed to the store, and only then adopted.
Two racing moves for the same version: the first wins, the second finds a newer version (409). The follow-ups run
after the lock is let go. Undo and resigning (issue 16) are rows of the same log, stored the same way.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from guildtable.kernel.i18n import gettext as _
from guildtable.server.live.background import Background
from guildtable.server.live.followups import FollowUps
from guildtable.server.live.news import catch_up
from guildtable.server.problems import Problem
from guildtable.server.rows import PlatformRow
from guildtable.server.storage.calls import AsyncStore
from guildtable.server.storage.moves import PlyTaken
from guildtable.server.table_log import Pending
from guildtable.server.tables import Table


class Moves:
    def __init__(
        self, store: AsyncStore, clock: Callable[[], float], followups: FollowUps, background: Background
    ) -> None:
        self._store = store
        self._clock = clock
        self._followups = followups
        self._background = background

    async def move(self, table: Table, seat: int, version: Any, action_json: Any) -> None:
        if isinstance(version, bool) or not isinstance(version, int):
            raise Problem(422, "bad-request", _("a move carries 'version': the version it was made against"))
        async with table.lock:
            action = table.check_move(seat, version, action_json)
            await self.commit(table, action)
        await self._followups.after_move(table, action)

    async def commit(self, table: Table, action: int) -> None:
        """Store the checked `action` (under the table's lock), then adopt it."""
        await self.commit_row(table, table.prepare_move(action, self._clock()))

    async def commit_row(self, table: Table, pending: Pending) -> None:
        """Store a row (a move or a platform row) under the table's lock, then adopt it."""
        try:
            await self._store.moves.add_move(table.id, table.version, pending.action, pending.notation, pending.at)
        except PlyTaken:
            # Another server process (or a bot worker) stored this ply first: this process was out of date.
            await catch_up(self._store, table)
            self._background.start(self._followups.after_catch_up(table))
            raise Problem(
                409, "stale-version", _("another move was stored for this version first"), version=table.version
            ) from None
        table.adopt(pending)
        if table.pace is not None:
            await self._store.tables.set_timing(table.id, table.timing())

    async def undo(self, table: Table, seat: int, version: Any) -> None:
        """Take back `seat`'s last move of its turn, if it showed nothing hidden (Board Game Arena's policy)."""
        if isinstance(version, bool) or not isinstance(version, int):
            raise Problem(422, "bad-request", _("an undo carries 'version': the version it was asked against"))
        async with table.lock:
            if version != table.version:
                raise Problem(
                    409,
                    "stale-version",
                    _(
                        "the undo was asked against version {asked}, but the table is at version {now}",
                        asked=version,
                        now=table.version,
                    ),
                    version=table.version,
                )
            reason = table.why_no_undo(seat)
            if reason is not None:
                raise Problem(409, "cannot-undo", reason, version=table.version)
            await self.commit_row(table, table.prepare_row(PlatformRow("undo", seat), self._clock()))
        await self._followups.after_move(table, None)

    async def resign(self, table: Table, seat: int) -> None:
        """`seat` leaves the game: placed last; with one player left the game ends, else a bot plays on for it."""
        async with table.lock:
            reason = table.why_no_resign(seat)
            if reason is not None:
                raise Problem(409, "cannot-resign", reason, version=table.version)
            await self.commit_row(table, table.prepare_row(PlatformRow("resign", seat), self._clock()))
        await self._followups.after_move(table, None)

"""Taking, renaming and claiming a table's seats, and the clocks that start once every human seat is taken.

A seat is played by its secret alone. Its invite token takes it once (the seat gets a new secret, returned to the
joining player alone); its secret renames it; a signed-in player may make it their account's. Everyone at the table
is told, here and through the news.
"""

from __future__ import annotations

from collections.abc import Callable

from guildtable.kernel.i18n import gettext as _
from guildtable.server.auth import new_token
from guildtable.server.live.followups import FollowUps
from guildtable.server.live.news import catch_up
from guildtable.server.live.timers import TableTimers
from guildtable.server.names import check_seat_name, display_name
from guildtable.server.problems import Problem
from guildtable.server.pubsub import TableNews
from guildtable.server.storage.calls import AsyncStore
from guildtable.server.tables import HUMAN, Table


class Seating:
    def __init__(
        self, store: AsyncStore, clock: Callable[[], float], followups: FollowUps, timers: TableTimers
    ) -> None:
        self._store = store
        self._clock = clock
        self._followups = followups
        self._timers = timers

    async def seat_of(self, table: Table, token: str | None) -> int:
        """The seat whose secret `token` is (`Table.seat_for`). A secret this process has not heard of yet (its
        player joined through another process a moment ago) is looked for in the store once."""
        try:
            return table.seat_for(token)
        except Problem as problem:
            unjoined = any(seat.kind == HUMAN and seat.secret is None for seat in table.seats)
            if problem.code != "forged-token" or not unjoined or self._followups.feed is None:
                raise
        async with table.lock:
            await catch_up(self._store, table)
        return table.seat_for(token)

    async def join(
        self, table: Table, token: str | None, name: str, account_id: str | None = None, *, bot: bool = False
    ) -> tuple[int, str]:
        """Take a seat with its invite token, under a display name: the seat gets a new secret, returned to the
        joining player alone (the invite token only shows "taken" from now on). With the seat's secret instead, its
        player renames it. `account_id`: the player chose to take the seat as their account (a 409 before anything
        changes if another account plays it; `bot`: that account is a bot account, issue 37). Everyone at the table is
        told."""
        name = display_name(name)
        invited = None if not token else table.invited_seat(token)
        if invited is None:
            seat = await self.seat_of(table, token)
            check_seat_name([other.name if other.joined else "" for other in table.seats], seat, name)
            if account_id is not None:
                await self.bind(table, seat, account_id)
            await self._store.seats.set_seat_name(table.id, seat, name)
            table.rename(seat, name)
        else:
            seat = invited
            stored = table.seats[seat]
            taken = Problem(409, "seat-taken", _("this seat is taken: its player has joined already"))
            if stored.joined:
                raise taken
            check_seat_name([other.name if other.joined else "" for other in table.seats], seat, name)
            secret = new_token()
            if not await self._store.seats.take_seat(table.id, seat, name, secret, account_id):
                raise taken
            table.rename(seat, name)
            stored.joined, stored.secret, stored.account_id, stored.bot = True, secret, account_id, bot
            await self.start_clocks(table)
        await self._followups.hub.broadcast(table)
        await self._followups.tell(TableNews(table.id, table.version))
        held = table.seats[seat].secret
        assert held is not None
        return seat, held

    async def start_clocks(self, table: Table) -> None:
        """A paced table's clocks start once every human seat is taken."""
        clocks = table.clocks
        if clocks is None or clocks.since is not None:
            return
        if any(seat.kind == HUMAN and not seat.joined for seat in table.seats):
            return
        clocks.start(await self._store.tables.start_clocks(table.id, self._clock()))
        await self._store.tables.set_timing(table.id, table.timing())
        self._timers.arm(table)

    async def claim(self, table: Table, seat: int, account_id: str) -> None:
        """Make a seat a guest took the account's (the seat's token proves it is theirs); a 409 if another account
        plays it. Claiming one's own seat again changes nothing."""
        await self.bind(table, seat, account_id)
        await self._followups.tell(TableNews(table.id, table.version))

    async def bind(self, table: Table, seat: int, account_id: str) -> None:
        if not await self._store.seats.bind_seat(table.id, seat, account_id):
            raise Problem(409, "seat-claimed", _("another account already plays this seat"))
        table.seats[seat].account_id = account_id

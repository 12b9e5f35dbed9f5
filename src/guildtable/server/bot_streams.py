"""The Bot API's NDJSON streams (issue 37): a bot's events (seats offered to it, its games) and its seat's messages
at one table.

A game stream is a hub client like a page's WebSocket (`hub.py`), with a line outlet instead of a socket: the bot is
sent what `Table.payload` builds for its seat, and nothing else, a line per change; a bot that stops reading falls
behind and is dropped like a page. Both streams look the token up again before each line and every `poll` seconds,
so a revoked token's streams end at once (in this process) or within `poll` seconds (in another).

What must never happen here: a line built for any seat but the bot's own.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Awaitable, Callable

import orjson

from guildtable.kernel.i18n import current_language
from guildtable.server.bot_accounts import BotAccounts
from guildtable.server.lobby import Lobby
from guildtable.server.problems import Problem
from guildtable.server.storage.bots import TokenHolder
from guildtable.server.tables import HUMAN, Table

# How often a stream looks again for what other processes did, and says it is alive when nothing happened.
POLL_SECONDS = 2.0
PING = b'{"type":"ping","table":null,"seat":null,"game":null,"title":null,"rated":null,"pace":null}\n'


def bot_seat(table: Table, account_id: str) -> int | None:
    """The seat the bot account holds at `table` (None: it holds none)."""
    for seat in table.seats:
        if seat.kind == HUMAN and seat.joined and seat.account_id == account_id:
            return seat.seat
    return None


class LineOutlet:
    """A hub client's outlet that hands its messages to a stream, one at a time: while the stream's reader is slow,
    the client's outbox fills and the hub drops it, as it drops a slow page."""

    def __init__(self) -> None:
        self.lines: asyncio.Queue[str | None] = asyncio.Queue(1)
        self.closed = False

    async def send_text(self, data: str) -> None:
        await self.lines.put(data)

    async def close(self, code: int = 1000, reason: str | None = None) -> None:
        self.closed = True
        with contextlib.suppress(asyncio.QueueFull):
            self.lines.put_nowait(None)


async def game_lines(
    lobby: Lobby, table: Table, seat: int, still_held: Callable[[], Awaitable[bool]], poll: float = POLL_SECONDS
) -> AsyncIterator[bytes]:
    """The seat's whole state, then an update per change, as NDJSON lines, until the game is over, the client is
    dropped or the token is revoked."""
    outlet = LineOutlet()
    client = lobby.hub.client(outlet, seat, table.version, "bot", current_language())
    lobby.hub.add(table.id, client)
    try:
        lobby.hub.update(table, client, whole=True)
        while not client.dropped:
            try:
                text = await asyncio.wait_for(outlet.lines.get(), poll)
            except TimeoutError:
                if not await still_held():
                    return
                yield b"\n"
                continue
            if text is None or not await still_held():
                return
            yield text.encode() + b"\n"
            if orjson.loads(text).get("terminal"):
                return
    finally:
        lobby.hub.remove(table.id, client)


async def event_lines(
    lobby: Lobby, bots: BotAccounts, holder: TokenHolder, token: str, poll: float = POLL_SECONDS
) -> AsyncIterator[bytes]:
    """The bot's events as NDJSON lines: each seat offered to it and each unfinished game where it holds a seat, once
    per stream, as they come; a ping when nothing came for `poll` seconds. Ends when the token is revoked."""
    account_id = holder.account.id
    told: set[tuple[str, str, int]] = set()
    wake = bots.news.listen(account_id)
    try:
        while True:
            wake.clear()
            if await bots.holder(token) is None:
                return
            lines = [line async for line in _new_events(lobby, bots, account_id, told)]
            for line in lines:
                yield line
            if not lines:
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(wake.wait(), poll)
                if not wake.is_set():
                    yield PING
    finally:
        bots.news.forget(account_id, wake)


async def _new_events(
    lobby: Lobby, bots: BotAccounts, account_id: str, told: set[tuple[str, str, int]]
) -> AsyncIterator[bytes]:
    for invitation in await bots.store.bots.invitations(account_id):
        key = ("invitation", invitation.table_id, invitation.seat)
        if key not in told:
            table = await _table(lobby, invitation.table_id)
            told.add(key)
            if table is not None and not table.terminal:
                yield _event("invitation", table, invitation.seat)
    for held in (await bots.store.seats.account_seats(account_id))[:100]:
        key = ("game_start", held.table_id, held.seat)
        if key not in told:
            table = await _table(lobby, held.table_id)
            told.add(key)
            if table is not None and not table.terminal:
                yield _event("game_start", table, held.seat)


async def _table(lobby: Lobby, table_id: str) -> Table | None:
    try:
        return await lobby.table(table_id)
    except Problem:
        return None


def _event(kind: str, table: Table, seat: int) -> bytes:
    pace = None if table.pace is None else table.pace.kind
    line = {"type": kind, "table": table.id, "seat": seat, "game": table.game.name, "title": table.game.title}
    return orjson.dumps({**line, "rated": table.rated, "pace": pace}) + b"\n"

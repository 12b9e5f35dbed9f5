"""What one client may cost the server: request rates per address, body and message sizes, watchers, memory.

Each limit with a description is a setting of the server (`settings.py`: a `guildtable serve` option and a
`GUILDTABLE_LIMITS__...` variable); the defaults leave honest players far from every limit. Rates are counted with the
`limits` library (a sliding window per client address and action), and a refusal is a 429 problem with `Retry-After`.
"""

from __future__ import annotations

import asyncio
import json
import math
import time
from dataclasses import dataclass
from typing import Annotated, Literal

from limits import RateLimitItem, parse
from limits.storage import MemoryStorage
from limits.strategies import SlidingWindowCounterRateLimiter
from pydantic import Field
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from guildtable.kernel.i18n import N_, ngettext
from guildtable.kernel.i18n import gettext as _
from guildtable.server.problems import Problem

Action = Literal["create", "join", "upload", "move", "connect", "message", "signin", "analyse", "replay", "bot"]

# What a refusal says was done too often (whole sentences: the words around the count differ per language).
_DOING = {
    "create": N_("too many tables created from your address ({amount} per {per}); try again in {retry} s"),
    "join": N_("too many seats joined from your address ({amount} per {per}); try again in {retry} s"),
    "upload": N_("too many records uploaded from your address ({amount} per {per}); try again in {retry} s"),
    "move": N_("too many moves for your seat ({amount} per {per}); try again in {retry} s"),
    "connect": N_("too many connections opened from your address ({amount} per {per}); try again in {retry} s"),
    "message": N_("too many messages sent from your address ({amount} per {per}); try again in {retry} s"),
    "signin": N_("too many sign-ins from your address ({amount} per {per}); try again in {retry} s"),
    "analyse": N_("too many analyses asked for from your address ({amount} per {per}); try again in {retry} s"),
    "replay": N_("too many replay steps asked for from your address ({amount} per {per}); try again in {retry} s"),
    "bot": N_("too many requests with this bot token ({amount} per {per}); try again in {retry} s"),
}


@dataclass(frozen=True, slots=True)
class ServerLimits:
    """The server's limits; rates are `limits` strings such as `30/minute`. A limit with a description is a `guildtable
    serve` option and a setting (`settings.py`: `--move-rate`, `GUILDTABLE_LIMITS__MOVE_RATE`), its description the
    option's help."""

    create_rate: Annotated[str, Field(description=N_("Tables (and rematches) one address may create."))] = "30/minute"
    join_rate: Annotated[str, Field(description=N_("Seats one address may join."))] = "60/minute"
    upload_rate: Annotated[str, Field(description=N_("Records one address may upload."))] = "20/minute"
    # Counted per seat (issue 30): a seat's budget is its own player's alone; bots never count.
    move_rate: Annotated[str, Field(description=N_("Moves one address may make (all its seats together)."))] = (
        "300/minute"
    )
    connect_rate: Annotated[str, Field(description=N_("WebSocket connections one address may open."))] = "120/minute"
    # Messages one WebSocket may send (moves, refreshes, pings); a browser sends a few a minute.
    message_rate: Annotated[str, Field(description=N_("Messages one WebSocket may send."))] = "20/second"
    # Sign-ins and sign-ups: each costs an argon2 hash (tens of milliseconds, 64 MiB), and guessing passwords is what
    # this limit slows down.
    signin_rate: Annotated[str, Field(description=N_("Sign-ins and sign-ups one address may try."))] = "10/minute"
    # Analyses asked for (issue 19): each costs two searches per move of a game, in a worker process.
    analyse_rate: Annotated[str, Field(description=N_("Game analyses one address may ask for."))] = "10/hour"
    # Replay reads (issue 30): a summary, a step or a record of a replay; stepping through a game by holding an arrow
    # key asks for a few steps a second.
    replay_rate: Annotated[str, Field(description=N_("Replay steps, summaries and records one address may read."))] = (
        "600/minute"
    )
    # Issue 37: requests one bot token may make (its moves count against its seat's `move_rate` as well).
    bot_rate: Annotated[str, Field(description=N_("Requests one bot token may make."))] = "600/minute"
    max_body_bytes: Annotated[int, Field(ge=1024, description=N_("Largest request body in bytes (413)."))] = 512 * 1024
    max_message_bytes: Annotated[int, Field(ge=1024, description=N_("Largest WebSocket message."))] = 64 * 1024
    max_record_moves: Annotated[int, Field(ge=1, description=N_("Longest uploaded record."))] = 5000
    max_json_depth: int = 32
    max_spectators: Annotated[int, Field(ge=0, description=N_("Spectators one table may have."))] = 100
    max_sockets_per_address: Annotated[
        int, Field(ge=1, description=N_("WebSockets one address may hold open at once."))
    ] = 32
    # Messages waiting for one client; a client that falls further behind is dropped (it reconnects to a fresh view).
    client_queue: Annotated[
        int, Field(ge=1, description=N_("Messages waiting for one client before it is dropped as too slow."))
    ] = 64
    # A table nobody watches and no bot plays leaves memory after this long (and is loaded again when opened).
    idle_seconds: Annotated[float, Field(ge=0.0, description=N_("Seconds an unwatched table stays in memory."))] = 300.0
    max_live_tables: Annotated[int, Field(ge=1, description=N_("Tables kept in memory at most."))] = 2000
    # Bot moves: worker processes, moves waiting at most, and the seconds after which a move is given up.
    bot_workers: int = 2
    bot_queue: int = 256
    bot_move_seconds: float = 10.0
    # Search iterations per judged move of an analysis (issue 19; each move is searched twice at most).
    analysis_iterations: Annotated[
        int, Field(ge=10, le=100_000, description=N_("Search iterations per move of a game analysis."))
    ] = 400
    # Storage calls waiting on the database at once (each in a thread of its own, off the event loop).
    store_threads: int = 4
    # WebSocket frames one connection may send, control frames included (issue 30; `frame_budget.py`): this many at
    # once, refilled at this rate. The app's own messages are held to `message_rate` well before this.
    frame_rate: Annotated[
        str,
        Field(
            description=N_(
                "WebSocket frames one connection may send, pings and other control frames included (at once, and then "
                "refilled at that rate)."
            )
        ),
    ] = "100/second"
    # E-mails one address gets a UTC day, of every kind (issue 30; `mail.py`), and confirmation mails among them, which
    # is also how many one account may cause a day.
    mail_per_address_day: Annotated[
        int, Field(ge=1, description=N_("E-mails one address may get a day (UTC), of every kind."))
    ] = 50
    mail_confirmations_per_day: Annotated[
        int,
        Field(
            ge=1, description=N_("Confirmation e-mails one address may get, and one account may ask for, a day (UTC).")
        ),
    ] = 3
    # Ratings (issue 30, rating farming; see ratings.py): the rated games an account needs to be on a leaderboard
    # (fewer: its rating is provisional); the rated games of one game the same two accounts count in 24 hours (0: no
    # cap); and the days a move has at a rated table whose creator chose no pace.
    leaderboard_min_games: Annotated[
        int,
        Field(
            ge=0,
            description=N_("Rated games a player needs to be on a leaderboard (fewer: their rating is provisional)."),
        ),
    ] = 10
    rated_pair_games: Annotated[
        int,
        Field(
            ge=0,
            description=N_(
                "Rated games of one game the same two accounts count in 24 hours; later ones are not rated (0: all)."
            ),
        ),
    ] = 3
    rated_pace_days: Annotated[
        int, Field(ge=1, le=30, description=N_("Days each move has at a rated table whose creator chose no pace."))
    ] = 3
    # Replays (issue 30, finding 8): the frames kept in memory at most (bytes, least recently watched leaving first),
    # and the replays being built at once, in a worker process, at most (a 503 beyond).
    replay_cache_bytes: Annotated[
        int, Field(ge=0, description=N_("Bytes of replay frames kept in memory at most."))
    ] = 64 * 1024 * 1024
    replay_builds: Annotated[
        int, Field(ge=1, description=N_("Replays being prepared at once at most (the others wait their turn)."))
    ] = 4
    # Analyses (issue 30, finding 13): how many may wait for the judge at once (each visitor has at most one).
    analysis_queue: Annotated[
        int, Field(ge=1, description=N_("Game analyses under way at once at most (each visitor has one)."))
    ] = 32

    def rate(self, action: Action) -> str:
        rates: dict[Action, str] = {
            "create": self.create_rate,
            "join": self.join_rate,
            "upload": self.upload_rate,
            "move": self.move_rate,
            "connect": self.connect_rate,
            "message": self.message_rate,
            "signin": self.signin_rate,
            "analyse": self.analyse_rate,
            "replay": self.replay_rate,
            "bot": self.bot_rate,
        }
        return rates[action]


class LoopMemoryStorage(MemoryStorage):
    """limits' in-memory storage, with expired keys dropped by `expire` on the server's event loop.

    MemoryStorage starts a timer thread 10 ms after a hit whenever the last one has ended, to drop expired keys. At a
    few thousand WebSocket messages a second that is a new thread every 10 ms, each taking the GIL from the event loop
    (measured: p99 move latency several times higher). Here `expire` does the same work once a second from the
    server's loop; a key read after its expiry is dropped on that read anyway (`MemoryStorage.get`)."""

    def _MemoryStorage__schedule_expiry(self) -> None:  # replaces the base class's private timer start
        return

    def expire(self) -> None:
        self._MemoryStorage__expire_events()  # type: ignore[attr-defined]


class RateLimiter:
    """Sliding-window counters per (action, client). `check` raises a 429 Problem once a window is full."""

    EXPIRE_SECONDS = 1.0

    def __init__(self, limits: ServerLimits) -> None:
        self.storage = LoopMemoryStorage()
        self.strategy = SlidingWindowCounterRateLimiter(self.storage)
        self.items: dict[str, RateLimitItem] = {}
        for action in _DOING:
            text = limits.rate(action)  # type: ignore[arg-type]
            try:
                self.items[action] = parse(text)
            except ValueError:
                raise ValueError(
                    _(
                        "{action} rate {rate} is not a rate such as {example}",
                        action=action,
                        rate=repr(text),
                        example="'30/minute'",
                    )
                ) from None

    async def expire_forever(self) -> None:
        """Drop expired counters once a second (run as a task on the server's loop)."""
        while True:
            await asyncio.sleep(self.EXPIRE_SECONDS)
            self.storage.expire()

    def allow(self, action: Action, client: str) -> bool:
        """Count one `action` of `client`; False once its window is full."""
        return bool(self.strategy.hit(self.items[action], action, client))

    def check(self, action: Action, client: str) -> None:
        item = self.items[action]
        if self.allow(action, client):
            return
        stats = self.strategy.get_window_stats(item, action, client)
        retry = max(1, math.ceil(stats.reset_time - time.time()))
        raise Problem(
            429,
            "too-many-requests",
            _(_DOING[action], amount=item.amount, per=_per(item), retry=retry),
            headers={"Retry-After": str(retry)},
            limited=action,
            retry_after=retry,
        )


def _per(item: RateLimitItem) -> str:
    """The window of a rate: "minute", "10 minutes"."""
    unit, n = item.GRANULARITY.name, item.multiples
    if unit == "second":
        return _("second") if n == 1 else ngettext("{n} second", "{n} seconds", n)
    if unit == "minute":
        return _("minute") if n == 1 else ngettext("{n} minute", "{n} minutes", n)
    if unit == "hour":
        return _("hour") if n == 1 else ngettext("{n} hour", "{n} hours", n)
    if unit == "day":
        return _("day") if n == 1 else ngettext("{n} day", "{n} days", n)
    if unit == "month":
        return _("month") if n == 1 else ngettext("{n} month", "{n} months", n)
    if unit == "year":
        return _("year") if n == 1 else ngettext("{n} year", "{n} years", n)
    return unit if n == 1 else f"{n} {unit}s"


class _BodyTooLarge(Exception):
    pass


class BodyLimit:
    """ASGI middleware: a request body over `max_bytes` is answered 413 with a problem body before it is read
    (by its Content-Length) or as soon as the bytes streamed in pass the limit."""

    def __init__(self, app: ASGIApp, max_bytes: int) -> None:
        self.app = app
        self.max_bytes = max_bytes

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        problem = Problem(413, "too-large", _("a request body has at most {n} bytes", n=self.max_bytes))
        length = dict(scope.get("headers") or []).get(b"content-length", b"")
        if length.isdigit() and int(length) > self.max_bytes:
            await _send_problem(problem, send)
            return
        seen = 0
        started = False

        async def counted() -> Message:
            nonlocal seen
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > self.max_bytes:
                    raise _BodyTooLarge
            return message

        async def tracked(message: Message) -> None:
            nonlocal started
            started = started or message["type"] == "http.response.start"
            await send(message)

        try:
            await self.app(scope, counted, tracked)
        except _BodyTooLarge:
            if not started:
                await _send_problem(problem, send)


async def _send_problem(problem: Problem, send: Send) -> None:
    body = json.dumps(problem.body()).encode()
    headers = [(b"content-type", b"application/problem+json"), (b"content-length", str(len(body)).encode())]
    await send({"type": "http.response.start", "status": problem.status, "headers": headers})
    await send({"type": "http.response.body", "body": body})

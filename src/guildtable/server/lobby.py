"""The lobby: the live tables of one server process, and the one object the routes call for anything done at them.

Whoever moves — a person over HTTP or WebSocket, or a bot on the server — goes through `live/moves.py`, under the
table's lock: the move is checked against the version it was made for, committed to the store, and only then applied
and broadcast. Two racing moves for the same version: the first wins, the second finds a newer version (409).

Tables live in memory only while they are used (`live/memory.py`): a table is loaded from the store (and rebuilt by
replaying its moves) when someone opens it, and leaves memory again once nobody has watched it and no bot has played
at it for a while (`ServerLimits.idle_seconds`), or when too many tables are live. A table whose bot is on turn when
the server starts resumes as soon as someone opens it.

Several processes may serve one platform (`create_app` with a Redis URL): the store orders the moves (one row per
ply: of two processes racing for a ply, the second gets PlyTaken and catches up), every stored change is published as
table news (`pubsub.py`) and applied by each process that holds the table (`live/news.py`), and bot moves are jobs
for bot workers (`jobs.py`) instead of this process's own pool. Every storage call is awaited on a thread pool
(`storage/calls.py`), never run on the event loop.

The work is done by the parts in `live/`, one concern each; this module builds them, starts and stops them, opens a
table (the parts' follow-ups meet there), and reads replays.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Callable
from typing import Any

from guildtable.kernel.i18n import gettext as _
from guildtable.server.analyses import Analyses
from guildtable.server.auth import new_id
from guildtable.server.botpool import BotPool
from guildtable.server.hub import Hub
from guildtable.server.jobs import BotJobs
from guildtable.server.limits import ServerLimits
from guildtable.server.live.background import Background
from guildtable.server.live.bots import BotTurns
from guildtable.server.live.creation import TableMaker
from guildtable.server.live.followups import FollowUps
from guildtable.server.live.memory import TABLE_ID, LiveTables
from guildtable.server.live.moves import Moves
from guildtable.server.live.news import News
from guildtable.server.live.seats import Seating
from guildtable.server.live.settling import Settling
from guildtable.server.live.timeouts import TimeOuts
from guildtable.server.live.timers import TableTimers
from guildtable.server.problems import Problem
from guildtable.server.pubsub import TableFeed
from guildtable.server.replays import Frames, ReplayCache, checked_record
from guildtable.server.storage.calls import AsyncStore
from guildtable.server.storage.store import Store
from guildtable.server.tables import Table


class Lobby:
    """The live tables of one server process, and every verb the routes use on them: each done by the part whose
    concern it is (`server/live/`), composed here."""

    def __init__(
        self,
        store: Store,
        bot_delay: float = 0.6,
        limits: ServerLimits | None = None,
        *,
        chosen_seeds: bool = False,
        feed: TableFeed | None = None,
        jobs: BotJobs | None = None,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.limits = limits or ServerLimits()
        self.store = AsyncStore(store, self.limits.store_threads)
        # Paces (issue 16): where the time comes from (tests give their own, also after the lobby is built).
        self.clock = clock
        self.hub = Hub(self.limits.client_queue)
        self.replays = ReplayCache(self.limits.replay_cache_bytes, self.limits.replay_builds)
        self.bots = BotPool(self.limits.bot_workers, self.limits.bot_queue, self.limits.bot_move_seconds)
        # With several processes: the queue bot workers take their moves from (the news between them is `feed`).
        self.jobs = jobs
        # Analyses of finished games for the replay page (issue 19), judged in worker processes of their own (or by
        # the bot workers, on a platform of several processes).
        self.analyses = Analyses(
            self.store, iterations=self.limits.analysis_iterations, waiting=self.limits.analysis_queue, queue=jobs
        )
        # The parts, lowest first; `self.now`, `self.table`, `self.schedule_bot` and `self._time_out_soon` reach the
        # parts built later (or the clock a test set).
        self.background = Background()
        self.timers = TableTimers(self.now, self._time_out_soon)
        self.live = LiveTables(self.store, self.hub, self.limits, self.timers, self.now)
        self.tables = self.live.tables
        self.settling = Settling(self.store, self.hub, self.limits.rated_pair_games, self.background)
        self.followups = FollowUps(self.hub, feed, self.timers, self.settling, self.schedule_bot)
        self.news = News(self.store, self.live, self.now, self.followups, self.background)
        self.moves = Moves(self.store, self.now, self.followups, self.background)
        self.timeouts = TimeOuts(self.table, self.store, self.now, self.moves, self.followups, self.timers)
        self.bot_turns = BotTurns(self.bots, jobs, bot_delay, self.moves, self.followups)
        self.seating = Seating(self.store, self.now, self.followups, self.timers)
        self.maker = TableMaker(
            self.store,
            self.tables,
            self.now,
            self.table,
            self.seating,
            self.followups,
            self.schedule_bot,
            chosen_seeds=chosen_seeds,
            rated_pace_days=self.limits.rated_pace_days,
        )
        # The verbs the routes (and the news, and the tests) use, each done by its part.
        self.create_table = self.maker.create_table
        self.create_tutorial = self.maker.create_tutorial
        self.rematch = self.maker.rematch
        self.seat_of = self.seating.seat_of
        self.join = self.seating.join
        self.claim = self.seating.claim
        self.move = self.moves.move
        self.undo = self.moves.undo
        self.resign = self.moves.resign
        self.after_move = self.followups.after_move
        self.check_clock = self.timeouts.check_clock
        self.check_clocks = self.timeouts.check_clocks
        self.hear = self.news.hear
        self.hear_gap = self.news.hear_gap
        self.sweep = self.live.sweep
        self._sweeper: asyncio.Task[None] | None = None
        self._clock_sweeper: asyncio.Task[None] | None = None

    @property
    def feed(self) -> TableFeed | None:
        """The news between the processes of a platform of several (None: this process serves alone). It is set once
        the lobby is built (its callbacks are the lobby's `hear` and `hear_gap`)."""
        return self.followups.feed

    @feed.setter
    def feed(self, feed: TableFeed | None) -> None:
        self.followups.feed = feed

    def now(self) -> float:
        return self.clock()

    def schedule_bot(self, table: Table) -> None:
        """Let a bot seat that is on turn move, after a short delay so people can follow (`live/bots.py`)."""
        self.bot_turns.schedule(table)

    def _time_out_soon(self, table_id: str) -> None:
        """A table's timer went off: its clock is checked under its lock."""
        self.background.start(self.timeouts.check_clock(table_id))

    # --- life cycle ----------------------------------------------------------------------------------------------
    async def start(self) -> None:
        """Start the sweeper that lets idle tables leave memory, and listen to the other processes' news."""
        self._sweeper = asyncio.get_running_loop().create_task(self.live.sweep_forever())
        self._clock_sweeper = asyncio.get_running_loop().create_task(self.timeouts.check_forever())
        if self.feed is not None:
            await self.feed.start()

    async def stop(self) -> None:
        for sweeper in (self._sweeper, self._clock_sweeper):
            if sweeper is not None:
                sweeper.cancel()
                with contextlib.suppress(BaseException):
                    await sweeper
        self.timers.disarm_all()
        await self.bot_turns.cancel_all(self.tables.values())
        await self.news.cancel_all()
        await self.background.cancel_all()
        await self.hub.close_all()
        await self.analyses.close()
        self.replays.close()
        self.bots.close()
        if self.feed is not None:
            await self.feed.close()
        if self.jobs is not None:
            await self.jobs.close()
        self.store.close()

    # --- tables --------------------------------------------------------------------------------------------------
    async def table(self, table_id: str) -> Table:
        """The live table, loaded from the store if it is not in memory; a 404 if there is none."""
        table = self.live.get(table_id)
        if table is None:
            table = await self._open(table_id)
        table.touched = time.monotonic()
        return table

    async def _open(self, table_id: str) -> Table:
        """The table read from the store, now live: catching up with news heard meanwhile, its bot and its clock
        going on where they were."""
        table, heard = await self.live.load(table_id)
        if heard is None:
            return table  # made live by a request that read the store at the same time
        if heard >= table.version:
            self.news.catch_up_soon(table)
        self.schedule_bot(table)
        if table.pace is not None:
            # The store's timing is mended here if a process died between a row and its timing.
            await self.store.tables.set_timing(table.id, table.timing())
            self.timers.arm(table)
        # Finished meanwhile where nobody rated it (a bot worker made the last move while no process held it).
        self.settling.settle_soon(table)
        if len(self.tables) > self.limits.max_live_tables:
            self.sweep()
        return table

    # --- replays -------------------------------------------------------------------------------------------------
    async def replay_record(self, replay_id: str) -> dict[str, Any]:
        """The record of a finished table, or of an uploaded game."""
        if not TABLE_ID.fullmatch(replay_id):
            raise Problem(404, "unknown-replay", _("there is no replay {replay}", replay=repr(replay_id[:40])))
        table = self.tables.get(replay_id)
        if table is None:
            with contextlib.suppress(Problem):
                table = await self.table(replay_id)
        if table is not None:
            return table.record()
        record = await self.store.uploads.get_upload(replay_id)
        if record is None:
            raise Problem(404, "unknown-replay", _("there is no replay {replay}", replay=repr(replay_id)))
        return record

    async def replay_frames(self, replay_id: str) -> Frames:
        return await self.replays.frames(replay_id, await self.replay_record(replay_id))

    async def upload(self, data: Any) -> str:
        record = checked_record(data, max_moves=self.limits.max_record_moves)
        upload_id = new_id()
        await self.store.uploads.add_upload(upload_id, record.model_dump(mode="json", exclude_none=True))
        return upload_id

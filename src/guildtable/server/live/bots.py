"""A bot seat on turn moves, after a short delay so people can follow: it thinks in this process's pool of worker
processes (`botpool.py`), or, on a platform of several processes, its move is a job for the bot workers (`jobs.py`:
asked for once per table and version, whichever process asks)."""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import logging
from collections.abc import Iterable

from guildtable.server.botpool import BotFailed, BotPool, BotPoolBusy, BotTimeout, choose
from guildtable.server.jobs import BotJobs, bot_job, bot_on_turn
from guildtable.server.live.followups import FollowUps
from guildtable.server.live.moves import Moves
from guildtable.server.problems import Problem
from guildtable.server.tables import Table

log = logging.getLogger("guildtable.server")

BUSY_RETRY_SECONDS = 0.5


class BotTurns:
    def __init__(self, pool: BotPool, jobs: BotJobs | None, delay: float, moves: Moves, followups: FollowUps) -> None:
        self._pool = pool
        self._jobs = jobs
        # Seconds a bot waits before moving.
        self._delay = delay
        self._moves = moves
        self._followups = followups

    def schedule(self, table: Table) -> None:
        """Let a bot seat that is on turn move (once: a table has one bot task at a time)."""
        if bot_on_turn(table) is None:
            return
        if table.bot_task is not None and not table.bot_task.done():
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return  # not serving yet: the table's bot moves once someone opens it
        if self._jobs is not None:
            table.bot_task = loop.create_task(self._ask_workers(table))
        else:
            table.bot_task = loop.create_task(self._take_turns(table))

    async def cancel_all(self, tables: Iterable[Table]) -> None:
        for table in tables:
            if table.bot_task is not None:
                table.bot_task.cancel()
                with contextlib.suppress(BaseException):
                    await table.bot_task

    async def _ask_workers(self, table: Table) -> None:
        assert self._jobs is not None
        try:
            await self._jobs.ask(table.id, table.version)
        except Exception as error:
            log.error("could not ask the bot workers for a move at table %s: %s", table.id, error)

    async def _take_turns(self, table: Table) -> None:
        """The bots' moves, one after the other, as long as a bot is on turn."""
        while True:
            await asyncio.sleep(self._delay)
            async with table.lock:
                seat = table.on_turn
                if seat is None or seat not in table.bot_seats():
                    return
                version = table.version
                job = bot_job(table, seat)
            # The bot thinks in a worker process (see botpool.py), on the game's record so far.
            try:
                action = await self._pool.choose(job)
            except BotPoolBusy:
                await asyncio.sleep(BUSY_RETRY_SECONDS)
                continue
            except (BotTimeout, BotFailed) as error:
                log.error("the bot of seat %s at table %s: %s; it plays the greedy move", seat, table.id, error)
                action = choose(dataclasses.replace(job, spec="greedy"))
            async with table.lock:
                if table.version != version:
                    continue
                try:
                    table.check_action(action)
                    await self._moves.commit(table, action)
                except Problem as problem:
                    log.error("bot of seat %s at table %s failed: %s", seat, table.id, problem.detail)
                    return
            await self._followups.after_bot_move(table, action)
            next_seat = table.on_turn
            if next_seat is None or next_seat not in table.bot_seats():
                return

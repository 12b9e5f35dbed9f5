"""Bot moves as jobs on a queue (saq on Redis), taken by `guildtable bot-worker` processes on any machine.

When a bot seat comes on turn, the process that saw it enqueues one job for that table and version; the job's key is
the table and version, so every process may ask and the move is still asked for once. A worker takes the job, reads
the table from the store, lets the bot choose in its own process pool (`botpool.BotPool`: bounded time, a runaway
search is killed and the greedy move played), stores the move under the one-row-per-ply key, publishes the news
(`pubsub`), rates the table if that move ended a rated game (`ratings`) and, if the next seat is a bot too, enqueues
the next job. Nothing is lost if a worker dies: while it thinks, it beats the job's heartbeat; a job whose heartbeat
stops is taken again by another worker (saq's sweep), and a job that finds its move already stored only makes sure the
next one is asked for. The web processes do no bot work.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import logging
import time
from collections.abc import Awaitable
from concurrent.futures import ProcessPoolExecutor
from typing import Any, TypeVar

from saq import Job, Queue, Worker
from saq.types import PartialTimersDict

from guildtable.analysis.game import Step
from guildtable.kernel.rng import bot_seed
from guildtable.server.analyses import Running, judge_all, judge_step
from guildtable.server.botpool import BotFailed, BotJob, BotPool, BotPoolBusy, BotTimeout, choose
from guildtable.server.problems import Problem
from guildtable.server.pubsub import TableFeed, TableNews, platform_key
from guildtable.server.ratings import settle_quietly
from guildtable.server.storage.calls import AsyncStore
from guildtable.server.storage.moves import PlyTaken
from guildtable.server.storage.store import Store
from guildtable.server.tables import Table
from guildtable.server.workers import worker_pool

log = logging.getLogger("guildtable.bots")
T = TypeVar("T")

BOT_MOVE = "bot_move"
ANALYSE = "analyse_game"
# The most time one judged move of an analysis may take before its job is given up and tried again.
ANALYSIS_MOVE_SECONDS = 60
# A worker that stops beating for this long is taken for dead and its job runs again elsewhere (the sweep looks
# every SWEEP_SECONDS).
HEARTBEAT_SECONDS = 2
SWEEP_SECONDS = 1
ATTEMPTS = 5
# How often a worker sweeps for jobs whose worker died and looks for scheduled ones (seconds).
TIMERS: PartialTimersDict = {"sweep": SWEEP_SECONDS, "schedule": 1}  # type: ignore[typeddict-item]


def queue_name(db_url: str, kind: str = "bots") -> str:
    """One queue of each kind per platform (its database), so platforms sharing a Redis server keep their jobs
    apart."""
    return f"guildtable-{kind}-{platform_key(db_url)}"


def make_queue(redis_url: str, db_url: str, kind: str = "bots") -> Queue:
    return Queue.from_url(redis_url, name=queue_name(db_url, kind))


def bot_job(table: Table, seat: int) -> BotJob:
    """What a bot worker needs to choose `seat`'s move at `table`: the record so far and the bot."""
    state = table.state
    return BotJob(
        game=table.game.name,
        players=state.num_players,
        seed=state.seed,
        options=dict(table.options),
        setup=None if state.setup is None else dict(state.setup),
        actions=tuple(state.history),
        spec=table.bot_spec(seat),
        bot_seed=bot_seed(state.seed, seat) ^ len(state.history),
    )


def bot_on_turn(table: Table) -> int | None:
    seat = table.on_turn
    return seat if seat is not None and seat in table.bot_seats() else None


class BotJobs:
    """The web side: asks for a bot move at a table's version (at most once per table and version)."""

    def __init__(self, queue: Queue, delay: float, move_seconds: float, analyses: Queue | None = None) -> None:
        self.queue = queue
        self.analyses = analyses
        self.delay = delay
        self.move_seconds = move_seconds

    async def ask(self, table_id: str, version: int, delay: float | None = None) -> None:
        await ask_for_move(self.queue, table_id, version, self.delay if delay is None else delay, self.move_seconds)

    async def analyse(self, replay_id: str, record: dict[str, Any], spec: str, claimed: float) -> None:
        """Ask a bot worker to analyse a replay whose analysis this process has claimed (`analyses.Analyses`)."""
        assert self.analyses is not None, "no analysis queue"
        job = Job(
            ANALYSE,
            kwargs={"replay_id": replay_id, "record": record, "spec": spec},
            # One job per claim: a claim taken over after its worker stopped asks afresh.
            key=f"analysis:{replay_id}:{claimed}",
            heartbeat=HEARTBEAT_SECONDS,
            retries=ATTEMPTS,
            timeout=ANALYSIS_MOVE_SECONDS * max(1, len(record.get("actions", []))),
        )
        await self.analyses.enqueue(job)

    async def close(self) -> None:
        await self.queue.disconnect()
        if self.analyses is not None:
            await self.analyses.disconnect()


async def ask_for_move(queue: Queue, table_id: str, version: int, delay: float, move_seconds: float) -> None:
    job = Job(
        BOT_MOVE,
        kwargs={"table_id": table_id, "version": version, "delay": delay},
        key=f"{table_id}:{version}",
        heartbeat=HEARTBEAT_SECONDS,
        retries=ATTEMPTS,
        timeout=int(delay + move_seconds + 30),
    )
    await queue.enqueue(job)  # None when it was asked for already


@dataclasses.dataclass(slots=True)
class WorkerContext:
    """What a worker process keeps between jobs."""

    store: AsyncStore
    feed: TableFeed
    bots: BotPool
    queue: Queue
    move_seconds: float


@dataclasses.dataclass(slots=True)
class JudgeContext:
    """What a worker process keeps between analysis jobs: the store, and the processes that judge the moves."""

    store: AsyncStore
    judges: ProcessPoolExecutor


async def bot_move(ctx: dict[str, Any], *, table_id: str, version: int, delay: float) -> str:
    """The job: make the bot's move at `table_id` if the table is still at `version` with a bot on turn."""
    context: WorkerContext = ctx["guildtable"]
    job: Job = ctx["job"]
    await _beating(job, asyncio.sleep(delay))
    stored = await context.store.tables.load_table(table_id)
    if stored is None:
        return "no such table"
    table = Table.rebuild(stored)
    if table.version != version:
        # Moved already (a worker died after storing it): make sure the next bot move is asked for.
        await _ask_next(context, table, delay)
        return "moved already"
    seat = bot_on_turn(table)
    if seat is None:
        return "no bot on turn"
    request = bot_job(table, seat)
    try:
        action = await _beating(job, _choose(context.bots, request))
    except (BotTimeout, BotFailed) as error:
        log.error("the bot of seat %s at table %s: %s; it plays the greedy move", seat, table_id, error)
        action = choose(dataclasses.replace(request, spec="greedy"))
    try:
        table.check_action(action)
    except Problem as problem:
        log.error("bot of seat %s at table %s chose an illegal move: %s", seat, table_id, problem.detail)
        return "illegal"
    pending = table.prepare_move(action, time.time())
    try:
        await context.store.moves.add_move(table_id, version, action, pending.notation, pending.at)
    except PlyTaken:
        return "moved already"
    table.adopt(pending)
    if table.pace is not None:
        await context.store.tables.set_timing(table_id, table.timing())
    await context.feed.publish(TableNews(table_id, table.version, action))
    # A bot's move that ends a rated game rates it here: no web process may hold the table to see the end.
    await settle_quietly(context.store, table)
    await _ask_next(context, table, delay)
    return "moved"


async def analyse_game(ctx: dict[str, Any], *, replay_id: str, record: dict[str, Any], spec: str) -> str:
    """The job: judge every move of a replay whose analysis a web process claimed, and store the result."""
    context: JudgeContext = ctx["guildtable"]
    job: Job = ctx["job"]
    stored = await context.store.analyses.analysis(replay_id)
    if stored is None or stored.status != "running":
        return "not wanted"  # done already, or the claim was dropped
    loop = asyncio.get_running_loop()

    async def judge(index: int) -> Step:
        return await loop.run_in_executor(context.judges, judge_step, record, index, spec)

    # The heartbeat beats all along (one move may take less than a beat, a whole game much longer).
    try:
        await _beating(job, judge_all(context.store, replay_id, record, spec, judge, Running(0, stored.total)))
    except Exception:
        if not job.retryable:  # the last attempt: the page offers the analysis again
            log.exception("the analysis of %s failed", replay_id)
            await context.store.analyses.drop_analysis(replay_id)
        raise
    return "analysed"


async def _choose(bots: BotPool, request: BotJob) -> int:
    while True:
        try:
            return await bots.choose(request)
        except BotPoolBusy:
            await asyncio.sleep(0.2)


async def _beating(job: Job, work: Awaitable[T]) -> T:
    """Await `work`, beating the job's heartbeat meanwhile (a silent job is taken for dead and run again)."""
    task = asyncio.ensure_future(work)
    try:
        while True:
            done, _ = await asyncio.wait({task}, timeout=HEARTBEAT_SECONDS / 3)
            if done:
                return task.result()
            await job.update()
    finally:
        if not task.done():
            task.cancel()
            with contextlib.suppress(BaseException):
                await task


async def _ask_next(context: WorkerContext, table: Table, delay: float) -> None:
    if bot_on_turn(table) is not None:
        await ask_for_move(context.queue, table.id, table.version, delay, context.move_seconds)


def make_workers(
    redis_url: str,
    db_url: str,
    *,
    concurrency: int = 2,
    move_seconds: float = 10.0,
    analyses: int = 1,
    store_threads: int = 4,
) -> list[Worker[Any]]:
    """The saq workers of one `guildtable bot-worker`: this platform's bot moves, `concurrency` at a time (each in a
    process of its own), and its analyses, `analyses` at a time (none with 0)."""
    workers = [make_bot_worker(redis_url, db_url, concurrency, move_seconds, store_threads)]
    if analyses > 0:
        workers.append(make_analysis_worker(redis_url, db_url, analyses))
    return workers


def make_analysis_worker(redis_url: str, db_url: str, at_once: int) -> Worker[Any]:
    queue = make_queue(redis_url, db_url, "analyses")

    async def startup(ctx: dict[str, Any]) -> None:
        store = await asyncio.to_thread(Store, db_url)
        judges = worker_pool(at_once)
        ctx["guildtable"] = JudgeContext(AsyncStore(store, 2), judges)

    async def shutdown(ctx: dict[str, Any]) -> None:
        context: JudgeContext | None = ctx.get("guildtable")
        if context is not None:
            context.judges.shutdown(wait=False, cancel_futures=True)
            context.store.close()

    return Worker(
        queue,
        functions=[(ANALYSE, analyse_game)],
        concurrency=at_once,
        startup=startup,
        shutdown=shutdown,
        timers=TIMERS,
    )


def make_bot_worker(
    redis_url: str, db_url: str, concurrency: int, move_seconds: float, store_threads: int
) -> Worker[Any]:
    """A saq worker that takes this platform's bot moves, `concurrency` at a time (each in a process of its own)."""
    queue = make_queue(redis_url, db_url)

    async def startup(ctx: dict[str, Any]) -> None:
        feed = TableFeed(redis_url, db_url, on_news=lambda _news: None, on_gap=lambda: None)
        store = await asyncio.to_thread(Store, db_url)  # opening it may upgrade the schema: off the loop
        ctx["guildtable"] = WorkerContext(
            AsyncStore(store, store_threads),
            feed,
            BotPool(concurrency, 4 * concurrency, move_seconds),
            queue,
            move_seconds,
        )

    async def shutdown(ctx: dict[str, Any]) -> None:
        context: WorkerContext | None = ctx.get("guildtable")
        if context is not None:
            context.bots.close()
            await context.feed.close()
            context.store.close()

    return Worker(
        queue,
        functions=[(BOT_MOVE, bot_move)],
        concurrency=concurrency,
        startup=startup,
        shutdown=shutdown,
        timers=TIMERS,
    )

"""Analyses for the replay page (issue 19): a finished game's moves judged in the background, stored once done.

Asking for an analysis starts it (or finds it done, or under way in this or another process). Each move is judged
in a worker process (`analysis.game.step_at`), never on the event loop, and the progress is written to the store as
it goes, so every server process can show it; a row whose process stopped updating it is taken over by the next one
asked. A single server judges in a pool of its own; on a platform of several processes (Redis) an analysis is a job
for the bot workers (`jobs.py`), like a bot move, and the web processes do no analysis work.

Only finished tables and uploaded records are analysed: they are replays, whose records are public, and every move is
judged from what its player could know at the time.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections import deque
from collections.abc import Awaitable, Callable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any, Literal, Protocol

from guildtable.analysis.game import Step, assemble, positions, step_at
from guildtable.analysis.judge import DEFAULT_SPEC, THRESHOLDS, spec_with
from guildtable.kernel.i18n import ENGLISH, current_language
from guildtable.kernel.i18n import gettext as _
from guildtable.kernel.records import GameRecord, parse_record
from guildtable.kernel.seats import displayed_seat_names
from guildtable.server.problems import Problem
from guildtable.server.storage.calls import AsyncStore
from guildtable.server.workers import worker_pool

log = logging.getLogger("guildtable.server")
# A running analysis whose process has not written for this long is taken to have stopped.
STALE_SECONDS = 120.0
# The same for an analysis sent to the bot workers' queue, where it may wait behind others before a worker starts it
# (a worker that dies is noticed by the queue itself, which gives the job to another).
QUEUED_STALE_SECONDS = 1800.0
# How often a running analysis writes its progress to the store (in moves).
PROGRESS_EVERY = 5
# The longest game analysed (moves): a judged move costs two searches.
MAX_MOVES = 1000

Status = Literal["none", "running", "done"]


@dataclass(slots=True)
class Running:
    """An analysis under way in this process: how far it has come, its judged moves, and whose it is (the visitor
    who asked: the judge takes the visitors' moves in turn)."""

    done: int
    total: int
    task: asyncio.Task[None] | None = None
    steps: list[Step] = field(default_factory=list)
    visitor: str = ""
    record: dict[str, Any] = field(default_factory=dict)


def judge_step(record: dict[str, Any], index: int, spec: str) -> Step:
    """One move judged, in a worker process."""
    return step_at(parse_record(record), index, spec)


class AnalysisQueue(Protocol):
    """Where a platform of several processes sends its analyses: the bot workers' queue (`jobs.BotJobs`)."""

    async def analyse(self, replay_id: str, record: dict[str, Any], spec: str, claimed: float) -> None: ...


async def judge_all(
    store: AsyncStore,
    replay_id: str,
    record: dict[str, Any],
    spec: str,
    judge: Callable[[int], Awaitable[Step]],
    running: Running,
) -> None:
    """Judge every move of a claimed analysis with `judge(index)`, writing the progress as it goes, and store the
    result. The caller drops the claim if this fails."""
    for index in range(running.total):
        running.steps.append(await judge(index))
        running.done = index + 1
        if running.done % PROGRESS_EVERY == 0:
            await store.analyses.analysis_progress(replay_id, running.done, time.time())
    result = assemble(parse_record(record), spec, running.steps).to_json()
    await store.analyses.finish_analysis(replay_id, result, time.time())


class Analyses:
    def __init__(
        self,
        store: AsyncStore,
        *,
        iterations: int = 400,
        workers: int = 1,
        waiting: int = 32,
        queue: AnalysisQueue | None = None,
    ) -> None:
        self.store = store
        self.spec = spec_with(DEFAULT_SPEC, iterations=iterations)
        self.workers = workers
        # At most this many analyses under way here at once (each visitor's one); a 503 beyond.
        self.waiting = waiting
        self.queue = queue
        # The analyses in the order the judge takes their next move (issue 30 finding 13: one visitor's long game
        # had held the only slot for minutes while everyone else got a 503), and the task that drives the judge.
        self._turns: deque[str] = deque()
        self._judge: asyncio.Task[None] | None = None
        self.stale_seconds = STALE_SECONDS if queue is None else QUEUED_STALE_SECONDS
        self.running: dict[str, Running] = {}
        self._pool: ProcessPoolExecutor | None = None

    def _workers(self) -> ProcessPoolExecutor:
        if self._pool is None:
            self._pool = worker_pool(self.workers)
        return self._pool

    async def status(self, replay_id: str, record: dict[str, Any] | None = None) -> dict[str, Any]:
        """What the replay page shows: none yet, running (how far), or done (the analysis, its moves named in the
        reader's language when the replay's `record` is given)."""
        here = self.running.get(replay_id)
        if here is not None:
            return {"status": "running", "done": here.done, "total": here.total}
        stored = await self.store.analyses.analysis(replay_id)
        if stored is None or (stored.status == "running" and stored.updated < time.time() - self.stale_seconds):
            return {"status": "none", "thresholds": _thresholds()}
        if stored.status == "running":
            return {"status": "running", "done": stored.done, "total": stored.total}
        result = stored.result
        if record is not None and result is not None:
            result = in_readers_words(parse_record(record), result)
        return {"status": "done", "done": stored.total, "total": stored.total, "analysis": result}

    async def start(self, replay_id: str, record: dict[str, Any], visitor: str = "") -> dict[str, Any]:
        """Start analysing a replay unless it is done or under way; returns its status. A visitor (a client address)
        has one analysis under way at a time."""
        known = await self.status(replay_id, record)
        if known["status"] != "none":
            return known
        parsed = parse_record(record)
        total = len(parsed.actions)
        if total > MAX_MOVES:
            raise Problem(422, "too-long", _("games of more than {n} moves are not analysed", n=MAX_MOVES))
        if self.queue is None and any(running.visitor == visitor for running in self.running.values()):
            raise Problem(
                429,
                "analysis-under-way",
                _("an analysis you asked for is under way; ask for the next one once it is done"),
                headers={"Retry-After": "60"},
            )
        if self.queue is None and len(self.running) >= self.waiting:
            raise Problem(
                503,
                "analysis-busy",
                _("the server is analysing many games; ask again in a minute"),
                headers={"Retry-After": "60"},
            )
        now = time.time()
        if not await self.store.analyses.claim_analysis(replay_id, self.spec, total, now, now - self.stale_seconds):
            return await self.status(replay_id)
        if self.queue is not None:
            try:
                await self.queue.analyse(replay_id, record, self.spec, now)
            except Exception as error:
                log.error("the analysis of %s could not be queued: %s", replay_id, error)
                await self.store.analyses.drop_analysis(replay_id)
                raise Problem(
                    503,
                    "analysis-unavailable",
                    _("analyses cannot be started just now; ask again in a minute"),
                    headers={"Retry-After": "60"},
                ) from error
            return {"status": "running", "done": 0, "total": total}
        self.running[replay_id] = Running(0, total, visitor=visitor, record=record)
        self._turns.append(replay_id)
        if self._judge is None or self._judge.done():
            self._judge = asyncio.get_running_loop().create_task(self._judge_in_turn())
        return {"status": "running", "done": 0, "total": total}

    async def _judge_in_turn(self) -> None:
        """Judge the analyses under way one move at a time, each in its turn, until none is left: with k under way,
        each gets every k-th move judged, so a short game asked for after a long one is done in its own time."""
        loop = asyncio.get_running_loop()
        while self._turns:
            replay_id = self._turns.popleft()
            running = self.running[replay_id]
            try:
                if running.done < running.total:
                    index = running.done
                    step = await loop.run_in_executor(self._workers(), judge_step, running.record, index, self.spec)
                    running.steps.append(step)
                    running.done = index + 1
                    if running.done % PROGRESS_EVERY == 0:
                        await self.store.analyses.analysis_progress(replay_id, running.done, time.time())
                if running.done < running.total:
                    self._turns.append(replay_id)
                    continue
                result = assemble(parse_record(running.record), self.spec, running.steps).to_json()
                await self.store.analyses.finish_analysis(replay_id, result, time.time())
                self.running.pop(replay_id, None)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("the analysis of %s failed", replay_id)
                self.running.pop(replay_id, None)
                await self.store.analyses.drop_analysis(replay_id)

    async def close(self) -> None:
        if self._judge is not None:
            self._judge.cancel()
            with contextlib.suppress(BaseException):
                await self._judge
        for replay_id in list(self.running):
            with contextlib.suppress(Exception):  # cancelled on shutdown: its row is dropped, to be asked again
                await self.store.analyses.drop_analysis(replay_id)
        self.running.clear()
        self._turns.clear()
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None


def in_readers_words(record: GameRecord, result: dict[str, Any]) -> dict[str, Any]:
    """The stored analysis with every move played and every best move named in the reader's language (the worker
    that judged them wrote them in English), and why the better move was better in that language (issue 33: the
    worker wrote it in every language; "" where none was found, None in an analysis stored before there were any)."""
    names = displayed_seat_names([player.name for player in record.players])
    language = current_language()
    steps = []
    for step, (state, _action) in zip(result["steps"], positions(record), strict=False):
        written = step.get("why")
        steps.append(
            {
                **step,
                "played_label": state.action_label(int(step["played"]), names),
                "best_label": state.action_label(int(step["best"]), names),
                "why": str(written.get(language) or written.get(ENGLISH) or "") if isinstance(written, dict) else None,
            }
        )
    return {**result, "steps": steps}


def _thresholds() -> list[dict[str, Any]]:
    return [{"mark": mark, "loss": loss} for loss, mark in THRESHOLDS]

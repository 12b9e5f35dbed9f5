"""Bots think in worker processes, never in the server's own: a search bot holds a core for up to a few seconds, and in
the server's process it would hold the GIL that every request needs.

A `BotJob` carries what a worker needs to rebuild the position from scratch (the game's record so far), so nothing
but plain data crosses the process boundary and a worker can be replaced at any time. The pool is bounded: at most
`queue_limit` jobs wait (beyond that `BotPoolBusy`, and the table tries again a moment later), each table has at most
one job at a time (the lobby's bot task per table), and jobs are served first come, first served, so one table's bots
cannot starve another's. A job that outlives `move_seconds` is given up (`BotTimeout`) and its worker is killed and
replaced (pebble's pool does both), so a runaway search frees its core at once: web seats only take bounded budgets
(`bots.spec.check_web_spec`), so this is a safety net, and the lobby then plays the greedy move.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
from dataclasses import dataclass
from typing import Any

from pebble import ProcessExpired, ProcessPool

from guildtable.bots.spec import make_bot
from guildtable.kernel.registry import get_game
from guildtable.server.workers import die_with_parent


class BotPoolBusy(Exception):
    """Too many bot moves are waiting already."""


class BotTimeout(Exception):
    """The bot did not answer within the pool's time per move."""


class BotFailed(Exception):
    """The bot raised an error in its worker (the message says which)."""


@dataclass(frozen=True, slots=True)
class BotJob:
    """One bot move: the position as its record so far, and the bot that is to answer."""

    game: str
    players: int
    seed: int
    options: dict[str, Any]
    setup: dict[str, Any] | None
    actions: tuple[int, ...]
    spec: str
    bot_seed: int


def choose(job: BotJob) -> int:
    """Run in a worker: rebuild the position and let the bot choose (also usable in-process)."""
    state = get_game(job.game).new_state(job.players, seed=job.seed, options=job.options, setup=job.setup)
    for action in job.actions:
        state.apply(action)
    return make_bot(job.spec, job.bot_seed).choose(state)


def _warm_up(server: int) -> None:
    """Import the games in a new worker before its first job (a worker starts with a fresh interpreter), and end the
    worker when its server process is gone."""
    from guildtable.kernel.registry import all_games

    die_with_parent(server)
    all_games()


class BotPool:
    def __init__(self, workers: int = 2, queue_limit: int = 64, move_seconds: float = 10.0) -> None:
        self.workers = workers
        self.queue_limit = queue_limit
        self.move_seconds = move_seconds
        self.pending = 0
        self._pool: ProcessPool | None = None

    def _workers(self) -> ProcessPool:
        # Started on first use: a server whose tables have no bots never starts a worker. "spawn", because forking a
        # process that runs an event loop and threads is unsafe.
        if self._pool is None:
            self._pool = ProcessPool(
                self.workers,
                initializer=_warm_up,
                initargs=(os.getpid(),),
                context=multiprocessing.get_context("spawn"),
            )
        return self._pool

    async def choose(self, job: BotJob, work: Any = None) -> int:
        """The bot's action for `job`. `work` replaces `choose` in the worker (tests give a runaway one)."""
        if self.pending >= self.queue_limit:
            raise BotPoolBusy(f"{self.pending} bot moves are waiting")
        self.pending += 1
        try:
            future = self._workers().schedule(work or choose, args=(job,), timeout=self.move_seconds)
            try:
                return int(await asyncio.wrap_future(future))
            except TimeoutError:
                raise BotTimeout(f"no answer within {self.move_seconds} s") from None
            except ProcessExpired as error:
                raise BotFailed(f"the bot's worker process died ({error})") from None
            except Exception as error:
                raise BotFailed(f"{type(error).__name__}: {error}") from None
        finally:
            self.pending -= 1

    def close(self) -> None:
        if self._pool is not None:
            self._pool.stop()  # type: ignore[no-untyped-call]  # kills the workers, running jobs included
            self._pool.join(timeout=5)
            self._pool = None

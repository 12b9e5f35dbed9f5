"""Bots think in a bounded pool of worker processes (issue 12 finding 4): a runaway job is stopped at its deadline and
its worker killed, the queue is bounded, and the pool goes on serving after both."""

from __future__ import annotations

import asyncio
import functools
import os
import time
from pathlib import Path

import pytest

from guildtable.server.botpool import BotJob, BotPool, BotPoolBusy, BotTimeout, choose
from loops import run_coroutine

JOB = BotJob(game="city-blocks", players=2, seed=7, options={}, setup=None, actions=(), spec="greedy", bot_seed=1)


def runaway(pid_file: Path, job: BotJob) -> int:
    """A bot that never answers: it notes its process id, then spins."""
    pid_file.write_text(str(os.getpid()))
    while True:
        pass


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    stat = Path(f"/proc/{pid}/stat")
    return not (stat.exists() and stat.read_text().rsplit(")", 1)[1].split()[0] == "Z")


def wait_until_gone(pid: int, polls: int = 200) -> bool:
    for _ in range(polls):
        if not alive(pid):
            return True
        time.sleep(0.05)
    return False


@pytest.mark.skipif(not Path("/proc").exists(), reason="reads /proc")
def test_a_runaway_bot_is_stopped_at_its_deadline_and_its_worker_killed(tmp_path: Path) -> None:
    pid_file = tmp_path / "pid"

    async def scenario() -> int:
        pool = BotPool(workers=1, queue_limit=4, move_seconds=1.0)
        try:
            with pytest.raises(BotTimeout, match=r"no answer within 1\.0 s"):
                await pool.choose(JOB, functools.partial(runaway, pid_file))
            assert pool.pending == 0
            return await pool.choose(JOB)  # a fresh worker answers the next move
        finally:
            pool.close()

    action = run_coroutine(scenario())
    assert action == choose(JOB)
    assert wait_until_gone(int(pid_file.read_text())), "the runaway worker still runs"


def test_the_queue_is_bounded(tmp_path: Path) -> None:
    async def scenario() -> None:
        pool = BotPool(workers=1, queue_limit=2, move_seconds=60.0)
        try:
            waiting = [
                asyncio.create_task(pool.choose(JOB, functools.partial(runaway, tmp_path / f"{n}"))) for n in (1, 2)
            ]
            await asyncio.sleep(0)
            assert pool.pending == 2
            with pytest.raises(BotPoolBusy, match="2 bot moves are waiting"):
                await pool.choose(JOB)
            for task in waiting:
                task.cancel()
            await asyncio.gather(*waiting, return_exceptions=True)
            assert pool.pending == 0
        finally:
            pool.close()

    run_coroutine(scenario())

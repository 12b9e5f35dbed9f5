"""What every worker process of the server's pools (bots, analyses) runs first.

A pool's worker waits for work on a pipe whose other end it also holds, so when its server process is killed (a
deployment's `kill -9`, a crash, a test that stops its server) it never sees the end of the pipe and would wait for
ever as an orphan. `die_with_parent` makes it end within a second of its parent instead.
"""

from __future__ import annotations

import os
import threading
import time
from concurrent.futures import ProcessPoolExecutor
from multiprocessing import get_context

PARENT_CHECK_SECONDS = 1.0


def die_with_parent(parent: int) -> None:
    """Watch the parent process (`parent`: the server's pid, given by the pool) from a daemon thread; exit at once
    when it is gone (the worker is re-parented), even if it went while this worker was still starting up."""
    if os.getppid() != parent:
        os._exit(0)

    def watch() -> None:
        while True:
            time.sleep(PARENT_CHECK_SECONDS)
            if os.getppid() != parent:
                os._exit(0)

    threading.Thread(target=watch, name="parent-watch", daemon=True).start()


def worker_pool(workers: int) -> ProcessPoolExecutor:
    """A pool of `workers` fresh (spawned) processes that end with this one: the server's pools of analyses and
    replays, and a bot worker's judges."""
    return ProcessPoolExecutor(
        workers, mp_context=get_context("spawn"), initializer=die_with_parent, initargs=(os.getpid(),)
    )

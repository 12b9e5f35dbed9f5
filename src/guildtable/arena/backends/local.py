"""The local backend: a pool of worker processes, one per core by default (one worker: no pool at all).

Closing the iterator (or an exception in the consumer, Ctrl-C included) terminates the pool: no worker outlives the
tournament. Workers ignore Ctrl-C themselves so that it reaches only the main process, which stops them, instead of
every worker printing its own traceback.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import threading
from collections.abc import Callable, Generator, Iterator
from contextlib import contextmanager
from typing import TypeVar

Task = TypeVar("Task")
Result = TypeVar("Result")


def run_local(tasks: list[Task], workers: int | None, play: Callable[[Task], Result]) -> Generator[Result, None, None]:
    count = min(workers or os.cpu_count() or 1, max(1, len(tasks)))
    if count <= 1:
        for task in tasks:
            yield play(task)
        return
    # Spawned workers start clean (no inherited threads or open files) on every platform.
    context = multiprocessing.get_context("spawn")
    with _interrupts_ignored_by_new_processes():
        pool = context.Pool(count, initializer=_ignore_interrupts)
    with pool:
        yield from pool.imap_unordered(play, tasks, chunksize=1)


def _ignore_interrupts() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)


@contextmanager
def _interrupts_ignored_by_new_processes() -> Iterator[None]:
    """Ignore Ctrl-C while the workers are started: an ignored signal stays ignored in a spawned process from its
    first instruction, so a Ctrl-C while a worker is still importing does not print its traceback either. Only the
    main thread may change signal handlers; elsewhere the workers' initializer alone has to do."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)

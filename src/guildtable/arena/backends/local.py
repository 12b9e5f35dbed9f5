"""The local backend: a pool of worker processes, one per core by default (one worker: no pool at all)."""

from __future__ import annotations

import multiprocessing
import os
from collections.abc import Iterator

from guildtable.arena.tournament import MatchResult, MatchTask, play_match


def run_local(tasks: list[MatchTask], workers: int | None = None) -> Iterator[MatchResult]:
    count = min(workers or os.cpu_count() or 1, max(1, len(tasks)))
    if count <= 1:
        for task in tasks:
            yield play_match(task)
        return
    # Spawned workers start clean (no inherited threads or open files) on every platform.
    context = multiprocessing.get_context("spawn")
    with context.Pool(count) as pool:
        yield from pool.imap_unordered(play_match, tasks, chunksize=1)

"""Work a table's change sets off without waiting for it (a catch-up's follow-ups, a clock's check, a rating), kept
so that stopping the server cancels whatever is still under way."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Coroutine
from typing import Any


class Background:
    """The lobby's tasks that nobody awaits."""

    def __init__(self) -> None:
        self._tasks: set[asyncio.Task[Any]] = set()

    def start(self, work: Coroutine[Any, Any, Any]) -> None:
        """Run `work` on the running loop (a RuntimeError when none runs: not serving)."""
        task = asyncio.get_running_loop().create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def cancel_all(self) -> None:
        for task in list(self._tasks):
            task.cancel()
            with contextlib.suppress(BaseException):
                await task

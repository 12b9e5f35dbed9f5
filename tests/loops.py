"""Running a coroutine from a test, whatever ran before it in the same process.

Every test that needs an event loop goes through `run_coroutine`; `tests/test_no_leftover_loops.py` keeps it so."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Coroutine
from typing import Any, TypeVar

T = TypeVar("T")


def run_coroutine(coroutine: Coroutine[Any, Any, T]) -> T:
    """Run `coroutine` to the end on a new event loop in a thread of its own.

    `asyncio.run` refuses to start where a loop is already running, and the sync Playwright API keeps one running in
    the main thread of any test process that ran a browser test before; a thread of its own has no such leftover."""
    results: list[T] = []
    errors: list[BaseException] = []

    def run() -> None:
        try:
            results.append(asyncio.run(coroutine))
        except BaseException as error:  # re-raised in the test's thread
            errors.append(error)

    thread = threading.Thread(target=run, name="test-event-loop")
    thread.start()
    thread.join()
    if errors:
        raise errors[0]
    return results[0]

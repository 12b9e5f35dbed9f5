"""Issue 11: no test depends on what an earlier test left behind. The sync Playwright API leaves an event loop running
in the main thread of every test process that ran a browser test, so a bare `asyncio.run` in a test passes or fails
with the order the tests happen to run in. Every test runs its coroutines through `loops.run_coroutine` instead."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from loops import run_coroutine

TESTS = Path(__file__).parent
BARE_RUN = re.compile(r"\basyncio\.run\(")


def test_no_test_starts_an_event_loop_in_the_test_thread() -> None:
    offenders = [
        f"{path.relative_to(TESTS)}:{number}"
        for path in sorted(TESTS.rglob("*.py"))
        if path.name not in {"loops.py", Path(__file__).name}
        for number, text in enumerate(path.read_text().splitlines(), 1)
        if BARE_RUN.search(text) and not text.lstrip().startswith("#")
    ]
    assert offenders == [], f"use loops.run_coroutine instead of asyncio.run: {offenders}"


def test_run_coroutine_works_while_a_loop_runs_in_the_calling_thread() -> None:
    import asyncio

    async def inner() -> int:
        return 41 + 1

    async def outer() -> int:
        # This thread now has a running loop, as after a Playwright test; asyncio.run would refuse here.
        refused = inner()
        with pytest.raises(RuntimeError, match="running event loop"):
            asyncio.run(refused)  # the refusal this module exists for
        refused.close()
        return run_coroutine(inner())

    assert run_coroutine(outer()) == 42

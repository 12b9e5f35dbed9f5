"""What a server process tells its operator (`GET /api/health`): that it answers, how many tables and sockets it holds,
and how long its event loop was held up, by garbage collection or by anything else. A reverse proxy polls it to
route around a dead process; a load test reads it to tell the server's stalls from its own.

It counts and times; it never names a table, a seat or a player, and holds nothing that grows with time."""

from __future__ import annotations

import asyncio
import gc
import time
from collections import deque
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel

# How often the loop's lag is sampled, and how many samples are kept (the last minute).
LAG_INTERVAL = 0.05
LAG_SAMPLES = 1200


@dataclass(slots=True)
class Collections:
    """The garbage collections of one generation since the process started."""

    count: int = 0
    seconds: float = 0.0
    longest: float = 0.0
    # Objects found unreachable (garbage in reference cycles, which reference counting could not free).
    collected: int = 0


@dataclass(slots=True)
class Pauses:
    """Every garbage collection's pause, timed through `gc.callbacks` (installed by `start`, removed by `stop`)."""

    generations: list[Collections] = field(default_factory=lambda: [Collections() for _ in range(3)])
    _began: float = 0.0

    def start(self) -> None:
        if self._observe not in gc.callbacks:
            gc.callbacks.append(self._observe)

    def stop(self) -> None:
        if self._observe in gc.callbacks:
            gc.callbacks.remove(self._observe)

    def _observe(self, phase: str, info: dict[str, Any]) -> None:
        if phase == "start":
            self._began = time.perf_counter()
            return
        spent = time.perf_counter() - self._began
        collections = self.generations[int(info["generation"])]
        collections.count += 1
        collections.seconds += spent
        collections.longest = max(collections.longest, spent)
        collections.collected += int(info["collected"])


@dataclass(slots=True)
class LoopLag:
    """How late the event loop wakes a task that sleeps `LAG_INTERVAL`: the time every table waited then."""

    samples: deque[float] = field(default_factory=lambda: deque(maxlen=LAG_SAMPLES))
    longest: float = 0.0

    async def watch_forever(self) -> None:
        while True:
            asleep = time.perf_counter()
            await asyncio.sleep(LAG_INTERVAL)
            late = max(0.0, time.perf_counter() - asleep - LAG_INTERVAL)
            self.samples.append(late)
            self.longest = max(self.longest, late)

    def percentile(self, share: float) -> float:
        ordered = sorted(self.samples)
        return ordered[min(len(ordered) - 1, int(len(ordered) * share))] if ordered else 0.0


def milliseconds(seconds: float) -> float:
    return round(seconds * 1000, 2)


class LagReport(BaseModel):
    p50_ms: float
    p99_ms: float
    longest_ms: float


class CollectionsReport(BaseModel):
    generation: int
    collections: int
    total_ms: float
    longest_ms: float
    collected: int


class Health(BaseModel):
    """The answer of `GET /api/health`: the loop's lag over the last minute, the collections since the start."""

    status: str
    tables: int
    sockets: int
    loop_lag: LagReport
    gc: list[CollectionsReport]


def health(pauses: Pauses, lag: LoopLag, tables: int, sockets: int) -> Health:
    return Health(
        status="ok",
        tables=tables,
        sockets=sockets,
        loop_lag=LagReport(
            p50_ms=milliseconds(lag.percentile(0.5)),
            p99_ms=milliseconds(lag.percentile(0.99)),
            longest_ms=milliseconds(lag.longest),
        ),
        gc=[
            CollectionsReport(
                generation=generation,
                collections=collections.count,
                total_ms=milliseconds(collections.seconds),
                longest_ms=milliseconds(collections.longest),
                collected=collections.collected,
            )
            for generation, collections in enumerate(pauses.generations)
        ],
    )

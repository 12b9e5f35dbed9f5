"""How a server process uses Python's garbage collector, so that a process holding a thousand tables does not stall
them all for a quarter of a second.

Nearly everything a move makes is freed at once by reference counting; what survives is the table's log (its events,
their JSON, the new position), which lives as long as the table. Left to its defaults, the collector looks at every
such survivor again and again: at each young collection, at each middle one, and at every full collection, which
grows with the tables held (with 1,000 tables, pauses of 100-400 ms; issue 17's benchmark). Here an object is looked
at once: every collection's survivors are frozen (`gc.freeze`, a constant-time list splice), so the next collection
looks only at what is new since. Frozen objects are still freed by reference counting, which is how a table's log
goes (a table let go leaves no reference cycle: `tests/server/test_server_collector.py`). Only a cycle that becomes
garbage after its objects were frozen waits, until the thorough collection that runs every `thorough_seconds`:
unfreeze, collect everything, freeze again (one long pause every ten minutes instead of many). What waits is mostly
what the web framework leaves of a closed WebSocket that had lived through a collection: about 30 objects a socket.

It must never collect from inside the collector's callback (only `gc.freeze`, which collects nothing), and it changes
nothing about which objects live or die."""

from __future__ import annotations

import asyncio
import gc
from dataclasses import dataclass
from typing import Any

# A young collection after this many new container objects, counted net of those freed (Python's default is 700:
# with it, the collector took about a tenth of a busy server's CPU). A collection looks at every object made since the
# last one that is still alive, which is more than this when many older objects were freed meanwhile (the positions a
# move replaced). With 1,000 busy tables, 2 processes (issue 17's benchmark, four runs each, alternating): at 10,000,
# about 65 collections a run, 0.95-1.06 s in all per process, the longest 37-94 ms; at 4,000, about 187, 1.18-1.32 s,
# the longest 27-47 ms, and the loop's lag at p99 16-24 ms instead of 24-65. A move waits for the whole of a pause,
# so the shorter pauses are worth the fifth more time.
YOUNG_THRESHOLD = 4_000
# How often everything is looked at again, to free the cycles that became garbage while frozen.
THOROUGH_SECONDS = 600.0


def freeze_survivors(phase: str, _info: dict[str, Any]) -> None:
    """The `gc.callbacks` entry: at the end of every collection, what survived it is frozen."""
    if phase == "stop":
        gc.freeze()


@dataclass(slots=True)
class _Installed:
    """The collector is the process's: the policy is installed by the first app that starts and removed when the last
    one stops (tests run several apps in one process, sometimes at once)."""

    users: int = 0
    saved_threshold: tuple[int, int, int] = (700, 10, 10)


_INSTALLED = _Installed()


@dataclass(slots=True)
class SurvivorsFrozen:
    """The policy above, installed by `start` and removed by `stop`."""

    thorough_seconds: float = THOROUGH_SECONDS
    young_threshold: int = YOUNG_THRESHOLD
    thorough_collections: int = 0

    def start(self) -> None:
        """Collect and freeze what is loaded so far (modules, content, the app), then freeze each collection's
        survivors from now on."""
        gc.collect()
        gc.freeze()
        if _INSTALLED.users == 0:
            _INSTALLED.saved_threshold = gc.get_threshold()
            gc.callbacks.append(freeze_survivors)
        _INSTALLED.users += 1
        gc.set_threshold(self.young_threshold, *_INSTALLED.saved_threshold[1:])

    def stop(self) -> None:
        """Back to Python's own ways once no app uses the policy (the process may go on: tests start many apps)."""
        _INSTALLED.users -= 1
        if _INSTALLED.users == 0:
            gc.callbacks.remove(freeze_survivors)
            gc.set_threshold(*_INSTALLED.saved_threshold)
            gc.unfreeze()

    def thorough(self) -> int:
        """Look at everything once more: free the cycles that became garbage while frozen. Returns how many
        unreachable objects were found."""
        gc.unfreeze()
        found = gc.collect()  # its own callback freezes the survivors again
        gc.freeze()
        self.thorough_collections += 1
        return found

    async def thorough_forever(self) -> None:
        while True:
            await asyncio.sleep(self.thorough_seconds)
            self.thorough()

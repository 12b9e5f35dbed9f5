"""`GET /api/health`: what a process tells its operator (issue 17's deployment: a reverse proxy polls it, and the
load benchmark reads the server's own stalls from it). It counts tables and sockets, times garbage collections and
the event loop's lag, and names nothing hidden."""

from __future__ import annotations

import asyncio
import gc
import time

from server_helpers import TestClient, new_table

from guildtable.server import create_app
from guildtable.server.health import LoopLag, Pauses
from guildtable.server.settings import ServerSettings
from loops import run_coroutine


class Node:
    def __init__(self) -> None:
        self.other: Node | None = None


def test_health_counts_the_tables_and_sockets_held_and_times_every_collection(sqlite_url: str) -> None:
    with TestClient(create_app(ServerSettings(db=sqlite_url, bot_delay=0, allow_chosen_seeds=True))) as client:
        first = client.get("/api/health").json()
        assert first["status"] == "ok" and first["tables"] == 0 and first["sockets"] == 0
        table = new_table(client, ["human", "human"])
        first_node, second_node = Node(), Node()
        first_node.other, second_node.other = second_node, first_node
        del first_node, second_node
        gc.collect()  # a full collection, timed by the process's callback, that frees the cycle
        with client.websocket_connect(f"/ws/tables/{table['id']}") as ws:
            ws.send_json({"type": "hello"})
            ws.receive_json()
            held = client.get("/api/health").json()
        assert held["tables"] == 1 and held["sockets"] == 1
        oldest = {entry["generation"]: entry for entry in held["gc"]}[2]
        assert oldest["collections"] >= 1 and oldest["longest_ms"] > 0
        assert oldest["total_ms"] >= oldest["longest_ms"]
        assert oldest["collected"] >= 2
        assert set(held["loop_lag"]) == {"p50_ms", "p99_ms", "longest_ms"}
        assert table["id"] not in str(held)  # it counts tables, never names one
    # The app stopped: its collection callback went with it.
    assert not any(isinstance(getattr(callback, "__self__", None), Pauses) for callback in gc.callbacks)


def test_a_blocked_event_loop_shows_as_lag() -> None:
    async def run() -> LoopLag:
        lag = LoopLag()
        watcher = asyncio.get_running_loop().create_task(lag.watch_forever())
        await asyncio.sleep(0.12)
        time.sleep(0.3)  # a stall: every task on this loop waits
        await asyncio.sleep(0.12)
        watcher.cancel()
        return lag

    lag = run_coroutine(run())
    # However the watcher's sleep lined up with the stall, it woke at least 0.3 - 0.05 s late once.
    assert lag.longest >= 0.25
    assert lag.percentile(1.0) == lag.longest
    assert lag.percentile(0.0) < 0.25

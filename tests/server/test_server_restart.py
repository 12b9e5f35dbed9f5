"""A server killed with SIGKILL in the middle of games comes back with every game and every seat's view exactly as
before: moves are committed before anyone hears of them, and games are rebuilt from their records."""

from __future__ import annotations

import os
import signal
import subprocess
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager

import httpx
from server_helpers import auth, tokens_of, wait_for

from guildtable.server.local import free_port, local_server

# This test moves far faster than a person: lift the per-address move and table limits.
FAST = ("--move-rate", "100000/minute", "--create-rate", "10000/minute")


@contextmanager
def server(db_url: str, port: int) -> Iterator[subprocess.Popen[bytes]]:
    with local_server(db_url, port=port, bot_delay=0.02, extra=FAST) as (_, process):
        yield process


def views(http: httpx.Client, tables: list[dict]) -> dict[tuple[str, int | None], dict]:
    """Every seat's (and the spectator's) whole picture of every table."""
    seen = {}
    for table in tables:
        seen[(table["id"], None)] = http.get(f"/api/tables/{table['id']}/state").json()
        for seat, token in tokens_of(table).items():
            seen[(table["id"], seat)] = http.get(f"/api/tables/{table['id']}/state", headers=auth(token)).json()
    return seen


def play(http: httpx.Client, table: dict, moves: int) -> int:
    """Make up to `moves` moves for the human seats (waiting for bots); returns the moves acknowledged."""
    tokens = tokens_of(table)
    made = 0
    try:
        while made < moves:
            spectator = http.get(f"/api/tables/{table['id']}/state").json()
            if spectator["terminal"]:
                break
            seat = spectator["current_player"]
            if seat not in tokens:
                time.sleep(0.01)
                continue
            mine = http.get(f"/api/tables/{table['id']}/state", headers=auth(tokens[seat])).json()
            body = {"version": mine["version"], "action": mine["legal"][made % len(mine["legal"])]["action"]}
            response = http.post(f"/api/tables/{table['id']}/moves", headers=auth(tokens[seat]), json=body)
            if response.status_code == 200:
                made += 1
    except httpx.HTTPError:
        pass  # the server was killed
    return made


def settled(http: httpx.Client, table: dict) -> bool:
    """True when no bot is about to move (a human is on turn or the game is over)."""
    spectator = http.get(f"/api/tables/{table['id']}/state").json()
    return spectator["terminal"] or spectator["current_player"] in tokens_of(table)


def test_sigkill_mid_game_then_restart_restores_every_game_and_view(db_url: str) -> None:
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    specs = [["human", "human"], ["human", "greedy"], ["greedy", "human"], ["human", "random"]]
    with server(db_url, port) as process, httpx.Client(base_url=base, timeout=10) as http:
        tables = [
            http.post(
                "/api/tables", json={"game": "city-blocks", "seats": [{"kind": k, "take": k == "human"} for k in seats]}
            ).json()
            for seats in specs
        ]
        http.post(f"/api/tables/{tables[0]['id']}/join", headers=auth(tokens_of(tables[0])[1]), json={"name": "Zoë"})
        for index, table in enumerate(tables):
            play(http, table, 3 + 2 * index)
        for table in tables:
            wait_for(lambda table=table: settled(http, table))
        before = views(http, tables)
        # One more game keeps moving while the server is killed: whatever was acknowledged must survive.
        racing = http.post("/api/tables", json={"game": "city-blocks", "seats": [{"take": True}] * 2}).json()
        acknowledged: list[int] = []
        mover = threading.Thread(target=lambda: acknowledged.append(play(httpx.Client(base_url=base), racing, 30)))
        mover.start()
        time.sleep(0.15)
        os.kill(process.pid, signal.SIGKILL)
        process.wait()
        mover.join()
    assert all(not state["terminal"] for state in before.values()), "the games were killed mid-way"
    with server(db_url, port), httpx.Client(base_url=base, timeout=10) as http:
        after = views(http, tables)
        assert after == before
        assert after[(tables[0]["id"], None)]["seats"][1]["name"] == "Zoë"
        assert http.get(f"/api/tables/{racing['id']}/state").json()["version"] >= acknowledged[0]
        # The restarted server carries on: a bot seat still answers a human move.
        table = tables[1]
        play(http, table, 1)
        wait_for(lambda: settled(http, table))
        assert http.get(f"/api/tables/{table['id']}/state").json()["version"] > before[(table["id"], None)]["version"]

"""Issue 17: several server processes serve one platform on one PostgreSQL and Redis.

Real processes throughout: two `guildtable serve --redis` processes on one database, `guildtable bot-worker`s, and
`kill -9`. A move through one process reaches a spectator on the other; one process killed mid-game, the game goes
on through the other with no acknowledged move lost; a bot worker killed while its bot thinks, the bot still moves;
`serve --workers 2 --bot-workers 1` runs two servers on one port and a bot worker beside them; a game's analysis
(issue 19) is a job for the bot workers, and one killed mid-analysis leaves it to another.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
import uuid
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager, suppress
from typing import Any

import httpx
import pytest
from server_helpers import auth, tokens_of, wait_for
from sqlalchemy import create_engine, text
from websockets.sync.client import ClientConnection, connect

from guildtable.server.jobs import queue_name
from guildtable.server.local import SERVE, free_port, is_up, local_server

POSTGRES = os.environ.get("GUILDTABLE_TEST_POSTGRES", "")
REDIS = os.environ.get("GUILDTABLE_TEST_REDIS", "")
# These tests move far faster than a person: lift the per-address move and table limits.
FAST = ("--move-rate", "100000/minute", "--create-rate", "10000/minute")
WORKER = [sys.executable, "-c", "from guildtable.cli.app import main; main()", "bot-worker"]
# A bot that thinks for seconds (the longest a web seat may): long enough to be killed mid-think.
SLOW_BOT = "ismcts:ms=3000,iterations=20000"


def _needed(what: str, variable: str, script: str) -> None:
    message = f"no {what}: set {variable} (make test does, via scripts/{script})"
    if os.environ.get("GUILDTABLE_REQUIRE_SERVICES"):
        pytest.fail(f"CI needs {what} for the multi-process tests: {message}")
    pytest.skip(message)


@pytest.fixture
def platform() -> Iterator[tuple[str, str]]:
    """A fresh PostgreSQL database of its own and the Redis URL: (database URL, Redis URL)."""
    if not POSTGRES:
        _needed("PostgreSQL", "GUILDTABLE_TEST_POSTGRES", "ensure_postgres.sh")
    if not REDIS:
        _needed("Redis", "GUILDTABLE_TEST_REDIS", "ensure_redis.sh")
    name = f"gt_{uuid.uuid4().hex[:16]}"
    admin = create_engine(POSTGRES, isolation_level="AUTOCOMMIT")
    with admin.connect() as db:
        db.execute(text(f'CREATE DATABASE "{name}"'))
    try:
        yield f"{POSTGRES.rpartition('/')[0]}/{name}", REDIS
    finally:
        with admin.connect() as db:
            db.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        admin.dispose()


@contextmanager
def server(db_url: str, redis_url: str, *extra: str) -> Iterator[tuple[str, subprocess.Popen[bytes]]]:
    with local_server(db_url, bot_delay=0.0, extra=(*FAST, "--redis", redis_url, *extra)) as started:
        yield started


@contextmanager
def bot_worker(db_url: str, redis_url: str) -> Iterator[subprocess.Popen[bytes]]:
    """A bot worker in a process group of its own (its bots think in child processes): killed whole on the way out."""
    process = subprocess.Popen(
        [*WORKER, "--db", db_url, "--redis", redis_url, "--concurrency", "1"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    try:
        yield process
    finally:
        kill_group(process)


def kill_group(process: subprocess.Popen[bytes]) -> None:
    if process.poll() is None:
        with suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)
    process.wait()


def watch(base: str, table_id: str, token: str | None = None) -> ClientConnection:
    """A WebSocket on `table_id` through the server at `base`, past its first (whole) state."""
    socket = connect(base.replace("http", "ws", 1) + f"/ws/tables/{table_id}", open_timeout=30, legacy=True)
    socket.send(json.dumps({"type": "hello", "token": token}))
    first = json.loads(socket.recv(timeout=30))
    assert first["type"] == "state", first
    return socket


def until_version(socket: ClientConnection, version: int) -> dict[str, Any]:
    """The first message that tells of `version` (or later)."""
    while True:
        message = json.loads(socket.recv(timeout=30))
        assert message["type"] != "error", message
        if message.get("version", -1) >= version:
            return dict(message)


def move_once(http: httpx.Client, table: dict[str, Any]) -> httpx.Response:
    """The seat on turn makes its first legal move (as it sees the table through `http`'s server)."""
    tokens = tokens_of(table)
    seat = http.get(f"/api/tables/{table['id']}/state").json()["current_player"]
    mine = http.get(f"/api/tables/{table['id']}/state", headers=auth(tokens[seat])).json()
    body = {"version": mine["version"], "action": mine["legal"][0]["action"]}
    return http.post(f"/api/tables/{table['id']}/moves", headers=auth(tokens[seat]), json=body)


def version_at(http: httpx.Client, table_id: str) -> int:
    return int(http.get(f"/api/tables/{table_id}/state").json()["version"])


def test_a_move_through_one_process_reaches_the_websockets_of_the_other(platform: tuple[str, str]) -> None:
    db_url, redis_url = platform
    with ExitStack() as stack:
        (first, _), (second, _) = (stack.enter_context(server(db_url, redis_url)) for _ in range(2))
        one = stack.enter_context(httpx.Client(base_url=first, timeout=30))
        other = stack.enter_context(httpx.Client(base_url=second, timeout=30))
        table = one.post("/api/tables", json={"game": "city-blocks", "seats": [{"take": True}] * 2}).json()
        spectator = stack.enter_context(watch(second, table["id"]))
        red = stack.enter_context(watch(first, table["id"], tokens_of(table)[1]))
        assert move_once(one, table).status_code == 200
        heard = until_version(spectator, 1)
        assert heard["type"] == "update" and heard["events"], heard
        # And back: a move through the second process reaches a seat's socket on the first.
        assert move_once(other, table).status_code == 200
        assert until_version(red, 2)["version"] == 2
        assert until_version(spectator, 2)["view"] == other.get(f"/api/tables/{table['id']}/state").json()["view"]


def test_a_process_killed_mid_game_the_game_goes_on_through_the_other(platform: tuple[str, str]) -> None:
    db_url, redis_url = platform
    with ExitStack() as stack:
        (doomed, victim), (survivor, _) = (stack.enter_context(server(db_url, redis_url)) for _ in range(2))
        other = stack.enter_context(httpx.Client(base_url=survivor, timeout=30))
        table = other.post("/api/tables", json={"game": "city-blocks", "seats": [{"take": True}] * 2}).json()
        spectator = stack.enter_context(watch(survivor, table["id"]))
        acknowledged: list[int] = []
        some_made = threading.Event()

        def mover() -> None:
            with httpx.Client(base_url=doomed, timeout=30) as http:
                try:
                    while True:
                        if move_once(http, table).status_code == 200:
                            acknowledged.append(1)
                            if len(acknowledged) >= 5:
                                some_made.set()
                except httpx.HTTPError:
                    pass  # the process was killed
                finally:
                    some_made.set()

        thread = threading.Thread(target=mover)
        thread.start()
        assert some_made.wait(60)
        os.kill(victim.pid, signal.SIGKILL)
        victim.wait()
        thread.join()
        made = len(acknowledged)
        assert made >= 5
        # Every move the dead process acknowledged is in the platform, and its spectator heard of it.
        assert version_at(other, table["id"]) >= made or wait_for(lambda: version_at(other, table["id"]) >= made)
        until_version(spectator, made)
        # The game goes on through the survivor to the end.
        for _ in range(500):
            if other.get(f"/api/tables/{table['id']}").json()["terminal"]:
                break
            response = move_once(other, table)
            assert response.status_code in (200, 409), response.json()  # 409: it had not yet heard the last move
        final = other.get(f"/api/tables/{table['id']}/state").json()
        assert final["terminal"]
        assert until_version(spectator, final["version"])["terminal"]
        record = other.get(f"/api/tables/{table['id']}/record").json()
        assert len(record["actions"]) == final["version"] >= made


def _job_state(redis_url: str, db_url: str, table_id: str, version: int) -> dict[str, Any] | None:
    import redis

    client = redis.Redis.from_url(redis_url)
    try:
        data = client.get(f"saq:job:{queue_name(db_url)}:{table_id}:{version}")
    finally:
        client.close()
    return None if data is None else dict(json.loads(data))


def test_a_bot_worker_killed_mid_think_the_bot_still_moves(platform: tuple[str, str]) -> None:
    db_url, redis_url = platform
    with server(db_url, redis_url) as (base, _), httpx.Client(base_url=base, timeout=30) as http:
        for _attempt in range(3):
            with bot_worker(db_url, redis_url) as first:
                # Bots in both seats: the first move is asked for as the table is made, and the first worker takes it.
                bots = {"game": "city-blocks", "seats": [{"kind": SLOW_BOT}, {"kind": SLOW_BOT}]}
                table_id = http.post("/api/tables", json=bots).json()["id"]
                wait_for(lambda: (_job_state(redis_url, db_url, table_id, 0) or {}).get("status") == "active", 60)  # noqa: B023
                kill_group(first)
            if version_at(http, table_id) == 0:
                break  # killed while thinking (else the bot was quicker than the kill: try again)
        else:
            pytest.fail("the bot always moved before its worker could be killed")
        with bot_worker(db_url, redis_url):
            wait_for(lambda: version_at(http, table_id) >= 1, 120)
        job = _job_state(redis_url, db_url, table_id, 0)
        assert job is not None and job["attempts"] >= 2, job


def test_an_analysis_is_a_job_for_the_bot_workers_and_survives_one_killed(platform: tuple[str, str]) -> None:
    """Issue 19 on issue 17's platform: the web processes do no analysis work. A bot worker judges the game, its
    progress shows through the other server, and when that worker is killed mid-analysis another one finishes it."""
    db_url, redis_url = platform
    analysis = ("--analysis-iterations", "300", "--analyse-rate", "1000/hour")
    with (
        server(db_url, redis_url, *analysis) as (one, _),
        server(db_url, redis_url, *analysis) as (two, _),
        httpx.Client(base_url=one, timeout=30) as first,
        httpx.Client(base_url=two, timeout=30) as second,
    ):
        with bot_worker(db_url, redis_url) as worker:
            bots = {"game": "city-blocks", "seats": [{"kind": "greedy"}, {"kind": "random"}]}
            table_id = first.post("/api/tables", json=bots).json()["id"]
            wait_for(lambda: first.get(f"/api/tables/{table_id}").json()["terminal"], 120)
            moves = version_at(first, table_id)
            started = first.post(f"/api/replays/{table_id}/analysis")
            assert started.status_code == 202 and started.json()["status"] == "running", started.json()

            def judged() -> int:
                answer = second.get(f"/api/replays/{table_id}/analysis").json()
                assert answer["status"] == "running", answer  # not done before the kill
                return int(answer["done"])

            wait_for(lambda: judged() >= 5, 120)
            kill_group(worker)
        assert first.get(f"/api/replays/{table_id}/analysis").json()["status"] == "running"
        with bot_worker(db_url, redis_url):
            done = wait_for(
                lambda: (
                    (answer := second.get(f"/api/replays/{table_id}/analysis").json())["status"] == "done" and answer
                ),
                240,
            )
        steps = done["analysis"]["steps"]
        assert len(steps) == moves == done["total"]
        assert first.get(f"/api/replays/{table_id}/analysis").json()["analysis"] == done["analysis"]


def _children(pid: int) -> list[str]:
    """The command lines of a process's children (Linux)."""
    found = []
    for task in os.listdir(f"/proc/{pid}/task"):
        with open(f"/proc/{pid}/task/{task}/children") as listing:
            for child in listing.read().split():
                with suppress(OSError), open(f"/proc/{child}/cmdline", "rb") as cmdline:
                    found.append(cmdline.read().replace(b"\0", b" ").decode())
    return found


def test_serve_workers_runs_that_many_processes_on_one_port_with_bot_workers_beside(platform: tuple[str, str]) -> None:
    """`guildtable serve --workers 2 --bot-workers 1`: two server processes share the port, and a bot worker started
    beside them plays a bots' game to the end."""
    db_url, redis_url = platform
    port = free_port()
    options = ["--workers", "2", "--bot-workers", "1", "--bot-delay", "0", "--log-level", "warning"]
    process = subprocess.Popen(
        [*SERVE, "--port", str(port), "--db", db_url, "--redis", redis_url, *options],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        wait_for(lambda: is_up(base), 120)
        children = _children(process.pid)
        servers = [line for line in children if "multiprocessing" in line and "resource_tracker" not in line]
        assert len(servers) == 2, children
        assert sum("bot-worker" in line for line in children) == 1, children
        with httpx.Client(base_url=base, timeout=30) as http:
            bots = {"game": "city-blocks", "seats": [{"kind": "greedy"}, {"kind": "random"}]}
            table_id = http.post("/api/tables", json=bots).json()["id"]
            wait_for(lambda: http.get(f"/api/tables/{table_id}").json()["terminal"], 120)
    finally:
        kill_group(process)

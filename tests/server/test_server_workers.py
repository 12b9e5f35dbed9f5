"""The server's worker processes (bot moves, analyses) end with their server: a server killed outright (SIGKILL, as
a crash or an operator's kill -9 would) leaves no orphan behind waiting for work for ever."""

from __future__ import annotations

from pathlib import Path

import httpx
from server_helpers import wait_for

from guildtable.server.local import local_server


def children_of(pid: int) -> set[int]:
    found = set()
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid:
            found.add(int(entry.name))
    return found


def alive(pid: int) -> bool:
    try:
        state = (Path("/proc") / str(pid) / "stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def test_bot_and_analysis_workers_end_when_their_server_is_killed(tmp_path: Path) -> None:
    """Issue 17/19 hygiene: both pools' workers leave within seconds of a SIGKILL of their server."""
    with local_server(f"sqlite:///{tmp_path / 'db.sqlite3'}", bot_delay=0, extra=("--allow-chosen-seeds",)) as (
        base,
        process,
    ):
        table = httpx.post(
            f"{base}/api/tables", json={"game": "city-blocks", "seats": [{"kind": "random"}] * 2, "seed": 3}, timeout=30
        ).json()
        wait_for(lambda: httpx.get(f"{base}/api/tables/{table['id']}", timeout=30).json()["terminal"], timeout=60)
        started = httpx.post(f"{base}/api/replays/{table['id']}/analysis", timeout=30)
        assert started.status_code == 202, started.json()
        workers = wait_for(lambda: (found := children_of(process.pid)) and len(found) >= 2 and found, timeout=60)
        process.kill()
        process.wait()
    wait_for(lambda: not any(alive(pid) for pid in workers), timeout=15)

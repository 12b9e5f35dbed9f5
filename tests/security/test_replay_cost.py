"""Issue 30 finding 8 (medium): replays blocked the server. Each uncached `GET /api/replays/{id}` of a 763-move upload
cost about 250 ms of event-loop time and was not rate limited; one client raised another table's median move latency
from 6 ms to 172 ms, and reading 66 uploads grew the server from 143 to 1,017 MiB. Now replay frames are built in a
worker process, cached by size in bytes, reads are rate limited, and memory stays bounded whatever is read."""

from __future__ import annotations

import time

import pytest
from security_helpers import MakeClient, TestClient

from guildtable.server import replays

BOTS = {"game": "city-and-guilds", "seats": [{"kind": "random"}] * 4}


def finished_record(client: TestClient) -> dict:
    """The record of a City and Guilds game four random bots played to its end on the server."""
    table = client.post("/api/tables", json=BOTS).json()
    for _ in range(6000):
        answer = client.get(f"/api/tables/{table['id']}/record")
        if answer.status_code == 200:
            return dict(answer.json())
        time.sleep(0.01)  # the bots move on the server's own loop
    raise AssertionError("the bots' game did not end")


def uploads(client: TestClient, count: int) -> list[str]:
    """`count` uploads of one long game (each its own replay, as an attacker's would be)."""
    record = finished_record(client)
    return [client.post("/api/replays", json=record).json()["id"] for _ in range(count)]


def test_replay_frames_are_built_off_the_event_loop(make_client: MakeClient, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 30 finding 8: building a replay's frames replays the whole game. It happens in a worker process: here
    the server's own process cannot build frames at all, and the replay is still served, step by step."""
    client = make_client(upload_rate="1000/minute", create_rate="1000/minute")
    [replay_id] = uploads(client, 1)

    def not_here(*_args: object) -> None:
        raise AssertionError("frames built on the server's event loop")

    monkeypatch.setattr(replays, "frames_of", not_here)
    summary = client.get(f"/api/replays/{replay_id}")
    assert summary.status_code == 200, summary.json()
    steps = summary.json()["steps"]
    assert steps > 100
    last = client.get(f"/api/replays/{replay_id}/steps/{steps}").json()
    assert last["terminal"] is True and last["step"] == steps


def test_memory_stays_bounded_whatever_is_read(make_client: MakeClient) -> None:
    """Issue 30 finding 8: reading many long uploads kept every one's frames as objects. The cache now holds at most
    its budget of encoded frames, the least recently read leaving first."""
    record = finished_record(make_client(create_rate="1000/minute"))
    budget = int(2.5 * replays.encoded_frames(record, "en").size)  # room for two of these replays
    client = make_client(upload_rate="1000/minute", create_rate="1000/minute", replay_cache_bytes=budget)
    ids = [client.post("/api/replays", json=record).json()["id"] for _ in range(8)]
    cache = client.app.state.lobby.replays  # type: ignore[attr-defined]
    for replay_id in ids:
        assert client.get(f"/api/replays/{replay_id}/steps/1").status_code == 200
        assert 0 < cache.bytes <= budget
    assert len(cache.entries) < len(ids)
    assert (ids[-1], "en") in cache.entries and (ids[0], "en") not in cache.entries


def test_replay_reads_are_rate_limited(make_client: MakeClient) -> None:
    """Issue 30 finding 8: reads were not limited at all; past the rate, a read is now a 429. (A day's window: the
    limiter's sliding window forgets earlier reads as the window moves on, and the first read, which builds the
    frames in a worker process, may take many seconds on a busy machine.)"""
    client = make_client(upload_rate="1000/minute", create_rate="1000/minute", replay_rate="5/day")
    [replay_id] = uploads(client, 1)
    for step in range(5):
        assert client.get(f"/api/replays/{replay_id}/steps/{step}").status_code == 200
    refused = client.get(f"/api/replays/{replay_id}")
    assert refused.status_code == 429 and "replay" in refused.json()["detail"]

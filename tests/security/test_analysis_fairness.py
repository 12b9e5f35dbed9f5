"""Issue 30 finding 13 (low): one visitor could hold the only analysis slot for about 4 minutes, and everyone else got
a 503. Now each visitor has one analysis under way at a time, and the judge takes the analyses' moves in turn, so a
short game asked for after a long one is judged in its own time."""

from __future__ import annotations

import time
from typing import Any

from security_helpers import MakeClient, TestClient

from guildtable.server.problems import Problem

SPEC = "ismcts:iterations=20,c=0.1,rollout=0,widen=1,alpha=0.4,prior_depth=2,settle=1"


def finished(client: TestClient, game: str, players: int) -> tuple[str, dict[str, Any]]:
    """A game random bots played to its end on the server: its id and record."""
    table = client.post("/api/tables", json={"game": game, "seats": [{"kind": "random"}] * players}).json()
    for _ in range(6000):
        answer = client.get(f"/api/tables/{table['id']}/record")
        if answer.status_code == 200:
            return str(table["id"]), dict(answer.json())
        time.sleep(0.01)  # the bots move on the server's own loop
    raise AssertionError("the bots' game did not end")


def test_a_short_game_asked_for_after_a_long_one_is_judged_first(make_client: MakeClient) -> None:
    """Issue 30 finding 13: Mallory asks for a long game's analysis, then for another (refused: one at a time); Ana
    asks for a short game's next and is not turned away, and hers is done while Mallory's is still under way."""
    client = make_client(create_rate="1000/minute")
    analyses = client.app.state.lobby.analyses  # type: ignore[attr-defined]
    analyses.spec = SPEC  # a small search: the queue, not the judge's strength
    long_id, long_record = finished(client, "city-and-guilds", 5)
    other_id, other_record = finished(client, "city-and-guilds", 3)
    short_id, short_record = finished(client, "city-blocks", 2)
    assert len(long_record["actions"]) > 3 * len(short_record["actions"])

    started = client.portal.call(analyses.start, long_id, long_record, "10.0.0.66")
    assert started["status"] == "running"
    try:
        client.portal.call(analyses.start, other_id, other_record, "10.0.0.66")
    except Problem as refused:
        assert (refused.status, refused.code) == (429, "analysis-under-way")
    else:
        raise AssertionError("a second analysis of the same visitor was taken")
    assert client.portal.call(analyses.start, short_id, short_record, "10.0.0.7")["status"] == "running"

    def status(replay_id: str) -> dict[str, Any]:
        return dict(client.get(f"/api/replays/{replay_id}/analysis").json())

    for _ in range(60000):
        if status(short_id)["status"] == "done":
            break
        time.sleep(0.01)
    long_now = status(long_id)
    assert long_now["status"] == "running" and long_now["done"] < long_now["total"]

"""Issue 19 on the server: the analysis of a finished table or an uploaded record runs in the background (worker
processes, never the event loop), shows its progress, is stored once done (another server on the same database finds
it), and the position after the best move found can be shown next to the move played."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from server_helpers import state, wait_for
from starlette.testclient import TestClient

from guildtable.server.app import create_app
from guildtable.server.limits import ServerLimits
from guildtable.server.settings import ServerSettings

SPEC = "ismcts:iterations=30,c=0.1,rollout=0,widen=1,alpha=0.4,prior_depth=2,settle=1"
OPEN = ServerLimits(create_rate="10000/minute", analyse_rate="10000/hour")


def serve(db_url: str) -> TestClient:
    app = create_app(ServerSettings(db=db_url, bot_delay=0, allow_chosen_seeds=True, limits=OPEN))
    app.state.lobby.analyses.spec = SPEC  # a small search: the machinery, not its strength
    return TestClient(app)


@pytest.fixture
def client(db_url: str) -> Iterator[TestClient]:
    with serve(db_url) as test_client:
        yield test_client


def finished(client: TestClient, seats: list[str] | None = None, game: str = "city-blocks") -> str:
    answer = client.post(
        "/api/tables",
        json={"game": game, "seats": [{"kind": kind} for kind in seats or ["greedy", "random"]], "seed": 5},
    )
    assert answer.status_code == 201, answer.json()
    table_id = str(answer.json()["id"])
    wait_for(lambda: state(client, table_id)["terminal"], timeout=60)
    return table_id


def analysed(client: TestClient, replay_id: str) -> dict[str, Any]:
    started = client.post(f"/api/replays/{replay_id}/analysis")
    assert started.status_code == 202, started.json()
    assert started.json()["status"] in ("running", "done")
    seen: list[int] = []

    def done() -> dict[str, Any] | None:
        answer = client.get(f"/api/replays/{replay_id}/analysis").json()
        seen.append(int(answer.get("done", 0)))
        return answer if answer["status"] == "done" else None

    result: dict[str, Any] = wait_for(done, timeout=120)
    assert seen == sorted(seen)  # progress only goes forward
    return result


def test_a_finished_table_is_analysed_in_the_background_and_stored(db_url: str) -> None:
    """Issue 19: asked once, the analysis runs, shows progress, and is stored: asking again (or another server
    process) gets it without a new search."""
    with serve(db_url) as client:
        table_id = finished(client)
        assert client.get(f"/api/replays/{table_id}/analysis").json()["status"] == "none"
        result = analysed(client, table_id)
        moves = client.get(f"/api/replays/{table_id}").json()["steps"]
        analysis = result["analysis"]
        assert result["total"] == moves and len(analysis["steps"]) == moves
        assert {step["mark"] for step in analysis["steps"]} <= {None, "inaccuracy", "mistake", "blunder"}
        assert analysis["seats"][1]["total_loss"] > analysis["seats"][0]["total_loss"]  # random lost more than greedy
        again = client.post(f"/api/replays/{table_id}/analysis")
        # Issue 32: a POST that finds the analysis done answers as the GET does, in the reader's words (it gave the
        # stored form, every reason in every language, which its response model does not allow).
        assert again.json() == result
    with serve(db_url) as other:
        stored = other.get(f"/api/replays/{table_id}/analysis").json()
        assert stored["status"] == "done" and stored["analysis"] == analysis


def test_the_moves_are_named_in_the_readers_language(client: TestClient) -> None:
    """Issue 19 (and 15): the stored analysis names the moves played and the best moves in the reader's language."""
    table_id = finished(client)
    english = analysed(client, table_id)["analysis"]["steps"][0]
    german = client.get(f"/api/replays/{table_id}/analysis", headers={"Accept-Language": "de"}).json()
    first = german["analysis"]["steps"][0]
    assert "row" in english["played_label"] and "Reihe" in first["played_label"]
    assert "Reihe" in first["best_label"] and first["best"] == english["best"]


def test_the_best_move_is_shown_next_to_the_move_played(client: TestClient) -> None:
    """Issue 19: "best was ..." with its position: the spectator's view after the best move found."""
    table_id = finished(client)
    refused = client.get(f"/api/replays/{table_id}/steps/1/best")
    assert refused.status_code == 409 and refused.json()["problem"] == "not-analysed"
    analysis = analysed(client, table_id)["analysis"]
    index = next(
        (number for number, step in enumerate(analysis["steps"], start=1) if step["best"] != step["played"]), None
    )
    assert index is not None, "the search agreed with every move of random"
    best = client.get(f"/api/replays/{table_id}/steps/{index}/best").json()
    played = client.get(f"/api/replays/{table_id}/steps/{index}").json()
    assert best["step"] == played["step"] == index
    assert best["view"] != played["view"]
    assert analysis["steps"][index - 1]["best_label"] in best["move"]
    assert client.get(f"/api/replays/{table_id}/steps/0/best").status_code == 404


def test_an_uploaded_record_is_analysed_and_bad_ids_are_refused(client: TestClient) -> None:
    """Issue 19: uploaded records are analysed like finished tables; an unfinished table or no such replay is
    refused in words."""
    table_id = finished(client, ["random", "random"])
    record = client.get(f"/api/tables/{table_id}/record").json()
    upload = client.post("/api/replays", json=record).json()["id"]
    assert analysed(client, upload)["analysis"]["game"] == "city-blocks"
    assert client.post("/api/replays/nosuchreplay/analysis").status_code == 404
    running = client.post("/api/tables", json={"game": "city-blocks", "seats": [{}, {}]}).json()["id"]
    unfinished = client.post(f"/api/replays/{running}/analysis")
    assert unfinished.status_code == 409 and unfinished.json()["problem"] == "game-not-finished"


def test_analyses_are_rate_limited(db_url: str) -> None:
    """Issue 19: an analysis costs searches, so one address may ask for only so many."""
    limits = ServerLimits(create_rate="10000/minute", analyse_rate="1/hour")
    app = create_app(ServerSettings(db=db_url, bot_delay=0, allow_chosen_seeds=True, limits=limits))
    app.state.lobby.analyses.spec = SPEC  # a small search: the machinery, not its strength
    with TestClient(app) as client:
        first, second = finished(client), finished(client, ["random", "greedy"])
        assert client.post(f"/api/replays/{first}/analysis").status_code == 202
        refused = client.post(f"/api/replays/{second}/analysis")
        assert refused.status_code == 429 and "Retry-After" in refused.headers

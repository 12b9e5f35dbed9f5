"""Issue 34: a game's tutorial over the API: the script in the reader's language, and a tutorial table on the real
engine whose other seat the script plays, unrated, leaking none of the script's replies before they are played."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest
from server_helpers import TestClient, auth, move, state, wait_for

from guildtable.server import create_app
from guildtable.server.settings import ServerSettings


@pytest.fixture
def client(sqlite_url: str) -> Iterator[TestClient]:
    with TestClient(create_app(ServerSettings(db=sqlite_url, bot_delay=0))) as test_client:
        yield test_client


def test_the_tutorial_is_in_the_readers_language_and_holds_no_scripted_reply(client: TestClient) -> None:
    english = client.get("/api/games/city-blocks/tutorial").json()
    german = client.get("/api/games/city-blocks/tutorial", headers={"Accept-Language": "de"}).json()
    assert english["seat"] == 0 and english["opponent"] == "easy"
    assert len(english["steps"]) == len(german["steps"])
    assert english["steps"][0]["text"] != german["steps"][0]["text"]
    assert "Reihe" in german["steps"][2]["text"]
    assert english["unreached"][0]["href"].startswith("/rules/city-blocks#")
    assert "replies" not in json.dumps(english)
    assert "H2 R1C2" not in json.dumps(english)  # Red's first scripted reply
    games = {game["name"]: game for game in client.get("/api/games").json()["games"]}
    assert games["city-blocks"]["tutorial"] is True
    assert client.get("/api/games/no-such-game/tutorial").status_code == 404


def test_cb_tutorial_table_plays_the_script_for_red_through_to_the_end(client: TestClient) -> None:
    """CB-11, CB-12, CB-13, CB-21 at a real table: every step's move is legal when its step comes, Red answers with
    the script, and the game ends as the lesson says."""
    lesson = client.get("/api/games/city-blocks/tutorial").json()
    created = client.post("/api/games/city-blocks/tutorial")
    assert created.status_code == 201
    table = created.json()
    assert table["rated"] is False and table["pace"] is None
    assert [seat["kind"] for seat in table["seats"]] == ["human", "script"]
    token = table["secrets"][0]["secret"]
    for step in lesson["steps"]:
        if step["kind"] != "move":
            continue
        now = wait_for(lambda s=step: (p := state(client, table["id"], token))["version"] == s["at"] and p)
        assert step["action"] in [entry["action"] for entry in now["legal"]]
        assert move(client, table["id"], token, now["version"], step["action"]).status_code == 200
    final = wait_for(lambda: (p := state(client, table["id"], token))["terminal"] and p)
    assert final["version"] == lesson["moves"]
    assert final["result"]["winners"] == [0]
    assert client.get(f"/api/tables/{table['id']}/state", headers=auth(token)).json()["view"]["hand"] is not None

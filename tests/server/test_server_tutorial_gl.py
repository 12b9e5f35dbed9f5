"""Issue 34: Guilds of London's tutorial over the API: the script in the reader's language, and a tutorial table whose
Red the script plays, through every step to the lesson's end, where the table waits for the learner."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest
from server_helpers import TestClient, move, state, wait_for

from guildtable.server import create_app
from guildtable.server.settings import ServerSettings

GAME = "guilds-of-london"


@pytest.fixture
def client(sqlite_url: str) -> Iterator[TestClient]:
    with TestClient(create_app(ServerSettings(db=sqlite_url, bot_delay=0))) as test_client:
        yield test_client


def test_gl_tutorial_is_in_the_readers_language_and_holds_no_scripted_reply(client: TestClient) -> None:
    """GL-31: the learner's keep is in the script, Red's is not shown before it is played."""
    english = client.get(f"/api/games/{GAME}/tutorial").json()
    german = client.get(f"/api/games/{GAME}/tutorial", headers={"Accept-Language": "de"}).json()
    assert english["seat"] == 0 and english["opponent"] == "easy"
    assert len(english["steps"]) == len(german["steps"])
    assert english["steps"][0]["text"] != german["steps"][0]["text"]
    assert "Zunfthalle" in german["steps"][0]["text"]
    assert english["unreached"][0]["href"].startswith(f"/rules/{GAME}#")
    assert "replies" not in json.dumps(english)
    assert "mayor_01" not in json.dumps(english)  # Red's scripted keep
    games = {game["name"]: game for game in client.get("/api/games").json()["games"]}
    assert games[GAME]["tutorial"] is True


def test_gl_tutorial_table_plays_the_script_for_red_and_waits_for_the_learner(client: TestClient) -> None:
    """GL-57, GL-75, GL-82, GL-85 at a real table: every step's move is legal when its step comes, Red answers with the
    script, and at the lesson's end (round 3) the game waits for the learner."""
    lesson = client.get(f"/api/games/{GAME}/tutorial").json()
    created = client.post(f"/api/games/{GAME}/tutorial")
    assert created.status_code == 201
    table = created.json()
    assert table["rated"] is False
    assert [seat["kind"] for seat in table["seats"]] == ["human", "script"]
    token = table["secrets"][0]["secret"]
    for step in lesson["steps"]:
        if step["kind"] != "move":
            continue
        now = wait_for(lambda s=step: (p := state(client, table["id"], token))["version"] == s["at"] and p)
        assert step["action"] in [entry["action"] for entry in now["legal"]]
        assert move(client, table["id"], token, now["version"], step["action"]).status_code == 200
    end = wait_for(lambda: (p := state(client, table["id"], token))["version"] == lesson["moves"] and p)
    assert not end["terminal"]
    assert end["legal"], "the learner is to move where the lesson ends"
    assert end["view"]["round"] == 3

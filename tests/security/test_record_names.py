"""Issue 30 finding 14: the player names of an uploaded record skipped the display-name rules, so a right-to-left
override, NUL or ESC showed on the public replay. A record's names now go through the same rules as a seat's: such a
record is refused (422 naming the player), and names are normalised as a seat's are."""

from __future__ import annotations

from typing import Any

import pytest
from security_helpers import TestClient

from guildtable.kernel.records import record_of
from guildtable.kernel.registry import get_game


def record(names: list[str]) -> dict[str, Any]:
    """A record of a City Blocks game just begun, its players called `names`."""
    state = get_game("city-blocks").new_state(len(names), seed=7)
    return record_of(state, [(name, "human") for name in names])


@pytest.mark.parametrize(
    ("name", "code"),
    [("\u202eAdmin", "U+202E"), ("Ada\x00", "U+0000"), ("\x1b[31mAda", "U+001B"), ("Ana\u200d", "U+200D")],
)
def test_a_record_with_a_hidden_or_control_character_in_a_name_is_refused(
    client: TestClient, name: str, code: str
) -> None:
    """The attack as reported: such a record was stored and its name shown on the public replay."""
    response = client.post("/api/replays", json=record(["Grace", name]))
    assert response.status_code == 422, response.json()
    problem = response.json()
    assert problem["field"] == "players[1].name" and code in problem["detail"] and "player 2" in problem["detail"]


def test_a_records_names_are_normalised_like_seat_names(client: TestClient) -> None:
    """White space folds and trims, "e" + combining acute is "é", as at a table."""
    response = client.post("/api/replays", json=record(["  Rene\u0301   de\u00a0la  Cour ", "Grace"]))
    assert response.status_code == 201, response.json()
    replay = client.get(f"/api/replays/{response.json()['id']}").json()
    assert [player["name"] for player in replay["players"]] == ["Ren\u00e9 de la Cour", "Grace"]

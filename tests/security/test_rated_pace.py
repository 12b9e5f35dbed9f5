"""Issue 30 finding 12: a rated table could have no clock, so a loser could stop moving and the game was never rated.
Now a rated table always has a pace (the creator's, else turn-based with three days a move, and a seat that runs out
of time is out of the game), and an abandoned rated game ends by time-out and is rated."""

from __future__ import annotations

import pytest
from argon2 import PasswordHasher
from security_helpers import MakeClient, TestClient
from test_rating_farming import OPEN, act_as, page_of, play_turns, rated_table, sign_up

from guildtable.server import accounts as accounts_module
from guildtable.server.lobby import Lobby

DAY = 86_400.0


@pytest.fixture(autouse=True)
def cheap_hashes(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(
        accounts_module, "new_hasher", lambda: PasswordHasher(time_cost=1, memory_cost=64, parallelism=1)
    )


class FakeClock:
    """The server's time, turned by the test."""

    def __init__(self) -> None:
        self.now = 1_800_000_000.0

    def __call__(self) -> float:
        return self.now


def lobby_of(client: TestClient) -> Lobby:
    lobby: Lobby = client.app.state.lobby  # type: ignore[attr-defined]
    return lobby


def test_a_rated_table_always_has_a_pace(make_client: MakeClient) -> None:
    """Issue 30 finding 12: a rated table asked for without a pace gets the default one (turn-based, three days a
    move, a seat out of time is out); a pace the creator chose is kept; a casual table may stay untimed."""
    client = make_client(**OPEN)
    act_as(client, sign_up(client, "Ada"))
    seats = [{"take": True, "account": True}, {"kind": "greedy"}]
    rated = client.post("/api/tables", json={"game": "city-blocks", "seats": seats, "rated": True})
    assert rated.status_code == 201, rated.json()
    pace = rated.json()["pace"]
    assert pace is not None and (pace["kind"], pace["days"], pace["timeout"]) == ("turn", 3, "forfeit")
    live = {"kind": "live", "base_seconds": 600, "increment_seconds": 5}
    chosen = client.post("/api/tables", json={"game": "city-blocks", "seats": seats, "rated": True, "pace": live})
    assert chosen.json()["pace"]["kind"] == "live" and chosen.json()["pace"]["base_seconds"] == 600
    casual = client.post("/api/tables", json={"game": "city-blocks", "seats": seats})
    assert casual.json()["pace"] is None


def test_a_loser_who_stops_moving_loses_on_time_and_is_rated(make_client: MakeClient) -> None:
    """Issue 30 finding 12, the attack: two accounts play a rated game (two turns each), then the one about to lose
    stops moving. Three days later their time is out: they are out of the game, the other wins, and the game is
    rated (the winner up, the leaver down), found by the server's own clock sweep."""
    client = make_client(**OPEN)
    clock = FakeClock()
    lobby_of(client).clock = clock
    winner, leaver = sign_up(client, "Ada"), sign_up(client, "Mallory")
    table_id, secrets = rated_table(client, winner, leaver)
    play_turns(client, table_id, secrets, 2)
    shown = client.get(f"/api/tables/{table_id}").json()
    if shown["current_player"] == 0:
        play_turns(client, table_id, {0: secrets[0]}, 1)
    assert client.get(f"/api/tables/{table_id}").json()["current_player"] == 1
    check = lobby_of(client).check_clocks
    clock.now += 3 * DAY - 60
    assert client.portal.call(check) == 0  # type: ignore[union-attr]
    clock.now += 120
    assert client.portal.call(check) == 1  # type: ignore[union-attr]
    over = client.get(f"/api/tables/{table_id}/state").json()
    assert over["terminal"] is True
    assert over["result"]["out"] == {"1": "timeout"} and over["result"]["winners"] == [0]
    act_as(client, winner)
    [won] = page_of(client, "Ada")["ratings"]
    [lost] = page_of(client, "Mallory")["ratings"]
    assert won["games"] == lost["games"] == 1 and won["mu"] > 25.0 > lost["mu"]
    [game] = page_of(client, "Mallory")["games"]
    assert game["id"] == table_id and game["rating"]["status"] == "rated"

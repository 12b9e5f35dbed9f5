"""Issue 30 finding 4 (medium): another player's clock could be run out. From the same address (behind the
documented proxy, that is everyone), bogus moves to a table that does not exist spent the address's move budget;
the victim's 12 moves all got 429 and their clock ran out. Now a seat's moves are counted per seat, and requests
that name no real table or seat are refused before they spend anyone's budget."""

from __future__ import annotations

import time

from security_helpers import MakeClient, TestClient


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def test_bogus_moves_from_the_victims_address_spend_nothing_of_the_victims_budget(make_client: MakeClient) -> None:
    """Issue 30 finding 4: 40 moves to a table that does not exist, 40 with forged tokens and 40 with the victim's
    spent invite link, all from the victim's address; then the victim makes their moves, on a live clock."""
    client = make_client(move_rate="10/minute")
    seats = [{"kind": "human", "take": True, "name": "Vic"}, {"kind": "greedy"}]
    pace = {"kind": "live", "base_seconds": 600, "increment_seconds": 5}
    table = client.post("/api/tables", json={"game": "city-blocks", "seats": seats, "pace": pace}).json()
    victim = bearer(table["secrets"][0]["secret"])
    url = f"/api/tables/{table['id']}/moves"
    body = {"version": 0, "action": {"type": "place"}}
    for _ in range(40):
        assert client.post("/api/tables/no-such-table/moves", headers=victim, json=body).status_code == 404
        assert client.post(url, headers=bearer("A" * 32), json=body).status_code == 403
        assert client.post(f"/api/tables/{table['id']}/resign", headers=bearer("B" * 32)).status_code == 403
    made = 0
    while made < 4:
        mine = client.get(f"/api/tables/{table['id']}/state", headers=victim).json()
        if mine["current_player"] != 0:
            time.sleep(0.005)  # the bot replies on the server's own loop
            continue
        answer = client.post(
            url, headers=victim, json={"version": mine["version"], "action": mine["legal"][0]["action"]}
        )
        assert answer.status_code == 200, answer.json()
        made += 1
    assert client.get(f"/api/tables/{table['id']}").json()["out"] == {}


def test_a_seats_budget_is_its_own_whoever_shares_its_address(make_client: MakeClient) -> None:
    """Issue 30 finding 4: two players at one address (a family, a café): one spending their whole budget leaves the
    other's untouched; the one over budget gets a 429 that names their seat."""
    client: TestClient = make_client(move_rate="3/day")
    seats = [{"kind": "human", "take": True}, {"kind": "human", "take": True}]
    first = client.post("/api/tables", json={"game": "city-blocks", "seats": seats}).json()
    second = client.post("/api/tables", json={"game": "city-blocks", "seats": seats}).json()

    def play(table: dict) -> tuple[int, int]:
        seat = client.get(f"/api/tables/{table['id']}").json()["current_player"]
        secret = {taken["seat"]: taken["secret"] for taken in table["secrets"]}[seat]
        mine = client.get(f"/api/tables/{table['id']}/state", headers=bearer(secret)).json()
        body = {"version": mine["version"], "action": mine["legal"][0]["action"]}
        response = client.post(f"/api/tables/{table['id']}/moves", headers=bearer(secret), json=body)
        if response.status_code == 429:
            assert "your seat" in response.json()["detail"]
        return seat, response.status_code

    made = {0: 0, 1: 0}
    while True:
        seat, status = play(first)
        if status == 429:
            break
        assert status == 200
        made[seat] += 1
    assert made[seat] == 3
    assert [play(second)[1] for _ in range(4)] == [200] * 4

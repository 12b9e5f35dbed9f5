"""Helpers shared by the server tests: make tables, read a seat's payload, play moves until the end."""

from __future__ import annotations

import time
import warnings
from typing import Any

with warnings.catch_warnings():
    # Starlette suggests httpx2 for its test client; httpx is what this project pins.
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def new_table(
    client: TestClient, seats: list[str], game: str = "city-blocks", seed: int = 7, take: bool = True, **extra: Any
) -> dict:
    """A table made through the API; with `take` its creator takes every human seat at once (the answer holds their
    secrets), else each human seat gets an invite link to be joined."""
    body = [{"kind": kind, **({"take": True} if take and kind == "human" else {})} for kind in seats]
    response = client.post("/api/tables", json={"game": game, "seats": body, "seed": seed, **extra})
    assert response.status_code == 201, response.json()
    return dict(response.json())


def tokens_of(table: dict) -> dict[int, str]:
    """What plays each human seat: the secret of a seat taken at creation, else the seat's invite token (which only
    joins it: `join` turns it into the seat's secret)."""
    invites = {invite["seat"]: invite["token"] for invite in table["invites"]}
    return {**invites, **{taken["seat"]: taken["secret"] for taken in table["secrets"]}}


def join(client: TestClient, table_id: str, invite: str, name: str = "Ada", **extra: Any) -> str:
    """Take a seat with its invite token; the seat's secret."""
    response = client.post(f"/api/tables/{table_id}/join", headers=auth(invite), json={"name": name, **extra})
    assert response.status_code == 200, response.json()
    return str(response.json()["secret"])


def state(client: TestClient, table_id: str, token: str | None = None) -> dict:
    response = client.get(f"/api/tables/{table_id}/state", headers=auth(token) if token else {})
    assert response.status_code == 200, response.json()
    return dict(response.json())


def move(client: TestClient, table_id: str, token: str, version: int, action: dict) -> Any:
    return client.post(
        f"/api/tables/{table_id}/moves", headers=auth(token), json={"version": version, "action": action}
    )


def wait_for(predicate: Any, timeout: float = 10.0) -> Any:
    """Poll until `predicate()` is truthy (bots move on the server's own loop)."""
    deadline = time.monotonic() + timeout
    while True:
        value = predicate()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError("timed out waiting")
        time.sleep(0.01)


def play_to_end(client: TestClient, table_id: str, tokens: dict[int, str], pick: int = 0) -> dict:
    """Play the human seats (first legal move, or the `pick`-th) until the game is over; bots move by themselves."""
    for _ in range(2000):
        spectator = state(client, table_id)
        if spectator["terminal"]:
            return spectator
        seat = spectator["current_player"]
        if seat not in tokens:
            time.sleep(0.005)
            continue
        mine = state(client, table_id, tokens[seat])
        legal = mine["legal"]
        choice = legal[pick % len(legal)]["action"]
        response = move(client, table_id, tokens[seat], mine["version"], choice)
        assert response.status_code == 200, response.json()
    raise AssertionError("the game did not end")

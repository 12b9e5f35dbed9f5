"""Issue 30 finding 2 (high): the table's creator could act for every invited player. The creator received every
seat's invite token, and a token never changed when its player joined: the creator read the invited player's hand,
moved and resigned for them, and renamed them, at rated tables too. Now an invite token takes its seat once; joining
hands the joining player a fresh seat secret that only they hold, and the invite only shows "this seat is taken"."""

from __future__ import annotations

import pytest
from security_helpers import MakeClient, TestClient
from starlette.websockets import WebSocketDisconnect

PASSWORD = "correct horse battery staple"


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def creators_table(client: TestClient, **extra: object) -> dict:
    """Ana creates a City Blocks table: she takes seat 0 herself and invites seat 1 (whose link she holds)."""
    seats = [{"kind": "human", "name": "Ana", "take": True}, {"kind": "human"}]
    response = client.post("/api/tables", json={"game": "city-blocks", "seats": seats, **extra})
    assert response.status_code == 201, response.json()
    return dict(response.json())


def invite_of(table: dict, seat: int) -> str:
    [token] = [invite["token"] for invite in table["invites"] if invite["seat"] == seat]
    return str(token)


def sign_up(client: TestClient, name: str) -> None:
    response = client.post("/api/account", json={"name": name, "password": PASSWORD})
    assert response.status_code == 201, response.json()
    client.headers["X-CSRF-Token"] = response.json()["csrf"]


def assert_refused(response: object, status: int, problem: str) -> None:
    assert response.status_code == status, response.text  # type: ignore[attr-defined]
    assert response.json()["problem"] == problem  # type: ignore[attr-defined]


@pytest.mark.parametrize("rated", [False, True])
def test_the_creator_cannot_act_for_an_invited_player_once_they_joined(client: TestClient, rated: bool) -> None:
    """Issue 30 finding 2: with the invite link Ana kept, she could read Ben's hand, move and resign for him and
    rename him. After Ben joins, the link reads no hand, moves nothing, resigns nothing and renames nobody."""
    if rated:
        sign_up(client, "Ana")
    table = creators_table(client, rated=rated, **({} if not rated else {"pace": {"kind": "turn", "days": 3}}))
    table_id, invite = table["id"], invite_of(table, 1)
    assert [taken["seat"] for taken in table["secrets"]] == [0]
    guest = TestClient(client.app)
    joined = guest.post(f"/api/tables/{table_id}/join", headers=bearer(invite), json={"name": "Ben"})
    assert joined.status_code == 200, joined.json()
    secret = joined.json()["secret"]
    assert secret != invite and joined.json()["seat"] == 1

    # What Ben's secret does, Ana's copy of the invite does not.
    assert guest.get(f"/api/tables/{table_id}/state", headers=bearer(secret)).json()["seat"] == 1
    assert_refused(client.get(f"/api/tables/{table_id}/state", headers=bearer(invite)), 403, "invite-only")
    on_turn = client.get(f"/api/tables/{table_id}").json()["current_player"]
    mover = secret if on_turn == 1 else table["secrets"][0]["secret"]
    legal = client.get(f"/api/tables/{table_id}/state", headers=bearer(mover)).json()["legal"]
    body = {"version": 0, "action": legal[0]["action"]}
    assert_refused(client.post(f"/api/tables/{table_id}/moves", headers=bearer(invite), json=body), 403, "invite-only")
    assert_refused(client.post(f"/api/tables/{table_id}/resign", headers=bearer(invite)), 403, "invite-only")
    assert_refused(
        client.post(f"/api/tables/{table_id}/undo", headers=bearer(invite), json={"version": 0}), 403, "invite-only"
    )
    renamed = client.post(f"/api/tables/{table_id}/join", headers=bearer(invite), json={"name": "Mallory"})
    assert_refused(renamed, 409, "seat-taken")
    assert client.get(f"/api/tables/{table_id}/invite", headers=bearer(invite)).json() == {
        "seat": 1,
        "name": "Ben",
        "taken": True,
        "named": True,
    }
    summary = client.get(f"/api/tables/{table_id}").json()
    assert summary["version"] == 0 and summary["seats"][1]["name"] == "Ben" and summary["out"] == {}

    # Over a WebSocket the invite is a spectator that is told the seat is taken: no hand, no moves.
    with client.websocket_connect(f"/ws/tables/{table_id}") as socket:
        socket.send_json({"type": "hello", "invite": invite})
        assert socket.receive_json() == {"type": "invite", "seat": 1, "name": "Ben", "taken": True, "named": True}
        watched = socket.receive_json()
        assert watched["type"] == "state" and watched["seat"] is None and watched["legal"] == []
        socket.send_json({"type": "move", "version": 0, "action": legal[0]["action"]})
        assert socket.receive_json()["problem"] == "missing-token"
    with client.websocket_connect(f"/ws/tables/{table_id}") as socket:
        socket.send_json({"type": "hello", "token": invite})
        assert socket.receive_json()["problem"] == "invite-only"
        with pytest.raises(WebSocketDisconnect) as closed:
            socket.receive_json()
        assert closed.value.code == 4403


def test_an_invite_takes_its_seat_once(client: TestClient) -> None:
    """Issue 30 finding 2: two people holding one invite link: the first to join has the seat, the second is told it
    is taken and gets nothing."""
    table = creators_table(client)
    invite = invite_of(table, 1)
    shown = client.get(f"/api/tables/{table['id']}/invite", headers=bearer(invite)).json()
    default_name = client.get(f"/api/tables/{table['id']}").json()["seats"][1]["name"]
    assert shown == {"seat": 1, "name": default_name, "taken": False, "named": False}
    first = client.post(f"/api/tables/{table['id']}/join", headers=bearer(invite), json={"name": "Ben"})
    assert first.status_code == 200
    second = client.post(f"/api/tables/{table['id']}/join", headers=bearer(invite), json={"name": "Eve"})
    assert_refused(second, 409, "seat-taken")
    assert "secret" not in second.json()
    assert client.get(f"/api/tables/{table['id']}").json()["seats"][1]["name"] == "Ben"


def test_the_creator_holds_no_invite_of_their_own_seat_and_a_hot_seat_table_works(client: TestClient) -> None:
    """Issue 30 finding 2: the creator takes their own seat at creation (a secret, no invite link), and one device
    taking every seat (hot-seat) plays each with its own secret."""
    seats = [{"kind": "human", "name": name, "take": True} for name in ("Ana", "Ben")]
    table = client.post("/api/tables", json={"game": "city-blocks", "seats": seats}).json()
    assert table["invites"] == []
    secrets = {taken["seat"]: taken["secret"] for taken in table["secrets"]}
    assert len(set(secrets.values())) == 2
    for _ in range(4):
        seat = client.get(f"/api/tables/{table['id']}").json()["current_player"]
        mine = client.get(f"/api/tables/{table['id']}/state", headers=bearer(secrets[seat])).json()
        body = {"version": mine["version"], "action": mine["legal"][0]["action"]}
        assert client.post(f"/api/tables/{table['id']}/moves", headers=bearer(secrets[seat]), json=body).is_success
    assert [seat["joined"] for seat in client.get(f"/api/tables/{table['id']}").json()["seats"]] == [True, True]


def test_a_rematch_hands_each_player_a_secret_and_no_invite_to_anyone(make_client: MakeClient) -> None:
    """Issue 30 finding 2: the rematch's seats are taken by their own players' secrets; its invite tokens never
    leave the server, so nobody holds another's seat there either."""
    client = make_client()
    table = creators_table(client)
    ben = client.post(
        f"/api/tables/{table['id']}/join", headers=bearer(invite_of(table, 1)), json={"name": "Ben"}
    ).json()["secret"]
    secrets = {0: table["secrets"][0]["secret"], 1: ben}
    client.post(f"/api/tables/{table['id']}/resign", headers=bearer(secrets[0]))
    ana_again = client.post(f"/api/tables/{table['id']}/rematch", headers=bearer(secrets[0])).json()
    assert set(ana_again) >= {"id", "secret"} and "invites" not in ana_again
    assert client.get(f"/api/tables/{ana_again['id']}/state", headers=bearer(ana_again["secret"])).json()["seat"] == 0
    ben_again = client.post(f"/api/tables/{table['id']}/rematch", headers=bearer(secrets[1])).json()
    assert ben_again["id"] == ana_again["id"] and ben_again["secret"] != ana_again["secret"]
    forged = client.get(f"/api/tables/{ana_again['id']}/state", headers=bearer(secrets[1]))
    assert_refused(forged, 403, "forged-token")

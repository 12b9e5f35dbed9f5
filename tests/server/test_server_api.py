"""The HTTP API: tables, seats, joins, moves, bad input (each a 4xx problem that changes nothing), races, records,
replays and rematches. Runs against SQLite and PostgreSQL."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator

import httpx
import pytest
from server_helpers import (
    TestClient,
    auth,
    move,
    new_table,
    play_to_end,
    state,
    tokens_of,
    wait_for,
)

from guildtable.kernel.records import parse_record, replay_record
from guildtable.kernel.registry import get_game
from guildtable.server import create_app
from guildtable.server.settings import ServerSettings
from loops import run_coroutine


@pytest.fixture
def client(db_url: str) -> Iterator[TestClient]:
    with TestClient(create_app(ServerSettings(db=db_url, bot_delay=0, allow_chosen_seeds=True))) as test_client:
        yield test_client


def human_table(client: TestClient) -> tuple[str, dict[int, str]]:
    table = new_table(client, ["human", "human"])
    return table["id"], tokens_of(table)


def test_games_lists_every_registered_game_with_options_and_bots(client: TestClient) -> None:
    body = client.get("/api/games").json()
    games = {game["name"]: game for game in body["games"]}
    assert "city-blocks" in games
    assert games["city-blocks"]["options"][0]["name"] == "court_via_rebuild"
    assert {"random", "greedy"} <= {bot["kind"] for bot in body["bots"]}


def test_expert_is_seated_only_where_it_has_learned_the_game(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 35: the new-table form offers `expert` at the player counts a network ships for, and a table elsewhere
    is refused in words (it would play as hard)."""
    monkeypatch.delenv("GUILDTABLE_NETWORKS", raising=False)
    games = {game["name"]: game for game in client.get("/api/games").json()["games"]}
    assert games["city-blocks"]["expert_players"] == [2] and games["guildhall"]["expert_players"] == []
    assert "expert" in {opponent["kind"] for opponent in client.get("/api/games").json()["opponents"]}
    table = new_table(client, ["human", "expert"])
    assert [seat["name"] for seat in client.get(f"/api/tables/{table['id']}").json()["seats"]][
        1
    ] == "Red (Computer, expert)"
    refused = client.post("/api/tables", json={"game": "guildhall", "seats": [{}, {"kind": "expert"}]})
    assert (refused.status_code, refused.json()["problem"]) == (422, "bad-seats")
    assert "has not learned Guildhall: Job Faire for 2 players yet" in refused.json()["detail"]


def test_create_gives_one_secret_invite_per_human_seat_and_a_spectator_link(client: TestClient) -> None:
    table = new_table(client, ["human", "greedy"], take=False)
    assert [invite["seat"] for invite in table["invites"]] == [0]
    assert table["secrets"] == []
    token = table["invites"][0]["token"]
    assert len(token) >= 32
    assert table["invites"][0]["url"] == f"/table/{table['id']}#seat=0&invite={token}"
    assert table["spectator"] == f"/table/{table['id']}"
    summary = client.get(f"/api/tables/{table['id']}").json()
    assert token not in json.dumps(summary)
    assert [seat["kind"] for seat in summary["seats"]] == ["human", "greedy"]


@pytest.mark.parametrize(
    ("body", "status", "problem"),
    [
        ({"game": "chess", "seats": [{}, {}]}, 404, "unknown-game"),
        ({"game": "city-blocks", "seats": [{}, {}, {}]}, 422, "bad-seats"),
        ({"game": "city-blocks", "seats": [{}, {"kind": "oracle"}]}, 422, "bad-seats"),
        ({"game": "city-blocks", "seats": [{}, {}], "options": {"court_via_rebuild": "maybe"}}, 422, "bad-options"),
        ({"game": "city-blocks", "seats": [{}, {}], "options": {"speed": 3}}, 422, "bad-options"),
        ({"game": "city-blocks"}, 422, "bad-request"),
    ],
)
def test_bad_table_requests_are_named(client: TestClient, body: dict, status: int, problem: str) -> None:
    response = client.post("/api/tables", json=body)
    assert response.status_code == status
    assert response.json()["problem"] == problem
    assert response.headers["content-type"].startswith("application/problem+json")


def test_join_sets_the_display_name(client: TestClient) -> None:
    table = new_table(client, ["human", "human"], take=False)
    table_id, tokens = table["id"], tokens_of(table)
    response = client.post(f"/api/tables/{table_id}/join", headers=auth(tokens[1]), json={"name": "  Ada   L. "})
    assert response.status_code == 200
    seats = client.get(f"/api/tables/{table_id}").json()["seats"]
    assert seats[1] == {
        "seat": 1,
        "name": "Ada L.",
        "kind": "human",
        "joined": True,
        "names_level": False,
        "bot": False,
    }
    assert seats[0]["joined"] is False


def test_missing_and_forged_tokens_are_refused(client: TestClient) -> None:
    table = new_table(client, ["human", "human"], take=False)
    table_id, tokens = table["id"], tokens_of(table)
    missing = client.post(f"/api/tables/{table_id}/join", json={"name": "Eve"})
    assert (missing.status_code, missing.json()["problem"]) == (401, "missing-token")
    forged = client.post(f"/api/tables/{table_id}/join", headers=auth(tokens[0][:-2] + "xx"), json={"name": "Eve"})
    assert (forged.status_code, forged.json()["problem"]) == (403, "forged-token")
    other_table, _ = human_table(client)
    foreign = client.get(f"/api/tables/{other_table}/state", headers=auth(tokens[0]))
    assert foreign.status_code == 403
    assert all(not seat["joined"] for seat in client.get(f"/api/tables/{table_id}").json()["seats"])


def test_a_seat_sees_its_own_hand_and_legal_moves_only_on_turn(client: TestClient) -> None:
    table_id, tokens = human_table(client)
    spectator = state(client, table_id)
    on_turn = spectator["current_player"]
    mine = state(client, table_id, tokens[on_turn])
    other = state(client, table_id, tokens[1 - on_turn])
    assert mine["seat"] == on_turn and mine["legal"] and mine["prompt"]
    assert other["legal"] == [] and other["prompt"] == ""
    # Each seat is shown exactly its own dealt hand (the table was shuffled with seed 7), never the other's.
    dealt = get_game("city-blocks").new_state(2, seed=7)
    assert mine["view"]["hand"] == dealt.view(on_turn)["hand"]
    assert other["view"]["hand"] == dealt.view(1 - on_turn)["hand"]
    assert mine["view"]["hand"] != other["view"]["hand"]
    assert spectator["view"]["hand"] is None
    assert all({"action", "notation"} <= set(entry) for entry in mine["legal"])


def test_a_legal_move_advances_the_version_and_is_logged(client: TestClient) -> None:
    table_id, tokens = human_table(client)
    seat = state(client, table_id)["current_player"]
    before = state(client, table_id, tokens[seat])
    response = move(client, table_id, tokens[seat], 0, before["legal"][0]["action"])
    assert response.status_code == 200
    after = response.json()
    assert after["version"] == 1
    assert any(event.get("move") == before["legal"][0]["notation"] for event in after["log"])


def refusals(client: TestClient, table_id: str, tokens: dict[int, str]) -> list[tuple[httpx.Response, int, str]]:
    seat = state(client, table_id)["current_player"]
    mine = state(client, table_id, tokens[seat])
    version = mine["version"]
    legal = mine["legal"][0]["action"]
    url = f"/api/tables/{table_id}/moves"
    occupied = {"type": "build", "tile": mine["view"]["hand"][0], "site": "R9C9"}
    return [
        (move(client, table_id, tokens[1 - seat], version, legal), 403, "not-your-turn"),
        (move(client, table_id, tokens[seat], version, occupied), 422, "illegal-move"),
        (move(client, table_id, tokens[seat], version, {"type": "teleport"}), 422, "illegal-move"),
        (move(client, table_id, tokens[seat], version + 3, legal), 409, "stale-version"),
        (move(client, table_id, tokens[seat], version - 1, legal), 409, "stale-version"),
        (client.post(url, headers=auth(tokens[seat]), json={"action": legal}), 422, "bad-request"),
        (client.post(url, headers=auth(tokens[seat]), json={"version": "0", "action": legal}), 422, "bad-request"),
        (
            client.post(url, headers={**auth(tokens[seat]), "Content-Type": "application/json"}, content=b"{oops"),
            400,
            "malformed-json",
        ),
        (client.post(url, json={"version": version, "action": legal}), 401, "missing-token"),
        (move(client, table_id, "A" * 32, version, legal), 403, "forged-token"),
        (move(client, "no-such-table", tokens[seat], version, legal), 404, "unknown-table"),
    ]


def test_bad_moves_get_a_named_problem_and_change_nothing(client: TestClient) -> None:
    table_id, tokens = human_table(client)
    seat = state(client, table_id)["current_player"]
    first = state(client, table_id, tokens[seat])
    move(client, table_id, tokens[seat], 0, first["legal"][0]["action"])  # so that version - 1 exists
    before = {s: state(client, table_id, tokens[s]) for s in (0, 1)}
    for response, status, problem in refusals(client, table_id, tokens):
        body = response.json()
        assert (response.status_code, body["problem"]) == (status, problem), body
        assert body["detail"] and body["title"] and body["status"] == status
    assert {s: state(client, table_id, tokens[s]) for s in (0, 1)} == before


def test_an_illegal_move_names_the_rule(client: TestClient) -> None:
    table_id, tokens = human_table(client)
    seat = state(client, table_id)["current_player"]
    mine = state(client, table_id, tokens[seat])
    missing_tile = next(code for code in ("H1", "H2", "H3", "H4", "H5", "CRT") if code not in mine["view"]["hand"])
    response = move(client, table_id, tokens[seat], 0, {"type": "build", "tile": missing_tile, "site": "R1C1"})
    assert response.status_code == 422
    assert response.json()["rule"].startswith("CB-")


def test_a_duplicate_move_is_refused_with_409(client: TestClient) -> None:
    table_id, tokens = human_table(client)
    seat = state(client, table_id)["current_player"]
    action = state(client, table_id, tokens[seat])["legal"][0]["action"]
    assert move(client, table_id, tokens[seat], 0, action).status_code == 200
    again = move(client, table_id, tokens[seat], 0, action)
    assert (again.status_code, again.json()["problem"]) == (409, "stale-version")
    assert state(client, table_id)["version"] == 1


def test_two_clients_racing_the_same_move_exactly_one_wins(db_url: str) -> None:
    app = create_app(ServerSettings(db=db_url, bot_delay=0, allow_chosen_seeds=True))

    async def race() -> list[int]:
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://test") as http:
            table = (await http.post("/api/tables", json={"game": "city-blocks", "seats": [{"take": True}] * 2})).json()
            tokens = tokens_of(table)
            seat = table["current_player"]
            mine = (await http.get(f"/api/tables/{table['id']}/state", headers=auth(tokens[seat]))).json()
            body = {"version": 0, "action": mine["legal"][0]["action"]}
            url = f"/api/tables/{table['id']}/moves"
            answers = await asyncio.gather(*(http.post(url, headers=auth(tokens[seat]), json=body) for _ in range(5)))
            return sorted(answer.status_code for answer in answers)

    assert run_coroutine(race()) == [200, 409, 409, 409, 409]


def test_two_server_processes_racing_on_one_database_exactly_one_stores_the_move(db_url: str) -> None:
    with TestClient(create_app(ServerSettings(db=db_url, bot_delay=0, allow_chosen_seeds=True))) as first:
        table_id, tokens = human_table(first)
        with TestClient(create_app(ServerSettings(db=db_url, bot_delay=0, allow_chosen_seeds=True))) as second:
            seat = state(first, table_id)["current_player"]
            legal = state(first, table_id, tokens[seat])["legal"]
            assert move(first, table_id, tokens[seat], 0, legal[0]["action"]).status_code == 200
            late = move(second, table_id, tokens[seat], 0, legal[1]["action"])
            assert (late.status_code, late.json()["problem"]) == (409, "stale-version")
    with TestClient(create_app(ServerSettings(db=db_url, bot_delay=0, allow_chosen_seeds=True))) as restarted:
        assert state(restarted, table_id)["log"][0]["move"] == legal[0]["notation"]


def test_bots_play_their_seats_on_the_server(client: TestClient) -> None:
    table = new_table(client, ["greedy", "random"])
    final = wait_for(lambda: (s := state(client, table["id"]))["terminal"] and s, timeout=30)
    assert final["result"]["winners"]
    assert final["result"]["breakdown"]["streets"]


def test_a_record_is_withheld_until_the_game_is_over_then_replays_exactly(client: TestClient) -> None:
    table = new_table(client, ["human", "greedy"], seed=11)
    early = client.get(f"/api/tables/{table['id']}/record")
    assert (early.status_code, early.json()["problem"]) == (409, "game-not-finished")
    assert client.get(f"/api/replays/{table['id']}").status_code == 409
    final = play_to_end(client, table["id"], tokens_of(table))
    record = client.get(f"/api/tables/{table['id']}/record").json()
    replayed = replay_record(parse_record(record))
    assert replayed.scores() == final["result"]["scores"]
    assert record["players"][1]["kind"] == "greedy"


def test_replay_steps_forward_and_back_through_a_finished_game(client: TestClient) -> None:
    table = new_table(client, ["human", "human"], seed=3)
    final = play_to_end(client, table["id"], tokens_of(table), pick=5)
    meta = client.get(f"/api/replays/{table['id']}").json()
    assert meta["steps"] == final["version"] == len(meta["moves"])
    first = client.get(f"/api/replays/{table['id']}/steps/0").json()
    assert first["move"] is None and first["view"]["hand"] is None
    last = client.get(f"/api/replays/{table['id']}/steps/{meta['steps']}").json()
    assert last["terminal"] and last["result"]["scores"] == final["result"]["scores"]
    assert last["view"] == final["view"]
    middle = client.get(f"/api/replays/{table['id']}/steps/5").json()
    assert middle["move"] == meta["moves"][4]
    assert client.get(f"/api/replays/{table['id']}/steps/{meta['steps'] + 1}").status_code == 404


def test_an_uploaded_record_can_be_watched_and_downloaded(client: TestClient) -> None:
    table = new_table(client, ["greedy", "greedy"], seed=5)
    wait_for(lambda: state(client, table["id"])["terminal"], timeout=30)
    record = client.get(f"/api/tables/{table['id']}/record").json()
    uploaded = client.post("/api/replays", content=json.dumps(record))
    assert uploaded.status_code == 201
    replay_id = uploaded.json()["id"]
    assert uploaded.json()["url"] == f"/replay/{replay_id}"
    assert client.get(f"/api/replays/{replay_id}").json()["steps"] == len(record["actions"])
    assert client.get(f"/api/replays/{replay_id}/record").json()["actions"] == record["actions"]


def test_bad_uploads_name_the_problem(client: TestClient) -> None:
    malformed = client.post("/api/replays", content=b"{not json")
    assert (malformed.status_code, malformed.json()["problem"]) == (400, "malformed-json")
    wrong = client.post("/api/replays", json={"game": "city-blocks", "players": [{"name": "A"}], "seed": 1})
    assert (wrong.status_code, wrong.json()["problem"]) == (422, "bad-record")
    players = [{"name": "A"}, {"name": "B"}]
    illegal = client.post(
        "/api/replays", json={"game": "city-blocks", "players": players, "seed": 1, "actions": [{"action": 625}]}
    )
    assert illegal.status_code == 422 and illegal.json()["field"] == "actions[0]"
    assert illegal.json()["detail"].startswith("Move 1 of this record cannot be played: ")
    not_a_record = client.post("/api/replays", json={"format": "something else", "game": "city-blocks"})
    assert not_a_record.json()["detail"] == "This file is not a game record saved by guildtable."  # bug 8
    assert client.get("/api/replays/nothing-here").status_code == 404


def test_rematch_reuses_seats_and_options_and_gives_each_seat_its_own_new_token(client: TestClient) -> None:
    table = new_table(client, ["human", "human"], options={"court_via_rebuild": False})
    tokens = tokens_of(table)
    early = client.post(f"/api/tables/{table['id']}/rematch", headers=auth(tokens[0]))
    assert early.status_code == 409
    play_to_end(client, table["id"], tokens)
    first = client.post(f"/api/tables/{table['id']}/rematch", headers=auth(tokens[0])).json()
    second = client.post(f"/api/tables/{table['id']}/rematch", headers=auth(tokens[1])).json()
    assert first["id"] == second["id"] != table["id"]
    assert first["secret"] != second["secret"] and first["secret"] not in tokens.values()
    assert state(client, first["id"], first["secret"])["seat"] == 0
    assert state(client, table["id"])["rematch"] == first["id"]


def test_the_openapi_page_documents_the_api(client: TestClient) -> None:
    paths = client.get("/openapi.json").json()["paths"]
    assert {"/api/tables", "/api/tables/{table_id}/moves", "/api/replays/{replay_id}/steps/{step}"} <= set(paths)
    assert client.get("/docs").status_code == 200


def test_rematch_seats_the_asking_player_under_their_name(client: TestClient) -> None:
    """Issue 13 bug 7: the rematch asked for the name again. The seat that asks is taken under its old name; a seat
    that has not asked yet is still open."""
    table = new_table(client, ["human", "human"])
    tokens = tokens_of(table)
    client.post(f"/api/tables/{table['id']}/join", json={"name": "Ana"}, headers=auth(tokens[0]))
    client.post(f"/api/tables/{table['id']}/join", json={"name": "Ben"}, headers=auth(tokens[1]))
    play_to_end(client, table["id"], tokens)
    first = client.post(f"/api/tables/{table['id']}/rematch", headers=auth(tokens[0])).json()
    seats = state(client, first["id"], first["secret"])["seats"]
    assert (seats[0]["name"], seats[0]["joined"]) == ("Ana", True)
    assert seats[1]["joined"] is False

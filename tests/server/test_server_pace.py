"""Issue 16, "at your own pace": live Fischer clocks and turn-based deadlines kept by the server (surviving a
restart), each time-out policy (forfeit, a bot taking over), resigning at two and at three or more players, and undo
under Board Game Arena's policy (within one's own turn, never after a reveal). The server's time is a clock the test
turns by hand: nothing here waits on the wall clock."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from server_helpers import auth, move, new_table, play_to_end, state, tokens_of, wait_for
from starlette.testclient import TestClient

from guildtable.kernel import Rng
from guildtable.kernel.records import parse_record, replay_record
from guildtable.kernel.registry import get_game
from guildtable.server.app import create_app
from guildtable.server.limits import ServerLimits
from guildtable.server.lobby import Lobby
from guildtable.server.settings import ServerSettings


class FakeClock:
    """The server's time, turned by the test."""

    def __init__(self) -> None:
        self.now = 1_800_000_000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


# The tests below create and play many tables from one address.
OPEN = ServerLimits(create_rate="10000/minute", join_rate="10000/minute", move_rate="100000/minute")


def serve(db_url: str, clock: FakeClock) -> TestClient:
    app = create_app(ServerSettings(db=db_url, bot_delay=0, allow_chosen_seeds=True, limits=OPEN))
    app.state.lobby.clock = clock
    return TestClient(app)


@pytest.fixture
def client(db_url: str, clock: FakeClock) -> Iterator[TestClient]:
    with serve(db_url, clock) as test_client:
        yield test_client


def lobby_of(client: TestClient) -> Lobby:
    lobby: Lobby = client.app.state.lobby  # type: ignore[attr-defined]
    return lobby


def live_table(client: TestClient, seats: list[str], game: str = "city-blocks", **pace: Any) -> tuple[str, dict]:
    table = new_table(client, seats, game=game, pace={"kind": "live", **pace})
    tokens = tokens_of(table)
    for seat, token in tokens.items():
        assert client.post(f"/api/tables/{table['id']}/join", headers=auth(token), json={"name": f"P{seat}"}).is_success
    return table["id"], tokens


def first_move(client: TestClient, table_id: str, tokens: dict[int, str]) -> dict:
    """The seat on turn plays its first legal move."""
    token = tokens[state(client, table_id)["current_player"]]
    mine = state(client, table_id, token)
    response = move(client, table_id, token, mine["version"], mine["legal"][0]["action"])
    assert response.status_code == 200, response.json()
    return dict(response.json())


def time_out(client: TestClient) -> int:
    return int(client.portal.call(lobby_of(client).check_clocks))  # type: ignore[union-attr]


def test_live_clocks_run_for_the_seat_on_turn_and_add_the_increment(client: TestClient, clock: FakeClock) -> None:
    """Issue 16: a Fischer clock per seat, kept by the server: base time, the mover's thinking time taken off, the
    increment added when the turn passes on."""
    table_id, tokens = live_table(client, ["human", "human"], base_seconds=60, increment_seconds=5)
    before = state(client, table_id)
    first = before["current_player"]
    second = 1 - first
    assert before["clocks"] == [60.0, 60.0] and before["clock_running"] == first
    assert before["deadline"] == clock.now + 60
    clock.now += 10
    assert state(client, table_id)["clocks"][first] == 50.0
    after = first_move(client, table_id, tokens)
    assert after["current_player"] == second
    assert after["clocks"][first] == 55.0 and after["clocks"][second] == 60.0 and after["clock_running"] == second
    assert after["deadline"] == clock.now + 60


def test_clocks_survive_a_restart(db_url: str, clock: FakeClock) -> None:
    """Issue 16: the clocks are worked out from the stored moves' times, so a restarted server shows them as they
    were."""
    with serve(db_url, clock) as first:
        table_id, tokens = live_table(first, ["human", "human"], base_seconds=120, increment_seconds=2)
        clock.now += 30
        first_move(first, table_id, tokens)
        clock.now += 7
        shown = state(first, table_id)
    with serve(db_url, clock) as second:
        again = state(second, table_id)
    assert sorted(again["clocks"]) == sorted(shown["clocks"]) == [92.0, 113.0]
    assert again["clocks"] == shown["clocks"]
    assert again["deadline"] == shown["deadline"]


def test_a_live_clock_running_out_forfeits_the_seat(client: TestClient, clock: FakeClock) -> None:
    """Issue 16: time runs out under the forfeit policy: the seat is out and placed last, the game ends (two
    players), the log says why, and the finished table stays replayable with its ending in the record."""
    table_id, tokens = live_table(client, ["human", "human"], base_seconds=30, increment_seconds=0)
    first_move(client, table_id, tokens)
    late = state(client, table_id)["current_player"]
    clock.now += 29
    assert time_out(client) == 0 and not state(client, table_id)["terminal"]
    clock.now += 2
    assert time_out(client) == 1
    over = state(client, table_id, tokens[late])
    assert over["terminal"] and over["current_player"] is None
    assert over["result"]["winners"] == [1 - late] and over["result"]["out"] == {str(late): "timeout"}
    assert f"P{late} ran out of time and is placed last." in [event["text"] for event in over["log"]]
    assert time_out(client) == 0  # once only
    refused = move(client, table_id, tokens[late], over["version"], {"type": "pass"})
    assert refused.status_code == 409 and refused.json()["problem"] == "game-over"
    record = client.get(f"/api/tables/{table_id}/record").json()
    assert record["ending"] == {"out": {str(late): "timeout"}, "winners": [1 - late]}
    replay_record(parse_record(record))
    upload = client.post("/api/replays", json=record)
    assert upload.status_code == 201, upload.json()


def test_a_bot_takes_over_a_seat_whose_time_ran_out(client: TestClient, clock: FakeClock) -> None:
    """Issue 16: under the bot policy, a bot of the chosen level plays on for the seat that ran out of time."""
    table_id, tokens = live_table(client, ["human", "human"], base_seconds=20, timeout="bot", bot="random")
    late = state(client, table_id)["current_player"]
    other = 1 - late
    clock.now += 21
    assert time_out(client) == 1
    shown = wait_for(lambda: (found := state(client, table_id, tokens[other]))["current_player"] == other and found)
    assert shown["played_on"] == {str(late): "random"} and not shown["terminal"]
    assert shown["clock_running"] == other  # the bot's seat has no clock; the other's runs
    # Issue 33: the level by its one name.
    assert any("the computer plays on for them (Computer, beginner)" in event["text"] for event in shown["log"])
    assert state(client, table_id, tokens[late])["legal"] == []  # the seat's player no longer moves there


def test_a_turn_based_deadline_runs_out_even_for_a_table_nobody_holds(client: TestClient, clock: FakeClock) -> None:
    """Issue 16: turn-based tables have a deadline per move in days; a table that left the server's memory is
    found in the store when its deadline passes."""
    table = new_table(client, ["human", "human"], pace={"kind": "turn", "days": 2})
    tokens = tokens_of(table)
    for seat, token in tokens.items():
        client.post(f"/api/tables/{table['id']}/join", headers=auth(token), json={"name": f"P{seat}"})
    shown = state(client, table["id"], tokens[0])
    assert shown["deadline"] == clock.now + 2 * 86_400 and shown["clocks"] is None
    lobby = lobby_of(client)
    assert lobby.sweep(now=float("inf")) >= 1 and table["id"] not in lobby.tables
    clock.now += 2 * 86_400 - 60
    assert time_out(client) == 0
    clock.now += 120
    assert time_out(client) == 1
    assert state(client, table["id"])["result"]["out"] == {str(shown["current_player"]): "timeout"}


def test_resigning_at_two_players_ends_the_game(client: TestClient) -> None:
    """Issue 16: a player can resign; at two players the other wins at once."""
    table = new_table(client, ["human", "human"])
    tokens = tokens_of(table)
    response = client.post(f"/api/tables/{table['id']}/resign", headers=auth(tokens[0]))
    assert response.status_code == 200, response.json()
    over = response.json()
    assert over["terminal"] and over["result"]["winners"] == [1] and over["result"]["out"] == {"0": "resigned"}
    again = client.post(f"/api/tables/{table['id']}/resign", headers=auth(tokens[1]))
    assert again.status_code == 409 and again.json()["problem"] == "cannot-resign"
    assert client.get(f"/api/tables/{table['id']}/record").json()["ending"]["out"] == {"0": "resigned"}


def test_resigning_at_three_players_lets_the_others_finish(client: TestClient) -> None:
    """Issue 16: at three players a resigning seat is out and placed last, and a computer plays on for it so the
    others finish the game; the winners are among those still in."""
    table = new_table(client, ["human", "human", "human"], game="city-and-guilds")
    tokens = tokens_of(table)
    response = client.post(f"/api/tables/{table['id']}/resign", headers=auth(tokens[1]))
    assert response.status_code == 200, response.json()
    shown = response.json()
    assert not shown["terminal"] and shown["out"] == {"1": "resigned"} and shown["played_on"] == {"1": "greedy"}
    del tokens[1]
    over = play_to_end(client, table["id"], tokens)
    assert 1 not in over["result"]["winners"] and over["result"]["out"] == {"1": "resigned"}


def undo_line(game_name: str, players: int, *, undoable: bool) -> tuple[int, list[int]]:
    """A seed and the moves from its start after which the seat on turn has just made a move of its turn that
    may (or, with `undoable` False, may not) be taken back (found on the engine, then played through the API)."""
    game = get_game(game_name)
    for seed in range(200):
        position = game.new_state(players, seed=seed)
        played: list[int] = []
        rng = Rng(seed)
        while not position.is_terminal and len(played) < 400:
            mover = position.current_player
            action = rng.choice(position.legal_actions())
            events = position.apply(action)
            played.append(action)
            if position.current_player == mover and game.takes_back(events) == undoable:
                return seed, played
    raise AssertionError(f"no such position in {game_name}")


def undo_position(client: TestClient, game: str, players: int, *, undoable: bool) -> tuple[str, dict, int, dict]:
    """A table at the position `undo_line` found; returns it, its tokens, the seat on turn and that seat's view
    before its last move."""
    seed, played = undo_line(game, players, undoable=undoable)
    table = new_table(client, ["human"] * players, game=game, seed=seed)
    tokens = tokens_of(table)
    replica = get_game(game).new_state(players, seed=seed)
    before: dict = {}
    for version, action in enumerate(played):
        seat = replica.current_player
        assert seat is not None
        if version == len(played) - 1:
            before = state(client, table["id"], tokens[seat])["view"]
        response = move(client, table["id"], tokens[seat], version, replica.action_to_json(action))
        assert response.status_code == 200, response.json()
        replica.apply(action)
    seat = replica.current_player
    assert seat is not None
    return table["id"], tokens, seat, before


def test_undo_takes_back_a_move_within_ones_own_turn(client: TestClient) -> None:
    """Issue 16 (undo, Board Game Arena's policy): the player on turn takes back their last move while it showed
    nothing hidden; the position is as before, the log shows the undo and not the move, and the other seats are
    told everything afresh."""
    table_id, tokens, seat, before = undo_position(client, "city-and-guilds", 3, undoable=True)
    mine = state(client, table_id, tokens[seat])
    assert mine["can_undo"] is True
    other = state(client, table_id, tokens[(seat + 1) % 3])
    assert other["can_undo"] is False
    response = client.post(f"/api/tables/{table_id}/undo", headers=auth(tokens[seat]), json={"version": 0})
    assert response.status_code == 409 and response.json()["problem"] == "stale-version"
    response = client.post(
        f"/api/tables/{table_id}/undo", headers=auth(tokens[seat]), json={"version": mine["version"]}
    )
    assert response.status_code == 200, response.json()
    after = response.json()
    assert after["version"] == mine["version"] + 1 and after["view"] == before
    texts = [event["text"] for event in after["log"]]
    assert texts[-1].endswith("took back a move.")
    assert all(event["version"] != mine["version"] for event in after["log"])


def test_undo_is_refused_after_a_reveal_and_once_the_turn_passed(client: TestClient) -> None:
    """Issue 16 (undo): a move that showed a hidden card (a card drawn, the discard pile searched) stands, the refusal
    says why in words, and no other seat can take anything back."""
    table_id, tokens, seat, _before = undo_position(client, "guildhall", 3, undoable=False)
    mine = state(client, table_id, tokens[seat])
    assert mine["can_undo"] is False
    response = client.post(
        f"/api/tables/{table_id}/undo", headers=auth(tokens[seat]), json={"version": mine["version"]}
    )
    body = response.json()
    assert response.status_code == 409 and body["problem"] == "cannot-undo"
    assert "hidden card or left something to chance" in body["detail"]
    assert state(client, table_id, tokens[seat])["version"] == mine["version"]  # nothing changed
    other = (seat + 1) % 3
    assert not state(client, table_id, tokens[other])["can_undo"]
    response = client.post(
        f"/api/tables/{table_id}/undo", headers=auth(tokens[other]), json={"version": mine["version"]}
    )
    assert response.status_code == 409 and "only the player on turn" in response.json()["detail"]


def test_undo_and_resign_over_the_websocket(client: TestClient) -> None:
    """Issue 16: the table page undoes and resigns over its WebSocket; a spectator cannot."""
    table_id, tokens, seat, before = undo_position(client, "city-and-guilds", 3, undoable=True)
    version = state(client, table_id)["version"]
    with client.websocket_connect(f"/ws/tables/{table_id}") as spectator:
        spectator.send_json({"type": "hello"})
        assert spectator.receive_json()["type"] == "state"
        spectator.send_json({"type": "resign"})
        assert spectator.receive_json()["problem"] == "missing-token"
    with client.websocket_connect(f"/ws/tables/{table_id}") as socket:
        socket.send_json({"type": "hello", "token": tokens[seat]})
        assert socket.receive_json()["type"] == "state"
        socket.send_json({"type": "undo", "version": version})
        answer = socket.receive_json()
        assert answer["type"] == "state" and answer["view"] == before  # told afresh after an undo
        socket.send_json({"type": "resign"})
        assert socket.receive_json()["out"] == {str(seat): "resigned"}


def test_a_pace_is_checked(client: TestClient) -> None:
    """Issue 16: a pace out of bounds, a takeover bot that is no named level, or clocks for computers only are
    refused with the field named."""
    for pace, field in (
        ({"kind": "live", "base_seconds": 0}, "pace.base_seconds"),
        ({"kind": "turn", "days": 99}, "pace.days"),
        ({"kind": "blitz"}, "pace.kind"),
    ):
        response = client.post("/api/tables", json={"game": "city-blocks", "seats": [{}, {}], "pace": pace})
        assert response.status_code == 422 and response.json()["field"] == field, response.json()
    response = client.post(
        "/api/tables",
        json={"game": "city-blocks", "seats": [{}, {}], "pace": {"kind": "live", "timeout": "bot", "bot": "ismcts"}},
    )
    assert response.status_code == 422 and response.json()["problem"] == "bad-pace"
    response = client.post(
        "/api/tables", json={"game": "city-blocks", "seats": [{"kind": "greedy"}] * 2, "pace": {"kind": "live"}}
    )
    assert response.status_code == 422 and response.json()["problem"] == "bad-pace"


def test_two_processes_seeing_one_clock_run_out_store_one_time_out(db_url: str, clock: FakeClock) -> None:
    """Issue 16 with several server processes: both see the clock run out, the one-row-per-ply key lets only one
    store the time-out, and the other catches up to it."""
    with serve(db_url, clock) as first, serve(db_url, clock) as second:
        table_id, _tokens = live_table(first, ["human", "human"], base_seconds=10)
        assert state(second, table_id)["clocks"] == [10.0, 10.0]
        clock.now += 11
        results = [time_out(first), time_out(second)]
        assert sorted(results) == [0, 1]
        for server in (first, second):
            lobby_of(server).tables.clear()  # read afresh from the store
            over = state(server, table_id)
            assert over["terminal"] and list(over["result"]["out"].values()) == ["timeout"]
            assert over["version"] == 1


def test_a_stored_undo_with_nothing_to_take_back_is_a_broken_table_not_a_crash(db_url: str, clock: FakeClock) -> None:
    """Issue 16: a move log whose platform row cannot apply (written by hand, or by a buggy release) makes the table
    410 `table-broken`, never a 500."""
    with serve(db_url, clock) as first:
        table = new_table(first, ["human", "human"])
        lobby_of(first).store.store.moves.add_move(table["id"], 0, -1, "undo 0", clock.now)
    with serve(db_url, clock) as second:
        answer = second.get(f"/api/tables/{table['id']}/state")
        assert answer.status_code == 410 and answer.json()["problem"] == "table-broken"

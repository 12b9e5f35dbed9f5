"""Issue 30 finding 7, rating farming: two accounts played 40 rated games in 12 s, the second resigning at once, and
the first went from 0 to the top of the leaderboard. Now a rated game where a human seat played fewer than two turns
is aborted, not rated; the same two accounts' rated games at one game count three times a day at most; and the
leaderboard lists a player only after a minimum of rated games, a provisional rating being marked."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest
from argon2 import PasswordHasher
from security_helpers import MakeClient, TestClient

from guildtable.kernel import State
from guildtable.kernel.registry import get_game
from guildtable.server import accounts as accounts_module
from guildtable.server.accounts import COOKIE, CSRF_HEADER
from guildtable.server.ratings import aborted, turns_ended
from guildtable.server.rows import PLATFORM_ACTION
from guildtable.server.storage.tables import StoredSeat, StoredTable
from guildtable.server.tables import HUMAN

PASSWORD = "correct horse battery"
# What the attack needs from one address: the tables, seats and moves of dozens of games in seconds.
OPEN = {
    "create_rate": "10000/minute",
    "join_rate": "10000/minute",
    "move_rate": "100000/minute",
    "signin_rate": "1000/minute",
}


@pytest.fixture(autouse=True)
def cheap_hashes(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(
        accounts_module, "new_hasher", lambda: PasswordHasher(time_cost=1, memory_cost=64, parallelism=1)
    )


@dataclass(frozen=True, slots=True)
class Player:
    """A signed-in account: its session cookie and the CSRF token its requests carry."""

    name: str
    cookie: str
    csrf: str


def sign_up(client: TestClient, name: str) -> Player:
    client.cookies.clear()
    response = client.post("/api/account", json={"name": name, "password": PASSWORD})
    assert response.status_code == 201, response.json()
    cookie = client.cookies.get(COOKIE)
    assert cookie
    return Player(name, cookie, response.json()["csrf"])


def act_as(client: TestClient, player: Player) -> None:
    client.cookies.clear()
    client.cookies.set(COOKIE, player.cookie)
    client.headers[CSRF_HEADER] = player.csrf


def bearer(secret: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {secret}"}


def rated_table(client: TestClient, host: Player, guest: Player) -> tuple[str, dict[int, str]]:
    """A rated City Blocks table of two accounts, each having taken its seat as itself; the seats' secrets."""
    act_as(client, host)
    body = {"game": "city-blocks", "seats": [{"take": True, "account": True}, {}], "rated": True}
    created = client.post("/api/tables", json=body)
    assert created.status_code == 201, created.json()
    table = created.json()
    [mine] = table["secrets"]
    [invite] = table["invites"]
    act_as(client, guest)
    joined = client.post(
        f"/api/tables/{table['id']}/join", headers=bearer(invite["token"]), json={"name": guest.name, "account": True}
    )
    assert joined.status_code == 200, joined.json()
    return table["id"], {mine["seat"]: mine["secret"], invite["seat"]: joined.json()["secret"]}


def play_turns(client: TestClient, table_id: str, secrets: dict[int, str], turns: int) -> None:
    """Both seats play their first legal move until each has ended `turns` turns of its own."""
    ended = dict.fromkeys(secrets, 0)
    while min(ended.values()) < turns:
        seat = client.get(f"/api/tables/{table_id}").json()["current_player"]
        mine = client.get(f"/api/tables/{table_id}/state", headers=bearer(secrets[seat])).json()
        body = {"version": mine["version"], "action": mine["legal"][0]["action"]}
        moved = client.post(f"/api/tables/{table_id}/moves", headers=bearer(secrets[seat]), json=body)
        assert moved.status_code == 200, moved.json()
        if moved.json()["current_player"] != seat:
            ended[seat] += 1


def resign(client: TestClient, table_id: str, secret: str) -> dict[str, Any]:
    answer = client.post(f"/api/tables/{table_id}/resign", headers=bearer(secret))
    assert answer.status_code == 200, answer.json()
    assert answer.json()["terminal"] is True
    return dict(answer.json())


def farm(client: TestClient, farmer: Player, accomplice: Player, games: int, turns: int) -> list[str]:
    """The attack: `games` rated tables of the two accounts, the accomplice resigning after `turns` turns each."""
    played = []
    for _ in range(games):
        table_id, secrets = rated_table(client, farmer, accomplice)
        play_turns(client, table_id, secrets, turns)
        over = resign(client, table_id, secrets[1])
        assert over["result"]["winners"] == [0]
        played.append(table_id)
    return played


def board(client: TestClient) -> list[dict[str, Any]]:
    answer = client.get("/api/leaderboard/city-blocks")
    assert answer.status_code == 200, answer.json()
    return list(answer.json()["entries"])


def page_of(client: TestClient, name: str) -> dict[str, Any]:
    answer = client.get(f"/api/players/{name}")
    assert answer.status_code == 200, answer.json()
    return dict(answer.json())


def test_forty_games_resigned_at_once_lift_the_farmer_nowhere(make_client: MakeClient) -> None:
    """Issue 30 finding 7, as reported: 40 rated games, the accomplice resigning before either side moved. Every one
    is aborted, not rated: nobody's rating moves, the leaderboard does not list the farmer, and each game says
    "aborted, not rated" where its result is shown (the players' pages), in both languages."""
    client = make_client(**OPEN)
    farmer, accomplice = sign_up(client, "Farmer"), sign_up(client, "Accomplice")
    played = farm(client, farmer, accomplice, 40, turns=0)
    assert all(entry["name"] != "Farmer" for entry in board(client))
    mine = page_of(client, "Farmer")
    assert mine["ratings"] == []
    assert {game["id"] for game in mine["games"]} == set(played)
    for game in mine["games"]:
        assert game["rated"] is True
        assert game["rating"] == {"status": "aborted", "text": "Aborted, not rated"}, game
    german = client.get("/api/players/Farmer", headers={"Accept-Language": "de"}).json()
    assert {game["rating"]["text"] for game in german["games"]} == {"Abgebrochen, nicht gewertet"}
    assert page_of(client, "Accomplice")["ratings"] == []


def test_one_turn_each_is_still_aborted(make_client: MakeClient) -> None:
    """Issue 30 finding 7: a side must play two turns of its own for a rated game to count; one turn each and a
    resignation is aborted too."""
    client = make_client(**OPEN)
    farmer, accomplice = sign_up(client, "Farmer"), sign_up(client, "Accomplice")
    [table_id] = farm(client, farmer, accomplice, 1, turns=1)
    [game] = page_of(client, "Farmer")["games"]
    assert game["id"] == table_id and game["rating"]["status"] == "aborted"
    # The table's own end screen says so too (its result carries what became of the rating).
    assert client.get(f"/api/tables/{table_id}/state").json()["result"]["rating"] == "aborted"
    assert page_of(client, "Farmer")["ratings"] == []


def test_the_same_two_accounts_count_three_times_a_day(make_client: MakeClient) -> None:
    """Issue 30 finding 7: played properly (two turns each) and resigned, six games of one pair count three times;
    the rest are recorded as not rated ("repeated-pairing"). With three games the farmer's rating is provisional:
    marked on their page and kept off the leaderboard, where only computer levels and players of ten rated games
    or more are listed."""
    client = make_client(**OPEN)
    farmer, accomplice = sign_up(client, "Farmer"), sign_up(client, "Accomplice")
    played = farm(client, farmer, accomplice, 6, turns=2)
    mine = page_of(client, "Farmer")
    [rating] = mine["ratings"]
    assert rating["games"] == 3 and rating["provisional"] is True
    by_id = {game["id"]: game["rating"]["status"] for game in mine["games"]}
    assert [by_id[table_id] for table_id in played] == ["rated"] * 3 + ["repeated-pairing"] * 3
    assert board(client) == []


def play_against_the_computer(client: TestClient, table_id: str, secret: str, turns: int) -> None:
    """Seat 0 plays its first legal move each turn against the computer until it has ended `turns` turns, told of
    each of the computer's moves over the table's WebSocket; it leaves once its last move is answered (a move whose
    socket closes first may be stored but not yet applied, and the next row would then find its ply taken)."""
    ended, sent = 0, -1
    with client.websocket_connect(f"/ws/tables/{table_id}") as socket:
        socket.send_json({"type": "hello", "token": secret})
        while True:
            told = socket.receive_json()
            if told.get("version", -1) <= sent:
                continue
            if ended == turns:
                return
            if told.get("current_player") == 0 and told.get("legal"):
                socket.send_json({"type": "move", "version": told["version"], "action": told["legal"][0]["action"]})
                sent, ended = told["version"], ended + 1


def test_the_minimum_is_an_option_and_provisional_ratings_are_marked(make_client: MakeClient) -> None:
    """Issue 30 finding 7: `leaderboard_min_games` (`guildtable serve --leaderboard-min-games`) sets how many rated
    games put a player on the leaderboard; a computer level is listed before that, its rating marked provisional."""
    client = make_client(**OPEN, leaderboard_min_games=2)
    ada = sign_up(client, "Ada")
    act_as(client, ada)
    for game in range(2):
        body = {"game": "city-blocks", "seats": [{"take": True, "account": True}, {"kind": "random"}], "rated": True}
        table = client.post("/api/tables", json=body).json()
        [secret] = table["secrets"]
        play_against_the_computer(client, table["id"], secret["secret"], 2)
        resign(client, table["id"], secret["secret"])
        entries = {entry["kind"]: entry for entry in board(client)}
        assert entries["bot"]["games"] == game + 1 and entries["bot"]["provisional"] is (game == 0)
        assert ("player" in entries) is (game == 1)
        [rating] = page_of(client, "Ada")["ratings"]
        assert rating["games"] == game + 1 and rating["provisional"] is (game == 0)
    assert entries["player"]["name"] == "Ada" and entries["player"]["provisional"] is False


def turns_of(game: str, seed: int, line: list[int], players: int) -> list[int]:
    """Each seat's ended turns along `line`, counted plainly: a turn ends when the turn passes on from its mover."""
    state = get_game(game).new_state(players, seed=seed)
    turns = [0] * players
    for action in line:
        mover = state.current_player
        state.apply(action)
        if mover is not None and state.current_player != mover:
            turns[mover] += 1
    return turns


def keeps_the_turn(state: State, action: int) -> bool:
    after = state.clone()
    after.apply(action)
    return after.current_player == state.current_player


def test_a_move_taken_back_or_played_by_the_computer_ends_no_turn() -> None:
    """Issue 30 finding 7: the turns that keep a rated game from being aborted are the seat's own. Read from the move
    log: a move taken back (undo) is followed by the game as it really went on, and once the computer plays on for a
    seat (it ran out of time), that seat's turns stop counting."""
    game, seed, players = "guilds-of-london", 0, 2
    state = get_game(game).new_state(players, seed=seed)
    line: list[int] = []
    while len(line) < 2:
        line.append(state.legal_actions()[0])
        state.apply(line[-1])
    # A move that keeps the turn (found on the engine), stored and then taken back.
    mover = state.current_player
    undone = next(action for action in state.legal_actions() if keeps_the_turn(state, action))
    rows: list[tuple[int, str]] = [(action, "") for action in line]
    rows += [(undone, ""), (PLATFORM_ACTION, f"undo {mover}")]
    while min(turns_of(game, seed, line, players)) < 3:
        line.append(state.legal_actions()[0])
        rows.append((line[-1], ""))
        state.apply(line[-1])
    before_takeover = turns_of(game, seed, line, players)
    rows.append((PLATFORM_ACTION, "takeover 1 greedy"))
    after_takeover = len(line)
    while turns_of(game, seed, line, players)[1] < before_takeover[1] + 2:
        line.append(state.legal_actions()[0])
        rows.append((line[-1], ""))
        state.apply(line[-1])
    seats = [StoredSeat(seat, HUMAN, f"P{seat}", None, True, f"account{seat}") for seat in range(players)]
    stored = StoredTable(
        "t", game, seed, {}, None, "", None, seats, [a for a, _ in rows], True, [n for _, n in rows], [None] * len(rows)
    )
    counted = turns_ended(stored)
    assert counted[0] == turns_of(game, seed, line, players)[0]
    assert counted[1] == before_takeover[1] == turns_of(game, seed, line[:after_takeover], players)[1]
    assert not aborted(stored)

"""Issue 16, ratings: openskill ratings per game for accounts at rated tables and for the bot levels, rated exactly
once when the game ends; a leaderboard per game; casual tables stay the default. Runs against SQLite and
PostgreSQL."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterator
from contextlib import ExitStack
from typing import Any

import httpx
import pytest
import test_server_scale_out as scale_out
from argon2 import PasswordHasher
from server_helpers import TestClient, auth, new_table, play_to_end, state, tokens_of, wait_for
from sqlalchemy import create_engine, delete, select

from guildtable.server import accounts as accounts_module
from guildtable.server import create_app
from guildtable.server.accounts import CSRF_HEADER
from guildtable.server.limits import ServerLimits
from guildtable.server.ratings import places, rated, settle, shown_rating
from guildtable.server.settings import ServerSettings
from guildtable.server.storage.ratings import StoredRating
from guildtable.server.storage.schema import rated_games, ratings
from guildtable.server.tables import Table
from loops import run_coroutine

PASSWORD = "correct horse battery"


@pytest.fixture(autouse=True)
def cheap_hashes(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(
        accounts_module, "new_hasher", lambda: PasswordHasher(time_cost=1, memory_cost=64, parallelism=1)
    )


@pytest.fixture
def client(db_url: str) -> Iterator[TestClient]:
    # The leaderboard lists players from their first rated game here (issue 30 sets 10 by default: the minimum and
    # the provisional marks are tests/security/test_rating_farming.py's), so these tests see the order of one game.
    settings = ServerLimits(signin_rate="1000/minute", leaderboard_min_games=1)
    with TestClient(
        create_app(ServerSettings(db=db_url, bot_delay=0, allow_chosen_seeds=True, limits=settings))
    ) as test_client:
        yield test_client


def sign_up(client: TestClient, name: str) -> None:
    """A new account, signed in on `client` (which sends its CSRF token from now on, as the pages do)."""
    client.cookies.clear()
    response = client.post("/api/account", json={"name": name, "password": PASSWORD})
    assert response.status_code == 201, response.json()
    client.headers[CSRF_HEADER] = response.json()["csrf"]


def as_guest(client: TestClient) -> None:
    client.cookies.clear()
    client.headers.pop(CSRF_HEADER, None)


def join(client: TestClient, table: dict, seat: int, name: str, account: bool = True) -> None:
    """Take `seat` as `name`: as the signed-in account (the player's choice on the page), or as a guest."""
    body = {"name": name, "account": account}
    response = client.post(f"/api/tables/{table['id']}/join", headers=auth(tokens_of(table)[seat]), json=body)
    assert response.status_code == 200, response.json()


def rows(client: TestClient, table: object) -> list:
    engine = client.app.state.lobby.store.store.engine  # type: ignore[attr-defined]
    with engine.connect() as db:
        return list(db.execute(select(table)).all())  # type: ignore[call-overload]


def account_id(client: TestClient, name: str) -> str:
    store = client.app.state.lobby.store.store  # type: ignore[attr-defined]
    return str(store.accounts.account_named(name.casefold()).id)


def ratings_by_subject(client: TestClient) -> dict[str, tuple[float, float, int]]:
    return {row.subject: (row.mu, row.sigma, row.games) for row in rows(client, ratings)}


def rated_table_against_greedy(client: TestClient) -> dict:
    """Ada, signed in, at a rated City Blocks table against the greedy bot, played to its end (the bot's last move
    may end it: its rating is waited for)."""
    sign_up(client, "Ada")
    table = new_table(client, ["human", "greedy"], rated=True)
    join(client, table, 0, "Ada")
    play_to_end(client, table["id"], {0: tokens_of(table)[0]})
    wait_for(lambda: rows(client, rated_games))
    return table


def test_a_casual_table_changes_no_rating(client: TestClient) -> None:
    """Issue 16: casual is the default; a signed-in player's finished casual game rates nobody."""
    sign_up(client, "Ada")
    table = new_table(client, ["human", "greedy"])
    assert table["rated"] is False
    join(client, table, 0, "Ada")
    final = play_to_end(client, table["id"], {0: tokens_of(table)[0]})
    assert final["rated"] is False
    [entry] = client.get("/api/account/tables").json()["tables"]
    assert entry["rated"] is False
    assert rows(client, ratings) == [] and rows(client, rated_games) == []


def test_a_rated_table_rates_the_account_and_the_bot_level_once(client: TestClient) -> None:
    """Issue 16: at the end of a rated table against the greedy bot, the account and "bot:greedy" are rated once:
    the winner's mu goes up, the loser's down; seeing the end again (another process, a reload) changes nothing; the
    rematch is rated too."""
    table = rated_table_against_greedy(client)
    final = state(client, table["id"])
    assert final["rated"] is True and client.get(f"/api/tables/{table['id']}").json()["rated"] is True
    [entry] = client.get("/api/account/tables").json()["tables"]
    assert entry["rated"] is True
    ada = account_id(client, "Ada")
    found = ratings_by_subject(client)
    assert set(found) == {ada, "bot:greedy"}
    assert all(games == 1 for _mu, _sigma, games in found.values())
    [row] = rows(client, rated_games)
    assert row.table_id == table["id"] and row.skipped is False
    winners = final["result"]["winners"]
    if winners == [0]:
        assert found[ada][0] > 25.0 > found["bot:greedy"][0]
    elif winners == [1]:
        assert found["bot:greedy"][0] > 25.0 > found[ada][0]
    # The end seen again, as another process would see it: the table rebuilt from the store is not rated twice.
    lobby = client.app.state.lobby  # type: ignore[attr-defined]
    stored = lobby.store.store.tables.load_table(table["id"])
    assert run_coroutine(settle(lobby.store, Table.rebuild(stored))) is False
    assert run_coroutine(settle(lobby.store, lobby.tables[table["id"]])) is False
    assert ratings_by_subject(client) == found
    # The rematch of a rated table is rated too.
    rematch = client.post(f"/api/tables/{table['id']}/rematch", headers=auth(tokens_of(table)[0]))
    assert rematch.status_code == 200 and rematch.json()["rated"] is True


def test_the_winner_goes_up_and_the_loser_down(client: TestClient) -> None:
    """Issue 16: Ada plays every seat's first legal move against the random bot; whoever wins, their mu rises above
    the starting 25 and the other's falls below it."""
    sign_up(client, "Ada")
    table = new_table(client, ["human", "random"], rated=True)
    join(client, table, 0, "Ada")
    final = play_to_end(client, table["id"], {0: tokens_of(table)[0]})
    wait_for(lambda: rows(client, rated_games))
    found = ratings_by_subject(client)
    ada = account_id(client, "Ada")
    [winner] = final["result"]["winners"]
    up, down = (ada, "bot:random") if winner == 0 else ("bot:random", ada)
    assert found[up][0] > 25.0 > found[down][0]
    assert found[up][1] < 25.0 / 3 and found[down][1] < 25.0 / 3  # both are surer of it


def test_three_players_sharing_the_first_place(client: TestClient) -> None:
    """Issue 16: City and Guilds for three accounts, played with each seat's first legal move, ends 63, 66, 66 with
    two winners: they share the first place and gain alike; the third loses."""
    sign_up(client, "Ada")
    table = new_table(client, ["human", "human", "human"], game="city-and-guilds", seed=5, rated=True)
    join(client, table, 0, "Ada")
    for seat, name in ((1, "Grace"), (2, "Linus")):
        sign_up(client, name)
        join(client, table, seat, name)
    final = play_to_end(client, table["id"], tokens_of(table))
    assert final["scores"] == [63.0, 66.0, 66.0] and final["result"]["winners"] == [1, 2]
    found = ratings_by_subject(client)
    ada, grace, linus = (account_id(client, name) for name in ("Ada", "Grace", "Linus"))
    assert found[grace] == pytest.approx(found[linus])
    assert found[grace][0] > 25.0 > found[ada][0]
    board = client.get("/api/leaderboard/city-and-guilds").json()
    assert [entry["name"] for entry in board["entries"]][2] == "Ada"
    assert {entry["name"] for entry in board["entries"][:2]} == {"Grace", "Linus"}


def test_places_share_ranks_and_winners_come_first() -> None:
    """Issue 16: equal scores share a place (the next one is skipped); the winners rank first even when a tie-break
    made a lower score win."""
    assert places([10.0, 7.0, 7.0], [0]) == [1, 2, 2]
    assert places([5.0, 5.0, 3.0], [0, 1]) == [1, 1, 3]
    assert places([4.0, 9.0, 9.0, 1.0], [0]) == [1, 2, 2, 4]
    assert places([3.0, 3.0], [1]) == [2, 1]
    assert places([0.0, 0.0, 0.0], [0, 1, 2]) == [1, 1, 1]


def test_a_shared_place_moves_both_alike() -> None:
    """Issue 16: two seats sharing the first place of three gain the same; the last one loses."""
    old = StoredRating("a", "city-blocks", 30.0, 5.0, 3, "")
    first, second, last = rated([None, None, old], places([7.0, 7.0, 2.0], [0, 1]))
    assert first == pytest.approx(second)
    assert first[0] > 25.0 and last[0] < 30.0


def test_a_guest_seat_makes_the_table_unrated(client: TestClient) -> None:
    """Issue 16: a human seat no account plays at the end: nobody's rating changes, and the table is recorded as
    skipped (so it is not looked at again)."""
    sign_up(client, "Ada")
    table = new_table(client, ["human", "human"], rated=True)
    join(client, table, 0, "Ada")
    as_guest(client)
    join(client, table, 1, "Eve", account=False)
    play_to_end(client, table["id"], tokens_of(table))
    assert rows(client, ratings) == []
    [row] = rows(client, rated_games)
    assert row.table_id == table["id"] and row.skipped is True


def test_one_account_in_two_seats_is_not_rated(client: TestClient) -> None:
    """Issue 16: hot-seat (one account playing both seats) would rate the player against themselves: skipped."""
    sign_up(client, "Ada")
    table = new_table(client, ["human", "human"], rated=True)
    join(client, table, 0, "Ada")
    join(client, table, 1, "Ada too")  # issue 30: two seats of one table cannot have look-alike names
    play_to_end(client, table["id"], tokens_of(table))
    assert rows(client, ratings) == []
    assert [row.skipped for row in rows(client, rated_games)] == [True]


def test_rated_needs_an_account_and_a_bot_level(client: TestClient) -> None:
    """Issue 16: a guest cannot create a rated table (422, in the reader's language), and a rated table's bots are
    the named levels, which have ratings."""
    body = {"game": "city-blocks", "seats": [{"kind": "human"}, {"kind": "greedy"}], "rated": True}
    refused = client.post("/api/tables", json=body)
    assert (refused.status_code, refused.json()["problem"]) == (422, "rated-needs-account")
    assert "sign in" in refused.json()["detail"]
    german = client.post("/api/tables", json=body, headers={"Accept-Language": "de"}).json()
    assert "gewerteten Tisch" in german["detail"] and "sign in" not in german["detail"]
    sign_up(client, "Ada")
    searched = {**body, "seats": [{"kind": "human"}, {"kind": "hard:ms=500"}]}
    level = client.post("/api/tables", json=searched)
    assert (level.status_code, level.json()["problem"]) == (422, "rated-bot-level")
    assert client.post("/api/tables", json={**body, "rated": "yes"}).status_code == 422
    assert rows(client, rated_games) == []
    assert client.post("/api/tables", json=body).json()["rated"] is True


def test_the_leaderboard_lists_players_and_bot_levels_by_rating(client: TestClient) -> None:
    """Issue 16: the game's leaderboard holds the account and the bot level, best rating first, each with its
    figures; a bot is named by its level in the reader's language; an unknown game is 404."""
    table = rated_table_against_greedy(client)
    as_guest(client)
    board = client.get("/api/leaderboard/city-blocks").json()
    assert board["game"] == "city-blocks" and board["title"]
    entries = board["entries"]
    assert [entry["rating"] for entry in entries] == sorted((entry["rating"] for entry in entries), reverse=True)
    by_kind = {entry["kind"]: entry for entry in entries}
    assert by_kind["player"]["name"] == "Ada" and by_kind["player"]["level"] is None
    assert by_kind["bot"]["level"] == "greedy" and by_kind["bot"]["name"] == "Computer, casual"
    for entry in entries:
        # Issue 33: the rating as shown is the ordinal on the 1500 scale; the ordinal is given too.
        assert entry["games"] == 1 and abs(entry["ordinal"] - (entry["mu"] - 3 * entry["sigma"])) < 0.06
        assert entry["rating"] == shown_rating(entry["mu"], entry["sigma"])
    winners = state(client, table["id"])["result"]["winners"]
    if len(winners) == 1:
        assert entries[0]["kind"] == ("player" if winners == [0] else "bot")
    german = client.get("/api/leaderboard/city-blocks", headers={"Accept-Language": "de"}).json()
    assert {entry["name"] for entry in german["entries"]} == {"Ada", "Computer, locker"}
    assert client.get("/api/leaderboard/guildhall").json()["entries"] == []
    missing = client.get("/api/leaderboard/chess")
    assert (missing.status_code, missing.json()["problem"]) == (404, "unknown-game")


def test_the_players_page_lists_their_ratings(client: TestClient) -> None:
    """Issue 16: a player's public page shows their rating at each game they were rated at."""
    rated_table_against_greedy(client)
    as_guest(client)
    page = client.get("/api/players/Ada").json()
    [rating] = page["ratings"]
    assert rating["game"] == "city-blocks" and rating["title"] and rating["games"] == 1
    assert rating["rating"] == shown_rating(rating["mu"], rating["sigma"])  # issue 33: on the 1500 scale
    [game] = page["games"]
    assert game["rated"] is True


def forget_the_ratings(client: TestClient) -> None:
    """As if the end had been stored by a process that stopped before it rated the table."""
    engine = client.app.state.lobby.store.store.engine  # type: ignore[attr-defined]
    with engine.begin() as db:
        db.execute(delete(ratings))
        db.execute(delete(rated_games))


def test_two_processes_seeing_the_end_at_once_rate_it_once(client: TestClient) -> None:
    """Issue 16: two processes that each rebuilt the finished table try to rate it at the same moment: one records
    it, the other finds it recorded; every subject has one game."""
    table = rated_table_against_greedy(client)
    forget_the_ratings(client)
    store = client.app.state.lobby.store  # type: ignore[attr-defined]

    async def both() -> list[bool]:
        first, second = (Table.rebuild(store.store.tables.load_table(table["id"])) for _ in range(2))
        return list(await asyncio.gather(settle(store, first), settle(store, second)))

    assert sorted(run_coroutine(both())) == [False, True]
    assert sorted(games for _mu, _sigma, games in ratings_by_subject(client).values()) == [1, 1]
    assert len(rows(client, rated_games)) == 1


def test_an_end_nobody_rated_is_rated_when_the_table_is_next_opened(db_url: str) -> None:
    """Issue 16: a rated game that ended where nobody rated it (a bot worker's last move while no web process held
    the table, a process stopped at the wrong moment) is rated when a process next loads the table."""
    settings = ServerLimits(signin_rate="1000/minute")
    with TestClient(
        create_app(ServerSettings(db=db_url, bot_delay=0, allow_chosen_seeds=True, limits=settings))
    ) as first:
        table = rated_table_against_greedy(first)
        forget_the_ratings(first)
    with TestClient(create_app(ServerSettings(db=db_url, bot_delay=0, limits=settings))) as second:
        assert second.get(f"/api/tables/{table['id']}").json()["terminal"] is True
        wait_for(lambda: rows(second, rated_games))
        assert len(ratings_by_subject(second)) == 2


# The scale-out tests' fixture (a fresh PostgreSQL database and Redis) and their server and bot worker processes.
platform = scale_out.platform


def test_a_game_a_bot_worker_ends_on_a_platform_of_two_processes_is_rated_once(platform: tuple[str, str]) -> None:
    """Issue 16 (with issue 17's platform): Ada plays through two server processes while a bot worker makes the
    greedy bot's moves; whichever of them sees the end first rates it, and it is rated exactly once."""
    db_url, redis_url = platform
    with ExitStack() as stack:
        listed = ("--leaderboard-min-games", "1")  # the players of one rated game are listed (issue 30: 10)
        (first, _), (second, _) = (stack.enter_context(scale_out.server(db_url, redis_url, *listed)) for _ in range(2))
        stack.enter_context(scale_out.bot_worker(db_url, redis_url))
        ada = stack.enter_context(httpx.Client(base_url=first, timeout=30))
        signed = ada.post("/api/account", json={"name": "Ada", "password": PASSWORD})
        ada.headers[CSRF_HEADER] = signed.json()["csrf"]
        seats = [{"name": "Ada", "take": True, "account": True}, {"kind": "greedy"}]
        table = ada.post("/api/tables", json={"game": "city-blocks", "seats": seats, "rated": True}).json()
        token = tokens_of(table)[0]
        servers = [ada, stack.enter_context(httpx.Client(base_url=second, timeout=30))]
        for turn in range(2000):
            http = servers[turn % 2]
            mine = http.get(f"/api/tables/{table['id']}/state", headers=auth(token)).json()
            if mine["terminal"]:
                break
            if not mine["legal"]:
                time.sleep(0.01)
                continue
            made = http.post(
                f"/api/tables/{table['id']}/moves",
                headers=auth(token),
                json={"version": mine["version"], "action": mine["legal"][0]["action"]},
            )
            assert made.status_code in (200, 409), made.json()  # 409: this process had not heard the last move yet
        assert mine["terminal"] and mine["rated"] is True
        engine = create_engine(db_url)
        try:

            def recorded() -> list[Any]:
                with engine.connect() as db:
                    return list(db.execute(select(rated_games)).all())

            [row] = wait_for(recorded, timeout=30)
            assert row.table_id == table["id"] and row.skipped is False
            with engine.connect() as db:
                found = db.execute(select(ratings.c.subject, ratings.c.games)).all()
        finally:
            engine.dispose()
        assert sorted(games for _subject, games in found) == [1, 1]
        assert "bot:greedy" in {subject for subject, _games in found}
        board = servers[1].get("/api/leaderboard/city-blocks").json()
        assert {entry["name"] for entry in board["entries"]} == {"Ada", "Computer, casual"}

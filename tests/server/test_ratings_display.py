"""Issue 33, item 7 ("Names and numbers in jargon"): a computer level has one name everywhere a player reads it (the
seat's name at the table, the lobby's choice, the leaderboard, a replay, the mails, the log line of a seat the
computer plays on for), in English and German; a rating is shown as a whole number that starts at 1500, with a
provisional mark, while the store keeps openskill's mu and sigma and the API still gives them and the ordinal.
Runs against SQLite and PostgreSQL."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from argon2 import PasswordHasher
from openskill.models import PlackettLuce
from server_helpers import TestClient, auth, new_table, play_to_end, tokens_of, wait_for
from sqlalchemy import select

from guildtable.bots.levels import OPPONENTS
from guildtable.kernel.i18n import use_language
from guildtable.kernel.seats import BOT_LEVEL_NAMES, bot_label, displayed_seat_name
from guildtable.server import accounts as accounts_module
from guildtable.server import create_app
from guildtable.server.accounts import CSRF_HEADER
from guildtable.server.limits import ServerLimits
from guildtable.server.mail import Letters
from guildtable.server.ratings import LEVELS, level_name, ordinal, shown_rating
from guildtable.server.settings import ServerSettings
from guildtable.server.storage.schema import rated_games, ratings
from guildtable.server.storage.turn_mail import WaitingTurn

PASSWORD = "correct horse battery"
ENGLISH_NAMES = {
    "random": "Computer, beginner",
    "greedy": "Computer, casual",
    "easy": "Computer, easy",
    "medium": "Computer, medium",
    "hard": "Computer, hard",
}
GERMAN_NAMES = {
    "random": "Computer, Anfänger",
    "greedy": "Computer, locker",
    "easy": "Computer, leicht",
    "medium": "Computer, mittel",
    "hard": "Computer, schwer",
}


@pytest.fixture(autouse=True)
def cheap_hashes(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(
        accounts_module, "new_hasher", lambda: PasswordHasher(time_cost=1, memory_cost=64, parallelism=1)
    )


@pytest.fixture
def client(db_url: str) -> Iterator[TestClient]:
    """A server with the default leaderboard minimum (ten rated games): one game leaves every rating provisional."""
    settings = ServerLimits(signin_rate="1000/minute")
    with TestClient(
        create_app(ServerSettings(db=db_url, bot_delay=0, allow_chosen_seeds=True, limits=settings))
    ) as test_client:
        yield test_client


def rows(client: TestClient, table: object) -> list:
    engine = client.app.state.lobby.store.store.engine  # type: ignore[attr-defined]
    with engine.connect() as db:
        return list(db.execute(select(table)).all())  # type: ignore[call-overload]


def rated_game_against_greedy(client: TestClient) -> dict:
    """Ada, signed in, plays a rated City Blocks table against the casual computer to its end; the table."""
    client.cookies.clear()
    answer = client.post("/api/account", json={"name": "Ada", "password": PASSWORD})
    assert answer.status_code == 201, answer.json()
    client.headers[CSRF_HEADER] = answer.json()["csrf"]
    table = new_table(client, ["human", "greedy"], rated=True)
    joined = client.post(
        f"/api/tables/{table['id']}/join", headers=auth(tokens_of(table)[0]), json={"name": "Ada", "account": True}
    )
    assert joined.status_code == 200, joined.json()
    play_to_end(client, table["id"], {0: tokens_of(table)[0]})
    wait_for(lambda: rows(client, rated_games))
    client.cookies.clear()
    client.headers.pop(CSRF_HEADER, None)
    return table


# --- ratings on a familiar scale -----------------------------------------------------------------------------------
def test_a_rating_is_a_whole_number_that_starts_at_1500() -> None:
    """Issue 33: a new rating reads 1500 (not the ordinal's 0.0), a first win a little above, a first loss a little
    below (not "3.4" and "-1.8"); the number follows the ordinal's order, 25 points to a unit."""
    model = PlackettLuce()
    new = model.rating()
    assert shown_rating(new.mu, new.sigma) == 1500 and isinstance(shown_rating(new.mu, new.sigma), int)
    [[winner], [loser]] = model.rate([[model.rating()], [model.rating()]], ranks=[1, 2])
    assert round(ordinal(winner.mu, winner.sigma), 1) == 3.4 and round(ordinal(loser.mu, loser.sigma), 1) == -1.8
    assert shown_rating(winner.mu, winner.sigma) == 1586
    assert shown_rating(loser.mu, loser.sigma) == 1454
    assert shown_rating(30.0, 2.0) == 1500 + 25 * 24
    figures = [(20.0, 5.0), (25.0, 8.0), (31.0, 3.0), (18.0, 1.0)]
    by_ordinal = sorted(figures, key=lambda figure: ordinal(*figure))
    assert [shown_rating(*figure) for figure in by_ordinal] == sorted(shown_rating(*figure) for figure in figures)


def test_the_api_gives_the_shown_rating_with_its_provisional_mark_and_keeps_the_figures(client: TestClient) -> None:
    """Issue 33: the leaderboard and a player's page give `rating` as the pages show it (a whole number on the 1500
    scale), `provisional` below ten rated games (the server's default), and still the `ordinal`, `mu` and `sigma`;
    the stored ratings are openskill's own."""
    rated_game_against_greedy(client)
    stored = {row.subject: row for row in rows(client, ratings)}
    assert stored["bot:greedy"].games == 1
    board = client.get("/api/leaderboard/city-blocks").json()
    assert board["min_games"] == 10
    # Ada, with one game, is not listed yet; the level always is, provisional for now.
    [bot] = board["entries"]
    row = stored["bot:greedy"]
    assert bot["name"] == "Computer, casual" and bot["provisional"] is True
    assert isinstance(bot["rating"], int) and bot["rating"] == shown_rating(row.mu, row.sigma)
    assert bot["rating"] != round(ordinal(row.mu, row.sigma), 1)
    assert bot["ordinal"] == round(ordinal(row.mu, row.sigma), 1)
    assert (bot["mu"], bot["sigma"]) == (round(row.mu, 3), round(row.sigma, 3))
    [mine] = client.get("/api/players/Ada").json()["ratings"]
    ada = next(row for subject, row in stored.items() if not subject.startswith("bot:"))
    assert mine["rating"] == shown_rating(ada.mu, ada.sigma) and isinstance(mine["rating"], int)
    assert 1300 < mine["rating"] < 1700 and mine["provisional"] is True and mine["games"] == 1
    assert mine["ordinal"] == round(ordinal(ada.mu, ada.sigma), 1)


# --- one name per computer level -----------------------------------------------------------------------------------
@pytest.mark.parametrize(("language", "names"), [("en", ENGLISH_NAMES), ("de", GERMAN_NAMES)])
def test_a_computer_level_has_one_name_everywhere(language: str, names: dict[str, str]) -> None:
    """Issue 33: the seat's name ("Red (greedy)" before), the leaderboard's ("Computer, casual") and the lobby's
    choice name a level alike, from one list, in both languages."""
    assert set(BOT_LEVEL_NAMES) == set(LEVELS) == {kind for kind, _hint in OPPONENTS}
    with use_language(language):
        red = displayed_seat_name(1, "Red")
        for kind, name in names.items():
            assert bot_label(kind) == level_name(kind) == name
            assert displayed_seat_name(1, f"Red ({kind})") == f"{red} ({name})"
        # A bot given its own settings is no level: it keeps its spec.
        assert bot_label("ismcts:iterations=50") == "ismcts:iterations=50"


@pytest.mark.parametrize(("language", "names"), [("en", ENGLISH_NAMES), ("de", GERMAN_NAMES)])
def test_the_table_the_lobby_and_the_replay_name_a_level_alike(
    client: TestClient, language: str, names: dict[str, str]
) -> None:
    """Issue 33: a table's seats, the lobby's list of opponents and a finished game's replay call the casual computer
    by its one name in the reader's language."""
    header = {"Accept-Language": language}
    red = "Rot" if language == "de" else "Red"
    table = new_table(client, ["human", "greedy"])
    seats = client.get(f"/api/tables/{table['id']}/state", headers=header).json()["seats"]
    assert seats[1]["name"] == f"{red} ({names['greedy']})"
    # The name says it is the computer and at which level: the table marks it no further ("· bot").
    assert (seats[0]["names_level"], seats[1]["names_level"]) == (False, True)
    named = client.post(
        "/api/tables", json={"game": "city-blocks", "seats": [{"kind": "human"}, {"kind": "greedy", "name": "Robo"}]}
    ).json()
    assert client.get(f"/api/tables/{named['id']}", headers=header).json()["seats"][1]["names_level"] is False
    games = client.get("/api/games", headers=header).json()
    labels = {entry["kind"]: entry["label"] for entry in games["opponents"]}
    for kind, name in names.items():
        assert labels[kind] == name or labels[kind].startswith(f"{name}: ")
    play_to_end(client, table["id"], {0: tokens_of(table)[0]})
    replay = client.get(f"/api/replays/{table['id']}", headers=header).json()
    assert [player["name"] for player in replay["players"]][1] == f"{red} ({names['greedy']})"
    first = client.get(f"/api/replays/{table['id']}/steps/2", headers=header).json()
    assert first["names"][1] == f"{red} ({names['greedy']})"


@pytest.mark.parametrize(
    ("language", "expected"),
    [("en", "against Red (Computer, casual)."), ("de", "gegen Rot (Computer, locker).")],
)
def test_a_your_move_mail_names_the_computer_as_the_table_does(language: str, expected: str) -> None:
    """Issue 33: the "your move" mail named a computer opponent by its stored English name ("Red (greedy)"), in a
    German mail too; it names it as the table does, in the mail's language."""
    turn = WaitingTurn(
        "t-mail", "city-blocks", None, 0.0, 0, 0, "acc-ada", "Ada", "ada@example.org", "turn",
        (("Ada", "acc-ada"), ("Red (greedy)", None)), False, False, False, language,
    )  # fmt: skip
    with use_language(language):
        _subject, body = Letters("https://play.example").turn(turn)
    assert expected in body and "greedy" not in body

"""The server in the reader's language: problem bodies follow Accept-Language, `?lang=` sets a cookie that the pages
follow, the scripts' catalogues are served per language, and two WebSocket clients at one table each get their
updates (log, seat names, refusals) in their own language."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from server_helpers import TestClient, auth, new_table, state, tokens_of, wait_for

from guildtable.kernel.i18n import use_language
from guildtable.server import create_app
from guildtable.server.language import COOKIE
from guildtable.server.limits import RateLimiter, ServerLimits
from guildtable.server.problems import Problem
from guildtable.server.settings import ServerSettings

GERMAN = {"Accept-Language": "de-DE,de;q=0.9,en;q=0.5"}


@pytest.fixture
def client(sqlite_url: str) -> Iterator[TestClient]:
    with TestClient(create_app(ServerSettings(db=sqlite_url, bot_delay=0, allow_chosen_seeds=True))) as test_client:
        yield test_client


def test_an_unknown_table_is_refused_in_german_for_a_german_browser(client: TestClient) -> None:
    german = client.get("/api/tables/nosuchtable", headers=GERMAN)
    assert german.status_code == 404
    body = german.json()
    assert body["problem"] == "unknown-table"
    assert body["title"] == "Diesen Tisch gibt es nicht"
    assert body["detail"] == "es gibt keinen Tisch 'nosuchtable'"
    english = client.get("/api/tables/nosuchtable").json()
    assert (english["title"], english["detail"]) == ("There is no such table", "there is no table 'nosuchtable'")


def test_a_move_out_of_turn_is_refused_in_german_naming_the_seat_in_german(client: TestClient) -> None:
    table = new_table(client, ["human", "human"])
    tokens = tokens_of(table)
    start = state(client, table["id"])
    waiting = 1 - start["current_player"]
    response = client.post(
        f"/api/tables/{table['id']}/moves",
        headers={**auth(tokens[waiting]), **GERMAN},
        json={"version": 0, "action": {"type": "noswap"}},
    )
    assert response.status_code == 403
    body = response.json()
    assert body["problem"] == "not-your-turn"
    assert body["title"] == "Dieser Platz ist nicht am Zug"
    assert body["detail"] == f"{['Blau', 'Rot'][waiting]} ist nicht am Zug"
    stale = client.post(
        f"/api/tables/{table['id']}/moves",
        headers={**auth(tokens[start["current_player"]]), **GERMAN},
        json={"version": 3, "action": {"type": "noswap"}},
    ).json()
    assert stale["detail"] == "der Zug bezieht sich auf Version 3, der Tisch ist aber bei Version 0"


def test_lang_in_the_address_sets_the_cookie_and_the_pages_follow_it(client: TestClient) -> None:
    first = client.get("/?lang=de")
    assert first.status_code == 200
    assert f"{COOKIE}=de" in first.headers["set-cookie"]
    assert '<html lang="de">' in first.text
    # (The page's catalogue, keyed by the English messages, is in the page too: look at the headings.)
    german, english = '<h1 id="games-title">Spiel wählen</h1>', '<h1 id="games-title">Choose a game</h1>'
    assert german in first.text and english not in first.text
    # The cookie is remembered: the next page, without ?lang=, is German too (even for an English browser).
    again = client.get("/replay", headers={"Accept-Language": "en"})
    assert '<html lang="de">' in again.text and "Eine Partieaufzeichnung ansehen" in again.text
    back = client.get("/?lang=en")
    assert f"{COOKIE}=en" in back.headers["set-cookie"] and english in back.text


def test_the_scripts_catalogues_are_served_per_language(client: TestClient) -> None:
    german = client.get("/i18n/de/web.json")
    assert german.status_code == 200
    words = german.json()
    assert words["language"] == "de"
    assert words["messages"]["New table"] == "Neuer Tisch"
    assert words["messages"]["Your move"] == "Du bist am Zug"
    assert words["messages"]["{name} wins"] == "{name} gewinnt"
    english = client.get("/i18n/en/web.json").json()
    assert english["messages"]["New table"] == "New table"
    missing = client.get("/i18n/fr/web.json", headers=GERMAN)
    assert missing.status_code == 404 and missing.json()["detail"] == "diesen Katalog gibt es nicht"


def test_the_lobby_catalogue_names_seats_and_opponents_in_german(client: TestClient) -> None:
    german = client.get("/api/games", headers=GERMAN).json()
    blocks = next(game for game in german["games"] if game["name"] == "city-blocks")
    assert blocks["seat_names"][:2] == ["Blau", "Rot"]
    assert dict((entry["kind"], entry["label"]) for entry in german["opponents"])["hard"] == "Computer, schwer"
    english = client.get("/api/games").json()
    assert next(game for game in english["games"] if game["name"] == "city-blocks")["seat_names"][:2] == [
        "Blue",
        "Red",
    ]


def hello(ws, token: str | None) -> dict:  # type: ignore[no-untyped-def]
    ws.send_json({"type": "hello", "token": token})
    return dict(ws.receive_json())


def refusal(ws) -> dict:  # type: ignore[no-untyped-def]
    """The next error message on a socket (updates from a bot's move may come first)."""
    while True:
        message = dict(ws.receive_json())
        if message["type"] == "error":
            return message


def updates_until(ws, version: int) -> list[dict]:  # type: ignore[no-untyped-def]
    """The events a socket is sent until the table reaches `version`."""
    events: list[dict] = []
    while True:
        message = dict(ws.receive_json())
        events.extend(message.get("events", []))
        if message["type"] == "update" and message["version"] >= version:
            return events


def test_two_sockets_at_one_table_each_get_their_own_language(client: TestClient) -> None:
    table = new_table(client, ["human", "greedy"], seed=5)
    token = tokens_of(table)[0]
    # The bot's opening move (if it starts) is made before the sockets look.
    wait_for(lambda: state(client, table["id"])["current_player"] == 0)
    url = f"/ws/tables/{table['id']}"
    with client.websocket_connect(f"{url}?lang=de") as german, client.websocket_connect(f"{url}?lang=en") as english:
        de = hello(german, token)
        en = hello(english, None)
        # A refusal on each socket in its own words.
        german.send_json({"type": "move", "version": 99, "action": {"type": "noswap"}})
        english.send_json({"type": "move", "version": 99, "action": {"type": "noswap"}})
        refused_de, refused_en = refusal(german), refusal(english)
        # The German player moves; the bot answers; both sockets hear both moves, each in its own language.
        german.send_json({"type": "move", "version": de["version"], "action": de["legal"][0]["action"]})
        heard_de = updates_until(german, de["version"] + 2)
        heard_en = updates_until(english, de["version"] + 2)
    # Seat names: stored in English, shown in each reader's language.
    assert [seat["name"] for seat in de["seats"]] == ["Blau", "Rot (Computer, locker)"]
    assert [seat["name"] for seat in en["seats"]] == ["Blue", "Red (Computer, casual)"]  # issue 33: one name a level
    assert (refused_de["problem"], refused_en["problem"]) == ("stale-version", "missing-token")
    assert refused_de["title"] == "Der Zug bezieht sich auf eine ältere Stellung"
    assert re.fullmatch(
        r"der Zug bezieht sich auf Version 99, der Tisch ist aber bei Version \d+", refused_de["detail"]
    )
    assert (refused_en["title"], refused_en["detail"]) == ("A seat token is needed", "a spectator cannot move")
    # The log: each socket's lines are the ones its own language builds (the game's words as far as its catalogue
    # goes; the players' default names always).
    public_en = [event["text"] for event in heard_en if event.get("text")]
    public_de = [event["text"] for event in heard_de if event.get("text") and event["kind"] != "drew"]
    assert public_en and len(public_en) == len(public_de)
    with_names = [
        (en_line, de_line) for en_line, de_line in zip(public_en, public_de, strict=True) if "Blue" in en_line
    ]
    assert with_names, public_en
    for _en_line, de_line in with_names:
        assert "Blau" in de_line and "Blue" not in de_line
    logged_de = client.get(f"/api/tables/{table['id']}/state", headers={**auth(token), **GERMAN}).json()["log"]
    assert [event.get("text") for event in logged_de][-len(heard_de) :] == [event.get("text") for event in heard_de]


def test_a_rate_refusal_is_told_in_german_and_flagged_by_its_limit_not_its_words() -> None:
    rates = RateLimiter(ServerLimits(message_rate="1/minute"))
    rates.check("message", "client")
    with use_language("de"), pytest.raises(Problem) as refused:
        rates.check("message", "client")
    assert refused.value.limited == "message"
    assert refused.value.detail.startswith("zu viele Nachrichten von deiner Adresse gesendet (1 pro Minute)")
    with use_language("de"):
        assert refused.value.body()["title"] == "Zu viele Anfragen von dieser Adresse"


def test_a_refused_record_upload_is_told_in_german_by_what_is_wrong_not_by_its_english_words(
    client: TestClient,
) -> None:
    """Issue 15: the upload page's sentences are chosen by what is wrong with the record (a missing field, an illegal
    move), not by its English words, so a German reader gets the German sentence with the move's reason once and no
    rule ID."""
    players = [{"name": "A"}, {"name": "B"}]
    record = {"game": "city-blocks", "players": players, "seed": 1, "actions": [{"action": 625}]}
    refused = client.post("/api/replays", json=record, headers=GERMAN).json()
    assert refused["field"] == "actions[0]"
    assert refused["detail"].startswith("Zug 1 dieser Aufzeichnung kann nicht gespielt werden: ")
    assert "unzulässiger Zug" not in refused["detail"] and "CB-" not in refused["detail"]
    missing = client.post("/api/replays", json={"game": "city-blocks", "seed": 1, "actions": []}, headers=GERMAN)
    assert missing.json()["detail"] == "Diese Aufzeichnung ist unvollständig: Sie nennt nicht die Liste der Spieler."

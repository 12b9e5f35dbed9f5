"""Issue 15: the rules pages' example positions in German. `GET /api/games/{name}/examples` follows the request's
language (`?lang=`, Accept-Language): titles and captions come from the `rules` catalogue in the German rules texts'
words, the game words inside them from each game's own catalogue, the seats are named in German ("Blau", "Rot"), and
in the pseudo-locale every word of a title or caption is a message (the Guildhall examples' players Ada and Ben keep
their names in every language)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from server_helpers import TestClient

from guildtable.server import create_app
from guildtable.server.settings import ServerSettings

GAMES = ["city-blocks", "city-and-guilds", "guildhall", "guilds-of-london"]
# Words of each game's German rules text that its example captions must use, and English words they must not.
GERMAN_WORDS = {
    "city-blocks": ["Blau", "Rot", "Wertplättchen", "Straße", "Reihe", "Schule", "Fabrik 7"],
    "city-and-guilds": [
        "Blau",
        "Rot",
        "Grün",
        "Block",
        "Gilde der",
        "Gildenzählleiste",
        "Minnesängerhaus",
        "Auslage",
    ],
    "guildhall": ["Ada", "Ben", "Zunfthaus", "Zunft", "Prestigekarte", "Siegpunkte"],
    "guilds-of-london": ["Blau", "Zunfthalle", "Zunftmitglied", "Stadtamtmann", "Wachstumsphase", "Plantage"],
}
ENGLISH_WORDS = [" the ", " and ", "Blue", "Red", "Green", "token", "guild", "chapter", "liverymen", "Beadle"]
SEATS = {
    "city-blocks": ["Blau", "Rot"],
    "city-and-guilds": ["Blau", "Rot", "Grün"],
    "guildhall": ["Ada", "Ben"],
    "guilds-of-london": ["Blau", "Rot", "Grün"],
}
# The names the examples keep in every language.
NAMES = re.compile(r"\b(?:Ada|Ben)\b")
INNERMOST = re.compile(r"⟦[^⟦⟧]*⟧")


@pytest.fixture
def client(sqlite_url: str) -> Iterator[TestClient]:
    with TestClient(create_app(ServerSettings(db=sqlite_url, bot_delay=0))) as test_client:
        yield test_client


def examples(client: TestClient, game: str, language: str) -> list[dict[str, Any]]:
    response = client.get(f"/api/games/{game}/examples?lang={language}")
    assert response.status_code == 200
    found = response.json()
    assert isinstance(found, list)
    return found


def outside_brackets(text: str) -> str:
    """What is left of `text` once every pseudo-locale message is taken out, innermost first, and the kept names."""
    while INNERMOST.search(text):
        text = INNERMOST.sub("", text)
    return NAMES.sub("", text)


@pytest.mark.parametrize("game", GAMES)
def test_the_examples_are_german_in_the_rules_words(client: TestClient, game: str) -> None:
    english = examples(client, game, "en")
    german = examples(client, game, "de")
    assert [example["id"] for example in german] == [example["id"] for example in english]
    for before, after in zip(english, german, strict=True):
        assert after["title"] and after["caption"]
        assert after["title"] != before["title"]
        assert after["caption"] != before["caption"]
        assert after["view"]["game"] == game and after["view"]["seat"] is None
        assert [seat["name"] for seat in after["seats"]] == SEATS[game]
        for word in ENGLISH_WORDS:
            assert word not in after["caption"], (after["id"], word)
    captions = " ".join(f"{example['title']}. {example['caption']}" for example in german)
    for word in GERMAN_WORDS[game]:
        assert word in captions, word
    # The English examples are still English once German ones have been built (one set per language).
    assert examples(client, game, "en") == english
    assert [seat["name"] for seat in english[0]["seats"]] == (
        ["Ada", "Ben"] if game == "guildhall" else ["Blue", "Red", "Green"][: len(SEATS[game])]
    )


def test_the_game_words_in_the_captions_are_german(client: TestClient) -> None:
    cg = {example["id"]: example["caption"] for example in examples(client, "city-and-guilds", "de")}
    assert re.search(r"Die Gilde der (?:Bäcker|Tuchmacher|Kerzenmacher|Schmiede) kontrolliert", cg["block"]) or (
        "Keine Gilde" in cg["block"]
    )
    assert "Blöcke A, D und F" in cg["setup"]
    gh = {example["id"]: example["caption"] for example in examples(client, "guildhall", "de")}
    profession = r"(?:Diebin|Gelehrter|Jäger|Krämerin|Maurer|Zöllner)"
    assert re.search(rf"Die Zunft {profession} von (?:Ada|Ben) hat vier Farben", gh["chapter"])
    assert re.search(rf"Nur die Karte {profession} \((?:rot|blau|gelb|grün|lila)\)", gh["chapter"])
    gl = {example["id"]: example["caption"] for example in examples(client, "guilds-of-london", "de")}
    assert re.search(r"Der Stadtamtmann \(⚑\) beginnt auf „[^“]+“", gl["start"])
    assert re.search(r"Das (?:Plättchen|Gebäude) „[^“]+“ hatte genug Figuren", gl["scored"])
    cb = {example["id"]: example["caption"] for example in examples(client, "city-blocks", "de")}
    assert re.search(r"Blau besitzt \$\d+(?:, \$\d+)* und \$\d+", cb["later"])


def test_a_german_browser_gets_german_examples(client: TestClient) -> None:
    response = client.get("/api/games/city-blocks/examples", headers={"Accept-Language": "de-DE,de;q=0.9,en;q=0.5"})
    assert response.status_code == 200
    assert response.json()[0]["title"] == "Der Spielplan zu Beginn"
    assert [seat["name"] for seat in response.json()[0]["seats"]] == ["Blau", "Rot"]


def test_an_unknown_game_is_refused_in_german(client: TestClient) -> None:
    response = client.get("/api/games/chess/examples?lang=de")
    assert response.status_code == 404
    assert response.json()["detail"] == "dieses Spiel gibt es nicht; /api/games listet alle auf"
    response = client.get("/rules/chess/text?lang=de")
    assert response.status_code == 404
    assert response.json()["detail"] == "dieses Spiel gibt es nicht; /api/games listet alle auf"


@pytest.mark.parametrize("game", GAMES)
def test_every_word_of_the_examples_is_a_message(client: TestClient, game: str) -> None:
    for example in examples(client, game, "qps"):
        for text in (example["title"], example["caption"], *(seat["name"] for seat in example["seats"])):
            assert "⟦" in text or NAMES.fullmatch(text), text
            left = outside_brackets(text)
            assert "⟦" not in left and "⟧" not in left, text
            assert not re.search(r"[^\W\d_]", left), (example["id"], left)

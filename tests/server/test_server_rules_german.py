"""The rules texts in German (issue 15): `/rules/<game>/text` follows the request's language (Accept-Language,
`?lang=`), keeps the sections and example figures the rules page script looks for, and in the pseudo-locale every
word a player reads comes from the `rules` catalogue."""

from __future__ import annotations

import re
from collections.abc import Iterator
from html.parser import HTMLParser

import pytest
from server_helpers import TestClient

from guildtable.server import create_app
from guildtable.server.settings import ServerSettings

# Each game's German scoring heading, from its German rulebook's words.
SCORING = {
    "city-blocks": "Eine Straße werten",
    "city-and-guilds": "Wertung",
    "guildhall": "Wertung: Zünfte und Siegpunkte",
    "guilds-of-london": "Ein Plättchen werten",
}
GAMES = list(SCORING)
GERMAN_HEADINGS = ["Spielmaterial", "Spielvorbereitung", "Ein Spielzug", "Spielende"]
ENGLISH_HEADINGS = ["Material", "Setup", "A turn", "The end"]


@pytest.fixture
def client(sqlite_url: str) -> Iterator[TestClient]:
    with TestClient(create_app(ServerSettings(db=sqlite_url, bot_delay=0))) as test_client:
        yield test_client


def headings(html: str) -> list[str]:
    return [re.sub(r"<[^>]*>", "", text).strip() for text in re.findall(r"<h2>(.*?)</h2>", html, re.S)]


def structure(html: str) -> list[str]:
    """The ids and data-examples the page script finds sections and figures by, in order."""
    return re.findall(r'(?:id|data-example)="([^"]+)"', html)


@pytest.mark.parametrize("game", GAMES)
def test_the_rules_text_is_german_for_a_german_browser(client: TestClient, game: str) -> None:
    english = client.get(f"/rules/{game}/text")
    assert english.status_code == 200
    german = client.get(f"/rules/{game}/text", headers={"Accept-Language": "de-DE,de;q=0.9,en;q=0.5"})
    assert german.status_code == 200
    assert headings(german.text) == [*GERMAN_HEADINGS[:3], SCORING[game], GERMAN_HEADINGS[3]]
    assert not set(headings(german.text)) & set(ENGLISH_HEADINGS)
    assert headings(english.text)[:3] == ENGLISH_HEADINGS[:3]
    assert structure(german.text) == structure(english.text)
    assert len(structure(german.text)) >= 7  # five sections and at least two example figures
    assert ' class="rules-lead"' in german.text
    # An English browser that names German second still gets English.
    assert headings(client.get(f"/rules/{game}/text", headers={"Accept-Language": "en,de;q=0.5"}).text)[0] == (
        "Material"
    )


def test_german_terms_come_from_the_rulebooks(client: TestClient) -> None:
    texts = {game: client.get(f"/rules/{game}/text?lang=de").text for game in GAMES}
    assert "Wertplättchen" in texts["city-blocks"] and "Gerichtsgebäude" in texts["city-blocks"]
    assert "Minnesängerhaus" in texts["city-and-guilds"] and "Gildenzählleiste" in texts["city-and-guilds"]
    assert "Zunfthaus" in texts["guildhall"] and "komplette Zunft" in texts["guildhall"]
    assert "Prestigekarten" in texts["guildhall"] and "Krämerin" in texts["guildhall"]
    assert "Zunftmitglied" in texts["guilds-of-london"] and "Stadtamtmann" in texts["guilds-of-london"]
    assert "Gog &amp; Magog" in texts["guilds-of-london"]


class _Words(HTMLParser):
    """Every letter of the text, with whether a pseudo-locale bracket is open where it stands."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.depth = 0
        self.escaped: list[str] = []
        self.nodes = 0

    def handle_data(self, data: str) -> None:
        if data.strip():
            self.nodes += 1
        outside = ""
        for char in data:
            if char == "⟦":
                self.depth += 1
            elif char == "⟧":
                self.depth -= 1
            elif self.depth == 0:
                outside += char
        if re.search(r"[A-Za-z]", outside):
            self.escaped.append(data.strip())


@pytest.mark.parametrize("game", GAMES)
def test_every_word_of_the_rules_text_is_a_message(client: TestClient, game: str) -> None:
    response = client.get(f"/rules/{game}/text?lang=qps")
    assert response.status_code == 200
    words = _Words()
    words.feed(response.text)
    words.close()
    assert words.nodes > 20
    assert words.depth == 0
    assert words.escaped == []
    assert structure(response.text) == structure(client.get(f"/rules/{game}/text").text)

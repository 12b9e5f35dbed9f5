"""The players' rules pages: every game has one, an unknown game gets a plain 404 page, and the examples endpoint
gives spectator views only (no hand, nothing hidden)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from server_helpers import TestClient

from guildtable.kernel.registry import all_games
from guildtable.server import create_app
from guildtable.server.settings import ServerSettings

GAMES = ["city-blocks", "city-and-guilds", "guildhall", "guilds-of-london"]
# Keys a spectator view may carry only as null (what some seat holds in secret).
SECRET_KEYS = {
    "hand",
    "hands",
    "selected",
    "deck_top_known",
    "discard_pile",
    "target_hand",
    "completed_professions",
    "hand_limit",
    "reward_cards",
    "drawn_reward_cards",
    "under_reward_deck",
}


@pytest.fixture
def client(sqlite_url: str) -> Iterator[TestClient]:
    with TestClient(create_app(ServerSettings(db=sqlite_url, bot_delay=0))) as test_client:
        yield test_client


def secrets_in(value: Any, path: str = "view") -> list[str]:
    """Every place in `value` where a secret key holds something other than null."""
    found: list[str] = []
    if isinstance(value, dict):
        for key, item in value.items():
            if key in SECRET_KEYS and item is not None:
                found.append(f"{path}.{key}")
            found += secrets_in(item, f"{path}.{key}")
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found += secrets_in(item, f"{path}[{index}]")
    return found


def test_every_registered_game_has_a_rules_page() -> None:
    assert sorted(game.name for game in all_games()) == sorted(GAMES)


@pytest.mark.parametrize("game", GAMES)
def test_the_rules_page_loads_with_its_text(client: TestClient, game: str) -> None:
    page = client.get(f"/rules/{game}")
    assert page.status_code == 200
    assert "text/html" in page.headers["content-type"]
    assert "/static/js/rules.js" in page.text
    assert 'href="/"' in page.text  # back to the lobby
    text = client.get(f"/static/rules/{game}.html")
    assert text.status_code == 200
    for section in ("material", "setup", "turn", "scoring", "end"):
        assert f'<section id="{section}">' in text.text


@pytest.mark.parametrize("game", GAMES)
def test_the_text_is_for_players_without_rule_ids_or_spec_words(client: TestClient, game: str) -> None:
    text = client.get(f"/static/rules/{game}.html").text
    for word in ("DECISION", "engine", "MUST", "GH-", "GL-", "CG-", "CB-T", "TODO"):
        assert word not in text, word


@pytest.mark.parametrize("game", GAMES)
def test_every_example_the_text_names_exists(client: TestClient, game: str) -> None:
    text = client.get(f"/static/rules/{game}.html").text
    ids = {example["id"] for example in client.get(f"/api/games/{game}/examples").json()}
    named = {part.split('"', 1)[0] for part in text.split('data-example="')[1:]}
    assert named and named <= ids


@pytest.mark.parametrize("name", ["chess", "city_blocks", "CITY-BLOCKS", "guildtable.server.app", "%3Cscript%3E"])
def test_an_unknown_game_gets_a_plain_404_page(client: TestClient, name: str) -> None:
    page = client.get(f"/rules/{name}")
    assert page.status_code == 404
    assert "text/html" in page.headers["content-type"]
    assert "No such game" in page.text
    assert "Traceback" not in page.text
    assert client.get(f"/api/games/{name}/examples").status_code == 404


@pytest.mark.parametrize("game", GAMES)
def test_the_examples_are_spectator_views_with_nothing_hidden(client: TestClient, game: str) -> None:
    examples = client.get(f"/api/games/{game}/examples").json()
    assert 2 <= len(examples) <= 5
    for example in examples:
        assert set(example) >= {"id", "title", "caption", "view", "seats", "current_player"}
        assert example["title"] and example["caption"]
        assert example["view"]["game"] == game
        assert example["view"]["seat"] is None
        assert [seat["seat"] for seat in example["seats"]] == list(range(len(example["seats"])))
        assert all(seat["kind"] == "human" and seat["joined"] for seat in example["seats"])
        assert secrets_in(example["view"]) == [], example["id"]


def test_the_examples_are_the_same_every_time(client: TestClient) -> None:
    first = client.get("/api/games/city-blocks/examples").json()
    assert client.get("/api/games/city-blocks/examples").json() == first

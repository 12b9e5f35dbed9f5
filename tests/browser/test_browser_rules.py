"""The rules pages in the browser (issue 13): each game's page shows its sections and example boards drawn by the
game's own renderer, reads without horizontal scrolling on a phone, and has no text smaller than 11 CSS px (the
example boards' drawn text included)."""

from __future__ import annotations

import re
from typing import Any

import pytest
from browser_helpers import SCREENSHOTS, scrolls_sideways, text_under_11_px

pytestmark = pytest.mark.browser

GAMES = ["city-blocks", "city-and-guilds", "guildhall", "guilds-of-london"]
SECTIONS = ["Material", "Setup", "A turn", "Scoring", "The end"]
# What a player must never have to read in the text: spec sections, rule IDs, names with underscores.
NOTATION = re.compile(r"§|\b(?:CB|CG|GH|GL)-[A-Z]*-?\d+\b|\w+_\w+")
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1366, "height": 850}


def open_rules(page: Any, game: str) -> None:
    page.goto(f"/rules/{game}")
    page.wait_for_selector("body[data-ready='true']")


@pytest.mark.parametrize("game", GAMES)
def test_rules_page_shows_its_sections_and_example_boards(page: Any, game: str) -> None:
    page.set_viewport_size(DESKTOP)
    open_rules(page, game)
    headings = [text.strip() for text in page.locator("#rules section > h2").all_inner_texts()]
    for section in SECTIONS:
        assert any(heading.startswith(section) for heading in headings), (section, headings)
    contents = page.locator(".rules-contents a").all_inner_texts()
    assert contents == headings
    drawn = page.locator("figure.rules-example[data-drawn='true']")
    assert drawn.count() >= 2
    for index in range(drawn.count()):
        figure = drawn.nth(index)
        assert figure.locator("figcaption strong").inner_text().strip()
        assert figure.locator(".rules-board > *").count() > 0
        assert figure.locator(".rules-board").bounding_box()["height"] > 100  # a board, not an empty panel
    assert page.locator("header.bar a[href='/']").count() >= 1
    # The text reads as rules for players: no rule IDs or engine names outside the drawn boards.
    text = page.evaluate(
        """() => { const copy = document.getElementById("rules").cloneNode(true);
        copy.querySelectorAll(".rules-board").forEach((board) => board.remove()); return copy.innerText; }"""
    )
    assert not NOTATION.findall(text), NOTATION.findall(text)
    page.screenshot(path=str(SCREENSHOTS / f"rules-{game}-1366.png"), full_page=True)


@pytest.mark.parametrize("game", GAMES)
def test_rules_page_fits_a_phone_with_readable_text(page: Any, game: str) -> None:
    page.set_viewport_size(PHONE)
    open_rules(page, game)
    assert not scrolls_sideways(page)
    assert text_under_11_px(page) == []
    page.screenshot(path=str(SCREENSHOTS / f"rules-{game}-390.png"), full_page=True)


def test_an_unknown_game_shows_a_plain_page_with_the_way_back(page: Any) -> None:
    response = page.goto("/rules/no-such-game")
    assert response.status == 404
    assert "No such game" in page.inner_text("main")
    page.click("text=Back to the lobby")
    page.wait_for_url("**/")

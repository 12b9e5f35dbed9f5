"""City and Guilds, Guildhall and Guilds of London in the browser: a table against bots is created in the lobby, and
moves are made by clicking what the board highlights (lots, tiles, cards) or the one-button choices it offers."""

from __future__ import annotations

from typing import Any

import pytest
from browser_helpers import SCREENSHOTS

pytestmark = pytest.mark.browser

# What a player can click: a highlighted piece on the board, or a choice button in the question bar at the top.
CLICKABLE = "#board .legal:not([aria-disabled]):not([disabled]), #choices button.choice"


def start_against_bots(page: Any, game: str, players: int) -> None:
    page.goto("/")
    page.wait_for_selector("#game option", state="attached")
    page.select_option("#game", game)
    page.select_option("#players", str(players))
    for seat in range(1, players):
        page.select_option(f'select.seat-kind[data-seat="{seat}"]', "random")
    page.click("#create-table")
    page.click("#open-seat")
    page.fill("#join-name", "Ada")
    page.click("#join-ok")
    page.wait_for_selector("#join", state="hidden")


def click_moves(page: Any, moves: int) -> list[str]:
    """Make `moves` moves by clicking the first highlighted thing (or choice button); returns the log after each."""
    logs = []
    for _ in range(moves):
        page.wait_for_function("document.body.dataset.myTurn === 'true'")
        version = page.evaluate("document.body.dataset.version")
        assert page.locator(CLICKABLE).count() > 0, "the board offers the legal moves"
        page.locator(CLICKABLE).first.click()
        page.wait_for_function(f"document.body.dataset.version !== '{version}'")
        logs.append(page.inner_text("#log"))
    return logs


GAMES = [
    ("city-and-guilds", 3, "svg.cg-map"),
    ("guildhall", 2, "[data-panel=hand]"),
    ("guilds-of-london", 2, "div.gl-city"),
]


@pytest.mark.parametrize(("game", "players", "board"), GAMES)
def test_browser_a_game_can_be_started_and_played_by_clicking(page: Any, game: str, players: int, board: str) -> None:
    start_against_bots(page, game, players)
    page.wait_for_selector(board)
    logs = click_moves(page, 4)
    assert logs[-1] != logs[0]
    assert page.locator("#players .player").count() == players
    page.screenshot(path=str(SCREENSHOTS / f"{game}_after_moves.png"), full_page=True)

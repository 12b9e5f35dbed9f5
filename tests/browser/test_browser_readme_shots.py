"""The README's pictures (issue 14): each game's table mid-game against bots, at desktop and at phone size, taken here
and kept in artifacts/screenshots/readme/ (`make screenshots` copies them to docs/screenshots/). Each picture is of a
page that fits its screen: no sideways scrolling, a board drawn, the player's hand or question in view."""

from __future__ import annotations

from typing import Any

import httpx
import pytest
from browser_helpers import SCREENSHOTS, scrolls_sideways

pytestmark = pytest.mark.browser

GAMES = {"city-blocks": 2, "city-and-guilds": 3, "guildhall": 3, "guilds-of-london": 3}
SIZES = {"desktop": {"width": 1366, "height": 850}, "phone": {"width": 390, "height": 844}}
MOVES = {"city-blocks": 8, "city-and-guilds": 8, "guildhall": 6, "guilds-of-london": 6}


def seated_against_bots(browser: Any, base_url: str, game: str, viewport: dict[str, int]) -> tuple[Any, Any]:
    """A new context and page in which Ada has joined a seeded table of `game` against random bots."""
    seats = [{}] + [{"kind": "random"}] * (GAMES[game] - 1)
    table = httpx.post(f"{base_url}/api/tables", json={"game": game, "seats": seats, "seed": 3}, timeout=30).json()
    context = browser.new_context(base_url=base_url, viewport=viewport, device_scale_factor=1)
    context.set_default_timeout(30000)
    context.add_init_script("localStorage.setItem('guildtable.howto.off', '1')")
    page = context.new_page()
    page.goto(table["invites"][0]["url"])
    page.fill("#join-name", "Ada")
    page.click("#join-ok")
    return context, page


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("game", GAMES)
def test_readme_screenshot_of_each_game(browser: Any, base_url: str, game: str, size: str) -> None:
    context, page = seated_against_bots(browser, base_url, game, SIZES[size])
    try:
        for _ in range(MOVES[game]):  # a few moves in, so the board has pieces on it
            page.wait_for_function("document.body.dataset.myTurn === 'true'")
            version = page.evaluate("document.body.dataset.version")
            page.evaluate("document.querySelector('#moves button.move').click()")
            page.wait_for_function(f"document.body.dataset.version !== '{version}'")
        page.wait_for_function("document.body.dataset.myTurn === 'true'")
        page.wait_for_function("!document.querySelector('.ghost, .points-fly')")
        assert not scrolls_sideways(page)
        assert page.locator("#board > *").count() > 0
        folder = SCREENSHOTS / "readme"
        folder.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(folder / f"{game}-{size}.png"))
    finally:
        context.close()


@pytest.mark.parametrize("game", GAMES)
def test_readme_screenshot_of_each_game_at_its_end_on_a_phone(browser: Any, base_url: str, game: str) -> None:
    """Issue 33: the README also shows each game at its end on a phone: played to the end by tapping the first
    offered move against random bots, the result in view with the winner named."""
    context, page = seated_against_bots(browser, base_url, game, SIZES["phone"])
    try:
        while True:  # each step waits on the page's own signal: my turn again, or the game over
            page.wait_for_function(
                "document.body.dataset.myTurn === 'true' || document.body.dataset.terminal === 'true'"
            )
            if page.evaluate("document.body.dataset.terminal") == "true":
                break
            version = page.evaluate("document.body.dataset.version")
            page.evaluate("document.querySelector('#moves button.move').click()")
            page.wait_for_function(f"document.body.dataset.version !== '{version}'")
        page.wait_for_function("!document.querySelector('.ghost, .points-fly')")
        result = page.locator("#status-text .result")
        assert result.is_visible() and result.inner_text().strip()
        assert not scrolls_sideways(page)
        folder = SCREENSHOTS / "readme"
        folder.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(folder / f"{game}-end-phone.png"))
    finally:
        context.close()

"""Issue 34: City Blocks' guided first game in the browser, completed at 1366×850 by keyboard and at 390×844 by
touch, in English and German, in the light and the dark theme: each step's text is the script's, its pieces are framed
and the rest of the board dimmed, a wrong choice is explained and not sent, a reload keeps the step, and the end offers
"Play your first real game" against the easy bot. axe finds no violation on the tutorial page. Screenshots of a few
steps go to artifacts/screenshots/tutorial/ (and to /tmp/h/shots34 when that folder exists)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from browser_helpers import (
    axe_violations,
    hold_seat,
    new_table,
    scrolls_sideways,
    tutorial_check_highlight,
    tutorial_look,
    use_piece,
)

pytestmark = pytest.mark.browser

# (viewport, language, theme, touch)
CASES = [
    ({"width": 1366, "height": 850}, "en", "light", False),
    ({"width": 1366, "height": 850}, "de", "dark", False),
    ({"width": 390, "height": 844}, "en", "dark", True),
    ({"width": 390, "height": 844}, "de", "light", True),
]
SHOTS = Path("/tmp/h/shots34")
# Steps worth a look as a newcomer: the welcome, the first move, a scored street, the school, the rebuild, the swap,
# the end.
LOOK_AT = {0, 2, 6, 8, 14, 18, 29}


@pytest.fixture(params=CASES, ids=[f"{c[0]['width']}-{c[1]}-{c[2]}" for c in CASES])
def learner(browser: Any, base_url: str, request: pytest.FixtureRequest) -> Iterator[tuple[Any, str, bool, str]]:
    viewport, language, theme, touch = request.param
    context = browser.new_context(
        base_url=base_url, viewport=viewport, color_scheme=theme, has_touch=touch, is_mobile=touch
    )
    context.set_default_timeout(30000)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    yield page, language, touch, f"{viewport['width']}-{language}-{theme}"
    context.close()
    assert not errors, f"the page raised: {errors}"


def _look(page: Any, name: str) -> None:
    tutorial_look(page, name, SHOTS)


def test_cb_tutorial_completes_with_each_steps_highlight(learner: tuple[Any, str, bool, str], base_url: str) -> None:
    """CB-11, CB-12, CB-13, CB-16, CB-21: the learner plays the whole guided game as the script wants."""
    page, language, touch, name = learner
    lesson = httpx.get(f"{base_url}/api/games/city-blocks/tutorial?lang={language}", timeout=30).json()
    page.goto(f"/learn/city-blocks?lang={language}")
    page.wait_for_url("**/table/**")
    page.wait_for_function("document.body.dataset.tutorialStep !== undefined")
    assert page.locator("html").get_attribute("lang") == language
    wrong_tried = reloaded = False
    for step in lesson["steps"]:
        index = step["index"]
        page.wait_for_function(f"document.body.dataset.tutorialStep === '{index}'")
        assert page.locator("#tutorial-text").inner_text() == step["text"]
        assert page.locator("#tutorial-count").inner_text().strip()
        tutorial_check_highlight(page, step)
        if index in LOOK_AT:
            _look(page, f"{name}-step{index:02d}")
        if index == 0:
            assert not axe_violations(page)
            assert not scrolls_sideways(page)
        if step["kind"] == "explain":
            use_piece(page, "#tutorial-next", touch)
            continue
        action = step["action"]
        if not wrong_tried and action["type"] == "build":
            # A wrong site is explained, and nothing is sent.
            version = page.evaluate("document.body.dataset.version")
            use_piece(page, f"#board .hand-tile[data-tile='{action['tile']}']", touch)
            page.locator("#board g.cell.legal:not(.tut-focus)").first.click()
            page.wait_for_selector("#tutorial-wrong:not([hidden])")
            assert page.evaluate("document.body.dataset.version") == version
            if index in LOOK_AT:
                _look(page, f"{name}-step{index:02d}-wrong")
            wrong_tried = True
            use_piece(page, f"#board [data-site='{action['site']}']", touch)
            continue
        if not reloaded and index > 10:
            page.reload()
            page.wait_for_function(f"document.body.dataset.tutorialStep === '{index}'")
            reloaded = True
        if action["type"] == "swap":
            for street in action["streets"]:
                use_piece(page, f"#board [data-street='{street}']", touch)
        else:
            if page.locator(f"#board .hand-tile.selected[data-tile='{action['tile']}']").count() == 0:
                use_piece(page, f"#board .hand-tile[data-tile='{action['tile']}']", touch)
            use_piece(page, f"#board g.cell.legal[data-site='{action['site']}']", touch)
    page.wait_for_function("document.body.dataset.tutorialStep === 'done'")
    play = page.locator("#tutorial-play")
    assert "game=city-blocks" in (play.get_attribute("href") or "")
    assert "opponent=easy" in (play.get_attribute("href") or "")
    _look(page, f"{name}-done")
    assert not axe_violations(page)
    play.click()
    page.wait_for_selector("#new-table:not([hidden])")
    assert page.locator("select.seat-kind[data-seat='1']").input_value() == "easy"
    assert page.locator("select.seat-kind[data-seat='0']").input_value() == "human"


def test_the_tutorial_is_reachable_from_the_lobby_and_the_rules(page: Any) -> None:
    """Issue 34: the lobby's City Blocks card and the rules page link to the guided first game."""
    page.goto("/")
    assert page.locator(".game-card[data-game='city-blocks'] a.learn").get_attribute("href") == "/learn/city-blocks"
    page.goto("/rules/city-blocks")
    page.wait_for_function("document.body.dataset.ready === 'true'")
    page.locator(".rules-learn a").click()
    page.wait_for_url("**/table/**")
    page.wait_for_function("document.body.dataset.tutorialStep === '0'")


def test_the_how_to_play_dialog_offers_the_tutorial(browser: Any, base_url: str) -> None:
    """Issue 34: the first visit's "How to play" dialog at a City Blocks table links to the guided first game."""
    context = browser.new_context(base_url=base_url, viewport={"width": 1366, "height": 850})
    context.set_default_timeout(30000)
    try:
        page = context.new_page()
        table = new_table(base_url, "city-blocks", [{"take": True, "name": "Ana"}, {"kind": "random"}])
        hold_seat(page, table["id"], 0, table["secrets"][0]["secret"])
        page.wait_for_selector("#howto:not([hidden])")
        learn = page.locator("#howto-learn")
        learn.wait_for(state="visible")
        assert learn.get_attribute("href") == "/learn/city-blocks"
    finally:
        context.close()

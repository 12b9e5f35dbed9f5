"""Issue 34: Guildhall's guided first game in the browser, completed at 1366×850 by keyboard and at 390×844 by touch, in
English and German, in the light and the dark theme: each step's text is the script's, the pieces and choice buttons it
names are framed and the board's other pieces dimmed, a wrong choice is explained and not sent, a reload keeps the
step, and the end offers "Play your first real game" against the easy bot. axe finds no violation on the tutorial
page. Screenshots of a few steps go to artifacts/screenshots/tutorial-gh/ (and to /tmp/h/shots34gh when that folder
exists)."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from browser_helpers import (
    SCREENSHOTS,
    TUTORIAL_CASES,
    axe_violations,
    scrolls_sideways,
    shot,
    tutorial_page,
    use_piece,
)

pytestmark = pytest.mark.browser

SHOTS = Path("/tmp/h/shots34gh")
# Steps worth a look as a newcomer: the welcome, getting ready, the levels, the Scholar's level, the completed chapter,
# the row, the Peddler's take, the Hunter's search, the robbed hand, the end.
LOOK_AT = {0, 2, 5, 7, 8, 10, 22, 27, 34, 35}
# A step names a piece by its `data-piece` (web/games/guildhall.js) or a choice button by its notation.
NAMED = "#board [data-piece='{0}'], #choices button[data-notation='{0}']"
# What the learner uses for a step: the choice button, or the piece that answers the question.
USABLE = "#choices button[data-notation='{0}'], #board button.legal[data-piece='{0}']"


@pytest.fixture(params=TUTORIAL_CASES, ids=[f"{c[0]['width']}-{c[1]}-{c[2]}" for c in TUTORIAL_CASES])
def learner(browser: Any, base_url: str, request: pytest.FixtureRequest) -> Iterator[tuple[Any, str, bool, str]]:
    with tutorial_page(browser, base_url, request.param) as opened:
        yield opened


def _look(page: Any, name: str) -> None:
    page.wait_for_function("!document.querySelector('.ghost, .points-fly')")  # the picture once pieces have landed
    shot(page, "tutorial-gh", name)
    if SHOTS.is_dir():
        shutil.copy(SCREENSHOTS / "tutorial-gh" / f"{name}.png", SHOTS / f"{name}.png")


def _check_highlight(page: Any, step: dict[str, Any]) -> None:
    """Every piece the step names is framed; a piece it does not name is dimmed."""
    for key in step["highlight"]:
        found = page.locator(NAMED.format(key))
        assert found.count() >= 1, (step["index"], key)
        assert "tut-focus" in (found.first.get_attribute("class") or ""), (step["index"], key)
    assert page.locator("#board .tut-dim").count() > 0, step["index"]
    framed = page.locator("#board .tut-focus, #choices .tut-focus").count()
    assert framed == page.locator(", ".join(NAMED.format(key) for key in step["highlight"]) or "none").count()


def _usable(page: Any, step: dict[str, Any]) -> str:
    """The selector of what plays the step's move: the first highlighted choice or legal piece."""
    for key in step["highlight"]:
        selector = USABLE.format(key)
        if page.locator(selector).count():
            return selector
    raise AssertionError(f"step {step['index']}: nothing to use for {step['notation']}")


def test_gh_tutorial_completes_with_each_steps_highlight(learner: tuple[Any, str, bool, str], base_url: str) -> None:
    """GH-16, GH-24, GH-29, GH-32, GH-44, GH-47, GH-111: the learner plays the whole guided game as the script wants,
    with a hand card, a choice button, a prestige card, another player's guildhall, the discard pile and a robbed
    hand."""
    page, language, touch, name = learner
    lesson = httpx.get(f"{base_url}/api/games/guildhall/tutorial?lang={language}", timeout=30).json()
    page.goto(f"/learn/guildhall?lang={language}")
    page.wait_for_url("**/table/**")
    page.wait_for_function("document.body.dataset.tutorialStep !== undefined")
    assert page.locator("html").get_attribute("lang") == language
    wrong_tried = reloaded = False
    for step in lesson["steps"]:
        index = step["index"]
        page.wait_for_function(f"document.body.dataset.tutorialStep === '{index}'")
        assert page.locator("#tutorial-text").inner_text() == step["text"]
        assert page.locator("#tutorial-count").inner_text().strip()
        _check_highlight(page, step)
        if index in LOOK_AT:
            _look(page, f"{name}-step{index:02d}")
        if index == 0:
            assert not axe_violations(page)
            assert not scrolls_sideways(page)
        if step["kind"] == "explain":
            use_piece(page, "#tutorial-next", touch)
            continue
        if not wrong_tried and step["notation"].startswith("place "):
            # Another hand card is explained, and nothing is sent.
            version = page.evaluate("document.body.dataset.version")
            use_piece(page, "#board [data-panel='hand'] button.legal:not(.tut-focus)", touch)
            page.wait_for_selector("#tutorial-wrong:not([hidden])")
            assert step["wrong"] in page.locator("#tutorial-wrong").inner_text()
            assert page.evaluate("document.body.dataset.version") == version
            _look(page, f"{name}-step{index:02d}-wrong")
            wrong_tried = True
        if not reloaded and index > 10:
            page.reload()
            page.wait_for_function(f"document.body.dataset.tutorialStep === '{index}'")
            _check_highlight(page, step)
            reloaded = True
        use_piece(page, _usable(page, step), touch)
    page.wait_for_function("document.body.dataset.tutorialStep === 'done'")
    assert wrong_tried and reloaded
    play = page.locator("#tutorial-play")
    assert "game=guildhall" in (play.get_attribute("href") or "")
    assert "opponent=easy" in (play.get_attribute("href") or "")
    _look(page, f"{name}-done")
    assert not axe_violations(page)
    play.click()
    page.wait_for_selector("#new-table:not([hidden])")
    assert page.locator("select.seat-kind[data-seat='1']").input_value() == "easy"
    assert page.locator("select.seat-kind[data-seat='0']").input_value() == "human"


def test_gh_tutorial_is_reachable_from_the_lobby_and_the_rules(page: Any) -> None:
    """Issue 34: the lobby's Guildhall card and its rules page link to the guided first game."""
    page.goto("/")
    assert page.locator(".game-card[data-game='guildhall'] a.learn").get_attribute("href") == "/learn/guildhall"
    page.goto("/rules/guildhall")
    page.wait_for_function("document.body.dataset.ready === 'true'")
    page.locator(".rules-learn a").click()
    page.wait_for_url("**/table/**")
    page.wait_for_function("document.body.dataset.tutorialStep === '0'")

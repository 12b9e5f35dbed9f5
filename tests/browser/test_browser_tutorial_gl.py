"""Issue 34: Guilds of London's guided first game in the browser, completed at 1366×850 by keyboard and at 390×844 by
touch, in English and German, in the light and the dark theme: each step's text is the script's, its cards and tiles
are framed and the rest dimmed, a wrong use of a card is explained and not sent, a reload keeps the step, and the end
offers "Play your first real game" against the easy bot. axe finds no violation. Screenshots of a few steps go to
artifacts/screenshots/tutorial/ (and to /tmp/h/shots34gl when that folder exists)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from browser_helpers import (
    axe_violations,
    scrolls_sideways,
    tutorial_check_highlight,
    tutorial_look,
    use_piece,
)

pytestmark = pytest.mark.browser

GAME = "guilds-of-london"
# (viewport, language, theme, touch)
CASES = [
    ({"width": 1366, "height": 850}, "en", "light", False),
    ({"width": 1366, "height": 850}, "de", "dark", False),
    ({"width": 390, "height": 844}, "en", "dark", True),
    ({"width": 390, "height": 844}, "de", "light", True),
]
SHOTS = Path("/tmp/h/shots34gl")
# Steps worth a look as a newcomer: the welcome, the minimum, the mayoral card, the first move, the coin, Red's turn,
# the negotiation, the reward, the master, second place and the "if it ended now".
LOOK_AT = {0, 1, 2, 4, 9, 15, 18, 19, 21, 26, 28, 29}
CARD_USES = {"recruit", "move", "effect", "discard"}


def _selector(action: dict[str, str], notation: str) -> str:
    """Where the learner makes `action` on the Guilds of London table: a card's or a reward card's button, a tile
    (or the Guildhall), or one of the choices under the status."""
    kind, what = action["type"], action.get("what", "")
    if kind in CARD_USES:
        return f"#board [data-card='{what.lstrip('#')}'] button[data-use='{kind}']"
    if kind == "keep":
        return f"#board [data-reward='{what}'] button[data-use='keep']"
    if kind in ("from", "to"):
        return f"#board button[data-tile='{what}']"
    return f"#choices button[data-notation='{notation}']"


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
    yield page, language, touch, f"gl-{viewport['width']}-{language}-{theme}"
    context.close()
    assert not errors, f"the page raised: {errors}"


def test_gl_tutorial_completes_with_each_steps_highlight(learner: tuple[Any, str, bool, str], base_url: str) -> None:
    """GL-31, GL-57, GL-60, GL-61, GL-62, GL-63, GL-75, GL-82: the learner plays the guided game as the script wants."""
    page, language, touch, name = learner
    lesson = httpx.get(f"{base_url}/api/games/{GAME}/tutorial?lang={language}", timeout=30).json()
    page.goto(f"/learn/{GAME}?lang={language}")
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
            tutorial_look(page, f"{name}-step{index:02d}", SHOTS)
        if index == 0:
            assert not axe_violations(page)
            assert not scrolls_sideways(page)
        if step["kind"] == "explain":
            use_piece(page, "#tutorial-next", touch)
            continue
        action = step["action"]
        if not wrong_tried and action["type"] == "move":
            # The card used to recruit instead of to move: explained, and nothing is sent.
            version = page.evaluate("document.body.dataset.version")
            use_piece(page, _selector({**action, "type": "recruit"}, ""), touch)
            page.wait_for_selector("#tutorial-wrong:not([hidden])")
            assert step["wrong"] in page.locator("#tutorial-wrong").inner_text()
            assert page.evaluate("document.body.dataset.version") == version
            tutorial_look(page, f"{name}-step{index:02d}-wrong", SHOTS)
            wrong_tried = True
        if not reloaded and index > 10:
            page.reload()
            page.wait_for_function(f"document.body.dataset.tutorialStep === '{index}'")
            reloaded = True
        use_piece(page, _selector(action, step["notation"]), touch)
    page.wait_for_function("document.body.dataset.tutorialStep === 'done'")
    play = page.locator("#tutorial-play")
    assert f"game={GAME}" in (play.get_attribute("href") or "")
    assert "opponent=easy" in (play.get_attribute("href") or "")
    tutorial_look(page, f"{name}-done", SHOTS)
    assert not axe_violations(page)
    play.click()
    page.wait_for_selector("#new-table:not([hidden])")
    assert page.locator("select.seat-kind[data-seat='1']").input_value() == "easy"
    assert page.locator("select.seat-kind[data-seat='0']").input_value() == "human"

"""Issue 34: City and Guilds' guided first game in the browser, completed at 1366×850 by keyboard and at 390×844 by
touch, in English and German, in the light and the dark theme: each step's text is the script's, its pieces (lots,
hand and display tiles, block labels, guild tracks, the invest/double/figure buttons) are framed and the rest dimmed,
a wrong lot is explained and not sent, a reload keeps the step, and the end offers "Play your first real game" against
the easy bot. axe finds no violation on the tutorial page. Screenshots of a few steps go to
artifacts/screenshots/tutorial/ (and to /tmp/h/shots34cg when that folder exists)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from browser_helpers import (
    TUTORIAL_CASE_IDS,
    TUTORIAL_CASES,
    axe_violations,
    hold_seat,
    new_table,
    scrolls_sideways,
    tutorial_look,
    use_piece,
)

pytestmark = pytest.mark.browser

GAME = "city-and-guilds"
SHOTS = Path("/tmp/h/shots34cg")
# Steps worth a look as a newcomer: the welcome, the setup tile, invest, the market, the minstrel's figure, block C
# scored, double, block B scored, the tavern, block A, the chains, the end.
LOOK_AT = {0, 1, 2, 7, 10, 16, 18, 22, 23, 25, 26, 27, 28}
# The attributes City and Guilds' pieces are named by (tutorial.js's PIECE_ATTRIBUTES), on the board and in the choices.
PIECE = ", ".join(
    f"{place} [{name}='{{0}}']"
    for place in ("#board", "#choices")
    for name in ("data-tile", "data-lot", "data-label", "data-track", "data-notation")
)


@pytest.fixture(params=TUTORIAL_CASES, ids=TUTORIAL_CASE_IDS)
def learner(browser: Any, base_url: str, request: pytest.FixtureRequest) -> Iterator[tuple[Any, str, bool, str]]:
    viewport, language, theme, touch = request.param
    context = browser.new_context(
        base_url=base_url, viewport=viewport, color_scheme=theme, has_touch=touch, is_mobile=touch
    )
    context.set_default_timeout(30000)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    yield page, language, touch, f"cg-{viewport['width']}-{language}-{theme}"
    context.close()
    assert not errors, f"the page raised: {errors}"


def _check_highlight(page: Any, step: dict[str, Any]) -> None:
    """Every piece the step names is framed (a block's label, a lot or a track too); a piece it does not name is
    dimmed."""
    for key in step["highlight"]:
        found = page.locator(PIECE.format(key))
        assert found.count() >= 1, (step["index"], key)
        assert all("tut-focus" in (found.nth(i).get_attribute("class") or "") for i in range(found.count())), key
    assert page.locator("#board .tut-dim").count() > 0, step["index"]


def _selector(action: dict[str, Any]) -> str:
    """Where the learner plays `action` on the page: a hand or display tile, a lot, or a choice's button."""
    kind = action["type"]
    if kind == "pick":
        return f"#board [data-panel='hand'] [data-tile='{action['tile']}']"
    if kind == "take":
        return f"#board [data-panel='display'] [data-tile='{action['tile']}']"
    if kind in ("place", "tavern"):
        return f"#board svg.cg-map [data-lot='{action['lot']}'].legal"
    return f"#choices [data-notation='{kind}']"


def test_cg_tutorial_completes_with_each_steps_highlight(learner: tuple[Any, str, bool, str], base_url: str) -> None:
    """CG-14, CG-16, CG-17, CG-20, CG-21, CG-24, CG-36: the learner plays the whole guided game as the script wants."""
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
        _check_highlight(page, step)
        if index in LOOK_AT:
            tutorial_look(page, f"{name}-step{index:02d}", SHOTS)
        if index == 0:
            assert not axe_violations(page)
            assert not scrolls_sideways(page)
        if step["kind"] == "explain":
            use_piece(page, "#tutorial-next", touch)
            continue
        action = step["action"]
        if not wrong_tried and action["type"] == "place" and index > 3:
            # A wrong lot is explained, and nothing is sent.
            version = page.evaluate("document.body.dataset.version")
            use_piece(page, "#board svg.cg-map g.lot.legal:not(.tut-focus)", touch)
            page.wait_for_selector("#tutorial-wrong:not([hidden])")
            assert step["wrong"] in page.locator("#tutorial-wrong").inner_text()
            assert page.evaluate("document.body.dataset.version") == version
            tutorial_look(page, f"{name}-step{index:02d}-wrong", SHOTS)
            wrong_tried = True
        if not reloaded and index > 10:
            page.reload()
            page.wait_for_function(f"document.body.dataset.tutorialStep === '{index}'")
            assert page.locator("#tutorial-text").inner_text() == step["text"]
            reloaded = True
        use_piece(page, _selector(action), touch)
    assert wrong_tried and reloaded
    page.wait_for_function("document.body.dataset.tutorialStep === 'done'")
    assert page.evaluate("document.body.dataset.terminal") == "true"
    play = page.locator("#tutorial-play")
    assert f"game={GAME}" in (play.get_attribute("href") or "")
    assert "opponent=easy" in (play.get_attribute("href") or "")
    tutorial_look(page, f"{name}-done", SHOTS)
    assert not axe_violations(page)
    play.click()
    page.wait_for_selector("#new-table:not([hidden])")
    assert page.locator("select.seat-kind[data-seat='0']").input_value() == "human"
    assert page.locator("select.seat-kind[data-seat='1']").input_value() == "easy"
    assert page.locator("select.seat-kind[data-seat='2']").input_value() == "easy"


def test_cg_tutorial_is_reachable_from_the_lobby_the_rules_and_how_to_play(browser: Any, base_url: str) -> None:
    """Issue 34: the lobby's City and Guilds card, its rules page and the first visit's "How to play" dialog at a City
    and Guilds table link to its guided first game (CG-1: three seats)."""
    context = browser.new_context(base_url=base_url, viewport={"width": 1366, "height": 850})
    context.set_default_timeout(30000)
    try:
        page = context.new_page()
        page.goto("/")
        assert page.locator(f".game-card[data-game='{GAME}'] a.learn").get_attribute("href") == f"/learn/{GAME}"
        page.goto(f"/rules/{GAME}")
        page.wait_for_function("document.body.dataset.ready === 'true'")
        assert page.locator(".rules-learn a").get_attribute("href") == f"/learn/{GAME}"
        seats = [{"take": True, "name": "Ana"}, {"kind": "random"}, {"kind": "random"}]
        table = new_table(base_url, GAME, seats)
        hold_seat(page, table["id"], 0, table["secrets"][0]["secret"])
        page.wait_for_selector("#howto:not([hidden])")
        learn = page.locator("#howto-learn")
        learn.wait_for(state="visible")
        assert learn.get_attribute("href") == f"/learn/{GAME}"
    finally:
        context.close()

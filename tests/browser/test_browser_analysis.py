"""Issue 19 in the browser: the replay page analyses a finished game on request, shows its progress, then the
winning-chance graph, the marks on the moves, "best was ..." at each step and the position after the best move.
Issue 33 (item 9): the chart has labelled axes and gridlines and shows the move under the pointer or finger (and
answers the keyboard), and a verdict says in plain words how much chance a move lost and why the better move was
better, in the game's own words. Screenshots at desktop and phone size go to artifacts/screenshots/analysis/.

The test server analyses with a fixed number of iterations and seeds every search: the analyses here are the same
on every run."""

from __future__ import annotations

import re
from typing import Any

import httpx
from browser_helpers import axe_violations, finished_table, scrolls_sideways, shot, text_under_11_px


def test_the_replay_page_analyses_a_game(page: Any, base_url: str) -> None:
    """Issue 19: ask, watch the progress, then read the graph, the marks and the best moves."""
    table_id = finished_table(base_url, "city-blocks", players=2, seed=9)
    page.goto(f"/replay/{table_id}")
    page.click("#analyse")
    page.wait_for_selector("#curve", timeout=120_000)
    assert page.locator("#curve polyline").count() == 2
    assert page.locator(".analysis-summary li").count() == 2
    marked = page.locator("#log .move-mark")
    assert marked.count() >= 1, "random against random made no marked move"
    # The first marked move: its verdict names the best move and shows its position on request.
    first = page.locator("#log li:has(.move-mark)").first
    number = 1 + int(first.evaluate("(li) => [...li.parentElement.children].indexOf(li)"))
    first.click()
    page.wait_for_function(f"document.querySelector('#step-label').textContent.startsWith('{number} /')")
    page.wait_for_selector("#verdict:not([hidden]) #show-best")
    verdict = page.inner_text("#verdict")
    assert "Best was:" in verdict and "chance of winning" in verdict
    played_board = page.inner_html("#board")
    page.click("#show-best")
    page.wait_for_function("document.querySelector('#status').textContent.startsWith('Instead of move')")
    assert page.inner_html("#board") != played_board
    assert page.get_attribute("#show-best", "aria-pressed") == "true"
    assert axe_violations(page) == []
    shot(page, "analysis", "replay-desktop")
    page.click("#show-best")
    page.wait_for_function("document.querySelector('#status').textContent.startsWith('Move')")
    page.set_viewport_size({"width": 390, "height": 844})
    assert not scrolls_sideways(page)
    # The analysis's own words are readable (the board's own sizes are the renderer's, checked by its tests).
    assert [line for line in text_under_11_px(page) if not line.startswith("tspan")] == []
    shot(page, "analysis", "replay-phone")


def test_an_analysis_is_shown_at_once_when_it_is_stored(page: Any, base_url: str) -> None:
    """Issue 19: once computed, the analysis is stored: opening the replay again shows it without asking."""
    table_id = finished_table(base_url, "city-blocks", players=2, seed=10)
    page.goto(f"/replay/{table_id}")
    page.click("#analyse")
    page.wait_for_selector("#curve", timeout=120_000)
    page.goto(f"/replay/{table_id}")
    page.wait_for_selector("#curve")
    assert page.locator("#analyse").count() == 0


def analysed(page: Any, base_url: str, seed: int, language: str = "en") -> tuple[str, dict[str, Any]]:
    """A finished City Blocks game between random bots, analysed; its id and the analysis in `language`."""
    table_id = finished_table(base_url, "city-blocks", players=2, seed=seed)
    page.goto(f"/replay/{table_id}?lang={language}")
    page.click("#analyse")
    page.wait_for_selector("#curve", timeout=120_000)
    answer = httpx.get(f"{base_url}/api/replays/{table_id}/analysis?lang={language}", timeout=30).json()
    return table_id, answer["analysis"]


def step_label(page: Any) -> int:
    return int(page.inner_text("#step-label").split("/")[0])


def test_the_chart_has_axes_and_shows_the_move_under_the_pointer(page: Any, base_url: str) -> None:
    """Issue 33: the winning-chance chart has labelled axes (move number, chance of winning 0-100 %) and gridlines;
    the move under the pointer is shown (who, the move in words, the mover's chance before and after), a click goes
    there, and the keyboard moves along it."""
    page.set_viewport_size({"width": 1366, "height": 850})
    _table_id, analysis = analysed(page, base_url, seed=11)
    count = len(analysis["steps"])
    labels = page.locator("#curve text").all_text_contents()
    assert "Move" in labels and "Chance of winning" in labels
    assert {"0%", "25%", "50%", "75%", "100%"} <= set(labels)
    assert {"0", "10", "20"} <= set(labels), labels
    assert page.locator("#curve .curve-grid").count() >= 6
    assert page.locator(".curve-key li").count() == 2
    # Before any pointer: the caption tells the move on screen (the opening).
    assert "Before the first move" in page.inner_text("#curve-caption")
    page.locator("#curve").scroll_into_view_if_needed()
    box = page.locator("#curve").bounding_box()
    page.mouse.move(box["x"] + box["width"] * 0.6, box["y"] + box["height"] / 2)
    page.wait_for_selector("#curve-hover[visibility=visible]", state="attached")
    shown = int(page.get_attribute("#curve-caption", "data-move"))
    assert 0 < shown <= count
    step = analysis["steps"][shown - 1]
    caption = page.inner_text("#curve-caption")
    mover = page.locator(".analysis-summary li strong").nth(step["seat"]).inner_text()
    assert caption.startswith(f"Move {shown}: ")
    assert page.locator("#log li").nth(shown - 1).inner_text().split(" ?")[0] in caption  # who, and the move in words
    assert re.search(rf"{re.escape(mover)}'s chance of winning: \d+% before, \d+% after", caption), caption
    after = round(step["chances"][step["seat"]] * 100)
    assert f"{after}% after" in caption
    assert page.locator(".curve-hover-dot[visibility=visible]").count() == 2
    page.mouse.click(box["x"] + box["width"] * 0.6, box["y"] + box["height"] / 2)
    page.wait_for_function(f"document.querySelector('#step-label').textContent.startsWith('{shown} /')")
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] - 40)  # off the chart: the caption follows the replay
    page.wait_for_selector("#curve-hover[visibility=hidden]", state="attached")
    assert page.get_attribute("#curve-caption", "data-move") == str(shown)
    # The keyboard: the chart is a slider over the moves.
    page.focus("#curve")
    page.keyboard.press("End")
    page.wait_for_function(f"document.querySelector('#step-label').textContent.startsWith('{count} /')")
    assert page.get_attribute("#curve", "aria-valuenow") == str(count)
    assert page.get_attribute("#curve-caption", "data-move") == str(count)
    page.keyboard.press("Home")
    page.wait_for_function("document.querySelector('#step-label').textContent.startsWith('0 /')")
    page.keyboard.press("ArrowRight")
    page.wait_for_function("document.querySelector('#step-label').textContent.startsWith('1 /')")
    assert page.get_attribute("#curve", "aria-valuetext").startswith("Move 1: ")
    assert axe_violations(page) == []
    shot(page, "analysis", "chart-desktop")


def test_the_chart_answers_a_finger_on_a_phone(browser: Any, base_url: str) -> None:
    """Issue 33: at 390x844 on a touch screen the chart fits, its words are readable, and a tap on it shows that
    move on the board and in the caption."""
    context = browser.new_context(
        base_url=base_url, viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True
    )
    context.add_init_script("localStorage.setItem('guildtable.howto.off', '1')")
    page = context.new_page()
    try:
        _table_id, analysis = analysed(page, base_url, seed=12)
        count = len(analysis["steps"])
        page.locator("#curve").scroll_into_view_if_needed()
        box = page.locator("#curve").bounding_box()
        assert box["width"] <= 390 and box["height"] >= 150
        page.touchscreen.tap(box["x"] + box["width"] * 0.5, box["y"] + box["height"] / 2)
        page.wait_for_function("!document.querySelector('#step-label').textContent.startsWith('0 /')")
        shown = step_label(page)
        assert 0 < shown <= count
        assert page.get_attribute("#curve-caption", "data-move") == str(shown)
        assert page.inner_text("#curve-caption").startswith(f"Move {shown}: ")
        assert not scrolls_sideways(page)
        assert [line for line in text_under_11_px(page) if not line.startswith("tspan")] == []
        shot(page, "analysis", "chart-phone")
    finally:
        context.close()


def test_a_verdict_says_in_plain_words_what_a_move_lost_and_why(page: Any, base_url: str) -> None:
    """Issue 33: a marked move's verdict says how much chance of winning it lost in whole percent, before and after
    ("lost about 43% ... 17% instead of 60%"), never "points of winning chance", and why the better move was better
    in the game's own words; in German too."""
    page.set_viewport_size({"width": 1366, "height": 850})
    table_id, analysis = analysed(page, base_url, seed=9)
    explained = [index for index, step in enumerate(analysis["steps"]) if step["mark"] and step["why"]]
    assert explained, "no marked move was explained"
    index = explained[0]
    step = analysis["steps"][index]
    page.locator("#log li").nth(index).click()
    page.wait_for_function(f"document.querySelector('#step-label').textContent.startsWith('{index + 1} /')")
    verdict = page.inner_text("#verdict")
    lost = round(step["loss"] * 100)
    assert f"This move lost about {lost}% of" in verdict and "chance of winning" in verdict, verdict
    assert f"{round(step['value_played'] * 100)}% instead of {round(step['value_best'] * 100)}%" in verdict
    assert "points of winning chance" not in verdict and not re.search(r"\d\.\d", verdict)
    assert f"Why: {step['why']}" in verdict
    mover = page.locator(".analysis-summary li strong").nth(step["seat"]).inner_text()
    assert step["why"].startswith(f"With it, {mover} would have ")  # the player named as the page names them
    summary = page.inner_text(".analysis-summary")
    assert "lost about" in summary and "of the chance of winning a move, on average" in summary
    assert not re.search(r"\d\.\d", summary)
    shot(page, "analysis", "verdict-desktop")
    german = httpx.get(f"{base_url}/api/replays/{table_id}/analysis?lang=de", timeout=30).json()["analysis"]
    page.goto(f"/replay/{table_id}?lang=de")
    page.wait_for_selector("#curve")
    assert "Zug" in page.locator("#curve text").all_text_contents()
    assert "Gewinnchance" in page.locator("#curve text").all_text_contents()
    page.locator("#log li").nth(index).click()
    page.wait_for_function(f"document.querySelector('#step-label').textContent.startsWith('{index + 1} /')")
    verdict = page.inner_text("#verdict")
    mover = page.locator(".analysis-summary li strong").nth(step["seat"]).inner_text()
    assert german["steps"][index]["why"].startswith(f"Damit hätte {mover} ")
    assert f"Warum: {german['steps'][index]['why']}" in verdict
    assert "Dieser Zug kostete" in verdict and f"{lost}\u00a0%" in verdict  # the German way: 43 %


def test_the_analysis_is_clean_for_axe_in_both_themes(themed: Any, base_url: str) -> None:
    """Issue 33: the chart (a slider over the moves), its key, caption and a verdict with its reason pass axe-core in
    the light and the dark theme."""
    _table_id, analysis = analysed(themed, base_url, seed=13)
    marked = next(index for index, step in enumerate(analysis["steps"]) if step["mark"])
    themed.locator("#log li").nth(marked).click()
    themed.wait_for_selector("#verdict-why")
    themed.locator("#curve").scroll_into_view_if_needed()
    box = themed.locator("#curve").bounding_box()
    themed.mouse.move(box["x"] + box["width"] * 0.4, box["y"] + box["height"] / 2)
    themed.wait_for_selector("#curve-hover[visibility=visible]", state="attached")
    assert axe_violations(themed) == []

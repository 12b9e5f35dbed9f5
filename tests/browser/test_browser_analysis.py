"""Issue 19 in the browser: the replay page analyses a finished game on request, shows its progress, then the
winning-chance graph, the marks on the moves, "best was ..." at each step and the position after the best move.
Screenshots at desktop and phone size go to artifacts/screenshots/analysis/."""

from __future__ import annotations

from typing import Any

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
    assert "Best was:" in verdict and "points of winning chance" in verdict
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

"""The game page around the board, whatever the game: a lost connection (bug 6), the turn marker (bug 7) and the
rematch that keeps the player's name (bug 7)."""

from __future__ import annotations

from typing import Any

import pytest
from browser_helpers import SCREENSHOTS

pytestmark = pytest.mark.browser


def open_table_against_a_bot(page: Any, name: str = "Ana") -> None:
    page.goto("/")
    page.wait_for_selector("#game option", state="attached")
    page.select_option("#game", "city-blocks")
    page.select_option('select.seat-kind[data-seat="1"]', "greedy")
    page.click("#create-table")
    page.click("#open-seat")
    page.fill("#join-name", name)
    page.click("#join-ok")
    page.wait_for_selector("#join", state="hidden")


def test_table_bug_6_a_lost_connection_is_shown_blocks_moves_and_comes_back(page: Any) -> None:
    """Bug 6: only a small "reconnecting…" showed, the board stayed clickable and a move answered "Failed to fetch"."""
    state = {"offline": False, "sockets": []}

    def route(ws: Any) -> None:
        if state["offline"]:
            ws.close(code=1011, reason="offline")
            return
        ws.connect_to_server()
        state["sockets"].append(ws)

    page.route_web_socket("**/ws/tables/**", route)
    open_table_against_a_bot(page)
    page.wait_for_function("document.body.dataset.myTurn === 'true'")
    state["offline"] = True
    for ws in state["sockets"]:
        ws.close(code=1001, reason="network gone")
    page.wait_for_selector("#offline:not([hidden])")
    assert "Connection lost" in page.inner_text("#offline")
    assert page.evaluate("document.body.dataset.myTurn") == "false"
    assert page.locator("g.hand-tile.legal").count() == 0  # nothing on the board offers a move
    assert page.inner_text("#status") == "Moves are paused until the connection is back."
    page.screenshot(path=str(SCREENSHOTS / "table_offline.png"), full_page=True)
    state["offline"] = False
    page.click("#offline-retry")
    page.wait_for_selector("#offline", state="hidden")
    page.wait_for_function("document.body.dataset.myTurn === 'true'")
    assert page.locator("g.hand-tile.legal").count() > 0


def test_table_bug_7_the_turn_marker_keeps_the_name_at_the_left(page: Any) -> None:
    """Bug 7: the ▶ marker was a flex item of its own and pushed the name to the middle of the row."""
    open_table_against_a_bot(page)
    page.wait_for_selector("#players .player.on-turn")
    row = page.locator("#players .player.on-turn").bounding_box()
    name = page.locator("#players .player.on-turn > span").first.bounding_box()
    assert row is not None and name is not None
    assert name["x"] - row["x"] < 12


def test_table_bug_7_a_rematch_does_not_ask_for_the_name_again(page: Any) -> None:
    """Bug 7: the rematch asked for the name again."""
    table = page.request.post("/api/tables", data={"game": "city-blocks", "seats": [{}, {"kind": "random"}], "seed": 2})
    created = table.json()
    page.goto(created["invites"][0]["url"])
    page.fill("#join-name", "Ana")
    page.click("#join-ok")
    page.wait_for_selector("#join", state="hidden")
    for _ in range(60):  # play out the game with the first legal move each turn
        page.wait_for_function("document.body.dataset.myTurn === 'true' || document.body.dataset.terminal === 'true'")
        if page.evaluate("document.body.dataset.terminal") == "true":
            break
        version = page.evaluate("document.body.dataset.version")
        page.evaluate("document.querySelector('#moves button.move').click()")
        page.wait_for_function(f"document.body.dataset.version !== '{version}'")
    page.click("#rematch")
    page.wait_for_function("document.body.dataset.terminal === 'false'")
    assert page.locator("#join").is_hidden()
    assert page.inner_text("#whoami").startswith("You are Ana")

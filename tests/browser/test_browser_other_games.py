"""City and Guilds, Guildhall and Guilds of London in the browser: a table against bots is created in the lobby, and
moves are made by clicking what the board highlights (lots, tiles, cards) or the one-button choices it offers."""

from __future__ import annotations

from typing import Any

import pytest
from browser_helpers import SCREENSHOTS, choose_game

pytestmark = pytest.mark.browser

# What a player can click: a highlighted piece on the board, or a choice button in the question bar at the top.
CLICKABLE = "#board .legal:not([aria-disabled]):not([disabled]), #choices button.choice"


def start_against_bots(page: Any, game: str, players: int) -> None:
    page.goto("/")
    choose_game(page, game)
    page.select_option("#players", str(players))
    for seat in range(1, players):
        page.select_option(f'select.seat-kind[data-seat="{seat}"]', "random")
    page.fill('.seat-name[data-seat="0"]', "Ada")  # the creator takes their seat with the table (issue 30)
    page.click("#create-table")
    page.click("#open-seat")
    page.wait_for_selector("body[data-version]")


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


def click_board_first(page: Any) -> None:
    """One move: a highlighted piece on the board if there is one, else the first choice in the question bar."""
    version = page.evaluate("document.body.dataset.version")
    board = page.locator("#board .legal:not([aria-disabled]):not([disabled])")
    (board if board.count() else page.locator(CLICKABLE)).first.click()
    page.wait_for_function(f"document.body.dataset.version !== '{version}'")


def my_decision(page: Any) -> str:
    table_id = page.url.rstrip("/").split("/")[-1]
    tables = page.evaluate("JSON.parse(localStorage.getItem('guildtable.tables'))")
    token = next(iter(tables[table_id]["tokens"].values()))
    answer = page.request.get(f"/api/tables/{table_id}/state", headers={"Authorization": f"Bearer {token}"}).json()
    decision = answer["view"]["decision"] or {}
    return str(decision.get("kind", "")) if answer["current_player"] == answer["seat"] else ""


def test_browser_city_and_guilds_bug_1_legal_lots_look_unlike_any_seat(page: Any) -> None:
    """Issue 13 bug 1: Yellow's seat colour was exactly the legal-move highlight, so Yellow's lots looked clickable.
    The legal outline is now a colour no seat has, and dashed (CG-16: a tile goes on a legal lot)."""
    start_against_bots(page, "city-and-guilds", 3)
    for _ in range(30):
        page.wait_for_function("document.body.dataset.myTurn === 'true'")
        if page.locator("#board g.lot.legal").count():
            break
        click_board_first(page)
    outline = page.evaluate(
        """() => {
          const rect = document.querySelector('#board g.lot.legal rect');
          const style = getComputedStyle(rect);
          const probe = document.createElement('span');
          document.body.append(probe);
          const seats = [0, 1, 2, 3, 4].map((seat) => {
            probe.style.color = `var(--seat${seat})`;
            return getComputedStyle(probe).color;
          });
          probe.remove();
          return { stroke: style.stroke, dashed: style.strokeDasharray, seats };
        }"""
    )
    assert outline["stroke"] not in outline["seats"], outline
    assert outline["dashed"] not in ("none", ""), outline


def test_browser_city_and_guilds_bug_2_taking_from_the_display_offers_only_the_display(page: Any) -> None:
    """Issue 13 bug 2: at "take a tile from the display" (CG-24) a tile in the hand was highlighted, and clicking it
    took the display's tile of that kind. Only the display's tiles are offered, and the clicked one is the one taken."""
    start_against_bots(page, "city-and-guilds", 3)
    for _ in range(40):
        page.wait_for_function("document.body.dataset.myTurn === 'true'")
        if my_decision(page) == "draw":
            break
        click_board_first(page)
    assert my_decision(page) == "draw"
    assert page.locator("[data-panel=hand] .cg-tile.legal").count() == 0
    offered = page.locator("[data-panel=display] .cg-tile.legal")
    assert offered.count() > 0
    before = page.eval_on_selector_all("[data-panel=hand] .cg-tile", "tiles => tiles.map(t => t.dataset.tile)")
    taken = offered.last.get_attribute("data-tile")
    version = page.evaluate("document.body.dataset.version")
    offered.last.click()
    page.wait_for_function(f"document.body.dataset.version !== '{version}'")
    after = page.eval_on_selector_all("[data-panel=hand] .cg-tile", "tiles => tiles.map(t => t.dataset.tile)")
    assert sorted(after) == sorted([*before, taken])

"""Issue 14, what every page shares, checked on the lobby and City Blocks (each other game has its own
test_browser_design_<game>.py): no serious or critical axe-core findings in either theme, a whole game played with the
keyboard alone, one seat palette (every seat colour and shape comes from the stylesheet), the last move marked and
announced, and no motion under prefers-reduced-motion."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from browser_helpers import axe_violations, choose_game, join, new_table

pytestmark = pytest.mark.browser

WEB = Path(__file__).resolve().parents[2] / "src" / "guildtable" / "web"
MY_TURN_OR_OVER = "document.body.dataset.myTurn === 'true' || document.body.dataset.terminal === 'true'"


def test_axe_finds_nothing_serious_on_the_lobby(themed: Any) -> None:
    """Issue 14: zero serious or critical axe-core violations on the lobby, in both themes."""
    themed.goto("/")
    # Issue 33: the games' cards with their pictures drawn, then a game's new table opened.
    themed.wait_for_function("[...document.querySelectorAll('.game-art')].every((box) => box.dataset.drawn)")
    assert axe_violations(themed) == [], "the games' cards"
    choose_game(themed, "city-blocks")
    assert axe_violations(themed) == [], "a new table"


def test_axe_finds_nothing_serious_on_a_city_blocks_table_mid_game(themed: Any, base_url: str) -> None:
    """Issue 14: the table mid-game (the hand, highlighted sites, a chosen tile), in both themes."""
    table = new_table(base_url, "city-blocks", [{}, {"kind": "random"}])
    join(themed, table["invites"][0]["url"], "Ada")
    themed.wait_for_function("document.body.dataset.myTurn === 'true'")
    themed.locator("g.hand-tile.legal").first.click()
    themed.wait_for_selector("g.cell.legal")
    assert axe_violations(themed) == []


def test_axe_finds_nothing_serious_on_the_city_blocks_end_screen_rules_and_replay(themed: Any, base_url: str) -> None:
    """Issue 14: the end screen, the rules page and the replay page, in both themes."""
    table = new_table(base_url, "city-blocks", [{"kind": "random"}, {"kind": "random"}])
    themed.goto(f"/table/{table['id']}")
    themed.wait_for_selector("#score-sheet", timeout=60000)
    assert axe_violations(themed) == [], "end screen"
    themed.goto("/rules/city-blocks")
    themed.wait_for_selector("figure svg", state="attached")
    assert axe_violations(themed) == [], "rules page"
    themed.goto(f"/replay/{table['id']}")
    themed.wait_for_selector("#board svg")
    themed.click("#forward")
    themed.wait_for_function("document.getElementById('step-label').textContent.startsWith('1 ')")
    assert axe_violations(themed) == [], "replay page"


def test_a_whole_city_blocks_game_is_played_with_the_keyboard_alone(page: Any, base_url: str) -> None:
    """Issue 14: Tab reaches the pieces that can be played, the arrow keys move between them, Enter plays; a whole game
    against a bot, no mouse."""
    table = new_table(base_url, "city-blocks", [{}, {"kind": "random"}], seed=5)
    page.goto(table["invites"][0]["url"])
    # The dialog puts the focus in its name field once it opens: a keyboard user types then, not before.
    page.wait_for_selector("#join-name:focus")
    page.keyboard.type("Ada")
    page.keyboard.press("Enter")
    page.wait_for_selector("#join", state="hidden")
    playable = "el => el && (el.matches('#board .legal') || el.matches('#choices button'))"
    moves = 0
    while True:
        page.wait_for_function(MY_TURN_OR_OVER)
        if page.evaluate("document.body.dataset.terminal") == "true":
            break
        version = page.evaluate("document.body.dataset.version")
        for _ in range(120):  # Tab until a playable piece (or a choice such as "Don't swap") has the focus
            if page.evaluate(f"({playable})(document.activeElement)"):
                break
            page.keyboard.press("Tab")
        assert page.evaluate(f"({playable})(document.activeElement)"), "Tab reaches a playable piece"
        if moves % 3 == 1 and page.evaluate("document.activeElement.matches('#board .legal')"):
            page.keyboard.press("ArrowRight")  # the arrow keys move between playable pieces
            assert page.evaluate("document.activeElement.matches('#board .legal')")
        page.keyboard.press("Enter")
        # A tile chosen in the hand moves the focus to the first site it may go to; Enter there plays. (A second Enter
        # while a move is on its way is ignored by the page.)
        moved = f"document.body.dataset.version !== '{version}'"
        for _ in range(3):
            page.wait_for_function(f"{moved} || ({playable})(document.activeElement)")
            if page.evaluate(moved):
                break
            page.keyboard.press("Enter")
        page.wait_for_function(f"document.body.dataset.version !== '{version}'")
        moves += 1
    assert page.inner_text("#winner")
    assert moves >= 15, f"a City Blocks player makes about 20 moves, here {moves}"


def test_every_seat_colour_and_shape_comes_from_the_stylesheet(page: Any, base_url: str) -> None:
    """Issue 14: one seat palette. No game module defines colours of its own for seats, --seat0..4 are defined once
    (plus the dark theme), and the fills drawn for each seat on the board and in the players list are those
    variables, each seat with its own shape."""
    for module in sorted((WEB / "games").glob("*.js")):
        text = module.read_text()
        assert not re.search(r"seatColours|OWNER_FILL|SEAT_FILL", text), f"{module.name} defines seat colours"
    css = (WEB / "style.css").read_text()
    assert len(re.findall(r"--seat0:", css)) == 2, "--seat0 in the light and the dark theme, nowhere else"

    table = new_table(base_url, "city-blocks", [{}, {"kind": "random"}])
    join(page, table["invites"][0]["url"], "Ada")
    page.wait_for_function("document.body.dataset.myTurn === 'true'")
    page.locator("g.hand-tile.legal").first.click()
    page.locator("g.cell.legal").first.click()
    page.wait_for_function("document.querySelectorAll('#board g.cell rect.tile').length >= 2")
    drawn = page.evaluate(
        """() => {
          const resolve = (value) => { const probe = document.createElement('span'); probe.style.color = value;
            document.body.append(probe); const colour = getComputedStyle(probe).color; probe.remove(); return colour; };
          const seats = [0, 1].map((seat) => resolve(`var(--seat${seat})`));
          const tiles = [...document.querySelectorAll('#board g.cell')].filter((g) => g.querySelector('rect.tile'))
            .map((g) => ({ fill: resolve(getComputedStyle(g.querySelector('rect.tile')).fill),
                           shape: g.querySelector('[data-shape]').dataset.shape,
                           owner: g.getAttribute('aria-label') }));
          const swatches = [...document.querySelectorAll('#players .player[data-seat]')].map((row) => ({
            fill: resolve(getComputedStyle(row.querySelector('svg.seat-swatch [data-seat]')).fill),
            shape: row.querySelector('svg.seat-swatch [data-shape]').dataset.shape }));
          return { seats, tiles, swatches };
        }"""
    )
    seats = drawn["seats"]
    assert len(set(seats)) == 2
    assert [swatch["fill"] for swatch in drawn["swatches"]] == seats
    assert drawn["swatches"][0]["shape"] != drawn["swatches"][1]["shape"], "seats differ by shape as well as colour"
    for tile in drawn["tiles"]:
        seat = 0 if "Ada's" in tile["owner"] else 1
        assert tile["fill"] == seats[seat], tile
        assert tile["shape"] == drawn["swatches"][seat]["shape"], tile


def test_the_last_move_is_marked_on_the_board_and_announced(page: Any, base_url: str) -> None:
    """Issue 13/14: after the bot's move, the site it built on carries the last-move frame, and the live region says
    what happened and that it is the player's turn."""
    table = new_table(base_url, "city-blocks", [{}, {"kind": "random"}], seed=8)
    join(page, table["invites"][0]["url"], "Ada")
    page.wait_for_function("document.body.dataset.myTurn === 'true'")
    page.locator("g.hand-tile.legal").first.click()
    page.locator("g.cell.legal").first.click()
    page.wait_for_function("document.body.dataset.myTurn === 'true' && Number(document.body.dataset.version) >= 2")
    last_line = page.locator("#log li.last").last.inner_text()
    site = re.search(r"row (\d), column (\d)", last_line)
    assert site, last_line
    marked = page.locator("#board g.cell.last-move")
    assert marked.count() == 1
    assert marked.get_attribute("data-site") == f"R{site[1]}C{site[2]}"
    assert marked.locator("rect.last-frame").count() == 1
    page.wait_for_function("document.getElementById('announce').textContent.includes('Your turn')")
    assert "builds" in page.inner_text("#announce") or "Your turn" in page.inner_text("#announce")


@pytest.mark.parametrize("motion", ["no-preference", "reduce"])
def test_a_bot_move_travels_but_nothing_moves_under_reduced_motion(browser: Any, base_url: str, motion: str) -> None:
    """Issue 14: the bot's tile travels to its site (a moving copy is added to the page) and the points fly; with
    prefers-reduced-motion the move is still marked, but nothing travels or flashes."""
    context = browser.new_context(base_url=base_url, reduced_motion=motion)
    context.add_init_script("localStorage.setItem('guildtable.howto.off', '1')")
    page = context.new_page()
    try:
        table = new_table(base_url, "city-blocks", [{}, {"kind": "random"}], seed=9)
        join(page, table["invites"][0]["url"], "Ada")
        page.wait_for_function("document.body.dataset.myTurn === 'true'")
        page.evaluate(
            """() => { window.moved = 0; new MutationObserver((changes) => { for (const change of changes)
                 for (const node of change.addedNodes) if (node.classList && (node.classList.contains('ghost')
                   || node.classList.contains('points-fly') || node.classList.contains('flash-frame')))
                   window.moved++; })
               .observe(document.body, { childList: true, subtree: true }); }"""
        )
        page.locator("g.hand-tile.legal").first.click()
        page.locator("g.cell.legal").first.click()
        page.wait_for_function("document.body.dataset.myTurn === 'true' && Number(document.body.dataset.version) >= 2")
        assert page.locator("#board g.cell.last-move").count() == 1
        moved = page.evaluate("window.moved")
        assert moved == 0 if motion == "reduce" else moved > 0
    finally:
        context.close()

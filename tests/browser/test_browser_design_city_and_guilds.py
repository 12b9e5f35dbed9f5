"""City and Guilds in the browser, issue 14 (a table worth sitting down at) and issue 13 (what just happened):
axe-core finds nothing serious on the table mid-game, the end screen, the rules page and the replay in either theme;
a few moves are played with the keyboard alone; every seat's figures and markers on the map are filled with that
seat's colour from the stylesheet (--seatN); and after a bot's move the board marks what it changed."""

from __future__ import annotations

from typing import Any

import pytest
from browser_helpers import SCREENSHOTS, axe_violations, held_secret

pytestmark = pytest.mark.browser

GAME = "city-and-guilds"
# What a player can play: a highlighted piece on the board or a choice button in the question bar.
BOARD_PLAYABLE = "#board .legal:not([aria-disabled]):not([disabled])"
PLAYABLE = f"{BOARD_PLAYABLE}, #choices button.choice"


def new_page(browser: Any, base_url: str, scheme: str = "light") -> tuple[Any, Any]:
    context = browser.new_context(base_url=base_url, viewport={"width": 1366, "height": 850}, color_scheme=scheme)
    context.set_default_timeout(60000)
    context.add_init_script("localStorage.setItem('guildtable.howto.off', '1')")
    return context, context.new_page()


def table_against_bots(page: Any, bots: int = 2, seed: int = 3) -> dict[str, Any]:
    """A table where seat 0 is this page's player (joined as Ana) and the others are random bots."""
    seats = [{}] + [{"kind": "random"}] * bots
    table = page.request.post("/api/tables", data={"game": GAME, "seats": seats, "seed": seed}).json()
    page.goto(table["invites"][0]["url"])
    page.fill("#join-name", "Ana")
    page.click("#join-ok")
    page.wait_for_selector("#join", state="hidden")
    table["secret"] = held_secret(page, table["id"])
    return table


def finished_table(page: Any, players: int = 3, seed: int = 7) -> str:
    """A table of bots only: it plays itself to the end. Returns its id once the end screen shows."""
    seats = [{"kind": "random"}] * players
    table = page.request.post("/api/tables", data={"game": GAME, "seats": seats, "seed": seed}).json()
    page.goto(f"/table/{table['id']}")
    page.wait_for_selector("#score-sheet")
    return str(table["id"])


def settled(page: Any) -> Any:
    """`page` once the last move's flashes and flights are over (axe checks the page as it stays, not mid-animation)."""
    page.wait_for_function("document.getAnimations().every((run) => run.playState !== 'running')")
    return page


def play_by_click(page: Any, moves: int) -> None:
    for _ in range(moves):
        page.wait_for_function("document.body.dataset.myTurn === 'true'")
        version = page.evaluate("document.body.dataset.version")
        board = page.locator(BOARD_PLAYABLE)  # a lot or tile first: the first choice may be "put it back"
        (board if board.count() else page.locator(PLAYABLE)).first.click()
        page.wait_for_function(f"document.body.dataset.version !== '{version}'")
    page.wait_for_function("document.body.dataset.myTurn === 'true' || document.body.dataset.terminal === 'true'")


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_axe_finds_nothing_serious_on_any_page(browser: Any, base_url: str, scheme: str) -> None:
    """Issue 14: no serious or critical axe-core violation on the table mid-game, the end screen, the rules page and the
    replay, in the light and the dark theme (the map is a group of named lots, not an image with buttons inside)."""
    context, page = new_page(browser, base_url, scheme)
    found: dict[str, list[str]] = {}
    try:
        table_against_bots(page)
        play_by_click(page, 5)
        found["table"] = axe_violations(settled(page))
        page.screenshot(path=str(SCREENSHOTS / f"cg_design_table_{scheme}.png"), full_page=True)
        table_id = finished_table(page)
        found["end"] = axe_violations(settled(page))
        page.goto(f"/rules/{GAME}")
        page.wait_for_selector("body[data-ready='true']")
        found["rules"] = axe_violations(settled(page))
        page.goto(f"/replay/{table_id}")
        page.wait_for_selector("#board svg.cg-map")
        page.click("#last")
        page.wait_for_selector("#winner")
        found["replay"] = axe_violations(settled(page))
    finally:
        context.close()
    assert found == {"table": [], "end": [], "rules": [], "replay": []}


def focused(page: Any) -> dict[str, Any]:
    return dict(
        page.evaluate(
            """() => { const el = document.activeElement;
              const legal = el && el.closest && el.closest('#board .legal, #choices button.choice');
              return { playable: !!legal && legal.getAttribute('aria-disabled') !== 'true',
                       lot: !!(el && el.closest && el.closest('#board svg.cg-map .lot.legal')),
                       name: el ? (el.getAttribute('aria-label') || el.textContent || '').trim() : '' }; }"""
        )
    )


def test_a_few_moves_with_the_keyboard_alone(page: Any) -> None:
    """Issue 14: every legal move is reached with Tab (and the arrow keys move between the board's legal pieces) and
    played with Enter, with no mouse: the name typed and sent with Enter, the setup's tiles and lots played by keys."""
    seats = [{}] + [{"kind": "random"}] * 2
    table = page.request.post("/api/tables", data={"game": GAME, "seats": seats, "seed": 4}).json()
    page.goto(table["invites"][0]["url"])
    page.wait_for_selector("#join-name:focus")
    page.keyboard.type("Ana")
    page.keyboard.press("Enter")
    page.wait_for_selector("#join", state="hidden")
    lots_played = 0
    for _ in range(5):
        page.wait_for_function("document.body.dataset.myTurn === 'true'")
        version = page.evaluate("document.body.dataset.version")
        on_board = page.locator("#board svg.cg-map .lot.legal").count() > 0
        for _ in range(250):
            page.keyboard.press("Tab")
            where = focused(page)
            # A lot to place on is taken from the map itself, not from the choice to put the tile back.
            if where["playable"] and (where["lot"] or not on_board):
                break
        else:
            pytest.fail("Tab never reached a legal move")
        if where["lot"]:
            assert "you may place" in where["name"], where
            before = where["name"]
            page.keyboard.press("ArrowRight")
            after = focused(page)
            assert after["lot"] and (after["name"] != before or page.locator("#board .legal").count() == 1), after
            lots_played += 1
        page.keyboard.press("Enter")
        page.wait_for_function(f"document.body.dataset.version !== '{version}'")
    assert lots_played >= 1, "no lot was played with the keyboard"


def seat_fills(page: Any) -> dict[str, Any]:
    """Each seat shape on the map (figures and block markers): its seat, its computed fill and --seatN resolved."""
    return dict(
        page.evaluate(
            """() => {
              const probe = document.createElement('span');
              document.body.append(probe);
              const css = (seat) => { probe.style.color = `var(--seat${seat})`; return getComputedStyle(probe).color; };
              const shapes = [...document.querySelectorAll('#board svg.cg-map [data-shape][data-seat]')];
              const rows = shapes.map((el) => ({ seat: Number(el.dataset.seat), fill: getComputedStyle(el).fill,
                                                 css: css(el.dataset.seat) }));
              probe.remove();
              return { rows, seats: [...new Set(rows.map((row) => row.seat))].sort() };
            }"""
        )
    )


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_every_seat_piece_on_the_map_is_filled_with_its_seat_colour(browser: Any, base_url: str, scheme: str) -> None:
    """Issue 14: one seat palette for every game: each figure and marker on the map is filled with --seatN of its seat
    (no colour table of the renderer's own), and each carries its seat's shape."""
    context, page = new_page(browser, base_url, scheme)
    try:
        finished_table(page, players=5, seed=11)
        found = seat_fills(page)
        shapes = page.eval_on_selector_all(
            "#board svg.cg-map [data-shape][data-seat]",
            "els => [...new Set(els.map((el) => el.dataset.seat + el.dataset.shape))]",
        )
    finally:
        context.close()
    assert found["seats"] == [0, 1, 2, 3, 4], found["seats"]
    wrong = [row for row in found["rows"] if row["fill"] != row["css"]]
    assert not wrong, wrong[:5]
    assert sorted(shapes) == ["0circle", "1square", "2triangle", "3diamond", "4star"]


def test_a_bots_move_is_marked_on_the_board(page: Any) -> None:
    """Issue 13: after a bot's move, the board marks what it changed (a framed lot, tile or hand count)."""
    table = table_against_bots(page)
    token = table["secret"]
    play_by_click(page, 3)
    for _ in range(20):
        state = page.request.get(
            f"/api/tables/{table['id']}/state", headers={"Authorization": f"Bearer {token}"}
        ).json()
        last = [event for event in state["log"] if event["version"] == state["log"][-1]["version"]]
        if any(event.get("seat") not in (None, 0) for event in last):
            break
        play_by_click(page, 1)
    assert any(event.get("seat") not in (None, 0) for event in last), last
    page.wait_for_selector("#board .last-move")
    marked = page.eval_on_selector_all("#board .last-move", "els => els.map((el) => el.outerHTML.slice(0, 80))")
    assert marked

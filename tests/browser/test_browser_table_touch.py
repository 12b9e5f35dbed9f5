"""Issue 33, item 1: on a phone, a tap left a tooltip open. Tapping a piece played it and opened a large text that
stayed through the bots' moves, over the hand, the map or the prompt's only button. On a touch screen a tap now plays
and opens nothing; a piece's text opens on a deliberate gesture (touching and holding the piece, which then plays
nothing) and closes when play goes on: at the next touch, when the bots move, when the view changes.

The pages are driven as a phone is: a touch screen (`has_touch`, `is_mobile`), taps (`locator.tap`), and a long press
as the browser's own touch events (a finger put down, held until the text shows, lifted)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from browser_helpers import hold_seat, new_table

pytestmark = pytest.mark.browser

GAMES = [("city-blocks", 2), ("city-and-guilds", 3), ("guildhall", 3), ("guilds-of-london", 2)]
TIP_SHOWN = "(() => { const tip = document.getElementById('piece-tip'); return Boolean(tip && !tip.hidden); })()"
# The first piece (or button) on the board that a tap plays now and that the phone shows.
PLAYABLE = "#board .legal:visible"


@pytest.fixture
def phone(browser: Any, base_url: str) -> Iterator[Any]:
    """A page on a 390 x 844 touch screen, past the "how to play" overlay."""
    context = browser.new_context(
        base_url=base_url, viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True
    )
    context.set_default_timeout(30000)
    context.add_init_script("localStorage.setItem('guildtable.howto.off', '1')")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    yield page
    context.close()
    assert not errors, f"the page raised: {errors}"


def seated(base_url: str, game: str, players: int, seed: int = 4) -> dict[str, Any]:
    """A table of `game` whose seat 0 is taken by the test (its secret in `secrets`), the others random bots."""
    return new_table(base_url, game, [{"take": True, "name": "Ana"}] + [{"kind": "random"}] * (players - 1), seed)


def tip_shown(page: Any) -> bool:
    return bool(page.evaluate(TIP_SHOWN))


def hold(page: Any, locator: Any) -> None:
    """A long press on `locator`: a finger put down on its middle and held until the page shows the piece's text, then
    lifted (the browser's own touch events, as a phone sends them)."""
    locator.scroll_into_view_if_needed()
    box = locator.bounding_box()
    assert box is not None
    point = {"x": box["x"] + box["width"] / 2, "y": box["y"] + box["height"] / 2}
    cdp = page.context.new_cdp_session(page)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [point]})
    try:
        page.wait_for_function(TIP_SHOWN)
    finally:
        cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
        cdp.detach()


@pytest.mark.parametrize(("game", "players"), GAMES, ids=[game for game, _ in GAMES])
def test_a_tap_plays_and_leaves_no_text_open(phone: Any, base_url: str, game: str, players: int) -> None:
    """Issue 33, item 1: tapping pieces through a whole move (a tile then its site, a card, a button) plays it and
    opens no piece text, neither while the move is made nor after the bots' replies. (Before, every tap on a piece
    opened its text, and it stayed over the board through the bots' moves.)"""
    table = seated(base_url, game, players)
    hold_seat(phone, table["id"], 0, table["secrets"][0]["secret"])
    for _turn in range(2):
        phone.wait_for_function("document.body.dataset.myTurn === 'true'")
        version = int(phone.evaluate("document.body.dataset.version"))
        for _tap in range(6):  # a move is a few taps at most (a tile, then its site)
            piece = phone.locator(PLAYABLE).first.element_handle()
            piece.tap()
            assert not tip_shown(phone), "a tap on a piece opened its text"
            # The tap chose the piece (the board is drawn again) or made the move.
            phone.wait_for_function(
                "([piece, version]) => !piece.isConnected || Number(document.body.dataset.version) > version",
                arg=[piece, version],
            )
            assert not tip_shown(phone), "a tap on a piece opened its text"
            if int(phone.evaluate("document.body.dataset.version")) > version:
                break
        phone.wait_for_function(
            f"Number(document.body.dataset.version) > {version} && document.body.dataset.myTurn === 'true'"
        )
        assert not tip_shown(phone), "a piece's text stayed open through the bots' moves"


def test_a_long_press_explains_a_piece_and_plays_nothing(phone: Any, base_url: str) -> None:
    """Issue 33, item 1: holding a piece in hand opens its text (its name and what it does) and neither plays nor
    chooses it; the next tap anywhere closes the text, and a tap on the text itself closes it without playing what lies
    under it. A short tap on the same piece chooses it and opens nothing."""
    table = seated(base_url, "city-blocks", 2)
    hold_seat(phone, table["id"], 0, table["secrets"][0]["secret"])
    phone.wait_for_function("document.body.dataset.myTurn === 'true'")
    version = phone.evaluate("document.body.dataset.version")
    tile = phone.locator("g.hand-tile.legal").first
    name = tile.get_attribute("data-info") or ""
    hold(phone, tile)
    assert tip_shown(phone)
    assert phone.inner_text("#piece-tip").split("\n")[0] in name
    assert phone.evaluate("document.body.dataset.version") == version
    assert phone.locator("g.hand-tile.selected").count() == 0, "holding the tile chose it"
    # A tap on the open text closes it and plays nothing beneath it.
    phone.locator("#piece-tip").tap()
    assert not tip_shown(phone)
    assert phone.locator("g.hand-tile.selected").count() == 0
    # Held again, then a tap elsewhere (the players' list) closes the text.
    hold(phone, phone.locator("g.hand-tile.legal").first)
    phone.locator("#players").tap()
    assert not tip_shown(phone)
    # A short tap chooses the tile and opens nothing.
    phone.locator("g.hand-tile.legal").first.tap()
    phone.wait_for_selector("g.hand-tile.selected")
    assert not tip_shown(phone)
    assert phone.evaluate("document.body.dataset.version") == version


def test_a_text_open_on_the_board_closes_when_the_other_player_moves(phone: Any, base_url: str) -> None:
    """Issue 33, item 1: a piece's text a spectator (or a player waiting for their turn) opened with a long press
    closes as soon as the move on turn is made: play goes on, the text does not stay over the new position."""
    names = ["Ana", "Ben", "Cy"]
    table = new_table(base_url, "city-and-guilds", [{"take": True, "name": name} for name in names], seed=6)
    phone.goto(table["spectator"])
    phone.wait_for_selector("#board [data-info]")
    hold(phone, phone.locator("#board [data-info]:visible").first)
    on_turn = httpx.get(f"{base_url}/api/tables/{table['id']}", timeout=30).json()["current_player"]
    secret = table["secrets"][on_turn]["secret"]
    state = httpx.get(
        f"{base_url}/api/tables/{table['id']}/state", headers={"Authorization": f"Bearer {secret}"}, timeout=30
    ).json()
    moved = httpx.post(
        f"{base_url}/api/tables/{table['id']}/moves",
        headers={"Authorization": f"Bearer {secret}"},
        json={"version": state["version"], "action": state["legal"][0]["action"]},
        timeout=30,
    )
    moved.raise_for_status()
    phone.wait_for_function(f"Number(document.body.dataset.version) > {state['version']}")
    assert not tip_shown(phone), "the text stayed open after the move"

"""Issue 33, items 2 and 4: the table's layout. Every game, mid-game, at 1366x850 and 1024x768 (board and hand in view
together without scrolling, the board not under the hand nor panning sideways) and on a 390x844 and a 360x740 phone
(the board seen whole: it fits the width, and nothing covers it once it is scrolled to; the prompt and the hand are a
slim bar at the bottom that shows and hides the hand; a playable piece out of view is pointed to; the board zooms),
in both languages and both themes."""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import httpx
import pytest
from browser_helpers import scrolls_sideways

pytestmark = pytest.mark.browser

# Each game, its players, how many of the person's moves are played before the page is opened, and the decisions the
# page is opened at (one that docks the hand, so the bar has a hand to show and hide).
GAMES = {
    "city-blocks": (2, 8, {"place"}),
    "city-and-guilds": (3, 8, {"lot"}),
    "guildhall": (3, 8, {"action"}),
    "guilds-of-london": (3, 8, {"turn"}),
}
# Each size with a theme and a language, so that every game is seen in both of each.
SIZES = [
    ((1366, 850), "light", "en"),
    ((1024, 768), "dark", "de"),
    ((390, 844), "dark", "en"),
    ((360, 740), "light", "de"),
]
MY_TURN = "document.body.dataset.myTurn === 'true'"
BOARD = "#board [data-board]"
HAND = "#board .hand-dock, #board [data-panel=hand]"
# Two animation frames: the layout (table_layout.js) has run after the last drawing.
SETTLED = "() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => done(true))))"
# The points of an element (a 5x5 grid just inside its edges) where something else is on top, or that are off the
# window: what covers the board or the hand.
COVERED = """(selector) => {
  const el = document.querySelector(selector);
  const r = el.getBoundingClientRect();
  const misses = [];
  for (const fx of [0.02, 0.25, 0.5, 0.75, 0.98]) for (const fy of [0.02, 0.25, 0.5, 0.75, 0.98]) {
    const x = r.left + fx * r.width, y = r.top + fy * r.height;
    const hit = document.elementFromPoint(x, y);
    // A cue to playable pieces out of view sits over the edge it points past: it covers nothing.
    if (!hit || !(el.contains(hit) || hit.closest('.play-cue'))) {
      const what = hit ? `${hit.tagName}#${hit.id}.${hit.getAttribute('class') || ''}` : 'off the window';
      misses.push(`(${Math.round(x)}, ${Math.round(y)}) ${what}`);
    }
  }
  return { rect: [r.left, r.top, r.right, r.bottom].map(Math.round), misses };
}"""


def mid_game(base_url: str, game: str) -> tuple[str, str]:
    """A table of `game`, seat 0 taken at once against random bots, played by seat 0 (seeded random moves) for a few
    moves and on to a decision of GAMES; its id and seat 0's secret."""
    players, moves, stops = GAMES[game]
    seats = [{"take": True, "name": "Ada"}] + [{"kind": "random"}] * (players - 1)
    answer = httpx.post(f"{base_url}/api/tables", json={"game": game, "seats": seats, "seed": 5}, timeout=30)
    answer.raise_for_status()
    table = answer.json()
    secret = table["secrets"][0]["secret"]
    bearer = {"Authorization": f"Bearer {secret}"}
    rng = random.Random(5)
    played = 0
    for _ in range(4000):
        state = httpx.get(f"{base_url}/api/tables/{table['id']}/state", headers=bearer, timeout=30).json()
        assert not state["terminal"], "the game ended before the page was opened"
        if state["current_player"] != 0 or not state["legal"]:
            time.sleep(0.02)  # the bots' turn: they move at once on this server
            continue
        decision = (state["view"] or {}).get("decision") or {}
        if played >= moves and decision.get("kind") in stops:
            return str(table["id"]), str(secret)
        move = {"version": state["version"], "action": rng.choice(state["legal"])["action"]}
        httpx.post(f"{base_url}/api/tables/{table['id']}/moves", json=move, headers=bearer, timeout=30)
        played += 1
    raise AssertionError(f"no decision of {stops} came")


@contextmanager
def seat_page(
    browser: Any, base_url: str, table: tuple[str, str], size: tuple[int, int], scheme: str, lang: str
) -> Iterator[Any]:
    """The table opened as seat 0 at `size` (a phone is a touch screen), in `scheme` and `lang`, on the person's
    turn."""
    table_id, secret = table
    phone = size[0] < 600
    context = browser.new_context(
        base_url=base_url,
        viewport={"width": size[0], "height": size[1]},
        color_scheme=scheme,
        is_mobile=phone,
        has_touch=phone,
    )
    context.add_init_script("localStorage.setItem('guildtable.howto.off', '1')")
    context.add_init_script(
        f"localStorage.setItem('guildtable.tables', JSON.stringify({{{table_id!r}: {{tokens: {{0: {secret!r}}}}}}}))"
    )
    page = context.new_page()
    try:
        page.goto(f"/table/{table_id}?lang={lang}")
        page.wait_for_function(MY_TURN)
        page.wait_for_selector(BOARD)
        page.evaluate(SETTLED)
        yield page
    finally:
        context.close()


def covered(page: Any, selector: str) -> dict[str, Any]:
    result: dict[str, Any] = page.evaluate(COVERED, selector)
    return result


def show_board(page: Any) -> None:
    """On a phone: the board scrolled to the top of the window, as a player brings it into view."""
    page.evaluate(f"document.querySelector({BOARD!r}).scrollIntoView({{ block: 'start' }})")
    page.evaluate(SETTLED)


@pytest.mark.parametrize("game", list(GAMES))
def test_the_board_is_seen_whole_at_every_size(browser: Any, base_url: str, game: str) -> None:
    """Issue 33 (items 2 and 4): at 1366x850 and 1024x768 the board and the hand are in view together as the page
    opens, without scrolling: nothing lies over the board (City Blocks' rows 4-5, City and Guilds' blocks F-H and the
    Guildhall's piles were under the hand), and the board does not pan sideways (Guilds of London's did at 1366). On a
    390x844 and a 360x740 phone the board fits the width and, scrolled to, nothing covers it: the prompt is a bar at
    the bottom of the screen, with the hand above it. No size scrolls the page sideways."""
    table = mid_game(base_url, game)
    for size, scheme, lang in SIZES:
        where = f"{game} at {size[0]}x{size[1]}, {scheme}, {lang}"
        with seat_page(browser, base_url, table, size, scheme, lang) as page:
            assert not scrolls_sideways(page), where
            pans = page.locator(BOARD).evaluate("b => b.scrollWidth > b.clientWidth + 1")
            assert not pans, f"{where}: the board pans sideways"
            if size[0] >= 600:
                assert page.evaluate("window.scrollY") == 0
                board = covered(page, BOARD)
                assert board["misses"] == [], f"{where}: the board is covered or off the window: {board}"
                hand = covered(page, HAND)
                assert hand["misses"] == [], f"{where}: the hand is covered or off the window: {hand}"
            else:
                show_board(page)
                board = covered(page, BOARD)
                assert board["misses"] == [], f"{where}: the board is covered or off the window: {board}"
                bar = page.locator("#status").bounding_box()
                assert bar is not None and abs(bar["y"] + bar["height"] - size[1]) <= 1, (
                    f"{where}: the bar is at the bottom"
                )
                # The hand, above the bar, is in view with the board.
                assert page.locator("#board .hand-dock").is_visible(), where
                hand = covered(page, "#board .hand-dock")
                assert hand["misses"] == [], f"{where}: the hand is covered or off the window: {hand}"


@pytest.mark.parametrize("game", list(GAMES))
def test_the_phones_bar_shows_and_hides_the_hand(browser: Any, base_url: str, game: str) -> None:
    """Issue 33 (item 2): on a phone the prompt and the hand collapse to a slim bar: its button hides the hand (the
    prompt stays, in at most a fifth of the screen) and shows it again; a hidden hand that holds a playable piece says
    so on its button; the choice is remembered when the page opens again."""
    table = mid_game(base_url, game)
    with seat_page(browser, base_url, table, (390, 844), "light", "de") as page:
        toggle = page.locator("#sheet-toggle")
        assert toggle.is_visible()
        assert toggle.get_attribute("aria-expanded") == "true"
        assert page.locator("#board .hand-dock").is_visible()
        label = toggle.inner_text()
        assert label.strip() and "[object" not in label
        toggle.click()
        page.wait_for_selector("#board .hand-dock", state="hidden")
        assert toggle.get_attribute("aria-expanded") == "false"
        bar = page.locator("#status").bounding_box()
        assert bar is not None and bar["height"] <= 844 / 5, f"the collapsed bar is slim: {bar}"
        assert abs(bar["y"] + bar["height"] - 844) <= 1
        if page.locator("#board .hand-dock .legal").count():
            assert toggle.get_attribute("data-cue") == "true", "a hidden hand with a playable piece says so"
        # The board is not covered by the bar.
        show_board(page)
        assert covered(page, BOARD)["misses"] == []
        page.reload()
        page.wait_for_function(MY_TURN)
        page.evaluate(SETTLED)
        assert page.locator("#sheet-toggle").get_attribute("aria-expanded") == "false", "the choice is remembered"
        assert page.locator("#board .hand-dock").is_hidden()
        page.locator("#sheet-toggle").click()
        page.wait_for_selector("#board .hand-dock", state="visible")
        assert page.locator("#sheet-toggle").get_attribute("aria-expanded") == "true"
        assert page.locator("#sheet-toggle").get_attribute("data-cue") == "false"


def test_a_playable_piece_out_of_view_is_pointed_to(browser: Any, base_url: str) -> None:
    """Issue 33 (item 2): on a phone, the sites a chosen City Blocks tile may go to, scrolled out of view, are pointed
    to by a cue at the top of the screen that says so in words; the cue brings them into view and then goes."""
    table = mid_game(base_url, "city-blocks")
    with seat_page(browser, base_url, table, (360, 740), "dark", "en") as page:
        page.locator("#board g.hand-tile.legal").first.click()
        page.wait_for_selector("#board g.cell.legal")
        page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
        cue = page.locator(".play-cue-up")
        cue.wait_for(state="visible")
        assert "above" in cue.inner_text()
        assert page.locator(".play-cue-down").count() == 0
        cue.click()
        page.wait_for_selector(".play-cue", state="detached")
        shown = page.evaluate(
            """() => [...document.querySelectorAll('#board g.cell.legal')].some((el) => {
              const r = el.getBoundingClientRect(), bar = document.getElementById('status').getBoundingClientRect();
              const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
              return r.top >= 0 && r.bottom <= bar.top && hit && el.contains(hit); })"""
        )
        assert shown, "a site to play on is in view and not covered"


def pinch(page: Any, selector: str, start: int, end: int) -> None:
    """Two fingers on the middle of `selector`, `start` px apart, moving to `end` px apart (a real touch gesture,
    through the browser's input)."""
    box = page.locator(selector).bounding_box()
    assert box is not None
    x, y = box["x"] + box["width"] / 2, box["y"] + min(box["height"], 300) / 2
    session = page.context.new_cdp_session(page)

    def points(apart: float) -> list[dict[str, float]]:
        return [{"x": x - apart / 2, "y": y, "id": 0}, {"x": x + apart / 2, "y": y, "id": 1}]

    session.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": points(start)})
    for step in range(1, 7):
        session.send(
            "Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": points(start + (end - start) * step / 6)}
        )
    session.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    session.detach()


def test_the_board_zooms_on_a_phone(browser: Any, base_url: str) -> None:
    """Issue 33 (item 2): on a phone City and Guilds' map fits the width with its words at 11 px or more as drawn;
    two fingers zoom it in (it then pans sideways inside its panel, and a cue points to the lots out of view), the
    buttons zoom it out again. Guilds of London's city zooms between the whole city and its full-size tiles."""
    table = mid_game(base_url, "city-and-guilds")
    with seat_page(browser, base_url, table, (390, 844), "light", "en") as page:
        board = page.locator(BOARD)
        panel = page.evaluate(f"document.querySelector({BOARD!r}).clientWidth")
        fitted = page.evaluate(f"document.querySelector({BOARD!r} + ' svg').getBoundingClientRect().width")
        assert fitted <= panel
        small = page.evaluate(
            """() => [...document.querySelectorAll('svg.cg-map text')].filter((el) => el.getClientRects().length)
              .map((el) => parseFloat(getComputedStyle(el).fontSize) * el.getScreenCTM().a).filter((px) => px < 11)"""
        )
        assert small == [], small
        show_board(page)
        pinch(page, BOARD, 60, 200)
        page.wait_for_function(
            f"document.querySelector({BOARD!r} + ' svg').getBoundingClientRect().width > {fitted * 1.5}"
        )
        assert board.evaluate("el => el.scrollWidth > el.clientWidth")
        assert not scrolls_sideways(page)
        # The lots to play on that the zoom left out of view, to one side or the other, are pointed to.
        assert page.locator("#board .lot.legal").count() > 0
        side = page.locator(".play-cue-left, .play-cue-right").first
        side.wait_for(state="visible")
        before = board.evaluate("el => el.scrollLeft")
        side.click()
        page.wait_for_function(f"document.querySelector({BOARD!r}).scrollLeft !== {before}")
        zoom_out = page.locator(".board-zoom [data-zoom=out]")
        while zoom_out.is_enabled():
            zoom_out.click()
        page.wait_for_function(f"document.querySelector({BOARD!r} + ' svg').getBoundingClientRect().width <= {panel}")
        assert not board.evaluate("el => el.scrollWidth > el.clientWidth + 1")
    table = mid_game(base_url, "guilds-of-london")
    with seat_page(browser, base_url, table, (360, 740), "dark", "de") as page:
        city = page.locator(".gl-city")
        assert city.get_attribute("data-density") != "full"
        page.locator(".board-zoom [data-zoom=in]").click()
        page.wait_for_selector(".gl-city[data-density=full]")
        assert page.locator(BOARD).evaluate("el => el.scrollWidth > el.clientWidth")
        assert not scrolls_sideways(page)
        page.locator(".board-zoom [data-zoom=out]").click()
        page.wait_for_function("document.querySelector('.gl-city').dataset.density !== 'full'")
        assert not page.locator(BOARD).evaluate("el => el.scrollWidth > el.clientWidth + 1")

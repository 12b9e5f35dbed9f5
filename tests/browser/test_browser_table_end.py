"""Issue 33, item 3: the winner was out of view at the end. The result panel appeared above the board while the page
stayed scrolled where the last move was made, and the status said only "Game over". The end is now an event: when the
game ends with the page open, the result comes into view (scrolled to, under the status, and focused), the status
and the panel name the winner with their points ("Blue wins with 34 points", or a shared win), every player's final
points follow, and then the score sheet. For every game, at desktop and phone size, in English and German, in the light
and the dark theme."""

from __future__ import annotations

import re
import time
from typing import Any

import httpx
import pytest
from browser_helpers import axe_violations, new_table, shot

pytestmark = pytest.mark.browser

GAMES = [("city-blocks", 2), ("city-and-guilds", 3), ("guildhall", 3), ("guilds-of-london", 2)]
# Each game is watched by two pages at once: a desktop page of the seat that plays, and a phone (a touch screen) of
# a spectator, in the other language and theme.
VIEWS = [
    {"viewport": {"width": 1366, "height": 850}, "seat": True, "lang": "en", "scheme": "light"},
    {"viewport": {"width": 390, "height": 844}, "seat": False, "lang": "de", "scheme": "dark"},
]
WINS = {
    "en": re.compile(r"^(.+ wins with \d+(\.\d+)? points?|Shared win: .+ with \d+(\.\d+)? points?)$"),
    "de": re.compile(r"^(.+ gewinnt mit \d+(,\d+)? Punkten?|Geteilter Sieg: .+ mit \d+(,\d+)? Punkten?)$"),
}
STATUS = {"en": "Game over: ", "de": "Partie vorbei: "}
# Where the result is on the screen: its box, and whether what is drawn at its middle is the result itself (not the
# status bar or anything else over it).
SEEN = """() => {
  const winner = document.getElementById('winner');
  const box = winner.getBoundingClientRect();
  const top = document.elementFromPoint(box.left + Math.min(box.width / 2, 40), box.top + box.height / 2);
  const sheet = document.getElementById('score-sheet').getBoundingClientRect();
  return { top: box.top, bottom: box.bottom, height: innerHeight, onTop: Boolean(top && winner.contains(top)),
           focused: document.activeElement === winner, sheetBelow: sheet.top >= box.bottom,
           standings: [...document.querySelectorAll('#standings li')].map((li) => Number(li.dataset.seat)) };
}"""


def play_seat_to_the_end(base_url: str, table_id: str, secret: str) -> dict[str, Any]:
    """Seat 0's moves, made through the API (its first legal move each time), until the game is over; the bots answer
    on the server. The final state."""
    headers = {"Authorization": f"Bearer {secret}"}
    with httpx.Client(base_url=base_url, headers=headers, timeout=30) as client:
        for _ in range(5000):
            state: dict[str, Any] = client.get(f"/api/tables/{table_id}/state").json()
            if state["terminal"]:
                return state
            if state["current_player"] == 0 and state["legal"]:
                action = state["legal"][0]["action"]
                client.post(f"/api/tables/{table_id}/moves", json={"version": state["version"], "action": action})
            else:
                time.sleep(0.02)  # the bots' replies are on their way (polling the server, not the page)
    raise AssertionError("the game did not end")


@pytest.mark.parametrize(("game", "players"), GAMES, ids=[game for game, _ in GAMES])
def test_the_end_brings_the_winner_into_view(browser: Any, base_url: str, game: str, players: int) -> None:
    """Issue 33, item 3: with the page scrolled to the bottom (where the hand and the last move are), the game's end
    scrolls the result into view and moves focus to it; the status and the panel name the winner with their points
    (not a bare "Game over"); the players' final points come next and the score sheet after them."""
    table = new_table(base_url, game, [{"take": True, "name": "Ana"}] + [{"kind": "random"}] * (players - 1), seed=3)
    secret = table["secrets"][0]["secret"]
    pages = []
    try:
        for view in VIEWS:
            phone = view["viewport"]["width"] < 600
            context = browser.new_context(
                base_url=base_url,
                viewport=view["viewport"],
                has_touch=phone,
                is_mobile=phone,
                color_scheme=view["scheme"],
            )
            context.set_default_timeout(30000)
            context.add_init_script("localStorage.setItem('guildtable.howto.off', '1')")
            if view["seat"]:
                tables = {table["id"]: {"tokens": {"0": secret}}}
                context.add_init_script(f"localStorage.setItem('guildtable.tables', JSON.stringify({tables!r}))")
            page = context.new_page()
            page.goto(f"/table/{table['id']}?lang={view['lang']}")
            page.wait_for_selector("#board > *")
            page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
            pages.append((view, page))
        final = play_seat_to_the_end(base_url, table["id"], secret)
        for view, page in pages:
            # A page drawing every one of a few hundred moves made at once may be far behind the server (which then
            # sends it a fresh view): it shows the end when it gets there.
            page.wait_for_function("document.body.dataset.terminal === 'true'", timeout=180000)
            page.wait_for_function("document.activeElement && document.activeElement.id === 'winner'")
            # The result scrolls into view (smoothly): wait until it has arrived, then read the page. On its way it
            # passes under the sticky status bar while already inside the window, so "arrived" is: in the window and
            # not covered (a result that never comes out from under the bar times out here).
            page.wait_for_function(
                f"(() => {{ const seen = ({SEEN})();"
                " return seen.onTop && seen.top >= 0 && seen.bottom <= seen.height; })()"
            )
            # The panel's own arrival (the result, then the sheet following it) is over before the page is read.
            page.wait_for_function(
                "!document.getElementById('end').getAnimations({ subtree: true })"
                ".some((run) => run.playState === 'running')"
            )
            seen = page.evaluate(SEEN)
            assert seen["focused"] and seen["onTop"], seen
            assert seen["top"] >= 0 and seen["bottom"] <= seen["height"], seen
            assert seen["sheetBelow"], "the score sheet comes after the result"
            winner = page.inner_text("#winner").strip()
            assert WINS[view["lang"]].match(winner), winner
            status = page.inner_text("#status-text").strip()
            assert status == STATUS[view["lang"]] + winner, status
            assert len(seen["standings"]) == players
            # The winners first, then from the most points down.
            assert seen["standings"][0] in final["result"]["winners"]
            assert sorted(seen["standings"]) == list(range(players))
            assert axe_violations(page) == []
            size = "phone" if view["viewport"]["width"] < 600 else "desktop"
            shot(page, "table-end", f"{game}-{size}-{view['lang']}-{view['scheme']}")
    finally:
        for _view, page in pages:
            page.context.close()


def test_a_game_opened_after_its_end_stays_at_the_top(browser: Any, base_url: str) -> None:
    """Issue 33, item 3: the end moves the page only when it happens; a finished table opened later shows the result
    at the top of the page without scrolling or taking focus, with the winner named in the status."""
    table = new_table(base_url, "city-blocks", [{"take": True, "name": "Ana"}, {"kind": "random"}], seed=3)
    play_seat_to_the_end(base_url, table["id"], table["secrets"][0]["secret"])
    context = browser.new_context(base_url=base_url, viewport={"width": 1366, "height": 850})
    try:
        page = context.new_page()
        page.goto(f"/table/{table['id']}")
        page.wait_for_selector("#winner")
        assert page.evaluate("window.scrollY") == 0
        assert page.evaluate("document.activeElement === document.body")
        assert page.inner_text("#status-text").startswith("Game over: ")
        assert " wins with " in page.inner_text("#winner") or "Shared win" in page.inner_text("#winner")
    finally:
        context.close()

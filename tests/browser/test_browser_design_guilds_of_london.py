"""Issue 14 for Guilds of London: no serious or critical axe-core findings on the table mid-game, the end screen, the
rules page and the replay page in either theme; moves played with the keyboard alone; every figure drawn in the
stylesheet's seat colour and shape with its count in the seat's ink; the last move (a bot's too) marked on the board,
and `marks` pointing at the pieces a move changed and where they came from."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from browser_helpers import (
    axe_violations,
    finished_table,
    join,
    new_table,
    scrolls_sideways,
    text_under_11_px,
)

pytestmark = pytest.mark.browser

GAME = "guilds-of-london"
RENDERER = Path(__file__).resolve().parents[2] / "src" / "guildtable" / "web" / "games" / "guilds_of_london.js"
MY_TURN = "document.body.dataset.myTurn === 'true'"
NO_ANIMATION = "document.getAnimations().length === 0"
BOARD_LEGAL = "#board .legal:not([disabled])"
PLAYABLE = f"{BOARD_LEGAL}, #choices button.choice"
# A computed colour of `value` (a colour or var(--x)), for comparing with what a piece is drawn in.
RESOLVE = """(value) => { const probe = document.createElement('span'); probe.style.color = value;
  document.body.append(probe); const colour = getComputedStyle(probe).color; probe.remove(); return colour; }"""


def click_a_move(page: Any) -> None:
    """One move by clicking: a highlighted piece on the board if there is one, else the first choice."""
    version = page.evaluate("document.body.dataset.version")
    board = page.locator(BOARD_LEGAL)
    (board if board.count() else page.locator(PLAYABLE)).first.click()
    page.wait_for_function(f"document.body.dataset.version !== '{version}'")


def settled(page: Any) -> None:
    """My turn, and nothing on the page still moving or flashing (axe measures colours as they are drawn)."""
    page.wait_for_function(MY_TURN)
    page.wait_for_function(NO_ANIMATION, timeout=10000)


def test_axe_finds_nothing_serious_on_a_table_mid_game(themed: Any, base_url: str) -> None:
    """Issue 14: the table mid-game, with tiles highlighted as the places a figure may move to, in both themes."""
    table = new_table(base_url, GAME, [{}, {"kind": "random"}, {"kind": "random"}])
    join(themed, table["invites"][0]["url"])
    for _ in range(3):
        settled(themed)
        click_a_move(themed)
    settled(themed)
    assert axe_violations(themed) == []
    # A card played to move: the tiles it may go to are highlighted buttons.
    move = themed.locator("[data-panel=hand] button.legal", has_text="Move")
    if move.count():
        version = themed.evaluate("document.body.dataset.version")
        move.first.click()
        themed.wait_for_function(f"document.body.dataset.version !== '{version}'")
        settled(themed)
        assert themed.locator(".gl-tile.legal").count() > 0
        assert axe_violations(themed) == [], "with highlighted tiles"


def test_axe_finds_nothing_serious_on_the_end_screen_rules_and_replay(themed: Any, base_url: str) -> None:
    """Issue 14: the end screen (scored tiles with their masters), the rules page and the replay page, both themes."""
    table_id = finished_table(base_url, GAME)
    themed.goto(f"/table/{table_id}")
    themed.wait_for_selector("#score-sheet", timeout=60000)
    themed.wait_for_function(NO_ANIMATION, timeout=10000)
    assert axe_violations(themed) == [], "end screen"
    themed.goto(f"/rules/{GAME}")
    themed.wait_for_selector("body[data-ready='true']")
    assert themed.locator("figure .gl-city").count() >= 2
    assert axe_violations(themed) == [], "rules page"
    themed.goto(f"/replay/{table_id}")
    themed.wait_for_selector("#board .gl-city")
    themed.click("#last")
    themed.wait_for_timeout(300)
    themed.wait_for_function(NO_ANIMATION, timeout=10000)
    assert axe_violations(themed) == [], "replay page"


def test_moves_are_played_with_the_keyboard_alone(page: Any, base_url: str) -> None:
    """Issue 14: Tab reaches the pieces that can be played (cards' uses, tiles, the Guildhall), the arrow keys move
    between them, Enter plays; several moves against bots, no mouse. Each piece names what it is and the move."""
    table = new_table(base_url, GAME, [{}, {"kind": "random"}], seed=6)
    page.goto(table["invites"][0]["url"])
    # The dialog puts the focus in its name field once it opens: a keyboard user types then, not before.
    page.wait_for_selector("#join-name:focus")
    page.keyboard.type("Ada")
    page.keyboard.press("Enter")
    page.wait_for_selector("#join", state="hidden")
    on_board = f"el => el && el.matches('{BOARD_LEGAL}')"
    playable = f"el => el && el.matches('{PLAYABLE}')"
    for move in range(6):
        page.wait_for_function(MY_TURN)
        version = page.evaluate("document.body.dataset.version")
        # Tab to a playable piece on the board (or, when the board offers none, a choice such as "Stop").
        has_board = page.locator(BOARD_LEGAL).count() > 0
        wanted = on_board if has_board else playable
        for _ in range(250):
            if page.evaluate(f"({wanted})(document.activeElement)"):
                break
            page.keyboard.press("Tab")
        assert page.evaluate(f"({wanted})(document.activeElement)"), "Tab reaches a playable piece"
        if has_board:
            name = page.evaluate(
                "document.activeElement.getAttribute('aria-label') || document.activeElement.textContent"
            )
            assert name and not re.search(r"\w+_\w+", name), name  # a name in words, never an id
            if move % 2 == 1 and page.locator(BOARD_LEGAL).count() > 1:
                before = page.evaluate("document.activeElement.outerHTML")
                page.keyboard.press("ArrowRight")  # the arrow keys move between playable pieces
                assert page.evaluate(f"({on_board})(document.activeElement)")
                assert page.evaluate("document.activeElement.outerHTML") != before
        page.keyboard.press("Enter")
        page.wait_for_function(f"document.body.dataset.version !== '{version}'")
    assert page.locator("#log li").count() > 0


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_every_figure_is_drawn_in_its_seats_colour_shape_and_ink(browser: Any, base_url: str, scheme: str) -> None:
    """Issue 14: one seat palette. The renderer defines no colours of its own (no seat table, no hex colour); each
    seat's figures on the board are filled with --seatN, drawn in that seat's shape (the one in the players list),
    and their count is written in --seatN-ink."""
    text = RENDERER.read_text()
    assert not re.search(r"seatColours|#[0-9a-fA-F]{3,6}\b", text), "the renderer defines colours of its own"
    context = browser.new_context(base_url=base_url, viewport={"width": 1366, "height": 850}, color_scheme=scheme)
    context.add_init_script("localStorage.setItem('guildtable.howto.off', '1')")
    page = context.new_page()
    try:
        table = new_table(base_url, GAME, [{}, {"kind": "random"}, {"kind": "random"}])
        join(page, table["invites"][0]["url"])
        page.wait_for_function(MY_TURN)
        drawn = page.evaluate(
            f"""() => {{
              const resolve = {RESOLVE};
              const figures = [...document.querySelectorAll('#board .gl-fig')].map((fig) => ({{
                seat: Number(fig.dataset.seat), fill: getComputedStyle(fig.querySelector('[data-shape]')).fill,
                shape: fig.querySelector('[data-shape]').dataset.shape,
                ink: getComputedStyle(fig.querySelector('text')).fill, label: fig.getAttribute('aria-label') }}));
              const seats = [0, 1, 2].map((seat) => ({{ fill: resolve(`var(--seat${{seat}})`),
                ink: resolve(`var(--seat${{seat}}-ink)`),
                shape: document.querySelector(`#players [data-seat="${{seat}}"] svg.seat-swatch [data-shape]`)
                  .dataset.shape }}));
              return {{ figures, seats }};
            }}"""
        )
        seats = drawn["seats"]
        assert len({seat["fill"] for seat in seats}) == 3 and len({seat["shape"] for seat in seats}) == 3
        assert {figure["seat"] for figure in drawn["figures"]} == {0, 1, 2}, "every seat has figures in the Guildhall"
        for figure in drawn["figures"]:
            seat = seats[figure["seat"]]
            assert figure["fill"] == seat["fill"], figure
            assert figure["ink"] == seat["ink"], figure
            assert figure["shape"] == seat["shape"], figure
            assert re.search(r": \d+ (liveryman|liverymen|master|masters)$", figure["label"]), figure
    finally:
        context.close()


def test_a_bots_move_is_marked_on_the_board(page: Any, base_url: str) -> None:
    """Issue 13/14: after the bots' moves, what the last one changed carries the last-move frame on the board: every
    `to` of the renderer's `marks` for the last move's events is on the page and framed (a figure that moved, the
    tile it went to, a played card), and a `from` names a piece that exists before such a move."""
    table = new_table(base_url, GAME, [{}, {"kind": "random"}, {"kind": "random"}], seed=9)
    join(page, table["invites"][0]["url"])
    ends_turn = page.locator("#choices button.choice", has_text=re.compile(r"^(Pass|Stop)"))
    for _ in range(12):  # end our turns at once (after the reward card is kept) until a bot made the last move
        page.wait_for_function(MY_TURN)
        last = page.locator("#log li.last")
        if last.count() and not last.last.inner_text().startswith("Ana"):
            break
        version = page.evaluate("document.body.dataset.version")
        (ends_turn if ends_turn.count() else page.locator(PLAYABLE)).first.click()
        page.wait_for_function(f"document.body.dataset.version !== '{version}'")
    page.wait_for_function(MY_TURN)
    page.wait_for_selector("#board .last-move")
    checked = page.evaluate(
        f"""async () => {{
          const payload = await (await fetch('/api/tables/{table["id"]}/state')).json();
          const {{ marks }} = await import('/static/games/guilds_of_london.js');
          const {{ lastEvents }} = await import('/static/js/common.js');
          const events = lastEvents(payload.log);
          const list = marks(events, payload);
          const made = marks([{{ kind: 'move', seat: 0, source: 'guildhall', to: 'x' }}], payload);
          return {{ kinds: events.map((e) => e.kind), seat: events.find((e) => Number.isInteger(e.seat))?.seat,
            tos: list.map((m) => ({{ to: m.to, found: !!document.querySelector(m.to),
              framed: !!document.querySelector(m.to)?.classList.contains('last-move') }})),
            from: made[0].from, fromFound: !!document.querySelector(made[0].from) }};
        }}"""
    )
    assert checked["seat"] in (1, 2), f"the last move is a bot's: {checked}"
    assert checked["tos"], checked
    for mark in checked["tos"]:
        assert mark["found"] and mark["framed"], (mark, checked["kinds"])
    assert checked["fromFound"], "a figure leaving the Guildhall flies from the mover's piece there"
    assert page.locator("#board .last-move").count() >= 1


OVERFLOWING_TILES = """() => [...document.querySelectorAll('.gl-tile')]
  .filter((tile) => tile.scrollHeight > tile.clientHeight + 1 || tile.scrollWidth > tile.clientWidth + 1)
  .map((tile) => tile.dataset.tile)"""
# What on the board reaches past the window's right edge, outside the panels that pan (the map, the players table).
BOARD_PAST_THE_EDGE = """() => [...document.querySelectorAll('#board *')]
  .filter((el) => !el.closest('.gl-map > *, .table-scroll > *') && el.getBoundingClientRect().right > innerWidth + 1)
  .map((el) => el.tagName + '.' + el.className)"""


def test_the_city_fits_a_phone_and_keeps_its_text_inside_the_tiles(browser: Any, base_url: str) -> None:
    """Issue 13/14 (bug 4 kept fixed): on a 390-px phone in the dark theme, mid-game and at the end (scored tiles,
    masters), the board does not widen the page, no text is under 11 px, and no tile's text leaves its tile. Issue 33:
    the whole city fits the width; zoomed in, its full-size tiles pan inside their own focusable panel."""
    context = browser.new_context(base_url=base_url, viewport={"width": 390, "height": 844}, color_scheme="dark")
    context.add_init_script("localStorage.setItem('guildtable.howto.off', '1')")
    page = context.new_page()
    try:
        table = new_table(base_url, GAME, [{}, {"kind": "random"}, {"kind": "random"}], seed=4)
        join(page, table["invites"][0]["url"])
        page.wait_for_function(MY_TURN)
        assert not scrolls_sideways(page)
        assert text_under_11_px(page) == []
        assert page.evaluate(OVERFLOWING_TILES) == []
        names = page.locator(".gl-tile .gl-name").all_inner_texts()
        assert names and all(re.fullmatch(r"[A-Z][\w '&.,-]+", " ".join(name.split())) for name in names), names
        assert "[object" not in page.inner_text("#board")
        page.goto(f"/table/{finished_table(base_url, GAME, seed=8)}")
        page.wait_for_selector("#score-sheet", timeout=60000)
        assert page.locator(".gl-tile.scored").count() > 0
        assert page.evaluate(BOARD_PAST_THE_EDGE) == []
        assert not scrolls_sideways(page)
        assert text_under_11_px(page) == []
        assert page.evaluate(OVERFLOWING_TILES) == []
        # Issue 33: the whole city fits the phone's width (drawn denser); zoomed in, it pans inside its own panel.
        assert page.evaluate(
            "(() => { const m = document.querySelector('.gl-map'); return m.scrollWidth <= m.clientWidth + 1; })()"
        )
        page.click(".board-zoom [data-zoom=in]")
        page.wait_for_selector(".gl-city[data-density=full]")
        assert page.evaluate(
            "(() => { const m = document.querySelector('.gl-map'); return m.scrollWidth > m.clientWidth; })()"
        )
        assert not scrolls_sideways(page)
        assert text_under_11_px(page) == []
        assert page.evaluate(OVERFLOWING_TILES) == []
        assert page.get_attribute(".gl-map", "tabindex") == "0" and page.get_attribute(".gl-map", "aria-label")
    finally:
        context.close()

"""Issue 14 for Guildhall: Job Faire: no serious or critical axe-core findings on the table mid-game, the end screen,
the rules page and the replay page in either theme; moves played with the keyboard alone; every seat's mark drawn in
the stylesheet's seat colour (and shape); the last move (a bot's too) marked on the board, and `marks` pointing at
the pieces a move changed and where they came from."""

from __future__ import annotations

from typing import Any

import httpx
import pytest
from browser_helpers import (
    SCREENSHOTS,
    axe_violations,
    finished_table,
    join,
    new_table,
    scrolls_sideways,
    text_under_11_px,
)

pytestmark = pytest.mark.browser

GAME = "guildhall"
MY_TURN = "document.body.dataset.myTurn === 'true'"
NO_ANIMATION = "document.getAnimations().length === 0"
# What a player can play: a highlighted piece on the board, or a choice in the question bar.
PLAYABLE = "#board .legal:not([aria-disabled]):not([disabled]), #choices button.choice"


def play_by_clicking(page: Any, moves: int) -> None:
    """`moves` moves, each the first highlighted piece on the board (else the first choice)."""
    for _ in range(moves):
        page.wait_for_function(MY_TURN)
        version = page.evaluate("document.body.dataset.version")
        board = page.locator("#board .legal:not([aria-disabled]):not([disabled])")
        (board if board.count() else page.locator(PLAYABLE)).first.click()
        page.wait_for_function(f"document.body.dataset.version !== '{version}'")
    page.wait_for_function(MY_TURN)


def axe_settled(page: Any) -> list[str]:
    """axe-core's serious and critical findings once every flash and travel has ended."""
    page.mouse.move(1, 1)
    page.wait_for_function(NO_ANIMATION)
    return axe_violations(page)


# --- (a) axe-core, both themes -------------------------------------------------------------------------------------
def test_guildhall_axe_finds_nothing_serious_on_the_table_mid_game(themed: Any, base_url: str) -> None:
    """The table mid-game: the prestige row and piles, the hand with its playable cards, every guildhall."""
    table = new_table(base_url, GAME, [{}, {"kind": "random"}, {"kind": "random"}])
    join(themed, table["invites"][0]["url"])
    play_by_clicking(themed, 12)
    assert themed.locator("#board [data-player] .gh-mini").count() > 0, "some guildhall holds cards by now"
    assert axe_settled(themed) == []


def test_guildhall_axe_finds_nothing_serious_on_the_end_screen_rules_and_replay(themed: Any, base_url: str) -> None:
    """The end screen of a bots' game, the rules page with its example tables, and the replay at its last step."""
    table_id = finished_table(base_url, GAME)
    themed.goto(f"/table/{table_id}")
    themed.wait_for_selector("#score-sheet")
    themed.wait_for_selector("#board [data-player]")
    assert axe_settled(themed) == [], "end screen"
    themed.goto(f"/rules/{GAME}")
    themed.wait_for_selector("figure[data-drawn] [data-player]", state="attached")
    assert axe_settled(themed) == [], "rules page"
    themed.goto(f"/replay/{table_id}")
    themed.wait_for_selector("#board [data-player]")
    themed.click("#last")
    themed.wait_for_selector("#end:not([hidden])")
    assert axe_settled(themed) == [], "replay page"


def test_guildhall_four_guildhalls_fit_a_phone_at_the_end_and_in_the_replay(browser: Any, base_url: str) -> None:
    """Four players' guildhalls, the row and the piles fit a 390-px phone at the end of a game and in its replay: no
    sideways page scroll, no text under 11 px."""
    table = {"id": finished_table(base_url, GAME, players=4, seed=3)}
    context = browser.new_context(base_url=base_url, viewport={"width": 390, "height": 844})
    page = context.new_page()
    try:
        page.goto(f"/table/{table['id']}")
        page.wait_for_selector("#score-sheet")
        assert page.locator("#board [data-player]").count() == 4
        assert not scrolls_sideways(page), "end screen"
        assert text_under_11_px(page) == [], "end screen"
        page.screenshot(path=str(SCREENSHOTS / "guildhall_end_390.png"), full_page=True)
        page.goto(f"/replay/{table['id']}")
        page.wait_for_selector("#board [data-player]")
        page.click("#last")
        page.wait_for_selector("#end:not([hidden])")
        assert not scrolls_sideways(page), "replay"
        assert text_under_11_px(page) == [], "replay"
    finally:
        context.close()


# --- (b) the keyboard alone ----------------------------------------------------------------------------------------
FOCUSED = """() => {
  const el = document.activeElement;
  if (!el) return null;
  const onBoard = el.closest('#board') !== null && el.classList.contains('legal')
    && el.getAttribute('aria-disabled') !== 'true';
  const choice = el.matches('#choices button.choice');
  const style = getComputedStyle(el);
  return { onBoard, choice, name: (el.getAttribute('aria-label') || el.textContent || '').trim(),
    ring: style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0 };
}"""


def test_guildhall_moves_are_played_with_the_keyboard_alone(page: Any, base_url: str) -> None:
    """Tab reaches a playable card on the board, the arrow keys move between playable pieces, Enter plays and the focus
    stays on the board (or moves to the question bar when the next answer is there); a question answered in the
    question bar (Done, a level) takes Tab and Enter too. No mouse."""
    table = new_table(base_url, GAME, [{}, {"kind": "random"}], seed=9)
    page.goto(table["invites"][0]["url"])
    page.wait_for_selector("#join-name:focus")
    page.keyboard.type("Ana")
    page.keyboard.press("Enter")
    page.wait_for_selector("#join", state="hidden")
    on_board = choices = 0
    for move in range(8):
        page.wait_for_function(MY_TURN)
        version = page.evaluate("document.body.dataset.version")
        has_board = page.locator("#board .legal:not([aria-disabled]):not([disabled])").count() > 0
        has_choice = page.locator("#choices button.choice").count() > 0
        want_choice = not has_board or (move == 2 and has_choice)  # the third move: Done, from the question bar
        focused = page.evaluate(FOCUSED)
        for _ in range(80):
            if focused and ((focused["onBoard"] and not want_choice) or (focused["choice"] and want_choice)):
                break
            page.keyboard.press("Tab")
            focused = page.evaluate(FOCUSED)
        assert focused and (focused["onBoard"] or focused["choice"]), f"move {move}: Tab never reached a legal piece"
        if focused["onBoard"]:
            on_board += 1
            page.keyboard.press("ArrowRight")  # the next playable piece (or the first again)
            focused = page.evaluate(FOCUSED)
            assert focused["onBoard"], "the arrow keys stay on the playable pieces"
            assert focused["ring"], "keyboard focus is visible"
        else:
            choices += 1
        assert focused["name"], "a playable piece has an accessible name"
        page.keyboard.press("Enter")
        page.wait_for_function(f"Number(document.body.dataset.version) > {version}")
        if focused["onBoard"]:
            page.wait_for_function(MY_TURN)
            kept = "document.activeElement.closest('#board, #choices') !== null"
            assert page.evaluate(kept), (
                "the focus stays on the board (or the question bar's answers), not lost to the page"
            )
    assert on_board >= 4 and choices >= 1, (on_board, choices)


# --- (c) one seat palette -----------------------------------------------------------------------------------------
SEAT_FILLS = """() => {
  const probe = document.createElement('span');
  document.body.append(probe);
  const result = [...document.querySelectorAll('#board [data-player]')].map((panel) => {
    const seat = Number(panel.dataset.player);
    probe.style.color = `var(--seat${seat})`;
    const expected = getComputedStyle(probe).color;
    const mark = panel.querySelector('.gh-player-head [data-shape]');
    return { seat, expected, fill: mark && getComputedStyle(mark).fill, shape: mark && mark.dataset.shape,
      border: getComputedStyle(panel).borderLeftColor };
  });
  probe.remove();
  return result;
}"""


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_guildhall_every_seat_is_drawn_in_its_stylesheet_colour_and_shape(
    browser: Any, base_url: str, scheme: str
) -> None:
    """Each player's guildhall is marked by its seat's shape filled with --seatN (and edged in it), in both themes; the
    renderer has no colour table of its own."""
    context = browser.new_context(base_url=base_url, viewport={"width": 1366, "height": 850}, color_scheme=scheme)
    context.add_init_script("localStorage.setItem('guildtable.howto.off', '1')")
    page = context.new_page()
    try:
        table = new_table(base_url, GAME, [{}, {"kind": "random"}, {"kind": "random"}, {"kind": "random"}])
        join(page, table["invites"][0]["url"])
        page.wait_for_function(MY_TURN)
        seats = page.evaluate(SEAT_FILLS)
        assert sorted(seat["seat"] for seat in seats) == [0, 1, 2, 3]
        for seat in seats:
            assert seat["fill"] == seat["expected"], seat
            assert seat["border"] == seat["expected"], seat
        assert len({seat["shape"] for seat in seats}) == 4, "every seat has a shape of its own"
        assert len({seat["expected"] for seat in seats}) == 4
        exported = page.evaluate("async () => Object.keys(await import('/static/games/guildhall.js'))")
        assert "seatColours" not in exported
    finally:
        context.close()


UNCOVERED = """() => [...document.querySelectorAll('.gh-stack > .gh-mini')].filter((card) => {
  card.scrollIntoView({ block: 'center' });
  const box = card.getBoundingClientRect();
  const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
  return !hit || hit.closest('.gh-mini') !== card;
}).map((card) => card.dataset.card)"""


def test_guildhall_every_card_of_a_chapter_can_be_pointed_at(page: Any) -> None:
    """A chapter fans its cards, each showing its colour band; no card lies over another, so a card that answers the
    question (a Hunter giving one up, a Peddler taking one) is clicked or tapped wherever it shows."""
    page.goto(f"/rules/{GAME}")
    page.wait_for_selector("figure[data-drawn] .gh-stack", state="attached")
    assert page.locator(".gh-stack > .gh-mini:nth-child(3)").count() > 0, "some chapter holds three cards or more"
    assert page.evaluate(UNCOVERED) == []


# --- (d) the last move --------------------------------------------------------------------------------------------
def last_events(base_url: str, table: dict[str, Any]) -> list[dict[str, Any]]:
    token = table["secret"]
    state = httpx.get(
        f"{base_url}/api/tables/{table['id']}/state", headers={"Authorization": f"Bearer {token}"}, timeout=30
    )
    log: list[dict[str, Any]] = state.json()["log"]
    return [event for event in log if event["version"] == log[-1]["version"]]


def test_guildhall_a_bots_move_is_marked_on_the_board(page: Any, base_url: str) -> None:
    """After my turn the bot moves; its last move is framed on the board: each card it placed in a guildhall or
    played this turn carries the last-move mark."""
    table = new_table(base_url, GAME, [{}, {"kind": "random"}], seed=3)
    table["secret"] = join(page, table["invites"][0]["url"])
    for _ in range(30):
        play_by_clicking(page, 1)
        events = last_events(base_url, table)
        if events[0].get("seat") == 1 and any(event["kind"] in ("placed", "played") for event in events):
            break
    else:
        raise AssertionError("the bot never ended a move with a card")
    page.wait_for_function(MY_TURN)
    page.wait_for_selector("#board .last-move")
    marked = page.eval_on_selector_all(
        "#board .last-move", "els => els.map((el) => el.dataset.card || el.dataset.zone || '')"
    )
    for event in events:
        if event["kind"] in ("placed", "played"):
            assert event["card"] in marked or "completed" in marked, (event, marked)
    page.screenshot(path=str(SCREENSHOTS / "guildhall_bot_move_marked.png"), full_page=True)


MARKS = """async ([events, payload]) => (await import('/static/games/guildhall.js')).marks(events, payload)"""


def test_guildhall_marks_name_the_changed_pieces_and_where_they_came_from(page: Any, base_url: str) -> None:
    """`marks`: a card I play travels from my hand to my action area, another player's from their line in the players
    list; a robbed card goes from the victim's hand into the robber's chapter; a bought prestige card from the row to
    its buyer; a completed chapter is marked where completed chapters lie."""
    page.goto(f"/rules/{GAME}")
    page.wait_for_selector("figure[data-drawn]", state="attached")
    payload = {"seat": 0, "view": {}}
    played = [{"kind": "played", "seat": 0, "card": "red Robber", "chapter": 1}]
    assert page.evaluate(MARKS, [played, payload]) == [
        {
            "to": '[data-player="0"] [data-zone="area"] [data-card="red Robber"]',
            "from": '[data-panel="hand"] [data-card="red Robber"]',
        }
    ]
    played[0]["seat"] = 1
    assert page.evaluate(MARKS, [played, payload])[0]["from"] == '#players [data-seat="1"]'
    robbed = [
        {"kind": "robbed", "seat": 1, "target": 0, "card": "blue Tax Collector"},
        {"kind": "placed", "seat": 1, "card": "blue Tax Collector", "source": "robber"},
        {"kind": "chapter_completed", "seat": 1, "profession": "Tax Collector", "completed": 1},
    ]
    assert page.evaluate(MARKS, [robbed, payload]) == [
        {
            "to": '[data-player="1"] [data-chapter="Tax Collector"] [data-card="blue Tax Collector"]',
            "from": '[data-panel="hand"] [data-card="blue Tax Collector"]',
        },
        {"to": '[data-player="1"] [data-zone="completed"]'},
    ]
    bought = [{"kind": "bought", "seat": 0, "prestige": "p4_draw5", "vp": 4}]
    assert page.evaluate(MARKS, [bought, {"seat": None, "view": {}}]) == [
        {
            "to": '[data-player="0"] [data-zone="prestige"] [data-prestige="p4_draw5"]',
            "from": '[data-panel="row"] [data-prestige="p4_draw5"]',
        }
    ]
    # The selectors find the pieces on a drawn table (the rules page's examples are drawn by the same renderer).
    assert page.locator('[data-player="1"] [data-chapter="Hunter"] [data-card="red Hunter"]').count() >= 1
    assert page.locator('[data-panel="row"] [data-prestige]').count() >= 1

"""Issue 16, "Your turn notifications" on the table page: the tab's title carries a mark while it is this seat's turn
and the page is hidden, and a player who switches "Notify me when it's my turn" on gets a browser notification when
the turn passes to them while the page is hidden: once per turn, never on a spectator's page.

Chromium here shows no real notifications and a page is never really hidden, so an init script stands in for
`window.Notification` (recording what would be shown) and for `document.hidden` (switched by the test, which then
dispatches `visibilitychange` as a browser does)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from browser_helpers import axe_violations, choose_game, join, scrolls_sideways, text_under_11_px

pytestmark = pytest.mark.browser

STUBS = """
window.__notes = [];
window.__asked = 0;
window.__hidden = false;
class RecordingNotification {
  static get permission() { return localStorage.getItem('test.permission') || 'default'; }
  static async requestPermission() {
    window.__asked += 1;
    localStorage.setItem('test.permission', 'granted');
    return 'granted';
  }
  constructor(title, options = {}) {
    this.title = title;
    window.__notes.push({ title, body: options.body || '', tag: options.tag || '' });
  }
  close() {}
}
Object.defineProperty(window, 'Notification', { value: RecordingNotification, configurable: true, writable: true });
Object.defineProperty(Document.prototype, 'hidden', { get: () => window.__hidden, configurable: true });
Object.defineProperty(Document.prototype, 'visibilityState', {
  get: () => (window.__hidden ? 'hidden' : 'visible'), configurable: true });
"""

MY_TURN = "document.body.dataset.myTurn === 'true'"
MARK = "●"


def set_hidden(page: Any, hidden: bool) -> None:
    page.evaluate(
        f"window.__hidden = {'true' if hidden else 'false'}; document.dispatchEvent(new Event('visibilitychange'))"
    )


@pytest.fixture
def stubbed(browser: Any, base_url: str) -> Iterator[Any]:
    """A browser context with the recording `Notification`, a switchable `document.hidden`, and the notification
    permission granted (as a player who allowed it would have)."""
    context = browser.new_context(base_url=base_url, viewport={"width": 1200, "height": 900})
    context.set_default_timeout(30000)
    context.grant_permissions(["notifications"])
    context.add_init_script("localStorage.setItem('guildtable.howto.off', '1')")
    context.add_init_script(STUBS)
    yield context
    context.close()


def seat_against_a_bot(page: Any) -> dict[str, Any]:
    """A City Blocks table with this page in seat 0 and a random bot in seat 1; the creation answer."""
    created: dict[str, Any] = page.request.post(
        "/api/tables", data={"game": "city-blocks", "seats": [{}, {"kind": "random"}], "seed": 3}
    ).json()
    join(page, created["invites"][0]["url"])
    page.wait_for_function(MY_TURN)
    return created


def one_move(page: Any) -> tuple[int, int]:
    """Make the first legal move and wait until it is this seat's turn again; the version moved from and the one now."""
    before = int(page.evaluate("document.body.dataset.version"))
    page.evaluate("document.querySelector('#moves button.move').click()")
    page.wait_for_function(f"{MY_TURN} && document.body.dataset.version !== '{before}'")
    return before, int(page.evaluate("document.body.dataset.version"))


def play_a_turn(page: Any) -> None:
    """Wait for this seat's turn, then make the first legal move until the turn is another's."""
    page.wait_for_function(MY_TURN)
    while page.evaluate("document.body.dataset.myTurn") == "true":
        version = page.evaluate("document.body.dataset.version")
        page.evaluate("document.querySelector('#moves button.move').click()")
        page.wait_for_function(f"document.body.dataset.version !== '{version}'")


def test_issue_16_the_title_is_marked_on_my_turn_while_the_page_is_hidden(stubbed: Any, page: Any) -> None:
    """Issue 16: the title mark appears on this seat's turn while the page is hidden, goes when the page is seen, and
    goes when the turn passes to the other player (here a person in another browser, so the turn waits there)."""
    me = stubbed.new_page()
    created: dict[str, Any] = me.request.post(
        "/api/tables", data={"game": "city-blocks", "seats": [{}, {}], "seed": 3}
    ).json()
    join(me, created["invites"][0]["url"])
    join(page, created["invites"][1]["url"], "Bo")
    me.wait_for_function("document.body.dataset.myTurn !== undefined")
    if me.evaluate("document.body.dataset.myTurn") != "true":  # the other player starts
        play_a_turn(page)
    me.wait_for_function(MY_TURN)
    plain = me.title()
    assert MARK not in plain and plain.startswith("guildtable — ")
    set_hidden(me, True)
    assert me.title().startswith(f"{MARK} Your move — guildtable — ")
    set_hidden(me, False)
    assert me.title() == plain
    assert me.locator("#notify-box").is_visible()
    # Hidden again: after this seat's move(s) the turn is the other player's, and the title is plain while it waits.
    set_hidden(me, True)
    play_a_turn(me)
    assert me.title() == plain
    # The other player moves: the turn, and the mark, come back.
    play_a_turn(page)
    me.wait_for_function(f"{MY_TURN} && document.title.startsWith('{MARK} ')")
    assert me.evaluate("window.__notes.length") == 0  # the switch is off: the title only


def test_issue_16_a_notification_when_a_bots_move_gives_me_the_turn_once_per_turn(stubbed: Any) -> None:
    """Issue 16: with the switch on (and permission given), a notification is shown when the turn passes to this seat
    while the page is hidden, once per turn, tagged with the table so a newer one replaces the last."""
    page = stubbed.new_page()
    created = seat_against_a_bot(page)
    assert not page.is_checked("#notify")
    page.check("#notify")
    assert page.evaluate("window.__asked") == 1
    assert page.evaluate("localStorage.getItem('guildtable.notify')") == "on"
    # Visible: the player is at the screen, so no notification.
    one_move(page)
    assert page.evaluate("window.__notes.length") == 0
    set_hidden(page, True)
    expected = 0
    for _ in range(3):
        before, now = one_move(page)
        if now != before + 1:  # the bot moved in between (a courthouse may ask its builder a second question first)
            expected += 1
        assert page.evaluate("window.__notes.length") == expected
    assert expected >= 2
    # Drawing the same version again (here: the move filter) does not notify again.
    page.evaluate("document.getElementById('moves-filter').dispatchEvent(new Event('input'))")
    page.wait_for_timeout(300)
    notes = page.evaluate("window.__notes")
    assert len(notes) == expected
    assert all(note["title"] == f"Your move at {page.inner_text('#title')}" for note in notes)
    assert all(note["tag"] == created["id"] and note["body"] for note in notes)
    # The choice is remembered by this browser: a reload shows the switch on without asking again.
    page.reload()
    page.wait_for_function(MY_TURN)
    assert page.is_checked("#notify")
    assert page.evaluate("window.__asked") == 0
    # Switched off: no more notifications.
    page.uncheck("#notify")
    set_hidden(page, True)
    one_move(page)
    assert page.evaluate("window.__notes.length") == 0


def test_issue_16_a_spectator_has_no_switch_and_is_never_notified(stubbed: Any, page: Any) -> None:
    """Issue 16: a spectator's page offers no switch and never notifies nor marks its title, even in a browser that
    has notifications on."""
    player = page  # another browser: the player, at the screen
    created = seat_against_a_bot(player)
    watcher = stubbed.new_page()
    watcher.add_init_script(
        "localStorage.setItem('guildtable.notify', 'on'); localStorage.setItem('test.permission', 'granted')"
    )
    watcher.goto(f"/table/{created['id']}")
    watcher.wait_for_function("document.body.dataset.seat === '' && document.body.dataset.version !== undefined")
    assert watcher.inner_text("#whoami") == "Spectating"
    assert watcher.locator("#notify-box").is_hidden()
    set_hidden(watcher, True)
    for _ in range(2):
        _, now = one_move(player)
        watcher.wait_for_function(f"Number(document.body.dataset.version) >= {now}")
    assert watcher.evaluate("window.__notes.length") == 0
    assert MARK not in watcher.title()


def test_issue_16_a_hot_seat_page_has_no_switch(stubbed: Any) -> None:
    """Issue 16: several seats on one device (hot-seat) are all at the screen: no switch, no notification."""
    page = stubbed.new_page()
    page.add_init_script(
        "localStorage.setItem('guildtable.notify', 'on'); localStorage.setItem('test.permission', 'granted')"
    )
    page.goto("/")
    choose_game(page, "city-blocks")
    for seat in (0, 1):
        page.select_option(f'select.seat-kind[data-seat="{seat}"]', "human")
    page.check("#hotseat")
    page.click("#create-table")
    page.wait_for_url("**/table/*")
    page.wait_for_function("document.body.dataset.version === '0'")
    assert page.locator("#notify-box").is_hidden()
    assert page.evaluate("window.__notes.length") == 0


@pytest.mark.parametrize("width", [1200, 390])
def test_issue_16_the_switch_is_accessible_and_fits_a_phone(browser: Any, base_url: str, width: int) -> None:
    """Issue 16: the switch passes axe and fits a 390-px phone without making the page scroll sideways."""
    context = browser.new_context(base_url=base_url, viewport={"width": width, "height": 844})
    context.set_default_timeout(30000)
    context.add_init_script("localStorage.setItem('guildtable.howto.off', '1')")
    context.add_init_script(STUBS)
    try:
        page = context.new_page()
        seat_against_a_bot(page)
        page.locator("#notify-box").scroll_into_view_if_needed()
        box = page.locator("#notify-box").bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width
        assert not scrolls_sideways(page)
        assert text_under_11_px(page) == []
        page.check("#notify")
        assert axe_violations(page) == []
    finally:
        context.close()

"""Issue 16 ("Play as yourself"), the first slice's pages: create an account or sign in on /signin, the header's
account corner, "My games" (/me: the account's tables, "Your move" first, playable from any device) and a player's
page, in both themes, at desktop and phone size; guests use everything as before."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from browser_helpers import (
    PASSWORD,
    account_client,
    axe_violations,
    choose_game,
    new_name,
    scrolls_sideways,
    served,
    shot,
    sign_up,
    text_under_11_px,
)

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def base_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A server of this module's own: these tests sign in and create accounts far more often than the per-address
    sign-in limit allows a person (the other options as in browser_helpers.served)."""
    with served(tmp_path_factory.mktemp("accounts-db") / "guildtable.sqlite3", many_sign_ins=True) as url:
        yield url


def sign_in(page: Any, name: str, next_path: str = "/me") -> None:
    page.goto(f"/signin?next={next_path}")
    page.fill("#signin-name", name)
    page.fill("#signin-password", PASSWORD)
    page.click("#signin-ok")
    page.wait_for_url(f"**{next_path}")


def table_with_seat(base_url: str, seats: list[dict[str, Any]], seat: int = 0, seed: int = 5) -> dict[str, Any]:
    """A City Blocks table made through the API; its creation answer, with `token` and `url` the invite of `seat`."""
    answer = httpx.post(
        f"{base_url}/api/tables", json={"game": "city-blocks", "seats": seats, "seed": seed}, timeout=30
    )
    answer.raise_for_status()
    table: dict[str, Any] = answer.json()
    invite = next(invite for invite in table["invites"] if invite["seat"] == seat)
    table["token"], table["url"] = invite["token"], invite["url"]
    return table


def join_as_account(client: httpx.Client, table: dict[str, Any], name: str) -> str:
    """The signed-in `client` takes the seat of `table`'s invite as its account; the seat's secret."""
    bearer = {"Authorization": f"Bearer {table['token']}"}
    answer = client.post(f"/api/tables/{table['id']}/join", json={"name": name, "account": True}, headers=bearer)
    answer.raise_for_status()
    return str(answer.json()["secret"])


def waiting_table(base_url: str) -> dict[str, Any]:
    """A table of two people where the seat in `token` and `url` is not the one on turn."""
    table = table_with_seat(base_url, [{}, {}])
    on_turn = httpx.get(f"{base_url}/api/tables/{table['id']}", timeout=30).json()["current_player"]
    invite = next(invite for invite in table["invites"] if invite["seat"] != on_turn)
    table["token"], table["url"] = invite["token"], invite["url"]
    return table


def finished_game_of(base_url: str, client: httpx.Client, name: str) -> str:
    """A City Blocks game the account of `client` plays against a random bot to its end; the table's id."""
    table = table_with_seat(base_url, [{}, {"kind": "random"}], seed=3)
    bearer = {"Authorization": f"Bearer {join_as_account(client, table, name)}"}
    for _ in range(400):
        state = httpx.get(f"{base_url}/api/tables/{table['id']}/state", headers=bearer, timeout=30).json()
        if state["terminal"]:
            return str(table["id"])
        if state["current_player"] == state["seat"] and state["legal"]:
            move = {"version": state["version"], "action": state["legal"][0]["action"]}
            httpx.post(f"{base_url}/api/tables/{table['id']}/moves", json=move, headers=bearer, timeout=30)
        else:
            time.sleep(0.05)
    raise AssertionError("the game did not end")


def test_accounts_create_an_account_on_signin_and_the_header_shows_the_name(page: Any) -> None:
    """Issue 16: a guest's header offers "Sign in"; creating an account on /signin goes back to where the player came
    from, and the header then shows the name (linking to the player's page), "My games" and "Sign out"."""
    page.goto("/")
    page.wait_for_selector("#signin-link:visible")
    assert page.locator("#signed-in").is_hidden()
    page.click("#signin-link")
    page.wait_for_url("**/signin?next=%2F")
    name = new_name()
    page.fill("#create-name", name)
    page.fill("#create-password", PASSWORD)
    page.click("#create-ok")
    page.wait_for_url(lambda url: url.endswith("/"))
    page.wait_for_selector("#account-name:visible")
    assert page.inner_text("#account-name") == name
    assert page.get_attribute("#account-name", "href") == f"/players/{name}"
    assert page.locator("#my-games-link").is_visible()
    assert page.locator("#signin-link").is_hidden()
    # The lobby still works for a signed-in player (its requests carry the CSRF token).
    choose_game(page, "city-and-guilds")
    page.click("#create-table")
    page.wait_for_selector("#open-seat")
    page.click("#signout")
    page.wait_for_selector("#signin-link:visible")
    assert page.locator("#signed-in").is_hidden()


def test_accounts_a_taken_name_and_a_short_password_are_told_in_the_form(page: Any, base_url: str) -> None:
    """Issue 16: the server's refusal is shown by the form that was sent, and the player stays on the page."""
    name = new_name()
    account_client(base_url, name).close()
    page.goto("/signin")
    page.fill("#create-name", name)
    page.fill("#create-password", PASSWORD)
    page.click("#create-ok")
    page.wait_for_selector("#create-error:visible")
    assert page.url.endswith("/signin")
    page.fill("#create-name", new_name())
    page.fill("#create-password", "short")
    page.click("#create-ok")
    page.wait_for_function("document.getElementById('create-error').textContent.includes('8')")
    assert page.locator("#signin-error").is_hidden()


def test_accounts_a_wrong_password_shows_the_one_generic_message(page: Any, base_url: str) -> None:
    """Issue 16: a wrong password and an unknown name get the same words (nobody learns which names exist)."""
    name = new_name()
    account_client(base_url, name).close()
    said = []
    for who, password in ((name, "not the password"), (new_name(), PASSWORD)):
        page.goto("/signin")
        page.fill("#signin-name", who)
        page.fill("#signin-password", password)
        page.click("#signin-ok")
        page.wait_for_selector("#signin-error:visible")
        said.append(page.inner_text("#signin-error"))
        assert page.url.endswith("/signin")
        assert page.input_value("#signin-password") == ""
    assert said[0] == said[1] and said[0]
    assert page.locator("#signin-link").is_visible()


def test_accounts_my_games_lists_your_move_first_and_another_device_plays_on(browser: Any, base_url: str) -> None:
    """Issue 16: tables joined while signed in are on /me, "Your move" first and marked, then the waiting ones; after
    signing out, a fresh browser (another device) signs in, finds the same table on /me and makes a move there."""
    name = new_name()
    # Waiting: the other person (seat 0) is on turn. Your move: a bot opened and it is the account's turn.
    waiting = waiting_table(base_url)
    yours = table_with_seat(base_url, [{"kind": "random"}, {}], seat=1)
    first = browser.new_context(base_url=base_url, viewport={"width": 1366, "height": 850})
    first.add_init_script("localStorage.setItem('guildtable.howto.off', '1')")
    page = first.new_page()
    try:
        sign_up(page, name)
        for table in (waiting, yours):
            page.goto(table["url"])
            page.wait_for_selector("#join:visible")
            # The join dialog offers the account's name.
            page.wait_for_function(f"document.getElementById('join-name').value === {name!r}")
            # Issue 30: the seat becomes the account's only by this choice.
            page.click("#join-account")
            page.wait_for_selector("#join", state="hidden")
        page.goto("/me")
        page.wait_for_selector("body[data-ready='true']")
        items = page.locator(".game-item")
        assert items.first.get_attribute("data-table") == yours["id"]
        assert "Your move" in items.first.inner_text()
        assert page.locator("#your-move-list [data-table]").count() == 1
        assert page.locator(f"#waiting-list [data-table='{waiting['id']}']").count() == 1
        shot(page, "accounts", "me_desktop")
        page.click("#signout")
        page.wait_for_selector("#signin-link:visible")
    finally:
        first.close()

    other = browser.new_context(base_url=base_url, viewport={"width": 390, "height": 844})
    other.add_init_script("localStorage.setItem('guildtable.howto.off', '1')")
    page = other.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    try:
        sign_in(page, name)
        page.wait_for_selector("body[data-ready='true']")
        assert page.locator(".game-item").first.get_attribute("data-table") == yours["id"]
        assert not scrolls_sideways(page)
        shot(page, "accounts", "me_phone")
        page.click(f"#your-move-list a[data-open='{yours['id']}']")
        page.wait_for_url(f"**/table/{yours['id']}")
        page.wait_for_function("document.body.dataset.myTurn === 'true'")
        assert page.locator("#join").is_hidden()
        version = page.evaluate("document.body.dataset.version")
        page.evaluate("document.querySelector('#moves button.move').click()")
        page.wait_for_function(f"document.body.dataset.version !== '{version}'")
        assert page.inner_text("#whoami").startswith(f"You are {name}")
    finally:
        other.close()
    assert not errors


def test_accounts_a_guest_seat_is_claimed_once_signed_in(page: Any, base_url: str) -> None:
    """Issue 16: a seat joined as a guest is bound to the account when the signed-in player opens the table again
    and says so (issue 30 finding 5: never quietly), once; the table is then in "My games"."""
    table = table_with_seat(base_url, [{}, {"kind": "random"}])
    page.goto(table["url"])
    page.fill("#join-name", "Guest")
    page.click("#join-ok")
    page.wait_for_selector("#join", state="hidden")
    claims: list[str] = []
    page.on("request", lambda request: "/claim" in request.url and claims.append(request.method))
    sign_up(page, new_name(), f"/table/{table['id']}")
    page.wait_for_function("document.body.dataset.myTurn === 'true'")
    page.wait_for_selector("#claim:visible")
    assert claims == []
    page.click("#claim-ok")
    page.wait_for_function("JSON.parse(localStorage.getItem('guildtable.tables'))[" + repr(table["id"]) + "].claimed")
    page.reload()
    page.wait_for_function("document.body.dataset.myTurn === 'true'")
    page.wait_for_timeout(300)
    assert claims == ["POST"]
    page.goto("/me")
    page.wait_for_selector("body[data-ready='true']")
    assert page.locator(f".game-item[data-table='{table['id']}']").count() == 1


def test_accounts_a_table_opened_by_its_address_on_another_device_is_the_accounts_seat(
    browser: Any, base_url: str
) -> None:
    """Issue 16: a signed-in player who opens one of the account's tables by its plain address (a bookmark, the
    spectator link) on a device without its seat token plays the account's seat there, not as a spectator."""
    name = new_name()
    client = account_client(base_url, name)
    table = table_with_seat(base_url, [{"kind": "random"}, {}], seat=1)
    join_as_account(client, table, name)
    client.close()
    context = browser.new_context(base_url=base_url, viewport={"width": 1366, "height": 850})
    context.add_init_script("localStorage.setItem('guildtable.howto.off', '1')")
    page = context.new_page()
    try:
        sign_in(page, name, f"/table/{table['id']}")
        page.wait_for_function("document.body.dataset.myTurn === 'true'")
        assert page.inner_text("#whoami").startswith(f"You are {name}")
    finally:
        context.close()


def test_accounts_a_guest_sees_my_games_ask_to_sign_in(page: Any) -> None:
    """Issue 16: /me for a guest says what it is for and links to /signin (and back)."""
    page.goto("/me")
    page.wait_for_selector("#signed-out:visible")
    assert page.get_attribute("#me-signin", "href") == "/signin?next=/me"


def test_accounts_a_player_page_lists_finished_games(page: Any, base_url: str) -> None:
    """Issue 16: a player's page shows the name, since when, and the finished games with their winner and replay."""
    name = new_name()
    client = account_client(base_url, name)
    table = finished_game_of(base_url, client, name)
    client.close()
    page.goto(f"/players/{name}")
    page.wait_for_selector("body[data-ready='true']")
    assert page.inner_text("#player-name") == name
    assert "since" in page.inner_text("#player-since")
    item = page.locator(f".game-item[data-table='{table}']")
    assert "wins" in item.inner_text() or "Shared win" in item.inner_text()
    assert item.locator(f"a[href='/replay/{table}']").count() == 1
    page.goto("/players/nobody-of-that-name")
    page.wait_for_selector("#unknown:visible")


def test_accounts_axe_finds_nothing_serious_on_signin_my_games_and_a_player_page(themed: Any, base_url: str) -> None:
    """Issue 16 (issue 14's rule): no serious or critical axe-core findings on /signin (with a refusal shown), /me
    and a player's page, in both themes."""
    theme = themed.evaluate("matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light'")
    themed.goto("/signin")
    themed.fill("#signin-name", new_name())
    themed.fill("#signin-password", "wrong password")
    themed.click("#signin-ok")
    themed.wait_for_selector("#signin-error:visible")
    assert axe_violations(themed) == [], "/signin"
    shot(themed, "accounts", f"signin_{theme}")
    name = new_name()
    client = account_client(base_url, name)
    table = finished_game_of(base_url, client, name)
    table_with_seat(base_url, [{}, {"kind": "random"}])
    client.close()
    sign_in(themed, name)
    themed.wait_for_selector("body[data-ready='true']")
    assert themed.locator(f"#finished-list [data-table='{table}']").count() == 1
    assert axe_violations(themed) == [], "/me"
    shot(themed, "accounts", f"me_{theme}")
    themed.goto(f"/players/{name}")
    themed.wait_for_selector("body[data-ready='true']")
    assert axe_violations(themed) == [], "player page"
    shot(themed, "accounts", f"player_{theme}")


@pytest.mark.parametrize(("width", "height"), [(390, 844), (1366, 850)], ids=["phone", "desktop"])
def test_accounts_pages_fit_a_phone_and_a_desktop(browser: Any, base_url: str, width: int, height: int) -> None:
    """Issue 16 (issue 13's rule): /signin, /me (with a table on each list) and a player's page fit the window with no
    sideways scrolling and no text under 11 px."""
    name = new_name()
    client = account_client(base_url, name)
    finished_game_of(base_url, client, name)
    for table in (table_with_seat(base_url, [{"kind": "random"}, {}], seat=1), waiting_table(base_url)):
        join_as_account(client, table, name)
    client.close()
    context = browser.new_context(base_url=base_url, viewport={"width": width, "height": height})
    page = context.new_page()
    try:
        page.goto("/signin")
        page.wait_for_selector("#signin-link", state="attached")
        assert not scrolls_sideways(page) and text_under_11_px(page) == [], "/signin"
        shot(page, "accounts", f"signin_{width}")
        sign_in(page, name)
        page.wait_for_selector("body[data-ready='true']")
        assert page.locator(".game-item").count() == 3
        assert not scrolls_sideways(page) and text_under_11_px(page) == [], "/me"
        shot(page, "accounts", f"me_{width}")
        page.goto(f"/players/{name}")
        page.wait_for_selector("body[data-ready='true']")
        assert not scrolls_sideways(page) and text_under_11_px(page) == [], "player page"
        shot(page, "accounts", f"player_{width}")
    finally:
        context.close()

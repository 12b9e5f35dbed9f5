"""Issue 16 ("Play as yourself"), the ratings' pages: the lobby's "Rated game" choice (signed in only), the "Rated"
badge on a rated table and in "My games", the leaderboard of each game (players and the computer levels, with an empty
state) and a player's ratings, in both themes, at desktop and phone size. Issue 33: ratings read as whole numbers
from 1500, and a computer level has one name at the table and on the leaderboard."""

from __future__ import annotations

import re
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
    shot,
    sign_up,
    text_under_11_px,
)

from guildtable.server.local import local_server

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def base_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A server of this module's own: these tests sign in and create accounts more often than the per-address sign-in
    limit allows a person, and its leaderboard lists a player from their first rated game (issue 30 sets ten by
    default; test_browser_rating_farming.py shows that) so these pages are seen with players on them (the other
    options as in browser_helpers.served)."""
    options = (
        "--allow-chosen-seeds",
        "--create-rate",
        "10000/minute",
        "--move-rate",
        "10000/minute",
        "--signin-rate",
        "10000/minute",
        "--leaderboard-min-games",
        "1",
    )
    db_url = f"sqlite:///{tmp_path_factory.mktemp('ratings-db') / 'guildtable.sqlite3'}"
    with local_server(db_url, bot_delay=0, extra=options) as (url, _process):
        yield url


def play_to_the_end(client: Any, table: str, token: str) -> None:
    """Play the seat of `token` at `table` (its first legal move each turn) until the game ends; `client` is an httpx
    client or a Playwright request context holding the account's cookie and CSRF token."""
    bearer = {"Authorization": f"Bearer {token}"}
    for _ in range(600):
        state = client.get(f"/api/tables/{table}/state", headers=bearer).json()
        if state["terminal"]:
            return
        if state["current_player"] == state["seat"] and state["legal"]:
            move = {"version": state["version"], "action": state["legal"][0]["action"]}
            client.post(f"/api/tables/{table}/moves", json=move, headers=bearer)
        else:
            time.sleep(0.05)
    raise AssertionError("the game did not end")


def rated_game_of(client: httpx.Client, name: str, level: str = "random", seed: int = 3) -> str:
    """A rated City Blocks game the account of `client` plays against the computer at `level` to its end; its id."""
    answer = client.post(
        "/api/tables",
        json={
            "game": "city-blocks",
            "seats": [{"name": name, "take": True, "account": True}, {"kind": level}],
            "seed": seed,
            "rated": True,
        },
    )
    answer.raise_for_status()
    table = answer.json()
    token = next(taken["secret"] for taken in table["secrets"] if taken["seat"] == 0)
    play_to_the_end(client, table["id"], token)
    return str(table["id"])


def open_leaderboard(page: Any, game: str = "city-blocks") -> None:
    page.goto(f"/leaderboard?game={game}")
    page.wait_for_selector("body[data-ready='true']")


def test_ratings_a_rated_game_against_the_computer_puts_both_on_the_leaderboard(page: Any) -> None:
    """Issue 16: a signed-in player ticks "Rated game" in the lobby and plays the computer's beginner level; the table
    shows the "Rated" badge, and once the game is over the leaderboard lists the player (linking to the player's page)
    and the bot level (marked as a computer player) with their ratings and one game each, and the player's page shows
    the rating of that game."""
    name = new_name("Rae")
    sign_up(page, name)
    choose_game(page, "city-blocks")
    page.wait_for_selector("#rated-choice:visible")
    assert "signed in" in page.inner_text("#rated-help")
    page.select_option(".seat-kind[data-seat='1']", "random")
    page.check("#rated")
    with page.expect_request(lambda request: request.url.endswith("/api/tables") and request.method == "POST") as sent:
        page.click("#create-table")
    assert sent.value.post_data_json["rated"] is True
    page.click("#open-seat")
    page.wait_for_url("**/table/*")
    # Issue 30: the creator took their seat with the table (as their account), so nobody asks for a name again.
    page.wait_for_selector("#rated-badge:visible")
    assert page.locator("#join").is_hidden()
    table = page.url.rsplit("/", 1)[-1].split("#")[0].split("?")[0]
    token = page.evaluate(f"JSON.parse(localStorage.getItem('guildtable.tables'))[{table!r}].tokens['0']")
    csrf = page.request.get("/api/account").json()["csrf"]

    class Requests:
        """The page's own cookie and CSRF token, for the API calls that play the game quickly."""

        def get(self, path: str, headers: dict[str, str]) -> Any:
            return page.request.get(path, headers=headers)

        def post(self, path: str, json: Any, headers: dict[str, str]) -> Any:
            return page.request.post(path, data=json, headers={**headers, "X-CSRF-Token": csrf})

    play_to_the_end(Requests(), table, token)
    page.wait_for_selector("#end:visible")
    assert page.locator("#rated-badge").is_visible()
    # Issue 33: the computer's seat is named by its level's one name, as on the leaderboard ("Red (random)" before).
    seat_names = page.evaluate("(async (id) => (await (await fetch(`/api/tables/${id}/state`)).json()).seats)", table)
    assert seat_names[1]["name"] == "Red (Computer, beginner)"
    computer = page.locator("#players .player[data-seat='1']").inner_text()
    assert "Red (Computer, beginner)" in computer and "bot" not in computer  # the name says it: no "· bot" mark
    shot(page, "ratings", "table_rated_end")

    open_leaderboard(page)
    player = page.locator(f"#ranking-rows tr[data-kind='player']:has(a[href='/players/{name}'])")
    assert player.count() == 1
    assert "(you)" in player.inner_text()
    bot = page.locator("#ranking-rows tr[data-kind='bot'][data-level='random']")
    assert bot.count() == 1
    assert bot.locator(".ranking-name").inner_text().strip() == "Computer, beginner"
    # Issue 33: a rating reads as a whole number on the familiar scale (1500 to start), not "-1.8" or "3.4".
    for row in (player, bot):
        assert re.fullmatch(r"1[2-8]\d\d", row.locator("td").nth(2).inner_text().strip())
    players_rating = player.locator("td").nth(2).inner_text().strip()
    # The player's one game; the bot level may have played the other tests' games too.
    assert player.locator("td").nth(3).inner_text().strip() == "1"
    assert int(bot.locator("td").nth(3).inner_text().strip()) >= 1
    assert page.locator("#game-tabs a[data-game='city-blocks'][aria-current='page']").count() == 1
    shot(page, "ratings", "leaderboard_after_game")

    page.click(f"#ranking-rows a[href='/players/{name}']")
    page.wait_for_url(f"**/players/{name}")
    page.wait_for_selector("body[data-ready='true']")
    rating = page.locator("#ratings-rows tr[data-game='city-blocks']")
    assert rating.count() == 1
    assert rating.locator("td").nth(2).inner_text().strip() == "1"
    assert rating.locator("td").nth(1).inner_text().strip() == players_rating
    # The ratings come before the finished games.
    assert page.evaluate(
        "document.getElementById('ratings').compareDocumentPosition(document.getElementById('games'))"
        " & Node.DOCUMENT_POSITION_FOLLOWING"
    )
    shot(page, "ratings", "player_ratings")

    page.goto("/me")
    page.wait_for_selector("body[data-ready='true']")
    assert page.locator(f".game-item[data-table='{table}'] .rated-badge").count() == 1


def test_ratings_the_lobby_offers_a_rated_game_only_when_signed_in(page: Any) -> None:
    """Issue 16: a guest's lobby has no "Rated game" choice (casual is the default) but links to the leaderboard; it
    appears on signing in and goes again on signing out."""
    page.goto("/")
    page.wait_for_selector("#signin-link:visible")
    choose_game(page, "city-and-guilds")
    assert page.locator("#rated-choice").is_hidden()
    assert page.locator("#rated:visible").count() == 0
    assert page.get_attribute("#leaderboard-link", "href") == "/leaderboard"
    assert page.get_attribute("#lobby-leaderboard", "href") == "/leaderboard"
    sign_up(page, new_name("Rae"))
    choose_game(page, "city-and-guilds")
    page.wait_for_selector("#rated-choice:visible")
    assert not page.is_checked("#rated")
    page.click("#signout")
    page.wait_for_selector("#signin-link:visible")
    assert page.locator("#rated-choice").is_hidden()


def test_ratings_a_game_nobody_is_rated_in_shows_the_empty_state(page: Any) -> None:
    """Issue 16: the leaderboard of a game without rated players says so and how to start; the game picker switches
    games (each has its own address)."""
    open_leaderboard(page, "guilds-of-london")
    assert page.locator("#empty").is_visible()
    assert page.locator("#ranking").is_hidden()
    assert page.locator("#leaderboard-link[aria-current='page']").count() == 1
    page.click("#game-tabs a[data-game='guildhall']")
    page.wait_for_url("**/leaderboard?game=guildhall")
    assert page.get_attribute("#board", "data-game") == "guildhall"
    page.go_back()
    page.wait_for_function("document.getElementById('board').dataset.game === 'guilds-of-london'")


def test_ratings_axe_finds_nothing_serious_on_the_leaderboard(themed: Any, base_url: str) -> None:
    """Issue 16 (issue 14's rule): no serious or critical axe-core findings on the leaderboard (with players and a
    computer level, and empty), on a player's ratings and on the lobby's rated choice, in both themes."""
    theme = themed.evaluate("matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light'")
    name = new_name("Rae")
    client = account_client(base_url, name)
    rated_game_of(client, name)
    client.close()
    open_leaderboard(themed)
    assert themed.locator("#ranking-rows tr[data-kind='bot']").count() >= 1
    assert axe_violations(themed) == [], "/leaderboard"
    shot(themed, "ratings", f"leaderboard_{theme}")
    open_leaderboard(themed, "guilds-of-london")
    assert axe_violations(themed) == [], "/leaderboard, empty"
    shot(themed, "ratings", f"leaderboard_empty_{theme}")
    themed.goto(f"/players/{name}")
    themed.wait_for_selector("body[data-ready='true'] #ratings-rows tr")
    assert axe_violations(themed) == [], "player page"
    shot(themed, "ratings", f"player_{theme}")
    sign_up(themed, new_name("Rae"))
    choose_game(themed, "city-blocks")  # issue 33: the lobby opens a new table from a game's card
    themed.wait_for_selector("#rated-choice:visible")
    assert axe_violations(themed) == [], "lobby"
    shot(themed, "ratings", f"lobby_{theme}")


@pytest.mark.parametrize(("width", "height"), [(390, 844), (1366, 850)], ids=["phone", "desktop"])
def test_ratings_pages_fit_a_phone_and_a_desktop(browser: Any, base_url: str, width: int, height: int) -> None:
    """Issue 16 (issue 13's rule): the leaderboard, a player's ratings, the lobby with the rated choice, a rated table
    and "My games" with a rated table fit the window with no sideways scrolling and no text under 11 px."""
    name = new_name("Rae")
    client = account_client(base_url, name)
    table = rated_game_of(client, name)
    client.close()
    context = browser.new_context(base_url=base_url, viewport={"width": width, "height": height})
    context.add_init_script("localStorage.setItem('guildtable.howto.off', '1')")
    page = context.new_page()
    try:
        page.goto("/signin?next=/")
        page.fill("#signin-name", name)
        page.fill("#signin-password", PASSWORD)
        page.click("#signin-ok")
        page.wait_for_url(lambda url: url.endswith("/"))
        choose_game(page, "city-blocks")  # issue 33: the lobby opens a new table from a game's card
        page.wait_for_selector("#rated-choice:visible")
        assert not scrolls_sideways(page) and text_under_11_px(page) == [], "lobby"
        shot(page, "ratings", f"lobby_{width}")
        open_leaderboard(page)
        assert page.locator("#ranking-rows tr").count() >= 2
        assert not scrolls_sideways(page) and text_under_11_px(page) == [], "/leaderboard"
        shot(page, "ratings", f"leaderboard_{width}")
        open_leaderboard(page, "guilds-of-london")
        assert not scrolls_sideways(page) and text_under_11_px(page) == [], "/leaderboard, empty"
        shot(page, "ratings", f"leaderboard_empty_{width}")
        page.goto(f"/players/{name}")
        page.wait_for_selector("body[data-ready='true'] #ratings-rows tr")
        assert not scrolls_sideways(page) and text_under_11_px(page) == [], "player page"
        shot(page, "ratings", f"player_{width}")
        page.goto("/me")
        page.wait_for_selector("body[data-ready='true']")
        assert page.locator(f".game-item[data-table='{table}'] .rated-badge").count() == 1
        assert not scrolls_sideways(page) and text_under_11_px(page) == [], "/me"
        shot(page, "ratings", f"me_{width}")
        # Opened from "My games", which hands this browser the account's seat (the table page needs no reload).
        page.click(f"a[data-open='{table}']")
        page.wait_for_url(f"**/table/{table}")
        page.wait_for_selector("#end:visible")
        page.wait_for_function("document.body.dataset.seat === '0'")
        assert page.locator("#rated-badge").is_visible()
        assert not scrolls_sideways(page) and text_under_11_px(page) == [], "table"
        shot(page, "ratings", f"table_{width}")
    finally:
        context.close()

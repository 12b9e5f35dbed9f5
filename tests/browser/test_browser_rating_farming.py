"""Issue 30, findings 7 and 12 on the pages: the lobby gives a rated table a clock ("Untimed" is not offered while
"Rated game" is ticked, and a hint says why); the leaderboard lists a player only after ten rated games and marks a
provisional rating "?"; a player's page marks their provisional rating and says "Aborted, not rated" of a game
resigned at once. At desktop and phone size, with no serious axe-core finding."""

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
    text_under_11_px,
)

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def base_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A server of this module's own, with the default leaderboard minimum (ten rated games) and many sign-ins."""
    with served(tmp_path_factory.mktemp("farming-db") / "guildtable.sqlite3", many_sign_ins=True) as url:
        yield url


def rated_table(client: httpx.Client) -> tuple[str, str]:
    """A rated City Blocks table of the account of `client` (seat 0, taken as itself) against the computer's beginner
    level; its id and the seat's secret."""
    body = {"game": "city-blocks", "seats": [{"take": True, "account": True}, {"kind": "random"}], "rated": True}
    answer = client.post("/api/tables", json=body)
    answer.raise_for_status()
    table = answer.json()
    return str(table["id"]), str(table["secrets"][0]["secret"])


def play_turns_and_resign(client: httpx.Client, table: str, secret: str, turns: int) -> None:
    """Seat 0 plays its first legal move for `turns` turns (the computer answering), then resigns."""
    bearer = {"Authorization": f"Bearer {secret}"}
    played = 0
    for _ in range(600):
        if played == turns:
            break
        state = client.get(f"/api/tables/{table}/state", headers=bearer).json()
        if state["current_player"] == 0 and state["legal"]:
            move = {"version": state["version"], "action": state["legal"][0]["action"]}
            client.post(f"/api/tables/{table}/moves", json=move, headers=bearer).raise_for_status()
            played += 1
        else:
            time.sleep(0.05)
    client.post(f"/api/tables/{table}/resign", headers=bearer).raise_for_status()


@pytest.fixture(scope="module")
def player(base_url: str) -> str:
    """An account with one rated game (two turns, then resigned) and one resigned at once (aborted); its name."""
    name = new_name("Fay")
    client = account_client(base_url, name)
    try:
        play_turns_and_resign(client, *rated_table(client), turns=2)
        play_turns_and_resign(client, *rated_table(client), turns=0)
    finally:
        client.close()
    return name


@pytest.mark.parametrize(("width", "height"), [(390, 844), (1366, 850)], ids=["phone", "desktop"])
def test_rated_pace_and_provisional_ratings_on_the_pages(
    browser: Any, base_url: str, player: str, width: int, height: int
) -> None:
    """Issue 30: ticking "Rated game" chooses the default pace in place of "Untimed" (which is no longer offered) with
    a hint, and unticking it puts "Untimed" back; the table is created with that pace. The leaderboard does not list
    the player of one rated game yet, says when it will, and marks the computer level's provisional rating "?"; the
    player's page marks their rating "?" and says "Aborted, not rated" of the game resigned at once."""
    context = browser.new_context(base_url=base_url, viewport={"width": width, "height": height})
    context.set_default_timeout(30000)
    context.add_init_script("localStorage.setItem('guildtable.howto.off', '1')")
    page = context.new_page()
    try:
        page.goto("/signin?next=/")
        page.fill("#signin-name", player)
        page.fill("#signin-password", PASSWORD)
        page.click("#signin-ok")
        page.wait_for_url(lambda url: url.endswith("/"))
        choose_game(page, "city-blocks")
        page.wait_for_selector("#rated-choice:visible")
        assert page.input_value("#pace") == "" and page.locator("#pace-rated-help").is_hidden()
        page.check("#rated")
        assert page.input_value("#pace") == "turn:3"
        assert page.locator("#pace option[value='']").is_disabled()
        assert page.locator("#pace-rated-help").is_visible()
        assert "always has a clock" in page.inner_text("#pace-rated-help")
        assert page.locator("#pace-timeout-box").is_visible()
        assert not scrolls_sideways(page) and text_under_11_px(page) == [], "lobby"
        assert axe_violations(page) == [], "lobby"
        shot(page, "rating_farming", f"lobby_rated_{width}")
        page.uncheck("#rated")
        assert page.input_value("#pace") == "" and page.locator("#pace-rated-help").is_hidden()
        page.check("#rated")
        page.select_option(".seat-kind[data-seat='1']", "random")
        creating = page.expect_request(lambda request: request.url.endswith("/api/tables") and request.method == "POST")
        with creating as sent:
            page.click("#create-table")
        body = sent.value.post_data_json
        assert body["rated"] is True and (body["pace"]["kind"], body["pace"]["days"]) == ("turn", 3)

        page.goto("/leaderboard?game=city-blocks")
        page.wait_for_selector("body[data-ready='true']")
        assert page.locator(f"#ranking-rows a[href='/players/{player}']").count() == 0
        assert "after 10 rated games" in page.inner_text("#board-note")
        bot = page.locator("#ranking-rows tr[data-kind='bot'][data-level='random']")
        assert bot.count() == 1 and "?" in bot.locator("td.rating").inner_text()
        assert not scrolls_sideways(page) and text_under_11_px(page) == [], "leaderboard"
        assert axe_violations(page) == [], "leaderboard"
        shot(page, "rating_farming", f"leaderboard_{width}")

        page.goto(f"/players/{player}")
        page.wait_for_selector("body[data-ready='true'] #ratings-rows tr")
        rating = page.locator("#ratings-rows tr[data-game='city-blocks'] td.rating")
        assert "?" in rating.inner_text()
        assert page.locator("#provisional-note").is_visible()
        assert page.locator("[data-rating='aborted']").inner_text() == "Aborted, not rated"
        assert page.locator("[data-rating='rated']").count() == 1
        assert not scrolls_sideways(page) and text_under_11_px(page) == [], "player page"
        assert axe_violations(page) == [], "player page"
        shot(page, "rating_farming", f"player_{width}")
    finally:
        context.close()

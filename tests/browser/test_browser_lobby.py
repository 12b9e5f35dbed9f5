"""The lobby in the browser: a new game starts at its own player count, and options and opponents read in plain
words (issue 13: lobby options said "§8.3" and "S1/S2"; bug 5: the last game's player count and bots carried over);
a signed-out visitor's pages make no request that fails (issue 33: every page logged a 401 for /api/account). The
games' cards are test_browser_lobby_cards.py's."""

from __future__ import annotations

import re
from typing import Any

import httpx
import pytest
from browser_helpers import account_client, choose_game, finished_table, new_name

pytestmark = pytest.mark.browser

# What a player must never have to read: spec sections, source codes, rule IDs, option values with underscores.
NOTATION = re.compile(r"§|\bS[12]\b|\b(?:CB|CG|GH|GL)-[A-Z]*-?\d+\b|\w+_\w+|ismcts")


def open_lobby(page: Any, game: str) -> None:
    """The lobby with `game`'s new table open (issue 33: its card's "Play")."""
    page.goto("/")
    choose_game(page, game)


def seat_count(page: Any) -> int:
    return int(page.locator("select.seat-kind").count())


def test_lobby_bug_5_a_new_game_starts_at_its_own_player_count(page: Any) -> None:
    """Bug 5: choosing Guildhall after a 4-player City and Guilds table made 3 seats and a bot nobody asked for."""
    open_lobby(page, "city-and-guilds")
    page.select_option("#players", "4")
    assert seat_count(page) == 4
    choose_game(page, "guildhall")
    assert page.input_value("#players") == "2" and seat_count(page) == 2
    page.select_option("#players", "3")
    assert seat_count(page) == 3  # the count is kept while the game stays


@pytest.mark.parametrize("game", ["city-blocks", "city-and-guilds", "guildhall", "guilds-of-london"])
def test_lobby_options_and_opponents_read_in_plain_words(page: Any, game: str) -> None:
    """Every option has a plain label and help, each choice a plain label; a rule ID appears only behind "Why?"."""
    open_lobby(page, game)
    page.click("#options-box > summary")
    options = page.locator("#options .option")
    assert options.count() > 0
    for index in range(options.count()):
        option = options.nth(index)
        label = option.locator("label").inner_text().strip()
        assert label and label[0].isupper(), label
        text = option.inner_text()
        why = option.locator(".why")
        if why.count():
            text = text.replace(why.inner_text(), "")
        assert not NOTATION.search(text), text
        for choice in option.locator("option").all_inner_texts():
            assert not NOTATION.search(choice), choice
    kinds = page.locator('select.seat-kind[data-seat="0"] option').all_inner_texts()
    assert kinds[0] == "Person" and any("hard" in kind for kind in kinds)
    assert not any(NOTATION.search(kind) for kind in kinds), kinds


def test_issue_35_the_expert_is_offered_only_where_it_has_learned_the_game(page: Any) -> None:
    """City Blocks ships a network, so its seats offer the expert; Guildhall's do not (it would play as hard)."""
    open_lobby(page, "city-blocks")
    kinds = page.locator('select.seat-kind[data-seat="1"] option').all_inner_texts()
    assert "Computer, expert: trained on thousands of its own games" in kinds and kinds[-1].startswith(
        "Computer, expert"
    )
    choose_game(page, "guildhall")
    kinds = page.locator('select.seat-kind[data-seat="1"] option').all_inner_texts()
    assert not any("expert" in kind for kind in kinds) and any("hard" in kind for kind in kinds)


def test_lobby_a_chosen_option_reaches_the_table(page: Any) -> None:
    """A choice picked by its plain label is sent as the option's value; options left at their default are not sent."""
    open_lobby(page, "guilds-of-london")
    page.click("#options-box > summary")
    page.select_option("#option-plantation_side", label="Virginia")
    for seat in (1,):
        page.select_option(f'select.seat-kind[data-seat="{seat}"]', "random")
    with page.expect_response(lambda response: response.url.endswith("/api/tables")) as created:
        page.click("#create-table")
    assert created.value.status == 201
    assert created.value.request.post_data_json["options"] == {"plantation_side": "virginia"}


def test_replay_bug_7_an_unfinished_game_leads_back_to_its_table(page: Any) -> None:
    """Bug 7: /replay/{id} of a game still being played was a dead end; it now says why and links to the table."""
    table = page.request.post("/api/tables", data={"game": "city-blocks", "seats": [{}, {}]}).json()
    page.goto(f"/replay/{table['id']}")
    page.wait_for_selector("#back-to-table")
    assert "still being played" in page.inner_text("#error")
    page.click("#back-to-table")
    page.wait_for_url(f"**/table/{table['id']}")


def test_replay_bug_7_the_move_list_follows_the_replay(page: Any) -> None:
    """Bug 7: stepping to the last move scrolls the move list to it."""
    table = page.request.post(
        "/api/tables", data={"game": "city-blocks", "seats": [{"kind": "random"}, {"kind": "random"}], "seed": 3}
    ).json()
    for _ in range(200):
        if page.request.get(f"/api/tables/{table['id']}").json()["terminal"]:
            break
        page.wait_for_timeout(50)
    page.goto(f"/replay/{table['id']}")
    page.wait_for_selector("#log li")
    page.click("#last")
    page.wait_for_selector("#log li.current")
    in_view = page.evaluate(
        """() => { const list = document.getElementById('log').getBoundingClientRect();
                   const item = document.querySelector('#log li.current').getBoundingClientRect();
                   return item.top >= list.top - 1 && item.bottom <= list.bottom + 1; }"""
    )
    assert in_view


def test_replay_bug_8_a_refused_upload_says_so_in_plain_words(page: Any, tmp_path: Any) -> None:
    """Bug 8: a refused record showed "format: Input should be 'guildtable-record'"."""
    path = tmp_path / "notes.json"
    path.write_text('{"format": "something else", "game": "city-blocks"}')
    page.goto("/replay")
    page.set_input_files("#record-file", str(path))
    page.wait_for_selector("#error:not([hidden])")
    assert page.inner_text("#error") == "This file is not a game record saved by guildtable."


def test_issue_33_a_signed_out_visitor_s_pages_make_no_request_that_fails(page: Any, base_url: str) -> None:
    """Issue 33: every page logged a 401 for /api/account when signed out. A guest's lobby, a game's new table, the
    rules, the leaderboard, a player's page, "My games", sign-in, the record upload, a table being played and a
    finished game's replay: no answer of 400 or more, no failed request and nothing on the console."""
    player = account_client(base_url, new_name("Pia"))
    name = player.get("/api/account").json()["name"]
    playing = httpx.post(
        f"{base_url}/api/tables", json={"game": "city-blocks", "seats": [{}, {"kind": "random"}]}, timeout=30
    ).json()
    finished = finished_table(base_url, "city-blocks", players=2)
    failed: list[str] = []
    page.on("response", lambda response: response.status >= 400 and failed.append(f"{response.status} {response.url}"))
    page.on("requestfailed", lambda request: failed.append(f"failed {request.url}"))
    page.on("console", lambda message: message.type == "error" and failed.append(f"console: {message.text}"))
    visits = [
        ("/", "#signin-link:visible"),
        ("/?game=guildhall#new-table", '#new-table[data-game="guildhall"] select.seat-kind'),
        ("/rules/city-blocks", "body[data-ready='true']"),
        ("/leaderboard", "body[data-ready='true']"),
        (f"/players/{name}", "body[data-ready='true']"),
        ("/me", "#signed-out:not([hidden])"),
        ("/signin", "#signin-link[aria-current]"),
        ("/replay", "#upload:not([hidden])"),
        (f"/table/{playing['id']}", "body[data-version]"),
        (f"/replay/{finished}", "#log li"),
    ]
    for path, ready in visits:
        page.goto(path)
        page.wait_for_selector(ready)
        page.wait_for_load_state("networkidle")
        assert page.locator("#signin-link").is_visible(), path  # the page knows its visitor is a guest
    assert failed == []


def test_issue_37_a_bot_challenged_with_no_seat_for_it_is_explained_and_nothing_is_made(page: Any) -> None:
    """A bot account is offered the first seat for a person after the creator's: with every other seat a computer,
    or at a hot-seat table, the lobby says why and makes no table."""
    open_lobby(page, "city-blocks")
    page.select_option('select.seat-kind[data-seat="1"]', "random")
    page.fill("#challenge-bot", "Deep Blocks")
    made: list[str] = []
    page.on("request", lambda request: made.append(request.url) if request.url.endswith("/api/tables") else None)
    page.click("#create-table")
    page.wait_for_selector("#error:not([hidden])")
    assert "Person" in page.inner_text("#error")
    page.check("#hotseat")
    page.click("#create-table")
    page.wait_for_function("document.getElementById('error').textContent.includes('hot-seat')")
    assert made == [] and page.locator("#created").is_hidden()

"""Issue 16 in the browser: choosing a pace in the lobby, live clocks ticking on the table page and running out,
resigning after a confirmation, and taking back a move. Screenshots at desktop and phone size go to
artifacts/screenshots/pace/."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import httpx
from browser_helpers import axe_violations, choose_game, hold_seat, join, scrolls_sideways, shot

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "server"))
from test_server_pace import undo_line

from guildtable.kernel.registry import get_game


def create(base_url: str, game: str, players: int, seed: int = 5, **extra: Any) -> dict[str, Any]:
    answer = httpx.post(
        f"{base_url}/api/tables",
        json={"game": game, "seats": [{}] * players, "seed": seed, **extra},
        timeout=30,
    )
    answer.raise_for_status()
    table: dict[str, Any] = answer.json()
    return table


def take_seat(base_url: str, table: dict[str, Any], seat: int, name: str) -> None:
    token = next(invite["token"] for invite in table["invites"] if invite["seat"] == seat)
    httpx.post(
        f"{base_url}/api/tables/{table['id']}/join",
        headers={"Authorization": f"Bearer {token}"},
        json={"name": name},
        timeout=30,
    ).raise_for_status()


def test_the_lobby_offers_paces(page: Any) -> None:
    """Issue 16: a pace is chosen when the table is created; what happens when time runs out is asked only then."""
    page.goto("/")
    choose_game(page, "city-and-guilds")  # issue 33: a game's "Play" opens its new table
    assert page.locator("#pace-timeout-box").is_hidden()
    page.select_option("#pace", "live:600:5")
    assert page.locator("#pace-timeout-box").is_visible()
    page.select_option("#pace", "")
    assert page.locator("#pace-timeout-box").is_hidden()
    page.select_option("#pace", "live:600:5")
    assert page.locator("#pace-timeout-box").is_visible()
    page.select_option("#pace-timeout", "bot")
    with page.expect_response("**/api/tables") as answer:
        page.click("#create-table")
    created = answer.value.json()
    assert created["pace"] == {
        "kind": "live",
        "base_seconds": 600,
        "increment_seconds": 5,
        "days": 3,
        "timeout": "bot",
        "bot": "greedy",
    }


def test_a_live_clock_ticks_and_runs_out_on_the_page(page: Any, base_url: str) -> None:
    """Issue 16: the clocks show on the table page, the one on turn ticks down, and when it runs out the table's
    policy (forfeit) ends the game and the end screen says who ran out of time."""
    table = create(base_url, "city-blocks", 2, pace={"kind": "live", "base_seconds": 4, "increment_seconds": 0})
    first = httpx.get(f"{base_url}/api/tables/{table['id']}", timeout=30).json()["current_player"]
    mine = 1 - first
    take_seat(base_url, table, first, "Ben")
    join(page, table["invites"][mine]["url"], "Ana")
    clock = page.locator(f'#players [data-clock="{first}"]')
    clock.wait_for()
    page.wait_for_function(f"document.querySelector('#players [data-clock=\"{first}\"]').classList.contains('running')")
    assert page.locator(f'#players [data-clock="{mine}"]').inner_text() == "0:04"
    shot(page, "pace", "live-clock-desktop")
    page.wait_for_selector("#winner", timeout=20000)
    assert page.inner_text("#winner") == "Ana wins"
    assert "Ben ran out of time and was placed last." in page.inner_text("#end")
    assert "out of time" in page.inner_text(f'#players [data-seat="{first}"]')


def test_resigning_asks_first_then_ends_the_game(page: Any, base_url: str) -> None:
    """Issue 16: Resign asks for a confirmation (Keep playing changes nothing); confirmed, the player is placed
    last and at two players the game ends."""
    table = create(base_url, "city-blocks", 2, pace={"kind": "turn", "days": 3})
    take_seat(base_url, table, 1, "Ben")
    join(page, table["invites"][0]["url"], "Ana")
    page.wait_for_selector("#resign")
    assert "must move" in page.inner_text("#deadline")
    page.click("#resign")
    assert page.locator("#resign-dialog").is_visible()
    assert "the game ends at once" in page.inner_text("#resign-text")
    assert axe_violations(page) == []
    page.click("#resign-cancel")
    assert page.locator("#resign-dialog").is_hidden() and page.locator("#end").is_hidden()
    page.click("#resign")
    page.click("#resign-ok")
    page.wait_for_selector("#winner")
    assert page.inner_text("#winner") == "Ben wins"
    assert "Ana resigned and was placed last." in page.inner_text("#end")
    assert "The points when the game ended" in page.inner_text("#end")  # not a final score: the game was cut short
    assert "resigned" in page.inner_text('#players [data-seat="0"]')


def test_take_back_a_move_on_the_page(page: Any, base_url: str) -> None:
    """Issue 16 (undo): after a move that may be taken back, the player on turn sees "Take back my last move"; it
    puts the position back, and the log says so."""
    seed, played = undo_line("city-and-guilds", 3, undoable=True)
    ahead = get_game("city-and-guilds").new_state(3, seed=seed)
    for action in played:
        ahead.apply(action)
    names = ["Ana" if seat == ahead.current_player else f"P{seat}" for seat in range(3)]
    answer = httpx.post(
        f"{base_url}/api/tables",
        json={"game": "city-and-guilds", "seats": [{"name": name, "take": True} for name in names], "seed": seed},
        timeout=30,
    )
    answer.raise_for_status()
    table = answer.json()
    tokens = {taken["seat"]: taken["secret"] for taken in table["secrets"]}
    replica = get_game("city-and-guilds").new_state(3, seed=seed)
    for version, action in enumerate(played):
        seat = replica.current_player
        assert seat is not None
        httpx.post(
            f"{base_url}/api/tables/{table['id']}/moves",
            headers={"Authorization": f"Bearer {tokens[seat]}"},
            json={"version": version, "action": replica.action_to_json(action)},
            timeout=30,
        ).raise_for_status()
        replica.apply(action)
    seat = replica.current_player
    assert seat is not None
    hold_seat(page, table["id"], seat, tokens[seat])
    page.wait_for_selector("#undo")
    version = int(page.evaluate("document.body.dataset.version"))
    page.click("#undo")
    page.wait_for_function(f"Number(document.body.dataset.version) === {version + 1}")
    assert "Ana took back a move." in page.inner_text("#log")
    page.set_viewport_size({"width": 390, "height": 844})
    assert not scrolls_sideways(page)
    shot(page, "pace", "after-undo-phone")

"""Issue 33, item 5: the lobby introduces the games. A bare dropdown defaulted to City and Guilds, with no picture,
pitch, player count, length or rules link, and the API links as prominent as play. Each game now has a card: a picture
drawn from its own board (the game's renderer drawing one of its positions), one sentence, players, typical length,
"Rules" and "Play"; "Play" opens the game's new table, and the developers' links are in the footer. Item 10: the join
dialog offers the name typed in the lobby instead of asking for it again, empty."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from browser_helpers import axe_violations, choose_game, scrolls_sideways, shot, text_under_11_px

pytestmark = pytest.mark.browser

DRAWN = "[...document.querySelectorAll('.game-art')].every((box) => box.dataset.drawn === 'true')"
# Where each card's parts are, and what its picture holds (the board the game's renderer drew).
CARDS = """() => [...document.querySelectorAll('.game-card')].map((card) => {
  const art = card.querySelector('.game-art');
  const box = (el) => { const r = el.getBoundingClientRect(); return [r.left, r.top, r.width, r.height]; };
  const board = art.querySelector('.game-art-board');
  return {
    game: card.dataset.game,
    title: card.querySelector('.game-card-title').textContent.trim(),
    pitch: card.querySelector('.game-pitch').textContent.trim(),
    players: card.querySelector('.game-players').textContent.trim().replace(/\\s+/g, ' '),
    length: card.querySelector('.game-length').textContent.trim().replace(/\\s+/g, ' '),
    rules: card.querySelector('a[href^="/rules/"]').getAttribute('href'),
    rulesText: card.querySelector('a[href^="/rules/"]').textContent.trim(),
    playText: card.querySelector('a.play').textContent.trim(),
    art: box(art), titleBox: box(card.querySelector('.game-card-title')),
    hidden: art.getAttribute('aria-hidden'), inert: art.hasAttribute('inert'),
    images: art.querySelectorAll('img').length,
    pieces: board ? board.querySelectorAll('*').length : 0,
    shown: board ? board.getBoundingClientRect().height * board.getBoundingClientRect().width : 0,
    stops: [...art.querySelectorAll('*')].filter((el) => el.tabIndex >= 0 || el.id).length,
  };
})"""
WORDS = {
    "en": {"players": r"(\d) players|(\d)–(\d) players", "length": r"\d+–\d+ min", "rules": "Rules", "play": "Play"},
    "de": {
        "players": r"(\d) Spieler|(\d)–(\d) Spieler",
        "length": r"\d+–\d+ Min\.",
        "rules": "Regeln",
        "play": "Spielen",
    },
}


@pytest.fixture
def sized(browser: Any, base_url: str, request: pytest.FixtureRequest) -> Iterator[Any]:
    """A page at the size `request.param` names (the test's parameter), in the light theme."""
    width, height = request.param
    context = browser.new_context(base_url=base_url, viewport={"width": width, "height": height})
    context.set_default_timeout(30000)
    yield context.new_page()
    context.close()


@pytest.mark.parametrize("sized", [(1366, 850), (390, 844)], indirect=True, ids=["desktop", "phone"])
@pytest.mark.parametrize("language", ["en", "de"])
def test_issue_33_each_game_has_a_card_with_a_picture_of_its_own_board(
    sized: Any, base_url: str, language: str
) -> None:
    """Issue 33, item 5: a card per game, the shortest game first: its title, a picture of its board (drawn by the
    game's own renderer, no stock image, only a picture: nothing in it is read out or takes the focus), one sentence in
    the reader's language, the player count and typical length as the game gives them, "Rules" (to its rules page) and
    "Play". No game is chosen before the player chooses one: no dropdown, no open form. The developers' links are in the
    footer, not the header."""
    page = sized
    games = {game["name"]: game for game in httpx.get(f"{base_url}/api/games", timeout=30).json()["games"]}
    page.goto(f"/?lang={language}")
    # A picture is drawn when its card comes near the screen: on a phone the last cards are further down (the more so
    # as cards offer a guided first game, issue 34), so the player scrolls past them.
    for art in page.locator(".game-art").all():
        art.scroll_into_view_if_needed()
    page.evaluate("window.scrollTo(0, 0)")
    page.wait_for_function(DRAWN)
    cards = page.evaluate(CARDS)
    words = WORDS[language]
    assert sorted(card["game"] for card in cards) == sorted(games)
    for card in cards:
        game = games[card["game"]]
        assert card["title"] == game["title"]
        assert card["images"] == 0 and card["pieces"] > 40 and card["shown"] > 0, card["game"]
        assert card["hidden"] == "true" and card["inert"] and card["stops"] == 0, card["game"]
        assert card["art"][2] > 90 and card["art"][3] > 90, card["game"]
        # One sentence, in the reader's language.
        assert card["pitch"].endswith(".") and ". " not in card["pitch"][:-1], card["pitch"]
        players = re.fullmatch(words["players"], card["players"])
        assert players, card["players"]
        counts = [int(n) for n in players.groups() if n]
        assert (counts[0], counts[-1]) == (game["min_players"], game["max_players"]), card["players"]
        assert re.fullmatch(words["length"], card["length"]), card["length"]
        assert card["rules"] == f"/rules/{card['game']}"
        assert (card["rulesText"], card["playText"]) == (words["rules"], words["play"])
    pitches = {card["game"]: card["pitch"] for card in cards}
    if language == "de":
        assert "Stadtentwickler" in pitches["city-blocks"], pitches  # the game's own German words
    lengths = [int(re.match(r"\d+–(\d+)", card["length"]).group(1)) for card in cards]  # type: ignore[union-attr]
    assert lengths == sorted(lengths), "the shortest game first"
    # Nothing chosen yet: no dropdown of games, no new table open.
    assert page.locator("select#game").count() == 0
    assert page.locator("#new-table").is_hidden() and page.locator(".game-card.chosen").count() == 0
    # The developers' links: in the footer, not beside "Play".
    assert page.locator("header a[href='/docs']").count() == 0
    assert page.locator("footer.site-footer a[href='/docs']").is_visible()
    width = page.viewport_size["width"]
    if width < 520:
        # On a phone each card is short: the picture beside the title, so the first two games are in view at once.
        first = cards[0]
        assert first["art"][0] + first["art"][2] <= first["titleBox"][0] + 1
        assert page.locator(".game-card").nth(1).bounding_box()["y"] < page.viewport_size["height"]
    assert not scrolls_sideways(page)
    assert text_under_11_px(page) == []
    assert axe_violations(page) == []
    shot(page, "lobby", f"cards_{language}_{width}")


def test_issue_33_play_opens_the_new_table_of_that_game(page: Any) -> None:
    """Issue 33, item 5: "Play" on a card opens the new table of that game (its own address, so Back works), scrolled
    into view with the focus on its heading; another card's "Play" switches games; the table is created for the game
    chosen."""
    page.set_viewport_size({"width": 390, "height": 844})  # a phone: the new table is well below the cards
    page.goto("/")
    page.wait_for_function(DRAWN)
    page.click('.game-card[data-game="guildhall"] a.play')
    page.wait_for_selector('#new-table[data-game="guildhall"] select.seat-kind')
    assert page.url.endswith("/?game=guildhall#new-table")
    assert "Guildhall: Job Faire" in page.inner_text("#new-table-title")
    page.wait_for_function("document.activeElement && document.activeElement.id === 'new-table-title'")
    page.wait_for_function(
        "Math.abs(document.getElementById('new-table').getBoundingClientRect().top) < 40", polling=100
    )
    assert page.locator(".game-card.chosen").get_attribute("data-game") == "guildhall"
    assert page.locator("#players option").all_inner_texts() == ["2", "3", "4"]
    assert page.locator("select.seat-kind").count() == 2
    page.click('.game-card[data-game="city-and-guilds"] a.play')
    page.wait_for_selector('#new-table[data-game="city-and-guilds"]')
    assert page.locator("#players option").all_inner_texts() == ["3", "4", "5"]
    assert page.locator("select.seat-kind").count() == 3
    page.go_back()
    page.wait_for_selector('#new-table[data-game="guildhall"]')
    page.go_back()
    page.wait_for_selector("#new-table", state="hidden")
    assert page.locator(".game-card.chosen").count() == 0
    # An address with the game opens its table at once (a shared link, or "Play" before the page's script ran).
    page.goto("/?game=guilds-of-london#new-table")
    page.wait_for_selector('#new-table[data-game="guilds-of-london"] select.seat-kind')
    page.select_option('select.seat-kind[data-seat="1"]', "random")
    with page.expect_response(lambda response: response.url.endswith("/api/tables")) as created:
        page.click("#create-table")
    assert created.value.status == 201 and created.value.json()["game"] == "guilds-of-london"


def test_issue_33_rules_opens_the_game_s_rules(page: Any) -> None:
    """Issue 33, item 5: a card's "Rules" opens that game's rules page."""
    page.goto("/")
    page.click('.game-card[data-game="guilds-of-london"] a[href="/rules/guilds-of-london"]')
    page.wait_for_url("**/rules/guilds-of-london")
    page.wait_for_selector("body[data-ready='true']")
    assert "Guilds of London" in page.inner_text("h1")


def test_issue_33_item_10_the_join_dialog_offers_the_name_typed_in_the_lobby(browser: Any, base_url: str) -> None:
    """Issue 33, item 10: the join dialog asked for the name again, empty, after it was typed in the lobby. The name
    the creator typed for a seat is the invited player's name in the dialog (on their own device), selected, so Enter
    joins under it; and the creator's own name typed in the lobby is theirs in any later join dialog."""
    creator = browser.new_context(base_url=base_url, viewport={"width": 1366, "height": 850})
    guest = browser.new_context(base_url=base_url, viewport={"width": 390, "height": 844})
    try:
        page = creator.new_page()
        page.goto("/")
        choose_game(page, "city-blocks")
        page.fill('.seat-name[data-seat="0"]', "Ada")
        page.select_option('select.seat-kind[data-seat="1"]', "human")
        page.fill('.seat-name[data-seat="1"]', "Ben")
        page.click("#create-table")
        invite = page.input_value('.invite-url[data-seat="1"]')

        ben = guest.new_page()
        ben.goto(invite)
        ben.wait_for_selector("#join:not([hidden])")
        assert ben.input_value("#join-name") == "Ben"
        ben.wait_for_function(
            "(() => { const f = document.getElementById('join-name'); return document.activeElement === f"
            " && f.selectionStart === 0 && f.selectionEnd === f.value.length; })()"
        )
        ben.keyboard.press("Enter")
        ben.wait_for_selector("#join", state="hidden")
        ben.wait_for_function("document.body.dataset.version !== undefined")
        table = invite.split("#", 1)[0].rsplit("/", 1)[-1]
        seats = httpx.get(f"{base_url}/api/tables/{table}", timeout=30).json()["seats"]
        assert [seat["name"] for seat in seats] == ["Ada", "Ben"]
        assert all(seat["joined"] for seat in seats)

        # Another table, whose seat nobody named: the creator's browser offers the name typed in the lobby before.
        other = httpx.post(f"{base_url}/api/tables", json={"game": "city-blocks", "seats": [{}, {}]}, timeout=30)
        page.goto(other.json()["invites"][1]["url"])
        page.wait_for_selector("#join:not([hidden])")
        assert page.input_value("#join-name") == "Ada"
    finally:
        creator.close()
        guest.close()

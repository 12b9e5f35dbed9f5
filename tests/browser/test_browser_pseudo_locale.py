"""Issue 15: nothing a player reads escapes translation. Every page, and a whole game's log and end screen in each
game, is shown in the `qps` pseudo-locale, where every translated message is bracketed ⟦…⟧; any visible word outside
the brackets (other than players' names, game titles and the site's name) is a string that was never translated."""

from __future__ import annotations

import re
import uuid
from typing import Any

import pytest
from browser_helpers import PASSWORD, choose_game, finished_table, join, new_table

GAMES = {"city-blocks": 2, "city-and-guilds": 3, "guildhall": 3, "guilds-of-london": 3}

# Every visible text node (not in <code>, <script>, <style>, nor inside [translate=no]), and the accessible names
# and placeholders a screen reader or an empty field shows.
_VISIBLE_TEXTS = """() => {
  const out = new Set();
  // A message may hold inline markup (<strong>…</strong>): read each text in its nearest block, where the brackets of
  // one message enclose all of its pieces.
  const blockOf = (el) => {
    if (el instanceof SVGElement) return el.closest('text') || el;
    let block = el;
    while (block.parentElement && getComputedStyle(block).display.startsWith('inline')) block = block.parentElement;
    return block;
  };
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    if (!node.textContent.trim() || !el || el.closest('code, script, style, [translate="no"], [hidden]')) continue;
    if (!(el instanceof SVGElement) && !el.getClientRects().length) continue;
    const block = blockOf(el);
    const text = (block instanceof SVGElement ? block.textContent : block.innerText || block.textContent).trim();
    if (text) out.add(text);
  }
  for (const el of document.querySelectorAll('[aria-label], [placeholder], [title]')) {
    if (el.closest('[hidden]')) continue;
    for (const name of ['aria-label', 'placeholder', 'title']) {
      const value = (el.getAttribute(name) || '').trim();
      if (value) out.add(value);
    }
  }
  out.add(document.title);
  return [...out];
}"""

# Proper names a page may show untranslated: the site, the games' titles, the language names in the switch, the API.
PROPER = ["guildtable", "City Blocks", "City and Guilds", "Guildhall: Job Faire", "Guildhall", "Guilds of London"]
PROPER += ["English", "Deutsch", "API"]


def escaped(texts: list[str], names: list[str]) -> list[str]:
    """The texts with a word outside every ⟦…⟧ that is not a name."""
    found = []
    for text in texts:
        # A link's address and a rule's ID (which a "Why?" may name) are not words to translate.
        text = re.sub(r"https?://\S+|\b(?:CB|CG|GH|GL)-[A-Z0-9-]*[0-9]\b", " ", text)
        # Messages nest (a tile's name inside a log line): take the innermost brackets out until none are left.
        rest, before = text, None
        while rest != before:
            before, rest = rest, re.sub(r"⟦[^⟦⟧]*⟧", " ", rest)
        for name in sorted([*names, *PROPER], key=len, reverse=True):
            rest = rest.replace(name, " ")
        if re.search(r"[A-Za-zÀ-ÿ]{2,}", rest):
            found.append(text[:120])
    return sorted(set(found))


def shown(page: Any) -> list[str]:
    return list(page.evaluate(_VISIBLE_TEXTS))


def test_pseudo_the_lobby_and_the_record_upload_page(page: Any) -> None:
    page.goto("/?lang=qps")
    # Issue 33: the games' cards (each game's sentence comes from its own catalogue).
    page.wait_for_function("[...document.querySelectorAll('.game-art')].every((box) => box.dataset.drawn)")
    # The pictures are the games' rules-page positions: the Guildhall one names its two players Ada and Ben.
    assert escaped(shown(page), ["Ada", "Ben"]) == []
    # Each game's options and content note, opened (a game's own words come from its catalogue).
    for game in GAMES:
        choose_game(page, game)
        page.evaluate("document.querySelectorAll('details').forEach((box) => { box.open = true; })")
        page.wait_for_selector("[data-option]")
        assert escaped(shown(page), ["Ada", "Ben"]) == [], game
    page.goto("/replay?lang=qps")
    page.wait_for_selector("#upload:not([hidden])")
    assert escaped(shown(page), []) == []


@pytest.mark.parametrize("game", list(GAMES))
def test_pseudo_the_rules_page(page: Any, game: str) -> None:
    page.goto(f"/rules/{game}?lang=qps")
    page.wait_for_selector("body[data-ready='true']")
    # The Guildhall examples name their two players Ada and Ben.
    assert escaped(shown(page), ["Ada", "Ben"] if game == "guildhall" else []) == []


@pytest.mark.parametrize("game", list(GAMES))
def test_pseudo_a_whole_game_its_log_and_end_screen(page: Any, base_url: str, game: str) -> None:
    table = finished_table(base_url, game, GAMES[game], seed=11)
    page.goto(f"/table/{table}?lang=qps")
    page.wait_for_selector("#end:not([hidden])")
    page.wait_for_function("document.querySelectorAll('#log li').length > 5")
    names = page.evaluate("[...document.querySelectorAll('#players .player')].map((p) => p.dataset.name || '')")
    seat_names = [seat["name"] for seat in page.request.get(f"/api/tables/{table}").json()["seats"]]
    assert escaped(shown(page), [*seat_names, *[name for name in names if name]]) == []


def test_pseudo_a_seat_on_turn_reads_its_prompt_and_moves(page: Any, base_url: str) -> None:
    table = new_table(base_url, "city-blocks", [{}, {"kind": "random"}])
    path, _, secret = table["invites"][0]["url"].partition("#")
    join(page, f"{path}?lang=qps#{secret}", "Ada")
    page.wait_for_selector("#board .legal")
    seat_names = [seat["name"] for seat in page.request.get(f"/api/tables/{table['id']}").json()["seats"]]
    assert escaped(shown(page), ["Ada", *seat_names]) == []


def test_pseudo_the_account_pages(page: Any, base_url: str) -> None:
    """Issue 16: /signin (with a refusal shown), the header's account corner, /me with a table, a player's page and
    the leaderboard of each game read wholly from the catalogue."""
    page.goto("/signin?lang=qps")
    page.wait_for_selector("#signin-link:visible")
    page.fill("#signin-name", "nobody-here")
    page.fill("#signin-password", "not the password")
    page.click("#signin-ok")
    page.wait_for_selector("#signin-error:visible")
    assert escaped(shown(page), []) == []
    name = f"Qa{uuid.uuid4().hex[:8]}"
    csrf = page.request.post("/api/account", data={"name": name, "password": PASSWORD}).json()["csrf"]
    # A rated table (its "Rated" badge on /me), played to its end: the player and the bot level are then rated.
    seats = [{"name": name, "take": True, "account": True}, {"kind": "random"}]
    table = page.request.post(
        "/api/tables", data={"game": "city-blocks", "seats": seats, "rated": True}, headers={"X-CSRF-Token": csrf}
    ).json()
    headers = {"Authorization": f"Bearer {table['secrets'][0]['secret']}", "X-CSRF-Token": csrf}
    for _step in range(600):
        state = page.request.get(f"/api/tables/{table['id']}/state", headers=headers).json()
        if state["terminal"]:
            break
        if state["current_player"] == state["seat"] and state["legal"]:
            move = {"version": state["version"], "action": state["legal"][0]["action"]}
            page.request.post(f"/api/tables/{table['id']}/moves", data=move, headers=headers)
        else:
            page.wait_for_timeout(50)
    page.goto("/me?lang=qps")
    page.wait_for_selector("body[data-ready='true'] .game-item .rated-badge")
    seat_names = [seat["name"] for seat in page.request.get(f"/api/tables/{table['id']}").json()["seats"]]
    assert escaped(shown(page), [name, *seat_names]) == []
    page.goto(f"/players/{name}?lang=qps")
    page.wait_for_selector("body[data-ready='true'] #ratings-rows tr")
    assert escaped(shown(page), [name]) == []
    # The leaderboard of every game (the computer levels' names are translated; a game nobody is rated in shows its
    # empty state).
    page.goto("/leaderboard?lang=qps")
    page.wait_for_selector("body[data-ready='true']")
    for game in GAMES:
        page.click(f"#game-tabs a[data-game='{game}']")
        page.wait_for_function(f"document.getElementById('board').dataset.game === {game!r}")
        assert escaped(shown(page), [name]) == [], game
    page.click("#game-tabs a[data-game='city-blocks']")
    page.wait_for_selector("#ranking-rows tr[data-kind='bot']")

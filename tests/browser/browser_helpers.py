"""Helpers for the browser tests: a served guildtable on a free port and Debian's chromium driven by Playwright."""

from __future__ import annotations

import shutil
import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx

from guildtable.server.local import local_server

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
SCREENSHOTS = Path(__file__).resolve().parents[2] / "artifacts" / "screenshots"
# axe-core, installed from the npm registry by scripts/ensure_axe.sh (make test).
AXE = Path(__file__).resolve().parent / "axe" / "node_modules" / "axe-core" / "axe.min.js"


@contextmanager
def served(db_path: Path, *, many_sign_ins: bool = False) -> Iterator[str]:
    """`guildtable serve` with bots that move at once; yields its base URL. The tests fix some shuffles, and one
    test process creates tables and moves faster than the per-address limits allow a person (and, with
    `many_sign_ins`, signs in and creates accounts faster too)."""
    extra: tuple[str, ...] = (
        "--allow-chosen-seeds",
        "--create-rate",
        "10000/minute",
        "--move-rate",
        "10000/minute",
        "--analyse-rate",
        "10000/hour",
        "--analysis-iterations",
        "30",
    )
    if many_sign_ins:
        extra += ("--signin-rate", "10000/minute")
    with local_server(f"sqlite:///{db_path}", bot_delay=0, extra=extra) as (base_url, _):
        yield base_url


# --- accounts (issue 16) ---------------------------------------------------------------------------------------------

PASSWORD = "correct horse battery"


def new_name(prefix: str = "Ada") -> str:
    """An account name no other test uses."""
    return f"{prefix}{uuid.uuid4().hex[:8]}"


def sign_up(page: Any, name: str, next_path: str = "/") -> None:
    """Create an account on /signin (the page goes back to `next_path`)."""
    page.goto(f"/signin?next={next_path}")
    page.fill("#create-name", name)
    page.fill("#create-password", PASSWORD)
    page.click("#create-ok")
    page.wait_for_url(f"**{next_path}")
    page.wait_for_selector("#account-name:visible")


def account_client(base_url: str, name: str) -> httpx.Client:
    """A signed-in API client of a new account `name` (its cookie, and its CSRF token on every request)."""
    client = httpx.Client(base_url=base_url, timeout=30)
    answer = client.post("/api/account", json={"name": name, "password": PASSWORD})
    answer.raise_for_status()
    client.headers["X-CSRF-Token"] = answer.json()["csrf"]
    return client


def shot(page: Any, folder: str, name: str) -> None:
    """A full-page screenshot kept with the others in artifacts/screenshots/<folder>/, to look at as a player."""
    (SCREENSHOTS / folder).mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / folder / f"{name}.png"), full_page=True)


# Every piece of text a page shows, with its size as drawn: CSS px for HTML, and for SVG text its font size times the
# SVG's scale on screen (a board drawn small on a phone draws its text small too). A picture (an inert, hidden-from-
# readers miniature such as the lobby's board of each game, issue 33) has no words to read.
_SMALL_TEXT = """() => {
  const small = [];
  for (const el of document.querySelectorAll('body *')) {
    if (el.closest('[hidden]') || el.closest('[inert][aria-hidden="true"]') || !el.getClientRects().length) continue;
    if (![...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim())) continue;
    let size = parseFloat(getComputedStyle(el).fontSize);
    if (el instanceof SVGElement && el.getScreenCTM()) size *= el.getScreenCTM().a;
    if (size < 11) small.push(`${el.tagName} "${el.textContent.trim().slice(0, 20)}" ${size.toFixed(1)}px`);
  }
  return small;
}"""


def text_under_11_px(page: Any) -> list[str]:
    """The texts on `page` drawn smaller than 11 CSS px (issue 13: none may be)."""
    return list(page.evaluate(_SMALL_TEXT))


def scrolls_sideways(page: Any) -> bool:
    """True if the page itself is wider than the window (a map may pan inside its own panel)."""
    return bool(page.evaluate("document.documentElement.scrollWidth > window.innerWidth + 1"))


def axe_violations(page: Any, impacts: tuple[str, ...] = ("serious", "critical")) -> list[str]:
    """The accessibility problems axe-core finds on `page` as it is now, of the given impacts, one line each (rule,
    impact, the first few offending elements). Issue 14: none serious or critical on any page, in either theme."""
    # A piece or points still in flight are a moment's picture, not the page: check the page once they have landed.
    page.wait_for_function("!document.querySelector('.ghost, .points-fly')")
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        # Evaluated rather than added as a script tag: the pages' Content-Security-Policy (issue 30) refuses inline
        # scripts, and rightly; the test's own tool is not the page's code.
        page.evaluate(AXE.read_text(encoding="utf-8") + "\n;undefined")
    results = page.evaluate(
        """async () => {
          const result = await axe.run(document, { resultTypes: ['violations'] });
          return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help,
            nodes: v.nodes.slice(0, 4).map((n) =>
              `${n.target.join(' ')} :: ${(n.failureSummary || '').split('\\n').slice(1, 2).join('')}`) }));
        }"""
    )
    return [
        f"{v['id']} ({v['impact']}): {v['help']} -- {' | '.join(v['nodes'])}" for v in results if v["impact"] in impacts
    ]


def new_table(base_url: str, game: str, seats: list[dict[str, Any]], seed: int = 5) -> dict[str, Any]:
    """A table made through the API (`{}` a person's seat, `{"kind": "random"}` a bot's); its creation answer."""
    answer = httpx.post(f"{base_url}/api/tables", json={"game": game, "seats": seats, "seed": seed}, timeout=30)
    answer.raise_for_status()
    table: dict[str, Any] = answer.json()
    return table


def finished_table(base_url: str, game: str, players: int = 3, seed: int = 7) -> str:
    """A table of random bots only, played to its end (bots move at once here); its id."""
    table = new_table(base_url, game, [{"kind": "random"}] * players, seed)
    for _ in range(1200):
        if httpx.get(f"{base_url}/api/tables/{table['id']}", timeout=30).json()["terminal"]:
            return str(table["id"])
        time.sleep(0.05)
    raise AssertionError("the bots' game did not end")


def choose_game(page: Any, game: str) -> None:
    """On the lobby, open the new table of `game` as a player does (issue 33): its card's "Play". Nothing is chosen
    before, so every test that creates a table through the page says which game."""
    page.click(f'.game-card[data-game="{game}"] a.play')
    page.wait_for_selector(f'#new-table[data-game="{game}"] select.seat-kind')


def hold_seat(page: Any, table_id: str, seat: int, secret: str) -> None:
    """Open the table as the seat whose `secret` this browser holds, as if it had joined the seat itself (the seat
    was taken through the API)."""
    page.goto("/")
    script = "([id, seat, secret]) => localStorage.setItem('guildtable.tables', "
    script += "JSON.stringify({[id]: {tokens: {[seat]: secret}}}))"
    page.evaluate(script, [table_id, seat, secret])
    page.goto(f"/table/{table_id}")


def join(page: Any, url: str, name: str = "Ana") -> str:
    """Open a seat's invite link and take the seat under `name`; the seat's secret, which joining gave this browser
    (issue 30: the invite token only takes the seat)."""
    page.goto(url)
    page.fill("#join-name", name)
    page.click("#join-ok")
    page.wait_for_selector("#join", state="hidden")
    return held_secret(page, url.split("#", 1)[0].split("?", 1)[0].rsplit("/", 1)[-1])


def held_secret(page: Any, table_id: str, seat: int | None = None) -> str:
    """The secret of a seat (the first one held, when `seat` is None) that this browser holds at a table."""
    tokens = page.evaluate(f"JSON.parse(localStorage.getItem('guildtable.tables'))[{table_id!r}].tokens")
    return str(tokens[str(seat)] if seat is not None else next(iter(tokens.values())))


# Issue 34: what the guided first games' browser tests share. (viewport, language, theme, touch): the four ways each
# tutorial is completed.
TUTORIAL_CASES = [
    ({"width": 1366, "height": 850}, "en", "light", False),
    ({"width": 1366, "height": 850}, "de", "dark", False),
    ({"width": 390, "height": 844}, "en", "dark", True),
    ({"width": 390, "height": 844}, "de", "light", True),
]
TUTORIAL_CASE_IDS = [f"{case[0]['width']}-{case[1]}-{case[2]}" for case in TUTORIAL_CASES]
# A step's highlight names pieces on the board by the values of these renderer attributes (tutorial.js's
# PIECE_ATTRIBUTES).
TUTORIAL_PIECE = ", ".join(
    f"#board [{name}='{{0}}']"
    for name in (
        *("data-site", "data-tile", "data-street", "data-piece", "data-lot", "data-label", "data-track"),
        *("data-card", "data-reward"),
    )
)


@contextmanager
def tutorial_page(browser: Any, base_url: str, case: tuple[Any, ...]) -> Iterator[tuple[Any, str, bool, str]]:
    """A fresh page for one of `TUTORIAL_CASES`: yields (page, language, touch, a name for its screenshots) and fails
    if the page raised an error."""
    viewport, language, theme, touch = case
    context = browser.new_context(
        base_url=base_url, viewport=viewport, color_scheme=theme, has_touch=touch, is_mobile=touch
    )
    context.set_default_timeout(30000)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    try:
        yield page, language, touch, f"{viewport['width']}-{language}-{theme}"
    finally:
        context.close()
    assert not errors, f"the page raised: {errors}"


def use_piece(page: Any, selector: str, touch: bool) -> None:
    """Play a piece as a learner does: a tap on a phone, the keyboard (focus, Enter) on the desktop."""
    piece = page.locator(selector).first
    if touch:
        piece.tap()
    else:
        piece.focus()
        page.keyboard.press("Enter")


def tutorial_look(page: Any, name: str, copy_to: Path | None = None) -> None:
    """A screenshot of a tutorial step once pieces have landed, in artifacts/screenshots/tutorial/ (and in `copy_to`
    when that folder exists)."""
    page.wait_for_function("!document.querySelector('.ghost, .points-fly')")
    shot(page, "tutorial", name)
    if copy_to is not None and copy_to.is_dir():
        shutil.copy(SCREENSHOTS / "tutorial" / f"{name}.png", copy_to / f"{name}.png")


def tutorial_check_highlight(page: Any, step: dict[str, Any]) -> None:
    """Every piece a tutorial step names is framed; a piece it does not name is dimmed."""
    for key in step["highlight"]:
        found = page.locator(TUTORIAL_PIECE.format(key))
        assert found.count() >= 1, (step["index"], key)
        assert "tut-focus" in (found.first.get_attribute("class") or ""), (step["index"], key)
    assert page.locator("#board .tut-dim").count() > 0, step["index"]

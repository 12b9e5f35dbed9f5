"""Issue 30 finding 15: no response carried a Content-Security-Policy, frame-ancestors or X-Frame-Options,
Referrer-Policy, X-Content-Type-Options or Permissions-Policy, none had HSTS behind https, and `/docs` loaded Swagger
UI from a CDN. Every response carries them now, the API documentation comes from this server, and every page works
under the policy: no inline script, no `on*=` or `style=` attribute, nothing from another site.

The browser test uses the pages as a player does in Chromium, which reports anything the policy blocks as a
`securitypolicyviolation` event and on the console.
"""

from __future__ import annotations

from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
from security_helpers import TestClient

from guildtable.server import create_app
from guildtable.server.settings import ServerSettings

GAMES = ["city-blocks", "city-and-guilds", "guildhall", "guilds-of-london"]
PAGES = [
    "/",
    "/table/abcdefghijkl",
    "/replay",
    "/replay/abcdefghijkl",
    "/signin",
    "/me",
    "/players/somebody",
    "/leaderboard",
    "/docs",
    "/rules/no-such-game",
    "/learn/city-blocks",
    "/learn/no-such-game",
    *(f"/rules/{game}" for game in GAMES),
    *(f"/rules/{game}/text" for game in GAMES),
]


def assert_security_headers(headers: Any, where: str) -> None:
    policy = headers.get("content-security-policy", "")
    directives = dict(f"{part.strip()} ".split(" ", 1) for part in policy.split(";"))
    assert directives.get("script-src", "").strip() == "'self'", (where, policy)
    assert directives.get("style-src", "").strip() == "'self'", (where, policy)
    assert directives.get("frame-ancestors", "").strip() == "'none'", (where, policy)
    assert directives.get("object-src", "").strip() == "'none'", (where, policy)
    assert "unsafe" not in policy and "http" not in policy, (where, policy)
    assert headers.get("x-frame-options") == "DENY", where
    assert headers.get("referrer-policy") == "no-referrer", where
    assert headers.get("x-content-type-options") == "nosniff", where
    assert "camera=()" in headers.get("permissions-policy", ""), where


def test_every_kind_of_response_carries_the_security_headers(client: TestClient) -> None:
    """Issue 30 finding 15: a page, API JSON, problem bodies (404, 400, 413), static files, the API documentation and
    its files, the schema and the icon; none gets HSTS over plain http."""
    answers = {
        "page": client.get("/"),
        "API JSON": client.get("/api/games"),
        "404 problem": client.get("/api/tables/no-such-table"),
        "400 problem": client.post("/api/tables", content=b"{", headers={"Content-Type": "application/json"}),
        "413 problem": client.post("/api/replays", content=b"x" * (600 * 1024)),
        "static file": client.get("/static/style.css"),
        "page script": client.get("/static/js/common.js"),
        "API documentation": client.get("/docs"),
        "Swagger UI's script": client.get("/docs-assets/swagger-ui-bundle.js"),
        "schema": client.get("/openapi.json"),
        "icon": client.get("/favicon.ico"),
    }
    assert answers["400 problem"].status_code == 400 and answers["413 problem"].status_code == 413
    for kind, answer in answers.items():
        assert_security_headers(answer.headers, kind)
        assert "strict-transport-security" not in answer.headers, kind


def test_hsts_only_over_https(tmp_path: Path) -> None:
    """Issue 30 finding 15: a request that came over https (here as uvicorn reports it in the scope) gets HSTS."""
    app = create_app(ServerSettings(db=f"sqlite:///{tmp_path / 'db.sqlite3'}", bot_delay=0))
    with TestClient(app, base_url="https://testserver") as secure:
        for path in ("/", "/api/games", "/api/tables/no-such-table"):
            answer = secure.get(path)
            assert_security_headers(answer.headers, path)
            hsts = answer.headers.get("strict-transport-security", "")
            assert "max-age=31536000" in hsts and "includeSubDomains" in hsts, path


class _Markup(HTMLParser):
    """What of a page the Content-Security-Policy would refuse, and every address it loads."""

    def __init__(self) -> None:
        super().__init__()
        self.refused: list[str] = []
        self.loads: list[str] = []
        self._inline_script = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        named = dict(attrs)
        for name, _value in attrs:
            if name.startswith("on") or name == "style":
                self.refused.append(f"<{tag} {name}=>")
        if tag == "style":
            self.refused.append("<style>")
        if tag == "script" and not named.get("src") and named.get("type") != "application/json":
            self._inline_script = True
        for name in ("src", "href"):
            if tag in ("script", "link", "img", "iframe") and named.get(name):
                self.loads.append(str(named[name]))

    def handle_data(self, data: str) -> None:
        if self._inline_script and data.strip():
            self.refused.append(f"<script>{data.strip()[:60]}")

    def handle_endtag(self, tag: str) -> None:
        if tag == "script":
            self._inline_script = False


@pytest.mark.parametrize("path", PAGES)
def test_no_page_holds_what_the_policy_refuses(client: TestClient, path: str) -> None:
    """Issue 30 finding 15: no page (the rules texts a page inserts included) has an inline script, an `on*=` or
    `style=` attribute or a `<style>` element, and each loads only files of this server, which it serves."""
    answer = client.get(path)
    assert answer.headers["content-type"].startswith("text/html"), path
    markup = _Markup()
    markup.feed(answer.text)
    assert markup.refused == [], path
    for address in markup.loads:
        assert address.startswith("/") and not address.startswith("//"), (path, address)
        assert client.get(address).status_code == 200, (path, address)


def test_the_api_documentation_is_served_from_here_and_redoc_is_gone(client: TestClient) -> None:
    """Issue 30 finding 15: /docs loads Swagger UI from this server (it used to come from a CDN); ReDoc, which would
    have needed one too, is not served."""
    docs = client.get("/docs").text
    assert "cdn" not in docs and "http" not in docs
    assert client.get("/docs-assets/swagger-ui.css").status_code == 200
    assert "SwaggerUIBundle" in client.get("/docs-assets/swagger-ui-bundle.js").text
    assert "SwaggerUIBundle(" in client.get("/static/js/apidocs.js").text
    assert client.get("/redoc").status_code == 404


# Installed before any script of a page runs, so a violation during loading is caught too.
LISTEN = """
window.__violations = [];
document.addEventListener("securitypolicyviolation", (event) => window.__violations.push(
  `${event.effectiveDirective} blocked ${event.blockedURI || "inline"} at ${event.sourceFile}:${event.lineNumber}`));
"""


def _violations(page: Any) -> list[str]:
    return list(page.evaluate("window.__violations"))


@pytest.fixture
def enforcing(browser: Any, base_url: str) -> Iterator[Any]:
    """A browser context that enforces the pages' policy (the other tests' contexts bypass it, browser_fixtures)."""
    context = browser.new_context(base_url=base_url, viewport={"width": 1200, "height": 900}, bypass_csp=False)
    context.set_default_timeout(30000)
    context.add_init_script("localStorage.setItem('guildtable.howto.off', '1')")
    yield context
    context.close()


@pytest.mark.browser
def test_pages_in_use_report_no_policy_violation(enforcing: Any) -> None:
    """Issue 30 finding 15: the lobby, a table in play, tables of the games whose boards set styles, a rules page with
    its example boards and the API documentation all load and work in Chromium with nothing blocked."""
    context = enforcing
    context.add_init_script(LISTEN)
    page = context.new_page()
    console: list[str] = []
    page.on("console", lambda message: console.append(message.text) if "Security Policy" in message.text else None)
    seen: dict[str, list[str]] = {}

    page.goto("/")
    # Issue 33: each game's card draws a picture of its board with the game's own renderer, then "Play" opens a table.
    for game in page.eval_on_selector_all(".game-card", "(cards) => cards.map((card) => card.dataset.game)"):
        page.wait_for_selector(f'.game-art[data-game="{game}"][data-drawn="true"]')
    page.click('.game-card[data-game="city-blocks"] a.play')
    page.wait_for_selector('#new-table[data-game="city-blocks"] select.seat-kind')
    page.select_option('select.seat-kind[data-seat="1"]', "greedy")
    page.fill('.seat-name[data-seat="0"]', "Ana")
    seen["lobby"] = _violations(page)
    page.click("#create-table")
    page.click("#open-seat")  # the creator's own seat: "Play as Ana"
    page.wait_for_url("**/table/*")
    page.wait_for_selector("body[data-my-turn='true']")
    seen["table"] = _violations(page)

    for game in ("guildhall", "guilds-of-london"):
        seats = [{"kind": "random"}, {"kind": "random"}]
        table = page.request.post("/api/tables", data={"game": game, "seats": seats}).json()
        page.goto(f"/table/{table['id']}")
        page.wait_for_selector("#board > *")
        seen[f"{game} table"] = _violations(page)

    page.goto("/rules/guilds-of-london")
    page.wait_for_selector("body[data-ready='true']")
    assert page.locator("figure.rules-example[data-drawn='true']").count() >= 2
    seen["rules"] = _violations(page)

    page.goto("/docs")
    page.wait_for_selector(".swagger-ui .info .title")
    page.locator(".opblock-summary").first.click()  # an operation opens: Swagger UI's own scripts at work
    page.wait_for_selector(".opblock.is-open")
    seen["docs"] = _violations(page)

    assert all(not found for found in seen.values()), seen
    assert console == []

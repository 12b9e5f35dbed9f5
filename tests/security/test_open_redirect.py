"""Issue 30 finding 11: `/signin?next=/%09/evil.example` sent a player who signed in to `http://evil.example` in
Chromium (a browser drops tabs and line breaks from an address, so "/\\t/evil.example" is "//evil.example"; also
`%0a`, `%0d`). `next` is only ever a path of this site: the server checks it where it writes it into the page, and
the page checks it again. Driven in Debian's chromium (Playwright); another site's address answers from a route of
the test, so the test sees where the browser went. The browser is the one the browser tests share
(browser_fixtures.py)."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from typing import Any
from urllib.parse import urlsplit

import pytest

from guildtable.server.accounts import safe_next
from guildtable.server.local import local_server

pytestmark = pytest.mark.browser

PASSWORD = "correct horse battery"
EVIL = [
    "/%09/evil.example",
    "/%0a/evil.example",
    "/%0d/evil.example",
    "//evil.example",
    "/%5Cevil.example",
    "/\\evil.example",
    "https://evil.example/",
    "/%09%0a/evil.example/path",
]


@pytest.fixture(scope="module")
def base_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    db = tmp_path_factory.mktemp("redirect") / "guildtable.sqlite3"
    with local_server(f"sqlite:///{db}", extra=("--signin-rate", "10000/minute")) as (url, _process):
        yield url


@pytest.mark.parametrize("evil", EVIL)
def test_signing_in_never_leaves_the_site(browser: Any, base_url: str, evil: str) -> None:
    """The attack as reported: a link to /signin with a crafted `next`; the player creates an account there. The
    browser lands on this site ("My games"), never on evil.example."""
    context = browser.new_context(base_url=base_url)
    context.set_default_timeout(30000)
    # Another site, as far as this browser can tell: the test answers for it, so a lost player is seen, not a DNS error.
    context.route(
        lambda url: urlsplit(url).hostname == "evil.example",
        lambda route: route.fulfill(body="<h1>evil</h1>", content_type="text/html"),
    )
    try:
        page = context.new_page()
        page.goto(f"/signin?next={evil}")
        page.fill("#create-name", f"Ada{uuid.uuid4().hex[:8]}")
        page.fill("#create-password", PASSWORD)
        with page.expect_navigation():
            page.click("#create-ok")
        landed = urlsplit(page.url)
        assert f"{landed.scheme}://{landed.netloc}" == base_url, page.url
        assert landed.path == "/me"
    finally:
        context.close()


def test_a_path_of_this_site_is_kept(browser: Any, base_url: str) -> None:
    """An honest `next` still brings the player back where they were."""
    context = browser.new_context(base_url=base_url)
    try:
        page = context.new_page()
        page.goto("/signin?next=/leaderboard%3Fgame%3Dcity-blocks")
        page.fill("#create-name", f"Ada{uuid.uuid4().hex[:8]}")
        page.fill("#create-password", PASSWORD)
        with page.expect_navigation():
            page.click("#create-ok")
        assert page.url == f"{base_url}/leaderboard?game=city-blocks"
    finally:
        context.close()


@pytest.mark.parametrize(
    ("given", "kept"),
    [
        *((evil, "/me") for evil in ["/\t/evil.example", "/\n/x", "/\r/x", "//x", "/\\x", "http://x", "/\u2028x", ""]),
        ("/table/abc?x=1#seat", "/table/abc?x=1#seat"),
    ],
)
def test_the_server_writes_only_a_path_of_this_site_into_the_page(given: str, kept: str) -> None:
    assert safe_next(given) == kept

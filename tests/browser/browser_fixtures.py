"""The Playwright fixtures, shared by the browser tests and the attack tests that need a browser
(tests/security): one served guildtable and one chromium per test process, a fresh browser context per test, and a
screenshot of every test's last page in artifacts/screenshots/."""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import Any

import pytest
from browser_helpers import CHROMIUM, CHROMIUM_ARGS, SCREENSHOTS, served


@pytest.fixture(scope="session")
def base_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with served(tmp_path_factory.mktemp("browser-db") / "guildtable.sqlite3") as url:
        yield url


# The chromium this process runs, once started.
_STARTED: list[Any] = []


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    if not CHROMIUM.exists():
        if os.environ.get("GUILDTABLE_REQUIRE_SERVICES"):
            pytest.fail("CI needs /usr/bin/chromium for the browser tests: scripts/ensure_chromium.sh failed")
        pytest.skip("no /usr/bin/chromium (make test installs it with scripts/ensure_chromium.sh)")
    if _STARTED:
        # This module's fixtures are registered twice (tests/browser's conftest and tests/security's): one Playwright
        # per process, or the second would find the first one's event loop running and refuse to start.
        yield _STARTED[0]
        return
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        # The pages' Content-Security-Policy (issue 30) refuses what Playwright's own helpers do in a page (string
        # evaluation in wait_for_function): the tests' contexts bypass it, except those that check the policy itself
        # and say `bypass_csp=False`.
        opened = chromium.new_context

        def new_context(**options: Any) -> Any:
            options.setdefault("bypass_csp", True)
            return opened(**options)

        chromium.new_context = new_context
        _STARTED.append(chromium)
        try:
            yield chromium
        finally:
            _STARTED.clear()
            chromium.close()


@pytest.fixture
def context(browser: Any, base_url: str) -> Iterator[Any]:
    context = browser.new_context(base_url=base_url, viewport={"width": 1200, "height": 900})
    context.set_default_timeout(30000)
    # The first visit to each game's table offers a "how to play" overlay; tests of other things start past it (the
    # overlay's own test uses a context of its own).
    context.add_init_script("localStorage.setItem('guildtable.howto.off', '1')")
    yield context
    context.close()


@pytest.fixture
def page(context: Any, request: pytest.FixtureRequest) -> Iterator[Any]:
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    # A game module that fails to load is reported on the console (and replaced by the generic renderer).
    page.on(
        "console",
        lambda message: (
            message.type == "error" and "Failed to load resource" not in message.text and errors.append(message.text)
        ),
    )
    yield page
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"{request.node.name}.png"), full_page=True)
    assert not errors, f"the page raised: {errors}"


@pytest.fixture(params=["light", "dark"])
def themed(browser: Any, base_url: str, request: pytest.FixtureRequest) -> Iterator[Any]:
    """A desktop-sized page in the light or the dark theme (prefers-color-scheme), past the how-to overlay."""
    context = browser.new_context(
        base_url=base_url, viewport={"width": 1366, "height": 850}, color_scheme=request.param
    )
    context.set_default_timeout(30000)
    context.add_init_script("localStorage.setItem('guildtable.howto.off', '1')")
    page = context.new_page()
    yield page
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    name = f"{request.node.module.__name__}-{request.node.name}"
    page.screenshot(path=str(SCREENSHOTS / f"{name}.png"), full_page=True)
    context.close()

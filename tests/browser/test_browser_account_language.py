"""Issue 33: an account has a language, which its mails are written in. An account made on a German page is German;
"My games" shows the language in the account's settings and changes it (the page then reads in it, the choice said
done and the focus where it was); choosing a language at the top of a page while signed in changes it too. At
desktop and phone sizes, in both themes, with nothing axe-core finds serious."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browser_helpers import PASSWORD, axe_violations, new_name, scrolls_sideways, served, shot

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    """A server of this module's own (every test makes an account, more than the per-address sign-up limit allows),
    and its database."""
    path = tmp_path_factory.mktemp("language-db") / "guildtable.sqlite3"
    with served(path, many_sign_ins=True) as url:
        yield url, path


@pytest.fixture(scope="module")
def base_url(server: tuple[str, Path]) -> str:
    return server[0]


@pytest.fixture(scope="module")
def db_path(server: tuple[str, Path]) -> Path:
    return server[1]


def stored_language(db_path: Path, name: str) -> str:
    """The account's language as the server's database keeps it (read there: asking the server would send the
    browser's language cookie, which is itself a choice)."""
    with sqlite3.connect(db_path) as db:
        row = db.execute("SELECT language FROM gt_accounts WHERE name = ?", (name,)).fetchone()
    assert row is not None, name
    return str(row[0])


def sign_up_on(page: Any, name: str, lang: str) -> None:
    """Create an account on the sign-in page shown in `lang`; the page goes on to "My games"."""
    page.goto(f"/signin?next=/me&lang={lang}")
    page.fill("#create-name", name)
    page.fill("#create-password", PASSWORD)
    page.click("#create-ok")
    page.wait_for_url("**/me")
    page.wait_for_selector("body[data-ready='true'] #language-form")


def test_account_language_a_german_sign_up_page_makes_a_german_account(page: Any, db_path: Path) -> None:
    """Issue 33: the account takes the language of the page it was made on, and "My games" shows it chosen."""
    name = new_name("Ada")
    sign_up_on(page, name, "de")
    assert page.evaluate("document.documentElement.lang") == "de"
    assert page.input_value("#account-language") == "de"
    assert page.inner_text("label[for='account-language']") == "Sprache deiner E-Mails und dieser Seiten"
    assert stored_language(db_path, name) == "de"


def test_account_language_the_settings_change_it_and_the_page_follows(page: Any, db_path: Path) -> None:
    """Issue 33: choosing English in the settings and saving makes the account English: the page is shown again in
    English, says it is saved, and the language select has the focus. Back to German the same way, from an address
    that names a language (`?lang=en`, which must not win over the choice)."""
    name = new_name("Ada")
    sign_up_on(page, name, "de")
    page.select_option("#account-language", "en")
    page.click("#language-save")
    page.wait_for_function("document.documentElement.lang === 'en'")
    page.wait_for_selector("#language-saved:has-text('Saved.')")
    assert page.input_value("#account-language") == "en"
    assert page.evaluate("document.activeElement.id") == "account-language"
    assert page.inner_text("#account-title") == "Your account"
    assert stored_language(db_path, name) == "en"

    page.goto("/me?lang=en")
    page.wait_for_selector("body[data-ready='true'] #language-form")
    page.select_option("#account-language", "de")
    page.click("#language-save")
    page.wait_for_function("document.documentElement.lang === 'de'")
    page.wait_for_selector("#language-saved:has-text('Gespeichert.')")
    assert "lang=de" in page.url
    assert page.input_value("#account-language") == "de"
    assert stored_language(db_path, name) == "de"
    # Another page, and this one again: still German, and the account too.
    page.goto("/me")
    page.wait_for_selector("body[data-ready='true'] #language-form")
    assert page.evaluate("document.documentElement.lang") == "de" and stored_language(db_path, name) == "de"


def test_account_language_the_switch_at_the_top_changes_it_while_signed_in(page: Any, db_path: Path) -> None:
    """Issue 33: the language chosen at the top of any page while signed in becomes the account's (its mails follow):
    the page, asking who is signed in, tells the server."""
    name = new_name("Ada")
    sign_up_on(page, name, "en")
    assert stored_language(db_path, name) == "en"
    page.goto("/leaderboard")
    page.wait_for_selector("body[data-ready='true'] #account-name:visible")
    assert stored_language(db_path, name) == "en"
    page.click(".lang-switch a[data-lang='de']")
    page.wait_for_function("document.documentElement.lang === 'de'")
    # The header names the account once the server answered who is signed in.
    page.wait_for_selector("body[data-ready='true'] #account-name:visible")
    assert stored_language(db_path, name) == "de"
    page.goto("/me")
    page.wait_for_selector("body[data-ready='true'] #language-form")
    assert page.input_value("#account-language") == "de"


@pytest.mark.parametrize(("width", "height"), [(1366, 850), (1024, 768), (390, 844), (360, 740)])
def test_account_language_the_setting_fits_every_size(browser: Any, base_url: str, width: int, height: int) -> None:
    """Issue 33: the language setting reads whole at desktop, tablet and phone sizes, in both languages, without the
    page scrolling sideways."""
    context = browser.new_context(base_url=base_url, viewport={"width": width, "height": height})
    page = context.new_page()
    try:
        for lang in ("en", "de"):
            sign_up_on(page, new_name("Ada"), lang)
            page.locator("#language-form").scroll_into_view_if_needed()
            box = page.locator("#account-language").bounding_box()
            assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width
            assert not scrolls_sideways(page), (width, lang)
            shot(page, "account-language", f"me-{lang}-{width}x{height}")
            page.context.clear_cookies()
    finally:
        context.close()


def test_account_language_axe_finds_nothing_serious(themed: Any) -> None:
    """Issue 33: the settings with the language form, in the light and the dark theme, in both languages."""
    for lang in ("de", "en"):
        sign_up_on(themed, new_name("Ada"), lang)
        themed.locator("#language-form").scroll_into_view_if_needed()
        assert axe_violations(themed) == [], lang
        themed.context.clear_cookies()

"""The language machinery (issue 15): negotiation, plural forms, the pseudo-locale, per-context languages, and the
catalogues' completeness check that `make test` runs."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from guildtable.cli.app import app, language_from_environment
from guildtable.cli.catalogues import problems
from guildtable.kernel.i18n import (
    DOMAINS,
    OPEN,
    catalogue_json,
    current_language,
    language_of,
    negotiate,
    number,
    percent,
    placeholders,
    pseudo,
    use_language,
)
from guildtable.kernel.i18n import gettext as _


@pytest.mark.parametrize("name", DOMAINS)
def test_every_catalogue_has_every_message_in_both_languages_with_matching_placeholders(name: str) -> None:
    """The check of `guildtable catalogues check`: no message without German or English, none fuzzy, the same
    placeholders and markup in every translation, and the catalogues in step with the code."""
    assert problems(name) == []


def test_accept_language_picks_the_best_language_we_have() -> None:
    assert negotiate("de-DE,de;q=0.9,en;q=0.8") == "de"
    assert negotiate("fr-FR, en;q=0.5, de;q=0.7") == "de"
    assert negotiate("en-GB,en;q=0.9") == "en"
    assert negotiate("fr, es;q=0.5") is None
    assert negotiate("de;q=0, en;q=0.1") == "en"
    assert negotiate("garbage;;;q=x,,") is None
    assert negotiate("") is None


def test_language_tags_and_locale_variables_name_our_languages() -> None:
    assert language_of("de_DE.UTF-8") == "de"
    assert language_of("de-AT") == "de"
    assert language_of("EN") == "en"
    assert language_of("fr") is None
    assert language_of("qps") == "qps"
    assert language_of("qps", pseudo=False) is None


def test_the_language_is_per_context_and_restored() -> None:
    assert current_language() == "en"
    with use_language("de"):
        assert current_language() == "de"
        with use_language("qps"):
            assert current_language() == "qps"
        assert current_language() == "de"
    assert current_language() == "en"
    with use_language("xx"):
        assert current_language() == "en"  # an unknown language is English, never an error


def test_the_pseudo_locale_marks_words_but_keeps_placeholders_and_markup() -> None:
    text = pseudo("{who} builds a <strong>house</strong> &amp; more")
    assert text.startswith(OPEN)
    assert "{who}" in text and "<strong>" in text and "&amp;" in text
    assert "builds" not in text and "house" not in text
    assert placeholders("{who} takes {n} and {who}") == {"who": 2, "n": 1}


def test_a_pseudo_translated_message_is_bracketed_after_formatting() -> None:
    with use_language("qps"):
        shown = _("there is no such catalogue")
    assert shown.startswith(OPEN) and "there" not in shown


def test_the_page_catalogue_of_a_language_holds_its_translations() -> None:
    german = catalogue_json("de", "web")
    assert german["language"] == "de"
    messages = german["messages"]
    assert isinstance(messages, dict)
    assert messages  # the pages' words are in the catalogue
    pseudo_catalogue = catalogue_json("qps", "web")["messages"]
    assert isinstance(pseudo_catalogue, dict)
    assert all(str(text).startswith(OPEN) for text in pseudo_catalogue.values() if isinstance(text, str))


def test_the_cli_takes_lang_and_otherwise_follows_lang(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    assert language_from_environment() == "de"
    monkeypatch.setenv("LC_ALL", "en_US.UTF-8")
    assert language_from_environment() == "en"
    result = CliRunner().invoke(app, ["--lang", "fr", "games"])
    assert result.exit_code != 0 and "en or de" in result.output
    result = CliRunner().invoke(app, ["--lang", "de", "games"])
    assert result.exit_code == 0
    assert current_language() == "en"  # the command's language does not outlive it


def test_numbers_and_shares_are_written_the_readers_way() -> None:
    """Issue 15: a German reader sees a decimal comma and a spaced per-cent sign, an English one the point."""
    with use_language("en"):
        assert (number(24.5, 2), number(1234), percent(0.125, 1)) == ("24.50", "1,234", "12.5%")
    with use_language("de"):
        assert (number(24.5, 2), number(1234), percent(0.125, 1)) == ("24,50", "1.234", "12,5\u00a0%")

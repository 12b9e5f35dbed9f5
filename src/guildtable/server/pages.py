"""The HTML pages, rendered in the request's language: Jinja2 templates in `web/` whose words are gettext messages
(`{% trans %}` blocks and `_()` calls, extracted into the `web` catalogue; the rules texts into `rules`). Each page
carries its catalogue for the page's scripts, and `/i18n/{lang}/{domain}.json` serves a game's for its renderer. The
pages' routes are in `routes/pages.py`."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

from jinja2 import Environment, FileSystemLoader, select_autoescape
from markupsafe import Markup

from guildtable.kernel.i18n import (
    DOMAINS,
    LANGUAGE_NAMES,
    LANGUAGES,
    PSEUDO,
    catalogue_json,
    current_language,
    domain,
)
from guildtable.kernel.registry import all_games
from guildtable.server.table_log import game_words

WEB = Path(__file__).resolve().parent.parent / "web"


def _environment(name: str) -> Environment:
    """Templates whose messages come from catalogue domain `name`."""
    environment = Environment(
        loader=FileSystemLoader(WEB),
        autoescape=select_autoescape(["html"]),
        extensions=["jinja2.ext.i18n"],
        trim_blocks=True,
        lstrip_blocks=True,
    )
    environment.policies["ext.i18n.trimmed"] = True
    messages = domain(name)
    environment.install_gettext_callables(  # type: ignore[attr-defined]
        lambda message, **params: messages.gettext(message, **params),
        lambda singular, plural, n, **params: messages.ngettext(singular, plural, n, **params),
        pgettext=lambda context, message, **params: messages.pgettext(context, message, **params),
        newstyle=True,
    )
    return environment


def lobby_games() -> list[dict[str, Any]]:
    """Issue 33: the lobby's card of each game, as the games describe themselves (`Game.pitch`, `play_minutes`) in
    the reader's language; the shortest first, so a newcomer meets the lightest game first."""
    games = sorted(all_games(), key=lambda game: (game.play_minutes[1] or 10**6, game.title))
    return [
        {
            "name": game.name,
            "title": game.title,
            "pitch": game_words(game, game.pitch),
            "min_players": game.min_players,
            "max_players": game.max_players,
            "minutes": game.play_minutes if game.play_minutes[1] else None,
            "tutorial": game.tutorial() is not None,
        }
        for game in games
    ]


PAGES = _environment("web")
PAGES.globals["lobby_games"] = lobby_games
RULES = _environment("rules")


@cache
def _catalogue_text(language: str, name: str) -> str:
    # "</" cannot end the JSON's <script> element early: JSON allows the escaped slash.
    return json.dumps(catalogue_json(language, name), ensure_ascii=False).replace("</", "<\\/")


def catalogue_text(language: str, name: str) -> str:
    return _catalogue_text(language, name)


def render_page(template: str, **context: Any) -> str:
    """A page of `web/` in the current language."""
    language = current_language()
    return PAGES.get_template(template).render(
        lang=language,
        html_lang="en" if language == PSEUDO else language,
        languages=[(code, LANGUAGE_NAMES[code]) for code in LANGUAGES],
        catalogue=Markup(catalogue_text(language, "web")),
        **context,
    )


def render_rules_text(game: str) -> str:
    """The rules text of `game` (an HTML fragment) in the current language."""
    return RULES.get_template(f"rules/{game}.html").render(lang=current_language())


def known_domain(name: str) -> bool:
    return name in DOMAINS

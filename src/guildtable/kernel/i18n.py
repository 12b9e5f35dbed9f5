"""Languages: every word a player reads comes from a gettext catalogue, in English or German.

Messages are English source strings marked in the code (`_("{who} builds a {tile}")`), extracted by Babel into one
catalogue per language and domain (`locale/<lang>/LC_MESSAGES/<domain>.po`: `core`, `web`, `rules` and one per game)
and looked up at the moment a text is built, in the language of whoever will read it. That language is a context
variable: a front door sets it once (an HTTP request, a WebSocket client, the CLI's `--lang`) and every text built
below it follows, so one game's log is German for one seat and English for another.

`qps` is a pseudo-locale for tests: every message comes out accented and bracketed (`⟦Ƀûîłðš⟧`), so a page or log
showing anything unbracketed has a string that escaped translation.

    from guildtable.kernel.i18n import domain
    _ = domain("city_blocks").gettext
    _("{who} passes", who=name)
"""

from __future__ import annotations

import gettext as _gettext
import re
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar, Token
from dataclasses import dataclass
from functools import cache
from io import BytesIO
from pathlib import Path
from typing import Final

from babel import Locale
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.numbers import format_decimal, format_percent

ENGLISH: Final = "en"
GERMAN: Final = "de"
# The languages a player can choose, in the order the language switch shows them.
LANGUAGES: Final = (ENGLISH, GERMAN)
# Each language named in itself, for the switch.
LANGUAGE_NAMES: Final = {ENGLISH: "English", GERMAN: "Deutsch"}
PSEUDO: Final = "qps"
LOCALE_DIR: Final = Path(__file__).resolve().parent.parent / "locale"
PLATFORM_DOMAINS: Final = ("core", "web", "rules", "click")
"""The platform's own catalogues; each game has one more, named after its package (`Game.domain`)."""
DOMAINS: Final = PLATFORM_DOMAINS + tuple(
    sorted(
        path.stem
        for path in (LOCALE_DIR / ENGLISH / "LC_MESSAGES").glob("*.po")
        if path.stem not in PLATFORM_DOMAINS and path.stem.isidentifier()
    )
)
"""Every domain that has a catalogue: the platform's, then the games' (found, not listed)."""
DOMAIN_NAME: Final = re.compile(r"[a-z][a-z0-9_]*")

_language: ContextVar[str] = ContextVar("guildtable_language", default=ENGLISH)


def current_language() -> str:
    """The language texts are being built in now."""
    return _language.get()


def set_language(language: str) -> Token[str]:
    """Build texts in `language` from now on in this context (a known language, else English)."""
    return _language.set(language if language in LANGUAGES or language == PSEUDO else ENGLISH)


def reset_language(token: Token[str]) -> None:
    """Undo a `set_language`."""
    _language.reset(token)


@contextmanager
def use_language(language: str) -> Iterator[None]:
    """Build the texts inside the block in `language`."""
    token = set_language(language)
    try:
        yield
    finally:
        _language.reset(token)


def number(value: float, digits: int = 0) -> str:
    """`value` with `digits` decimals as the reader writes numbers ("24.50" in English, "24,50" in German)."""
    pattern = "#,##0" + ("." + "0" * digits if digits else "")
    return format_decimal(value, format=pattern, locale=_number_locale())


def percent(value: float, digits: int = 0) -> str:
    """A share as a percentage in the reader's way ("12.5%" in English, "12,5 %" in German)."""
    locale = _number_locale()
    pattern = Locale.parse(locale).percent_formats[None].pattern  # "#,##0%", "#,##0\u00a0%"
    if digits:
        pattern = pattern.replace("0", "0." + "0" * digits, 1)
    return format_percent(value, format=pattern, locale=locale)


def _number_locale() -> str:
    language = _language.get()
    return language if language in LANGUAGES else ENGLISH


def language_of(tag: str | None, *, pseudo: bool = True) -> str | None:
    """The language a tag names, if we have it: `de`, `de-AT`, `de_DE.UTF-8` -> `de`; `fr` -> None."""
    if not tag:
        return None
    base = re.split(r"[-_.@]", tag.strip().lower(), maxsplit=1)[0]
    if base in LANGUAGES or (pseudo and base == PSEUDO):
        return base
    return None


def negotiate(accept_language: str | None) -> str | None:
    """The best of our languages for an `Accept-Language` header (q-values honoured), or None if none fits."""
    if not accept_language:
        return None
    ranked: list[tuple[float, int, str]] = []
    for index, part in enumerate(accept_language[:1000].split(",")[:32]):
        tag, _, params = part.strip().partition(";")
        quality = 1.0
        match = re.search(r"q\s*=\s*([0-9.]+)", params)
        if match:
            try:
                quality = float(match.group(1))
            except ValueError:
                quality = 0.0
        language = language_of(tag, pseudo=False)
        if language and quality > 0:
            ranked.append((-quality, index, language))
    return min(ranked)[2] if ranked else None


def N_(message: str) -> str:
    """Mark `message` for the catalogue without translating it now (module constants; `_()` them when shown)."""
    return message


# --- catalogues ----------------------------------------------------------------------------------------------------


def catalogue_path(language: str, name: str) -> Path:
    return LOCALE_DIR / language / "LC_MESSAGES" / f"{name}.po"


@cache
def _translations(language: str, name: str) -> _gettext.NullTranslations:
    """The compiled catalogue of one domain in one language (English messages stand for missing ones)."""
    path = catalogue_path(language, name)
    if language == PSEUDO:
        return _Pseudo(_translations(ENGLISH, name))
    if not path.exists():
        return _gettext.NullTranslations()
    with path.open("rb") as handle:
        catalog = read_po(handle, locale=language)
    buffer = BytesIO()
    write_mo(buffer, catalog)
    buffer.seek(0)
    return _gettext.GNUTranslations(buffer)


@dataclass(frozen=True, slots=True)
class Domain:
    """The messages of one catalogue domain, translated into the current language when asked for."""

    name: str

    def translations(self) -> _gettext.NullTranslations:
        return _translations(_language.get(), self.name)

    def gettext(self, message: str, /, **params: object) -> str:
        text = _translations(_language.get(), self.name).gettext(message)
        return text.format_map(params) if params else text

    def ngettext(self, singular: str, plural: str, count: int, /, **params: object) -> str:
        """The form for `count` ("1 Siegpunkt", "2 Siegpunkte"); `{n}` in the message is the count."""
        text = _translations(_language.get(), self.name).ngettext(singular, plural, count)
        return text.format_map({"n": count, **params})

    def pgettext(self, context: str, message: str, /, **params: object) -> str:
        """A message whose meaning depends on `context` (the same English word, two German ones)."""
        text = _translations(_language.get(), self.name).pgettext(context, message)
        return text.format_map(params) if params else text

    def npgettext(self, context: str, singular: str, plural: str, count: int, /, **params: object) -> str:
        text = _translations(_language.get(), self.name).npgettext(context, singular, plural, count)
        return text.format_map({"n": count, **params})


@cache
def domain(name: str) -> Domain:
    """The messages of domain `name`: a platform domain or a game's package name. A game new to the code has no
    catalogue until `guildtable catalogues extract` makes one; its messages stay English until then."""
    if not DOMAIN_NAME.fullmatch(name):
        raise ValueError(f"a message domain is named like a Python package, not {name!r}")
    return Domain(name)


_core = domain("core")
gettext = _core.gettext
ngettext = _core.ngettext
pgettext = _core.pgettext


def catalogue_json(language: str, name: str) -> dict[str, object]:
    """One domain's messages for the pages: `{"messages": {msgid: text | [forms]}, ...}`, with `context\\x04msgid`
    keys for messages with a context (gettext's own convention), and the plural rule's name."""
    language = language if language in LANGUAGES or language == PSEUDO else ENGLISH
    source = ENGLISH if language == PSEUDO else language
    path = catalogue_path(source, name)
    messages: dict[str, str | list[str]] = {}
    if path.exists():
        with path.open("rb") as handle:
            catalog = read_po(handle, locale=source)
        for message in catalog:
            if not message.id:
                continue
            ids = message.id if isinstance(message.id, (list, tuple)) else (message.id,)
            key = ids[0] if not message.context else f"{message.context}\x04{ids[0]}"
            strings = message.string if isinstance(message.string, (list, tuple)) else (message.string,)
            filled = [text or ids[min(index, len(ids) - 1)] for index, text in enumerate(strings)]
            if language == PSEUDO:
                filled = [pseudo(ids[min(index, len(ids) - 1)]) for index in range(len(filled))]
            messages[key] = filled if len(ids) > 1 else filled[0]
    return {"language": language, "domain": name, "plural": "one-other", "messages": messages}


# --- the pseudo-locale -----------------------------------------------------------------------------------------------

OPEN: Final = "⟦"
CLOSE: Final = "⟧"
_ACCENTS = str.maketrans(
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ",
    "åƀçđéƒĝĥîĵķłɱñöþǫŕšŧûṽŵẋýžÅƁÇĐÉƑĜĤÎĴĶŁṀÑÖÞǪŔŠŦÛṼŴẊÝŽ",
)
# Placeholders, HTML tags and entities and the terminal's style tags ("[bold red]", "[/]") keep their letters: they
# are code, not words.
_CODE = re.compile(r"(\{[^{}]*\}|<[^<>]*>|&[a-zA-Z#0-9]+;|%\([a-z_]+\)s|%%|\[/?[a-z][a-z0-9 #._-]*\]|\[/\])")


def pseudo(message: str) -> str:
    """`message` as the pseudo-locale shows it: letters accented outside code, the whole bracketed."""
    parts = _CODE.split(message)
    return OPEN + "".join(part if index % 2 else part.translate(_ACCENTS) for index, part in enumerate(parts)) + CLOSE


class _Pseudo(_gettext.NullTranslations):
    """The English catalogue, each message it holds bracketed: a text asked for but missing from the catalogue (never
    extracted, so never translated) stays bare, and the pseudo-locale tests see it."""

    def __init__(self, english: _gettext.NullTranslations) -> None:
        super().__init__()
        self._english = english
        self._known: Mapping[object, str] = getattr(english, "_catalog", {})

    def _mark(self, key: object, text: str) -> str:
        return pseudo(text) if key in self._known else text

    def gettext(self, message: str) -> str:
        return self._mark(message, self._english.gettext(message))

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return self._mark((msgid1, 0), self._english.ngettext(msgid1, msgid2, n))

    def pgettext(self, context: str, message: str) -> str:
        return self._mark(f"{context}\x04{message}", self._english.pgettext(context, message))

    def npgettext(self, context: str, msgid1: str, msgid2: str, n: int) -> str:
        return self._mark((f"{context}\x04{msgid1}", 0), self._english.npgettext(context, msgid1, msgid2, n))


def placeholders(message: str) -> Mapping[str, int]:
    """The `{name}` placeholders of a message, with how often each appears (for the catalogue check)."""
    found: dict[str, int] = {}
    for name in re.findall(r"(?<!\{)\{([a-zA-Z_][a-zA-Z0-9_]*)(?:[!:][^{}]*)?\}(?!\})", message):
        found[name] = found.get(name, 0) + 1
    return found

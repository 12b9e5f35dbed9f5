"""`guildtable catalogues`: keep the translation catalogues in step with the code (Babel extraction) and check them.

`extract` reads every marked message of each domain's sources and updates `locale/<lang>/LC_MESSAGES/<domain>.po` for
every language: new messages are added (English filled with the source text, German left for a translator), gone
ones dropped. `check` is what `make test` runs: every message in every language, no fuzzy entries, the same
placeholders and markup in each translation, and catalogues that match the code.
"""

from __future__ import annotations

import fnmatch
import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import typer
import typer.core
from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract_from_file
from babel.messages.pofile import read_po, write_po

from guildtable.kernel.i18n import ENGLISH, LANGUAGES, PLATFORM_DOMAINS, catalogue_path, placeholders
from guildtable.kernel.registry import all_games

PACKAGE = Path(__file__).resolve().parent.parent
WEB = PACKAGE / "web"

PYTHON_KEYWORDS = {
    "_": None,
    "gettext": None,
    "ngettext": (1, 2),
    "pgettext": ((1, "c"), 2),
    "npgettext": ((1, "c"), 2, 3),
    "N_": None,
}
# Typer marks its own messages with `_` and `ngettext` only (its other names for gettext are not messages).
TYPER_KEYWORDS = {"_": None, "ngettext": (1, 2)}
# The installed Typer, whose gettext-marked messages are in the `click` domain (it parses the command line).
TYPER_CORE = Path(typer.core.__file__).resolve()
JS_KEYWORDS = {"t": None, "nt": (1, 2), "pt": ((1, "c"), 2), "npt": ((1, "c"), 2, 3)}
JINJA_OPTIONS = {"trimmed": "true", "extensions": "jinja2.ext.i18n"}


@dataclass(frozen=True, slots=True)
class Source:
    """Files of one kind in one domain: `method` is Babel's extraction method for them."""

    root: Path
    pattern: str
    method: str
    keywords: Mapping[str, Any] | None = None


# Python modules whose messages belong to another domain than their folder's (package-relative path: domain, a glob):
# the rules pages' example captions (every game's `examples.py`, and the words they share) are in `rules`, beside the
# rules texts; the templates of Typer's parser messages are in `click`, beside Typer's own.
OWN_DOMAIN = {
    "server/rulebook.py": "rules",
    "kernel/examples.py": "rules",
    "games/*/examples.py": "rules",
    "cli/click_words.py": "click",
}


def _own_domain(where: str) -> str | None:
    """The domain `OWN_DOMAIN` gives the file `where` (package-relative), or None."""
    return next((owner for pattern, owner in OWN_DOMAIN.items() if fnmatch.fnmatchcase(where, pattern)), None)


def sources(name: str) -> list[Source]:
    """Where a domain's messages are written."""
    if name == "core":
        return [
            Source(PACKAGE / folder, "**/*.py", "python")
            for folder in ("kernel", "server", "cli", "client", "bots", "arena", "analysis", "rl", "interop")
        ]
    if name == "web":
        return [Source(WEB / "js", "*.js", "javascript"), Source(WEB, "*.html", "jinja2.ext:babel_extract")]
    if name == "click":
        return [
            *(Source(PACKAGE, pattern, "python") for pattern, owner in OWN_DOMAIN.items() if owner == "click"),
            Source(TYPER_CORE.parent, TYPER_CORE.name, "python", TYPER_KEYWORDS),
        ]
    if name == "rules":
        return [
            Source(WEB / "rules", "*.html", "jinja2.ext:babel_extract"),
            *(Source(PACKAGE, pattern, "python") for pattern, owner in OWN_DOMAIN.items() if owner == "rules"),
        ]
    return [
        Source(PACKAGE / "games" / name, "**/*.py", "python"),
        Source(WEB / "games", f"{name}.js", "javascript"),
    ]


def _files(source: Source, name: str) -> Iterator[Path]:
    """The files of `source` whose messages are in domain `name` (a module named in `OWN_DOMAIN` only in its own)."""
    for path in sorted(path for path in source.root.glob(source.pattern) if path.is_file()):
        if (_own_domain(_where(path)) or name) == name:
            yield path


def _where(path: Path) -> str:
    """A source file as the catalogue names it: package-relative, or `typer/core.py` for an installed package's."""
    if path.is_relative_to(PACKAGE):
        return path.relative_to(PACKAGE).as_posix()
    return path.relative_to(path.parent.parent).as_posix()


def template(name: str) -> Catalog:
    """Every message the code of domain `name` marks, as a template catalogue (with where each comes from)."""
    catalog = Catalog(domain=name, project="guildtable", charset="utf-8", fuzzy=False)
    for source in sources(name):
        keywords = source.keywords or (JS_KEYWORDS if source.method == "javascript" else PYTHON_KEYWORDS)
        options = JINJA_OPTIONS if source.method.startswith("jinja2") else {}
        for path in _files(source, name):
            for line, message, comments, context in extract_from_file(
                source.method, str(path), keywords=keywords, options=options, strip_comment_tags=True
            ):
                where = (_where(path), line)
                catalog.add(message, None, [where], auto_comments=comments, context=context)
    return catalog


def _read(language: str, name: str) -> Catalog:
    path = catalogue_path(language, name)
    if not path.exists():
        return Catalog(locale=language, domain=name, project="guildtable", charset="utf-8", fuzzy=False)
    with path.open("rb") as handle:
        return read_po(handle, locale=language, domain=name)


def _write(catalog: Catalog, language: str, name: str) -> None:
    path = catalogue_path(language, name)
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as handle:
        write_po(handle, catalog, width=120, sort_output=False, omit_header=False, ignore_obsolete=True)


def _ids(message: Message) -> tuple[str, ...]:
    return tuple(message.id) if isinstance(message.id, (list, tuple)) else (str(message.id),)


def _strings(message: Message) -> tuple[str, ...]:
    strings = message.string
    return tuple(strings) if isinstance(strings, (list, tuple)) else (strings or "",)


def update(name: str) -> dict[str, int]:
    """Bring every language's catalogue of `name` in step with the code; the number of messages still untranslated
    per language."""
    missing: dict[str, int] = {}
    for language in LANGUAGES:
        catalog = _read(language, name)
        # A template of its own for each language: `update` adopts the template's message objects.
        catalog.update(template(name), no_fuzzy_matching=True)
        catalog.obsolete.clear()
        for message in catalog:
            if not message.id:
                continue
            if language == ENGLISH and not any(_strings(message)):
                ids = _ids(message)
                message.string = ids if len(ids) > 1 else ids[0]
        missing[language] = sum(1 for message in catalog if message.id and not all(_strings(message)))
        _write(catalog, language, name)
    return missing


_MARKUP = re.compile(r"</?[a-zA-Z][^<>]*>")
# printf-style placeholders (`%(name)s`, `%s`), which a translation must keep as they are too.
_PERCENT = re.compile(r"%(?:\([a-zA-Z_][a-zA-Z0-9_]*\))?[#0+-]*\d*(?:\.\d+)?[sdirfgx]")


def _markup(text: str) -> list[str]:
    """The tags of a message, in order, without attribute values' words (a translation keeps the same tags)."""
    return sorted(re.sub(r'="[^"]*"', '=""', tag) for tag in _MARKUP.findall(text))


def problems(name: str) -> list[str]:
    """What is wrong with the catalogues of `name`, one line each (nothing when all is well)."""
    found: list[str] = []
    wanted = {(_ids(message)[0], message.context) for message in template(name) if message.id}
    for language in LANGUAGES:
        path = catalogue_path(language, name)
        if not path.exists():
            found.append(f"{path.relative_to(PACKAGE)}: missing; run `guildtable catalogues extract`")
            continue
        catalog = _read(language, name)
        have = set()
        for message in catalog:
            if not message.id:
                continue
            ids, strings = _ids(message), _strings(message)
            have.add((ids[0], message.context))
            where = f"{path.relative_to(PACKAGE)}: {ids[0][:60]!r}"
            if message.fuzzy:
                found.append(f"{where} is marked fuzzy")
            if not all(strings):
                found.append(f"{where} has no {language} text")
                continue
            source = dict(placeholders(ids[0]))
            for text in strings:
                have_names = dict(placeholders(text))
                # A plural form may leave out `{n}` ("one point" for 1): its other placeholders must still match.
                plural_ok = len(ids) > 1 and set(have_names) <= {*source, "n"}
                if have_names != source and not plural_ok:
                    found.append(f"{where}: placeholders {sorted(have_names)} but the source has {sorted(source)}")
                if sorted(_PERCENT.findall(text)) != sorted(_PERCENT.findall(ids[0])) and not plural_ok:
                    found.append(f"{where}: the %-placeholders differ from the source's")
                if _markup(text) != _markup(ids[0]):
                    found.append(f"{where}: the markup differs from the source's")
        for key in sorted(wanted - have, key=str):
            found.append(f"{path.relative_to(PACKAGE)}: {key[0][:60]!r} is in the code but not in the catalogue")
        for key in sorted(have - wanted, key=str):
            found.append(f"{path.relative_to(PACKAGE)}: {key[0][:60]!r} is no longer in the code")
    return found


app = typer.Typer(help="Keep the translation catalogues in step with the code.", no_args_is_help=True)


def all_domains() -> list[str]:
    """The platform's domains, then each game's (its package name), the games asked, not listed."""
    return [*PLATFORM_DOMAINS, *sorted(game.domain for game in all_games())]


@app.command("extract")
def extract(domains: list[str] = typer.Argument(None, help="Domains to update (all when none is named).")) -> None:
    """Update the catalogues from the code: new messages in, gone ones out."""
    for name in domains or all_domains():
        missing = update(name)
        untranslated = ", ".join(f"{language} {count}" for language, count in missing.items() if count)
        note = f" (untranslated: {untranslated})" if untranslated else ""
        typer.echo(f"{name}: {len(template(name))} messages{note}")


@app.command("check")
def check(domains: list[str] = typer.Argument(None, help="Domains to check (all when none is named).")) -> None:
    """Fail if any message lacks a language, is fuzzy, or differs from its source in placeholders or markup."""
    found = [line for name in domains or all_domains() for line in problems(name)]
    for line in found:
        typer.echo(line, err=True)
    if found:
        raise typer.Exit(1)
    typer.echo("catalogues complete: every message in " + " and ".join(LANGUAGES))

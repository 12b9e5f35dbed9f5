"""The words Typer's argument parser prints (its errors, the usage line's placeholders) in the reader's language, from
the `click` catalogue domain.

Typer 0.29 parses the command line with its own copy of Click (`typer._click`), not with the `click` package, and that
copy writes its messages as f-strings ("No such option: --foo", "Missing argument 'GAME'."), not through gettext. So
they are caught where they are shown: each English message Typer can print is written below as a template marked for
the catalogue (`N_("No such option: {option}")`), and an error's text that matches one is written again from the
catalogue in the current language, with the parts Typer filled in kept as they are (a nested message, such as the
reason inside "Invalid value for '--games': …", is translated the same way). Typer's own `typer.core` does mark its
messages with gettext ("No such command 'x'."): its module-level `_` is pointed at the catalogue instead.

In English every text comes out exactly as Typer writes it; a text no template matches is shown unchanged.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache
from typing import Final

import typer.core
from typer._click.exceptions import ClickException

from guildtable.kernel.i18n import N_, domain

# The messages of Typer's parser and of Pydantic's validation (which Typer uses to convert values), most specific
# first: a message is matched against each in turn. `{message}` is itself a message and translated in its turn.
TEMPLATES: Final = (
    N_("{message} (Possible options: {options})"),
    N_("{message}. Did you mean {suggestions}?"),
    N_("No such option: {option}"),
    N_("Missing argument {name}. {message}"),
    N_("Missing option {name}. {message}"),
    N_("Missing parameter {name}. {message}"),
    N_("Missing argument {name}."),
    N_("Missing option {name}."),
    N_("Missing parameter {name}."),
    N_("Choose from:{choices}"),
    N_("Invalid value for {name}: {message}"),
    N_("Invalid value: {message}"),
    N_("Got unexpected extra argument(s) ({arguments})"),
    N_("Option {option} does not take a value."),
    N_("Option {option} requires an argument."),
    N_("Option {option} requires {count} arguments."),
    N_("Argument {name} takes {count} values."),
    N_("Value must be an iterable."),
    N_("Value {value} is not a valid {type}."),
    N_("file {path} does not exist."),
    N_("dir {path} does not exist."),
    N_("path {path} does not exist."),
    N_("file {path} is a directory."),
    N_("dir {path} is a file."),
    N_("Could not open file {path}: {message}"),
    N_("Value error, {message}"),
    N_("{value} is not one of {choices}."),
    N_("Input should be a valid integer, unable to parse string as an integer"),
    N_("Input should be a valid integer, got a number with a fractional part"),
    N_("Input should be a valid number, unable to parse string as a number"),
    N_("Input should be a valid boolean, unable to interpret input"),
    N_("Input should be greater than or equal to {limit}"),
    N_("Input should be less than or equal to {limit}"),
    N_("Input should be greater than {limit}"),
    N_("Input should be less than {limit}"),
)
# The placeholders of the usage line ("Usage: guildtable [OPTIONS] COMMAND [ARGS]...").
OPTIONS_METAVAR: Final = N_("[OPTIONS]")
SUBCOMMAND_METAVAR: Final = N_("COMMAND [ARGS]...")

_PLACEHOLDER = re.compile(r"\{([a-z_]+)\}")
# Marks an error whose text is already translated when shown (an error passes through several commands).
_MARK: Final = "_guildtable_translated"


def gettext(message: str) -> str:
    """`message` in the current language, unformatted (Typer formats it afterwards)."""
    return domain("click").translations().gettext(message)


def ngettext(singular: str, plural: str, count: int) -> str:
    """The form of a message for `count`, unformatted."""
    return domain("click").translations().ngettext(singular, plural, count)


@cache
def _patterns() -> tuple[tuple[str, re.Pattern[str]], ...]:
    """Each template with a pattern matching the English texts made from it."""
    compiled = []
    for template in TEMPLATES:
        parts = _PLACEHOLDER.split(template)
        pattern = "".join(re.escape(part) if index % 2 == 0 else f"(?P<{part}>.+?)" for index, part in enumerate(parts))
        compiled.append((template, re.compile(pattern, re.DOTALL)))
    return tuple(compiled)


def translate(text: str) -> str:
    """An English text Typer printed, in the current language (unchanged when no template matches it)."""
    for template, pattern in _patterns():
        match = pattern.fullmatch(text)
        if match:
            values = {
                name: translate(value) if name == "message" else value for name, value in match.groupdict().items()
            }
            return gettext(template).format_map(values)
    return text


def usage(line: str) -> str:
    """A usage line with its placeholders in the current language."""
    for placeholder in (SUBCOMMAND_METAVAR, OPTIONS_METAVAR):
        line = line.replace(placeholder, gettext(placeholder))
    return line


def install() -> None:
    """Let Typer's own gettext calls (`typer.core`) speak through the catalogue; doing it again changes nothing."""
    setattr(typer.core, "_", gettext)  # noqa: B010 (the module's name for gettext)


@contextmanager
def translated_errors() -> Iterator[None]:
    """Show the errors raised inside the block in the current language (their text is made only when shown)."""
    try:
        yield
    except ClickException as error:
        if not getattr(error, _MARK, False):
            english = error.format_message
            setattr(error, "format_message", lambda: translate(english()))  # noqa: B010
            setattr(error, _MARK, True)
        raise

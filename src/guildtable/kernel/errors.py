"""Errors a front door shows to a person: each names what is wrong, never a traceback.

`IllegalAction` names the rule a move breaks; the `Bad*` errors name the offending field of a record, an option set
or a content file.
"""

# Compiled by mypyc at install (setup.py): see "Compiled engines" in src/guildtable/games/README.md.
from __future__ import annotations

from guildtable.kernel.i18n import gettext as _


class GuildtableError(Exception):
    """Base of every error meant for a person rather than a programmer."""


class IllegalAction(GuildtableError):
    """A move that the rules forbid, or that is not a move at all. The state it was tried on is unchanged."""

    def __init__(self, rule: str, message: str) -> None:
        self.rule = rule
        self.message = message
        super().__init__(f"{rule}: {message}" if rule else message)


class BadRecord(GuildtableError):
    """A malformed game record or setup; `field` is a dotted path such as `setup.piles[0][3]`. `kind` says what is
    wrong for a page that words it itself ("not-json", "missing", "illegal-move"; empty otherwise), and `detail` holds
    an illegal move's reason in the rule's own words."""

    def __init__(self, field: str, message: str, *, kind: str = "", detail: str = "") -> None:
        self.field = field
        self.message = message
        self.kind = kind
        self.detail = detail
        super().__init__(f"{field}: {message}" if field else message)


class BadOptions(GuildtableError):
    """Game options that are unknown, of the wrong type or out of range; `field` names the option."""

    def __init__(self, field: str, message: str) -> None:
        self.field = field
        self.message = message
        super().__init__(_("option {field}: {message}", field=field, message=message))


class BadContent(GuildtableError):
    """A content data file (cards, tiles, maps) that fails validation: names the file, the record and the field."""

    def __init__(self, file: str, record: str, field: str, message: str) -> None:
        self.file = file
        self.record = record
        self.field = field
        self.message = message
        where = ", ".join(part for part in (file, f"record {record}" if record else "", field) if part)
        super().__init__(f"{where}: {message}")

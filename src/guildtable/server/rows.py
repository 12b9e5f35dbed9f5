"""The platform's own rows in a table's move log (issue 16): an undo, a resignation, a time-out, a bot taking over.

They are stored like moves, one row per ply (`action` -1, the row spelled out in `notation`), so they are ordered with
the moves by the same key: of two processes that see one clock run out, or a move and an undo racing, only the first
is stored and the other finds the ply taken. Replaying a table's rows gives the moves, the undos and who is out.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from guildtable.kernel import BadRecord

PLATFORM_ACTION = -1

RowKind = Literal["undo", "resign", "timeout", "takeover"]
KINDS: tuple[RowKind, ...] = ("undo", "resign", "timeout", "takeover")


@dataclass(frozen=True, slots=True)
class PlatformRow:
    """`seat` took back its last move (undo), resigned, ran out of time and forfeited (timeout), or ran out of time
    and is played on by the bot `bot` (takeover)."""

    kind: RowKind
    seat: int
    bot: str | None = None

    def notation(self) -> str:
        return f"{self.kind} {self.seat}" + (f" {self.bot}" if self.bot else "")


def platform_row(notation: str) -> PlatformRow:
    """The row a stored notation spells out; BadRecord if it is none."""
    words = notation.split()
    kind = words[0] if words else ""
    if kind not in KINDS or len(words) not in (2, 3) or not words[1].isdigit():
        raise BadRecord("notation", f"not a platform row: {notation[:60]!r}")
    if (len(words) == 3) != (kind == "takeover"):
        raise BadRecord("notation", f"not a platform row: {notation[:60]!r}")
    for known in KINDS:
        if known == kind:
            return PlatformRow(known, int(words[1]), words[2] if len(words) == 3 else None)
    raise AssertionError(kind)

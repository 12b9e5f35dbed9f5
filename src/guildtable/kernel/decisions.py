"""The pending-decision stack: a multi-step choice is asked one small question at a time.

A card ability that wants a level, then cards, then a target pushes one `Decision` per question; the top of the stack
is what the current player answers next. Bots, the CLI and the web page drive every game through this one shape.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class Decision:
    """One open question: `kind` names it (`"place"`, `"swap"`), `seat` answers it, `context` carries what the
    question is about (the tile just placed, the card being resolved) as plain immutable values."""

    kind: str
    seat: int
    context: tuple[Any, ...] = ()

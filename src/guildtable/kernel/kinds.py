"""The record of one open question, and a game's table of its kinds: what a question stack holds and what a
snapshot stores of it (`kernel.questions` runs the stack).

This module is not compiled, though `kernel.questions` is: mypyc would take the class attributes of a dataclass's body
(`kind = "swap"`) for fields (mypyc/mypyc#1122), and a game declares its kinds as dataclasses with such attributes.
The classes stay plain Python, compiled code reads their fields all the same.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, fields
from typing import ClassVar, Generic

from typing_extensions import TypeVar

from guildtable.kernel.errors import BadRecord

AnyQuestion = TypeVar("AnyQuestion", bound="Question", default="Question")
"""The questions of one game's stack: a union of its kinds (`StackState[Place | Swap]`)."""


@dataclass(frozen=True, slots=True)
class Question:
    """One open question: `seat` answers it (-1 for a step no seat answers); a subclass per kind names the kind and
    adds what the question is about (the tile just placed, the card being resolved) as named immutable fields."""

    kind: ClassVar[str] = ""
    """The kind's name: in snapshots, views, the RL encoders and the log."""
    automatic: ClassVar[bool] = False
    """True for a bookkeeping step the engine runs itself rather than a seat answering it."""

    seat: int

    def context(self) -> tuple[object, ...]:
        """The fields after `seat`, in declaration order (what a snapshot stores)."""
        return tuple(getattr(self, name) for name in _context_names(type(self)))


_NAMES: dict[type[Question], tuple[str, ...]] = {}


def _context_names(kind: type[Question]) -> tuple[str, ...]:
    """The names of `kind`'s fields after `seat`, in declaration order (found once per class)."""
    names = _NAMES.get(kind)
    if names is None:
        names = _NAMES[kind] = tuple(field.name for field in fields(kind) if field.name != "seat")
    return names


class Kinds(Generic[AnyQuestion]):
    """The question classes of one game, by kind name: reads snapshot records back into questions. Annotate it with
    the game's kinds (`KINDS: Kinds[Place | Swap] = Kinds(Place, Swap)`) for `read` to say so."""

    def __init__(self, *kinds: type[AnyQuestion]) -> None:
        self.by_name: dict[str, type[AnyQuestion]] = {}
        for kind in kinds:
            if not kind.kind or kind.kind in self.by_name:
                raise ValueError(f"question kinds need distinct names: {kind.__name__} is {kind.kind!r}")
            self.by_name[kind.kind] = kind

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str) and name in self.by_name

    def read(self, name: object, seat: object, context: Sequence[object], where: str) -> AnyQuestion:
        """The question a snapshot recorded as (`name`, `seat`, `context`); BadRecord naming `where` if it is not
        one. Values are taken as written: a game checks them against its position where it reads the rest."""
        kind = self.by_name.get(name) if isinstance(name, str) else None
        if kind is None:
            known = ", ".join(sorted(self.by_name))
            raise BadRecord(where, f"unknown question {name!r}; the questions are: {known}")
        if isinstance(seat, bool) or not isinstance(seat, int):
            raise BadRecord(where, f"a question's seat is a whole number, not {seat!r}")
        if not isinstance(context, (list, tuple)):
            raise BadRecord(where, f"a question's details are a list, not {context!r}")
        names = _context_names(kind)
        if len(context) != len(names):
            raise BadRecord(
                where, f"a {name} question has {len(names)} details ({', '.join(names)}), not {len(context)}"
            )
        return kind(seat, *context)

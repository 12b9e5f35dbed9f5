"""The two questions of a Toy Nim turn: take counters (NIM-3), then, after taking three, give one back or keep them
(NIM-4). Each is a frozen record on the state's question stack (`guildtable.kernel.questions`)."""

from __future__ import annotations

from dataclasses import dataclass

from guildtable.kernel.questions import Kinds, Question


@dataclass(frozen=True, slots=True)
class Take(Question):
    """Take 1, 2 or 3 counters from the pile, never more than it holds (NIM-3)."""

    kind = "take"


@dataclass(frozen=True, slots=True)
class GiveOrKeep(Question):
    """After taking `taken` counters (always 3): give one back to the pile, or keep all of them (NIM-4)."""

    kind = "give_or_keep"
    taken: int


KINDS = Kinds(Take, GiveOrKeep)

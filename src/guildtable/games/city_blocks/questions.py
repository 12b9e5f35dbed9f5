"""The two questions of a City Blocks turn (CB-10 to CB-13): place a tile, then, after a courthouse, whether to swap
two value tiles. Each is a frozen record on the state's question stack (`kernel.questions`)."""

from __future__ import annotations

from dataclasses import dataclass

from guildtable.kernel.questions import Kinds, Question


@dataclass(frozen=True, slots=True)
class Place(Question):
    """Place a tile from the hand: a build on an empty site or a rebuild over one's own tile (CB-10 to CB-12)."""

    kind = "place"


@dataclass(frozen=True, slots=True)
class Swap(Question):
    """After a courthouse on `site`: swap the value tiles of two streets not yet scored, or not (CB-13). `built`:
    the courthouse went on an empty site, so its streets may score once the swap is settled (CB-16, CB-A-7)."""

    kind = "swap"
    site: int
    built: bool


KINDS: Kinds[Place | Swap] = Kinds(Place, Swap)

PLACE_BY_SEAT: tuple[Place, ...] = (Place(0), Place(1))
"""Each seat's placement question, made once: a question is immutable, and every turn asks one. (Typed as a tuple of
any length: compiled code indexes it as it is rather than unpacking a pair and packing it again.)"""

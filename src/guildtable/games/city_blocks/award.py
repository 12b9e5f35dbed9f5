"""A scored street as the position keeps it (CB-16 to CB-20).

Its own module, not compiled: views, snapshots and events show it, so the server's pydantic models read it, and they
need `typing_extensions.TypedDict`, which mypyc would turn into `typing.TypedDict` (issue 36).
"""

from __future__ import annotations

from typing_extensions import TypedDict


class Award(TypedDict):
    """A scored street (CB-16 to CB-20), as the state keeps it and views, snapshots and the `award` event show it:
    the street's name, its value tile, each player's total there, and the winner (None: a tie, the tile removed)."""

    street: str
    value: int
    totals: list[int]
    winner: int | None

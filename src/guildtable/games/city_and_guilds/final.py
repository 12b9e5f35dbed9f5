"""The shape of City and Guilds' final scoring (CG-44, CG-45) and of the payout rows the views, the snapshot, the log
and the score breakdown pass on: typed dicts the server's models read, so they live in a module mypyc does not
compile (compiled, a TypedDict becomes typing.TypedDict, which pydantic refuses on Python 3.11)."""

from __future__ import annotations

from typing_extensions import TypedDict

Row = list[str | int]
"""A row of mixed JSON values, in a fixed order: a ledger entry [source, seat, points, why] or a final payout
[seat, points, why]. It is a list at run time (JSON has no tuples), so its items are typed `str | int` together;
a reader narrows them with `cast`."""


class FinalGuildView(TypedDict):
    """One guild's final scoring chain and what it paid (CG-44)."""

    size: int
    blocks: int
    value: int
    lots: list[str]
    points: list[Row]
    """[seat, points, why] per paid seat."""


class FinalView(TypedDict):
    """The final scoring (CG-44, CG-45): `CityAndGuildsPosition.final`, which the views, the snapshot and the score
    breakdown pass on as it is."""

    guilds: dict[str, FinalGuildView]
    """By guild name, only the guilds with a scoring chain."""
    penalties: list[Row]
    """[seat, points, why] per seat with unused figures."""

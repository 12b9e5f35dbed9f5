"""What the position keeps of tiles scored and of the final scoring, as views and snapshots show it (GL-77 to GL-84,
GL-99 to GL-101).

Its own module, not compiled: views and snapshots show these, so the server's pydantic models read them, and they
need `typing_extensions.TypedDict`, which mypyc would turn into `typing.TypedDict` (issue 36).
"""

from __future__ import annotations

from typing import NotRequired

from typing_extensions import TypedDict


class TileResult(TypedDict):
    """A tile's vote (flow.py `_vote`): `second` only when there is a winner."""

    round: int
    tile: str
    counts: list[int]
    winner: int | None
    second: NotRequired[int | None]


class RewardCardScore(TypedDict):
    """What one mayoral reward card gave at the end (GL-100)."""

    card: str
    vp: int


class FinalScoring(TypedDict):
    """The end-of-game scoring (flow.py `final_scoring`), per seat."""

    reward_cards: list[list[RewardCardScore]]
    master_pairs: list[int]
    reward_card_counts: list[int]

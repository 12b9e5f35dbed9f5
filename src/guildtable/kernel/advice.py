"""What every game's `advice.py` shares: choosing the one sentence an analysis shows for why a better move was better
(`Game.explain_choice`)."""

from __future__ import annotations

from collections.abc import Sequence

Weighed = tuple[float, str]
"""A reason one position is better than another for a seat: its weight (how much it matters) and its sentence."""


def weightiest(found: Sequence[Weighed], lost: Sequence[Weighed], least: float) -> str:
    """The sentence of the weightiest reason the better move gained (`found`), or "" when none weighs `least` or more,
    or when what the move played gained over it (`lost`) weighs as much in all: then the difference shows later."""
    weight, sentence = max(found, default=(0.0, ""), key=lambda reason: reason[0])
    if weight < least or sum(reason[0] for reason in found) <= sum(reason[0] for reason in lost):
        return ""
    return sentence

"""The end screen's score sheet: every point of the final score, by category, in named lines that add up.

A game builds its sheet from public facts only (what every player saw scored), names every line in a player's words
(streets, blocks, tiles and cards by name, never raw ids or seat numbers), and the sheet checks that each seat's lines
sum to its final score. The pages render the sheet as one table per category; nothing game-specific is needed there.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from typing_extensions import TypedDict

from guildtable.kernel.i18n import gettext as _


class ScoreLineJSON(TypedDict):
    label: str
    points: list[float]


class ScoreCategoryJSON(TypedDict):
    title: str
    lines: list[ScoreLineJSON]
    subtotals: list[float]


class ScoreSheetJSON(TypedDict):
    categories: list[ScoreCategoryJSON]
    totals: list[float]


@dataclass(frozen=True, slots=True)
class ScoreLine:
    """One scored thing ("Row 3", "The Worshipful Company of Lamplighters") and what it gave each seat."""

    label: str
    points: tuple[float, ...]


@dataclass(frozen=True, slots=True)
class ScoreCategory:
    title: str
    lines: tuple[ScoreLine, ...]

    def subtotals(self, seats: int) -> list[float]:
        return [sum(line.points[seat] for line in self.lines) for seat in range(seats)]


@dataclass(frozen=True, slots=True)
class ScoreSheet:
    categories: tuple[ScoreCategory, ...]
    totals: tuple[float, ...]
    seats: int = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "seats", len(self.totals))
        for category in self.categories:
            for line in category.lines:
                if len(line.points) != self.seats:
                    raise ValueError(f"{category.title} / {line.label}: {len(line.points)} points for {self.seats}")
        sums = [sum(c.subtotals(self.seats)[seat] for c in self.categories) for seat in range(self.seats)]
        if any(abs(total - got) > 1e-9 for total, got in zip(self.totals, sums, strict=True)):
            raise ValueError(f"the score sheet does not add up: lines give {sums}, the scores are {list(self.totals)}")

    def to_json(self) -> ScoreSheetJSON:
        return {
            "categories": [
                {
                    "title": category.title,
                    "lines": [{"label": line.label, "points": list(line.points)} for line in category.lines],
                    "subtotals": category.subtotals(self.seats),
                }
                for category in self.categories
                if category.lines
            ],
            "totals": list(self.totals),
        }


def line(label: str, seats: int, points: dict[int, float]) -> ScoreLine:
    """A line giving `points[seat]` to each listed seat and 0 to the others."""
    return ScoreLine(label, tuple(float(points.get(seat, 0)) for seat in range(seats)))


def single_category(title: str, totals: Sequence[float]) -> ScoreSheet:
    """A sheet for a game that has not itemised its score yet: one line, the totals themselves."""
    return ScoreSheet((ScoreCategory(title, (ScoreLine(_("Final score"), tuple(totals)),)),), tuple(totals))

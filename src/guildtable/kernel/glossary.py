"""What every piece of a game does, in a player's words: the texts the pages show on a card or tile, on hover, tap and
keyboard focus, and the terminal shows beside a hand.

A game's glossary maps the key its views use for a piece (a tile code such as "SCH", a profession id, an action card
number, a tile id) to the piece's name, what it does, and details such as an ability's levels, a cost or its points.
It holds public content only: the same for every seat, so a page may fetch it once and keep it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from typing_extensions import TypedDict


class DetailJSON(TypedDict):
    label: str
    text: str
    level: int | None


class PieceTextJSON(TypedDict):
    name: str
    text: str
    details: list[DetailJSON]


@dataclass(frozen=True, slots=True)
class Detail:
    """One line of a piece's text: "Level 2" / "Take 1 card of your choice", "Cost" / "1 chapter", "VP" / "3".
    `level` is the chapter size (or other count) from which an ability line applies, so a page can mark the lines
    a player can use now; None for lines that are not levels."""

    label: str
    text: str
    level: int | None = None

    def to_json(self) -> DetailJSON:
        return {"label": self.label, "text": self.text, "level": self.level}


@dataclass(frozen=True, slots=True)
class PieceText:
    """A piece's name, what it does (one or two plain sentences), and its details."""

    name: str
    text: str
    details: tuple[Detail, ...] = ()

    def to_json(self) -> PieceTextJSON:
        return {"name": self.name, "text": self.text, "details": [detail.to_json() for detail in self.details]}


Glossary = Mapping[str, PieceText]


def glossary_json(glossary: Glossary) -> dict[str, PieceTextJSON]:
    return {key: piece.to_json() for key, piece in glossary.items()}

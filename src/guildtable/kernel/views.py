"""What every game's per-seat view has in common (`State.view`): a typed base each game's own view extends.

A view is what one seat (or a spectator, seat None) may know of a position, as JSON-ready values. Each game's
`view.py` declares its view as a `TypedDict` built on `SeatView` (`class CityBlocksView(SeatView)`), so the keys a
page, a renderer or a test reads are named and typed in one place; at run time a view is a plain dict.

The other shapes the protocol hands the server (a legal move, a rules-page example) live here too: this module is
not compiled, and the server's pydantic models need `typing_extensions.TypedDict`, which mypyc would turn into
`typing.TypedDict` (issue 36).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import NotRequired

from pydantic import ConfigDict, with_config
from typing_extensions import TypedDict


@with_config(ConfigDict(extra="allow"))
class DecisionView(TypedDict):
    """The question on turn, as a view shows it: its kind's name, the seat that answers it, and (where the game shows
    it to everyone) the question in plain words. A game may add the question's public context (Guildhall's
    `GuildhallDecision`): the API's schema lets those keys through (issue 32)."""

    kind: str
    seat: int
    prompt: NotRequired[str]


class SeatView(TypedDict):
    """The keys every game's view has."""

    game: str
    """The game's name (`city-blocks`)."""
    seat: int | None
    """Whose view this is (None: a spectator's)."""
    seats: list[str]
    """The seats' names, in seat order."""
    current_player: int | None
    """The seat that decides next, or None once the game is over."""
    terminal: bool
    """Whether the game is over."""
    winners: list[int]
    """The winning seats once the game is over, else []."""
    decision: DecisionView | None
    """The question on turn, or None once the game is over."""


class LegalMove(TypedDict):
    """A legal move as a table offers it: the structured action to send back, its notation, and its label in plain
    words in the reader's language."""

    action: Mapping[str, object]
    notation: str
    label: str


class ExampleSeat(TypedDict):
    """A seat of a rules-page example, as the page's renderer reads seats at a table."""

    seat: int
    name: str
    kind: str
    joined: bool


class ExampleJson(TypedDict):
    """A rules-page example as `/api/games/{name}/examples` sends it."""

    id: str
    title: str
    caption: str
    view: SeatView
    seats: list[ExampleSeat]
    current_player: int | None

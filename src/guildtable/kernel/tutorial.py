"""Tutorials (issue 34): a game's guided first game, as data in the game's package (`Game.tutorial`), played on the
real engine.

A `Tutorial` is a fixed deal (seed, `setup=` and options), the learner's seat and a list of `Step`s. A step is one
short instruction; a *move* step names the move the lesson wants (in the game's notation), the pieces to highlight (the
values of the renderer's `data-site`, `data-tile`, `data-street` attributes) and why that move and not another, and the
other seats' scripted replies after it; an *explain* step ("Next") says what just happened, with numbers computed from
the engine at that moment. `lesson` plays the script through and writes every step in the reader's language, so the
suite (and the server) fail loudly when a rules change breaks a lesson. The data is here; playing it is `lessons.py`.

What must never leave here: the scripted replies of the other seats before they are played (`lesson` keeps them to
itself), and anything of a position but what its texts and the learner's own moves say.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from typing_extensions import TypedDict

Fields = Callable[[Any], Mapping[str, object]]
"""What a step's text needs filled in, computed from the engine's position (a game's `State`) when the step is shown.
(`Any`: the protocol names this module's `Tutorial`, so this module cannot name the protocol's `State`.)"""


@dataclass(frozen=True, slots=True)
class Step:
    """One step of a tutorial: an instruction (`move` set: the learner must play it) or an explanation (`move`
    empty: the learner reads it and goes on with "Next").

    >>> Step("Build your store 6 on row 1, column 1.", move="S6 R1C1", highlight=("S6", "R1C1")).is_move
    True
    """

    text: str
    """The instruction or explanation: a message of the game's catalogue (marked N_), `{fields}` filled by `fields`."""
    move: str = ""
    """The move the lesson wants, in the game's notation; "" for an explanation."""
    highlight: tuple[str, ...] = ()
    """The pieces and places to use, named as the game's renderer names them (`S6`, `R1C1`, `R3`)."""
    wrong: str = ""
    """Why the lesson wants `move` rather than the move chosen (a message of the game's catalogue)."""
    replies: tuple[str, ...] = ()
    """The other seats' moves after this step, in order (notation): the script plays them, not a bot."""
    fields: Fields | None = None
    """The values of the text's and `wrong`'s `{fields}` in the position the step is shown in."""
    rules: tuple[str, ...] = ()
    """The rule IDs the step teaches (tests cite them)."""

    @property
    def is_move(self) -> bool:
        return bool(self.move)


@dataclass(frozen=True, slots=True)
class Unreached:
    """A rule a first game does not meet, named at the tutorial's end with a link to its rules page's section."""

    text: str
    section: str
    """The `id` of the rules page's section (`turn` in `/rules/city-blocks#turn`)."""
    rules: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Tutorial:
    """A game's guided first game: the deal, the learner's seat, the steps and what the lesson leaves out."""

    seat: int
    players: int
    steps: tuple[Step, ...]
    seed: int = 0
    setup: Mapping[str, object] | None = None
    options: Mapping[str, object] = field(default_factory=dict)
    unreached: tuple[Unreached, ...] = ()
    opponent: str = "easy"
    """The bot of "Play your first real game"."""
    minutes: int = 5
    """About how long the tutorial takes."""


class TutorialStepJson(TypedDict):
    """A step as the page shows it (`/api/games/{name}/tutorial`)."""

    index: int
    at: int
    """The moves played before the step (the table's version when it is shown)."""
    kind: str
    """"move" or "explain"."""
    text: str
    action: Mapping[str, object] | None
    """The move the lesson wants, in the JSON form the table's legal moves use."""
    notation: str
    highlight: list[str]
    wrong: str
    rules: list[str]


class UnreachedJson(TypedDict):
    text: str
    href: str


class TutorialJson(TypedDict):
    """A game's tutorial in the reader's language (`/api/games/{name}/tutorial`)."""

    game: str
    seat: int
    minutes: int
    opponent: str
    options: dict[str, object]
    steps: list[TutorialStepJson]
    unreached: list[UnreachedJson]
    moves: int
    """The moves of the whole scripted game (the table's version at its end)."""

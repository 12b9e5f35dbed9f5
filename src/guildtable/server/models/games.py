"""The games as the API tells them (issue 32): the catalogue of `/api/games` (each game's player counts, options and
seat names, the bots a seat can be given), a game's glossary, and its rules page's examples."""

from __future__ import annotations

from pydantic import RootModel
from typing_extensions import TypedDict

from guildtable.kernel.glossary import PieceTextJSON
from guildtable.kernel.views import ExampleSeat
from guildtable.server.models.views import GameView

Scalar = str | int | float | bool | None
"""An option's value as JSON: a value of another kind is sent as its text."""


class GameOptionInfo(TypedDict):
    """One option of a game, as the new-table form asks for it."""

    name: str
    label: str
    rule: str
    """The rule or decision behind it: a "why?" detail."""
    choice_labels: list[str] | None
    default: Scalar
    kind: str
    """`bool`, `int`, `str` or `float`."""
    help: str
    choices: list[Scalar] | None
    minimum: int | None
    maximum: int | None


class GameInfo(TypedDict):
    """A game: its name (what a table is created with), its title, its renderer, its player counts and options."""

    name: str
    title: str
    renderer: str
    """The page's module that draws it: `web/games/<renderer>.js`."""
    min_players: int
    max_players: int
    seat_names: list[str]
    official_content: bool
    content_note: str
    options: list[GameOptionInfo]
    tutorial: bool
    """Issue 34: whether the game has a guided first game (`/api/games/{name}/tutorial`)."""
    expert_players: list[int]
    """Issue 35: the player counts at which the `expert` level plays with a network trained for the game (the new-table
    form offers it only there)."""


class BotInfo(TypedDict):
    kind: str
    description: str


class OpponentInfo(TypedDict):
    """A named computer opponent (a bot level), as the new-table form offers it."""

    kind: str
    label: str


class GamesCatalogue(TypedDict):
    """Every game the engine has, and the bots a seat can be given."""

    games: list[GameInfo]
    bots: list[BotInfo]
    opponents: list[OpponentInfo]


class Glossary(RootModel[dict[str, PieceTextJSON]]):
    """What every piece of a game does, keyed as the game's views name the pieces (a tile code, a profession id)."""


class GameExample(TypedDict):
    """A position of the rules page, as a spectator sees it, with its title and caption in plain words."""

    id: str
    title: str
    caption: str
    view: GameView
    seats: list[ExampleSeat]
    current_player: int | None


class GameExamples(RootModel[list[GameExample]]):
    """A game's rules page's examples."""

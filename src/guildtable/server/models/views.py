"""Each game's view as the API describes it: the game's own `TypedDict` (`Game.view_type`, from its `view.py`), one
schema per game (`CityBlocksView`, `CityAndGuildsView`, `GuildhallView`, `GuildsView`), and `GameView`, the view of
whichever game a table plays: those types tagged by the view's `game`.

The server reaches the games only through the registry (the layers' contract), so the union is built from it: a game
added by another package brings its view type along.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any, Union

from pydantic import Discriminator, Tag

from guildtable.kernel.registry import all_games
from guildtable.kernel.views import SeatView


def _game_of(view: Any) -> str | None:
    """The tag of a view: the game it is a view of."""
    return view.get("game") if isinstance(view, dict) else getattr(view, "game", None)


def _tagged_views() -> Any:
    """The views of every registered game, each tagged with its game's name (a union needs at least one member)."""
    tagged = tuple(Annotated[game.view_type, Tag(game.name)] for game in all_games())
    return Annotated[Union[tagged], Discriminator(_game_of)]  # noqa: UP007 (a union built at run time)


if TYPE_CHECKING:
    GameView = SeatView
else:
    GameView = _tagged_views()
"""One seat's (or a spectator's) view of a position of any game: the game's own view type, chosen by its `game`."""

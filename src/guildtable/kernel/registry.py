"""The one game registry: front doors find games here by name, never by importing a game module.

A game is found, never listed: every distribution that provides games names them in its metadata, in the entry-point
group `guildtable.games` (`city-blocks = "guildtable.games.city_blocks:GAME"` in guildtable's own `pyproject.toml`),
so a third-party package adds a game by declaring its own entry point. `get_game` loads just the entry point a name
points to, so one game never waits on the others; `all_games` loads them all once. `register` adds a game directly
(a test's toy game).
"""

from __future__ import annotations

from importlib.metadata import EntryPoint, entry_points

from guildtable.kernel.errors import GuildtableError
from guildtable.kernel.i18n import gettext as _
from guildtable.kernel.protocol import Game

GROUP = "guildtable.games"
"""The entry-point group games are declared in."""

_GAMES: dict[str, Game] = {}
_discovered = False


def register(game: Game) -> Game:
    """Add `game` under its name (idempotent for the same object)."""
    existing = _GAMES.get(game.name)
    if existing is not None and existing is not game and type(existing) is not type(game):
        raise ValueError(f"two games are named {game.name!r}")
    _GAMES[game.name] = game
    return game


def unregister(name: str) -> None:
    """Forget the game called `name` (a test's toy game); an installed game comes back on the next discovery."""
    global _discovered
    if _GAMES.pop(name, None) is not None:
        _discovered = False


_POINTS: dict[str, EntryPoint] = {}


def _entry_points() -> dict[str, EntryPoint]:
    """The declared games by name, read from the installed distributions' metadata once per process."""
    if not _POINTS:
        _POINTS.update((point.name, point) for point in entry_points(group=GROUP))
    return _POINTS


def _load(point: EntryPoint) -> None:
    game = point.load()
    if not isinstance(game, Game):
        raise TypeError(f"the entry point {point.name} = {point.value!r} of {GROUP} is not a Game")
    if game.name != point.name:
        raise ValueError(f"the entry point {point.name} of {GROUP} names a game called {game.name!r}")
    register(game)


def _discover() -> None:
    global _discovered
    if _discovered:
        return
    for name, point in _entry_points().items():
        if name not in _GAMES:
            _load(point)
    _discovered = True


def all_games() -> list[Game]:
    """Every registered game, in name order."""
    _discover()
    return [_GAMES[name] for name in sorted(_GAMES)]


def find_game(name: str) -> Game | None:
    """The registered game called exactly `name`, or None. For names from the network: nothing is imported by it."""
    return next((game for game in all_games() if game.name == name), None)


def get_game(name: str) -> Game:
    """The game called `name` (also accepts `city_blocks` for `city-blocks`), or a GuildtableError listing them."""
    key = name.strip().lower().replace("_", "-")
    if key not in _GAMES:
        point = _entry_points().get(key)
        if point is not None:
            _load(point)
    game = _GAMES.get(key)
    if game is None:
        _discover()
        game = _GAMES.get(key)
    if game is None:
        known = ", ".join(sorted(_GAMES))
        raise GuildtableError(_("unknown game {name}; the games are: {known}", name=repr(name), known=known))
    return game

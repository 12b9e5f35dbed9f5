"""The one game registry: front doors find games here by name, never by importing a game module.

Each package under `guildtable.games` registers its `Game` when imported; `all_games` imports them all once.
"""

from __future__ import annotations

import importlib
import pkgutil

from guildtable.kernel.errors import GuildtableError
from guildtable.kernel.i18n import gettext as _
from guildtable.kernel.protocol import Game

_GAMES: dict[str, Game] = {}
_discovered = False


def register(game: Game) -> Game:
    """Add `game` under its name (idempotent for the same object)."""
    existing = _GAMES.get(game.name)
    if existing is not None and existing is not game and type(existing) is not type(game):
        raise ValueError(f"two games are named {game.name!r}")
    _GAMES[game.name] = game
    return game


def _discover() -> None:
    global _discovered
    if _discovered:
        return
    _discovered = True
    package = importlib.import_module("guildtable.games")
    for module in pkgutil.iter_modules(package.__path__, package.__name__ + "."):
        if module.ispkg:
            importlib.import_module(module.name)


def _import_one(package: str) -> None:
    """Import just the game package a name points to, so one game never waits on the others."""
    if not package.isidentifier():
        return
    try:
        importlib.import_module(f"guildtable.games.{package}")
    except ModuleNotFoundError as error:
        if error.name != f"guildtable.games.{package}":
            raise


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
        _import_one(key.replace("-", "_"))
    game = _GAMES.get(key)
    if game is None:
        _discover()
        game = _GAMES.get(key)
    if game is None:
        known = ", ".join(sorted(_GAMES))
        raise GuildtableError(_("unknown game {name}; the games are: {known}", name=repr(name), known=known))
    return game

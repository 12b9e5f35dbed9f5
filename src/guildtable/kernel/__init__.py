"""The game protocol every game implements and every front door relies on.

The kernel imports nothing else of guildtable: games, bots and front doors build on it, never the other way.
"""

from guildtable.kernel.errors import BadContent, BadOptions, BadRecord, GuildtableError, IllegalAction
from guildtable.kernel.events import Event
from guildtable.kernel.options import Option
from guildtable.kernel.protocol import Game, State
from guildtable.kernel.rng import Rng
from guildtable.kernel.views import LegalMove

__all__ = [
    "BadContent",
    "BadOptions",
    "BadRecord",
    "Event",
    "Game",
    "GuildtableError",
    "IllegalAction",
    "LegalMove",
    "Option",
    "Rng",
    "State",
]

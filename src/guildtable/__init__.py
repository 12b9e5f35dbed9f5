"""guildtable: exact rules engines, bots and front doors for four city-and-guild board games."""

# First of all: the compiled engine or the sources (GUILDTABLE_PURE=1, or a build older than its sources).
from guildtable import compiled

compiled.check()

from guildtable.kernel.version import ENGINE_VERSION  # noqa: E402

__version__ = ENGINE_VERSION

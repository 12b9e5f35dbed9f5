"""guildtable: exact rules engines, bots and front doors for four city-and-guild board games."""

from guildtable.kernel.version import ENGINE_VERSION

__version__ = ENGINE_VERSION

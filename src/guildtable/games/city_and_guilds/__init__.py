"""City and Guilds (Steve Kingsbury, JKLM Games 2004): 3–5 players lay guild tiles on a city map and compete for
blocks and guilds.

Rules: `../shared/rules/city-and-guilds.md`, rule IDs CG-1 to CG-47, decisions CG-A-1 to CG-A-23.
"""

from guildtable.games.city_and_guilds.game import CityAndGuilds

GAME = CityAndGuilds()

__all__ = ["GAME", "CityAndGuilds"]

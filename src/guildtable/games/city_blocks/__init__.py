"""City Blocks (J. Alan Henning, nestorgames 2013): two players build a 5×6 city for the mayor's bonuses.

Rules: `../shared/rules/city-blocks.md`, rule IDs CB-1 to CB-22.
"""

from guildtable.games.city_blocks.game import CityBlocks

GAME = CityBlocks()

__all__ = ["GAME", "CityBlocks"]

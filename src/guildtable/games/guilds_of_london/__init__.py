"""Guilds of London (Tony Boydell, Surprised Stare Games 2016), 2–4 players: recruit and move liverymen through a
growing city of guild tiles around the Guildhall, win votes to become masters, score mayoral reward cards.

Rules: `../shared/rules/guilds-of-london.md`, rule IDs GL-1 to GL-111 and decisions GL-D1 to GL-D41. The content is
the stand-in set in `data/` (see `data/DESIGN.md`).
"""

from guildtable.games.guilds_of_london.game import GuildsOfLondon

GAME = GuildsOfLondon()

__all__ = ["GAME", "GuildsOfLondon"]

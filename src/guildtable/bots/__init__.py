"""Bots: they play any game through the kernel protocol only (and a game's optional `Game.evaluate`).

A bot is given the true state but must look at it only through what its seat may know: `legal_actions()`,
`view(seat)` and `determinize(seat, rng)`.
"""

from guildtable.bots.base import Bot
from guildtable.bots.spec import BOT_KINDS, make_bot

__all__ = ["BOT_KINDS", "Bot", "make_bot"]

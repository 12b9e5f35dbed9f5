"""Guildhall: Job Faire (Hope S. Hwang; AEG / Pegasus Spiele 2014): 2–4 players collect chapters of five colours in
their guildhalls and trade completed chapters for prestige cards; 20 VP at the end of your own turn wins.

Rules: `../shared/rules/guildhall.md`, rule IDs GH-1 to GH-116 and decisions GH-D1 to GH-D26. The prestige deck
shipped in `data/prestige_cards.json` is a stand-in (§13.3), flagged `official: false`.
"""

from guildtable.games.guildhall.game import Guildhall
from guildtable.kernel.registry import register

GAME = register(Guildhall())

__all__ = ["GAME", "Guildhall"]

"""Guildhall: Job Faire (Hope S. Hwang; AEG / Pegasus Spiele 2014): 2–4 players collect chapters of five colours in
their guildhalls and trade completed chapters for prestige cards; 20 VP at the end of your own turn wins.

Rules: `../shared/rules/guildhall.md`, rule IDs GH-1 to GH-116 and decisions GH-D1 to GH-D26. The prestige deck
shipped in `data/prestige_cards.json` is a stand-in (§13.3), flagged `official: false`.

Engine choices where the spec leaves the interface open:
- `max_turns` (0 = off, the default) is a simulation limit, not a rule: after that many turns the game ends and the
  highest VP wins, ties shared (the issue asks for this; GH-D22 would call it "no result").
- The Hunter's whole discard pile is shown to its player from the level question on, because which levels can be
  carried out depends on the pile (GH-D7 with GH-D18); the Hunter is asked for the cards it gives before the cards
  it takes, so that every take offered is legal against the guildhall as it will be (GH-D12).
- Multi-card discards ask only for the card that ends on top (GH-D17): hand cards are selected one at a time and
  the last one selected ends on top; paying two chapters names the first chapter, then the top card.
"""

from guildtable.games.guildhall.game import Guildhall

GAME = Guildhall()

__all__ = ["GAME", "Guildhall"]

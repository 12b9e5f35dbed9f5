"""The questions a City and Guilds player is asked, one at a time: the kinds of the kernel's `Decision` on the state's
`pending` stack, and what each one's context holds. Only names: what a question allows and what an answer does is in
rules.py."""

from __future__ import annotations

RETURN = "return"  # CG-11: give back one of the four dealt tiles
PICK = "pick"  # CG-14 / CG-16: which tile to place
LOT = "lot"  # context (tile,): where to place it
BUILDING = "building"  # context (lot,): invest or double (CG-17)
MINSTREL_FIGURE = "minstrel"  # context (lot,): figure or not (CG-21)
TAVERN_CHOICE = "tavern"  # CG-36: a lot for a tavern, or decline
DRAW = "draw"  # CG-24: which display tile to take
PENDING_KINDS = (RETURN, PICK, LOT, BUILDING, MINSTREL_FIGURE, TAVERN_CHOICE, DRAW)

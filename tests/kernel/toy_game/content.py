"""The Toy Nim components (NIM-1, NIM-2): a pile of identical counters and three goal cards, two crowns and a
skull. Plain constants: every other file reads them, none changes them."""

from __future__ import annotations

SEAT_NAMES = ("North", "South")

CROWN_A, CROWN_B, SKULL = range(3)
CARD_NAMES = ("crown-a", "crown-b", "skull")
"""A crown says: taking the last counter wins. The skull says: taking the last counter loses (NIM-5). The two crowns
are told apart so that a leak of the card set aside can be seen in a view."""
CARD_INDEX = {name: card for card, name in enumerate(CARD_NAMES)}

MAX_TAKE = 3
"""At most this many counters a turn (NIM-3)."""
GIVE_AFTER = 3
"""Taking exactly this many asks the give-or-keep question (NIM-4)."""


def last_taker_wins(card: int) -> bool:
    """Whether taking the last counter wins for the holder of `card` (NIM-5)."""
    return card != SKULL

"""The opening of Toy Nim (NIM-2): the three goal cards shuffled from the seed, one to each seat and one set aside
face down; North starts.

An explicit setup may give `deal`: three card names, North's card, South's and the one set aside, e.g.
`{"deal": ["crown-a", "skull", "crown-b"]}`. Without it the deal is shuffled from the seed.
"""

from __future__ import annotations

from typing import Any

from guildtable.kernel import BadRecord, Rng
from toy_game.content import CARD_INDEX, CARD_NAMES


def make_deal(seed: int, setup: dict[str, Any] | None) -> tuple[int, int, int]:
    """North's card, South's and the one set aside; BadRecord naming the setup key that is wrong."""
    setup = setup or {}
    for key in setup:
        if key != "deal":
            raise BadRecord(f"setup.{key}", "unknown setup key (Toy Nim has: deal)")
    if "deal" not in setup:
        cards = list(range(len(CARD_NAMES)))
        Rng(seed).shuffle(cards)
        return cards[0], cards[1], cards[2]
    deal = setup["deal"]
    if not isinstance(deal, list) or sorted(map(str, deal)) != sorted(CARD_NAMES):
        raise BadRecord("setup.deal", f"give each of {', '.join(CARD_NAMES)} once: North's, South's, set aside")
    north, south, aside = (CARD_INDEX[name] for name in deal)
    return north, south, aside

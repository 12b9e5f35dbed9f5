"""What a Toy Nim seat may see (NIM-2): the pile, the question on turn, and its own goal card; the other seat's card
only once the game is over, the card set aside never. A spectator sees no card until the end."""

from __future__ import annotations

from typing import Any

from toy_game.content import CARD_NAMES, SEAT_NAMES
from toy_game.state import NimPosition


def view(state: NimPosition, seat: int | None) -> dict[str, Any]:
    over = state.question is None
    return {
        "game": state.game.name,
        "seat": seat,
        "seats": list(SEAT_NAMES),
        "current_player": state.current_player,
        "decision": state.decision(),
        "pile": state.pile,
        "card": None if seat is None else CARD_NAMES[state.cards[seat]],
        "cards": [CARD_NAMES[card] for card in state.cards] if over else None,
        "last_move": state.last_move,
        "terminal": over,
        "scores": state.scores(),
        "winners": state.winners(),
    }

"""The plain words a Toy Nim player reads: each question on turn and its answers as a button's labels. Never
notation and never rule IDs. (A real game builds these in the reader's language with its gettext domain; the toy
speaks English only.)"""

from __future__ import annotations

from collections.abc import Sequence

from toy_game.actions import GIVE
from toy_game.content import SEAT_NAMES
from toy_game.questions import GiveOrKeep, Take
from toy_game.state import NimPosition


def over(state: NimPosition, names: Sequence[str] | None = None) -> str:
    return "The game is over"


def take_prompt(state: NimPosition, question: Take, names: Sequence[str] | None = None) -> str:
    """NIM-3, naming the player whose turn is next."""
    other = (names or SEAT_NAMES)[1 - question.seat]
    return f"Take 1 to 3 counters from the pile of {state.pile} (then it is {other}'s turn)"


def take_label(state: NimPosition, question: Take, action: int, names: Sequence[str] | None = None) -> str:
    count = action + 1
    return "Take 1 counter" if count == 1 else f"Take {count} counters"


def give_or_keep_prompt(state: NimPosition, question: GiveOrKeep, names: Sequence[str] | None = None) -> str:
    """NIM-4."""
    return f"You took {question.taken}: give one back to the pile, or keep them all"


def give_or_keep_label(
    state: NimPosition, question: GiveOrKeep, action: int, names: Sequence[str] | None = None
) -> str:
    return "Give one counter back" if action == GIVE else "Keep all three"

"""The plain words a Toy Nim player reads: the question on turn and each legal answer as a button's label. Never
notation and never rule IDs. (A real game builds these in the reader's language with its gettext domain; the toy
speaks English only.)"""

from __future__ import annotations

from collections.abc import Sequence

from toy_game.actions import GIVE, KEEP
from toy_game.content import SEAT_NAMES
from toy_game.questions import GiveOrKeep
from toy_game.state import NimPosition


def prompt(state: NimPosition, names: Sequence[str] | None = None) -> str:
    """The question on turn (NIM-3, NIM-4)."""
    question = state.question
    if question is None:
        return "The game is over"
    if isinstance(question, GiveOrKeep):
        return f"You took {question.taken}: give one back to the pile, or keep them all"
    other = (names or SEAT_NAMES)[1 - question.seat]
    return f"Take 1 to 3 counters from the pile of {state.pile} (then it is {other}'s turn)"


def action_label(action: int) -> str:
    if action == GIVE:
        return "Give one counter back"
    if action == KEEP:
        return "Keep all three"
    count = action + 1
    return "Take 1 counter" if count == 1 else f"Take {count} counters"

"""The legal answers to the Toy Nim question on top (NIM-3, NIM-4), and why any other answer is refused: the rule
it breaks and a sentence a player understands."""

from __future__ import annotations

from guildtable.kernel.protocol import Reason
from toy_game.actions import GIVE, KEEP, take_action
from toy_game.content import MAX_TAKE
from toy_game.questions import GiveOrKeep
from toy_game.state import NimPosition


def legal_actions(state: NimPosition) -> list[int]:
    """The actions that answer the question on top, ascending."""
    question = state.question
    if question is None:
        return []
    if isinstance(question, GiveOrKeep):
        return [GIVE, KEEP]
    return [take_action(count) for count in range(1, min(MAX_TAKE, state.pile) + 1)]


def why_illegal(state: NimPosition, action: int) -> Reason | None:
    """None if `action` (in range, game not over) answers the question on top, else the rule it breaks and why."""
    question = state.stack[-1]
    if isinstance(question, GiveOrKeep):
        if action in (GIVE, KEEP):
            return None
        return "NIM-4", "First say whether you give one of your three counters back or keep them"
    if action in (GIVE, KEEP):
        return "NIM-4", "You may give a counter back only right after taking three"
    count = action + 1
    if count > state.pile:
        return "NIM-3", f"The pile holds only {state.pile}, so you cannot take {count}"
    return None

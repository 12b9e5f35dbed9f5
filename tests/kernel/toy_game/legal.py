"""The legal answers to each Toy Nim question (NIM-3, NIM-4), and why any other answer is refused: the rule it
breaks and a sentence a player understands. One function per question kind and job; `rules.py` puts them in the
game's handlers."""

from __future__ import annotations

from guildtable.kernel.protocol import Reason
from toy_game.actions import GIVE, KEEP, take_action
from toy_game.content import MAX_TAKE
from toy_game.questions import GiveOrKeep, Take
from toy_game.state import NimPosition


def takes(state: NimPosition, question: Take) -> list[int]:
    """Take 1 to 3 counters, never more than the pile holds (NIM-3)."""
    return [take_action(count) for count in range(1, min(MAX_TAKE, state.pile) + 1)]


def give_or_keep(state: NimPosition, question: GiveOrKeep) -> list[int]:
    """Give one counter back, or keep them all (NIM-4)."""
    return [GIVE, KEEP]


def refuse_take(state: NimPosition, question: Take, action: int) -> Reason | None:
    """None if `action` takes counters the pile holds, else the rule it breaks and why (NIM-3, NIM-4)."""
    if action in (GIVE, KEEP):
        return "NIM-4", "You may give a counter back only right after taking three"
    count = action + 1
    if count > state.pile:
        return "NIM-3", f"The pile holds only {state.pile}, so you cannot take {count}"
    return None


def refuse_give_or_keep(state: NimPosition, question: GiveOrKeep, action: int) -> Reason | None:
    """None if `action` gives a counter back or keeps them, else why not (NIM-4)."""
    if action in (GIVE, KEEP):
        return None
    return "NIM-4", "First say whether you give one of your three counters back or keep them"

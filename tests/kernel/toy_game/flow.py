"""What a Toy Nim answer does (NIM-3 to NIM-5): counters leave the pile, a take of three asks the give-or-keep
question above the next player's turn, and an empty pile at the end of a turn ends the game. Called only with a
legal action (`legal.py`), once the kernel has taken the question off the stack."""

from __future__ import annotations

from guildtable.kernel import Event
from guildtable.kernel.events import public
from toy_game import actions
from toy_game.actions import GIVE
from toy_game.content import CARD_NAMES, GIVE_AFTER
from toy_game.questions import GiveOrKeep, Take
from toy_game.state import NimPosition


def take(state: NimPosition, question: Take, action: int, events: list[Event]) -> None:
    """Take counters (NIM-3); the next player's turn goes on the stack, and above it, after a take of three, the
    give-or-keep question (NIM-4), asked even when the pile is now empty."""
    seat = question.seat
    count = action + 1
    state.last_move = actions.notation(action)
    state.pile -= count
    state.last_taker = seat
    events.append(public("take", seat=seat, count=count, pile=state.pile, move=state.last_move))
    state.stack.append(Take(1 - seat))
    if count == GIVE_AFTER:
        state.stack.append(GiveOrKeep(seat, taken=count))
        return
    _end_of_turn(state, events)


def give_or_keep(state: NimPosition, question: GiveOrKeep, action: int, events: list[Event]) -> None:
    """Give a counter back to the pile or keep them (NIM-4); the next player's turn, below, is on top again."""
    seat = question.seat
    state.last_move = actions.notation(action)
    if action == GIVE:
        state.pile += 1
        events.append(public("give", seat=seat, pile=state.pile, move=state.last_move))
    else:
        events.append(public("keep", seat=seat, kept=question.taken, move=state.last_move))
    _end_of_turn(state, events)


def _end_of_turn(state: NimPosition, events: list[Event]) -> None:
    """NIM-5: an empty pile at the end of a turn ends the game and turns the players' cards face up."""
    if state.pile:
        return
    state.stack.clear()
    events.append(public("reveal", cards=[CARD_NAMES[card] for card in state.cards]))
    events.append(public("game_end", scores=state.scores(), winners=state.winners()))

"""What a Toy Nim answer does (NIM-3 to NIM-5): counters leave the pile, a take of three pushes the give-or-keep
question above the next player's turn, and an empty pile at the end of a turn ends the game. Called only with a
legal action (`legal.py`)."""

from __future__ import annotations

from guildtable.kernel import Event
from guildtable.kernel.events import public
from toy_game import actions
from toy_game.actions import GIVE
from toy_game.content import CARD_NAMES, GIVE_AFTER
from toy_game.questions import GiveOrKeep, Take
from toy_game.state import NimPosition


def apply(state: NimPosition, action: int) -> list[Event]:
    """Answer the question on top with `action`."""
    question = state.stack[-1]
    seat = question.seat
    state.last_move = actions.notation(action)
    if isinstance(question, GiveOrKeep):
        state.stack.pop()  # the next player's Take, waiting below, is on top again
        if action == GIVE:
            state.pile += 1
            events = [public("give", seat=seat, pile=state.pile, move=state.last_move)]
        else:
            events = [public("keep", seat=seat, kept=question.taken, move=state.last_move)]
        return events + _end_of_turn(state)
    count = action + 1
    state.pile -= count
    state.last_taker = seat
    events = [public("take", seat=seat, count=count, pile=state.pile, move=state.last_move)]
    state.stack[-1] = Take(1 - seat)
    if count == GIVE_AFTER:  # NIM-4: asked before the turn passes, even when the pile is now empty
        state.stack.append(GiveOrKeep(seat, taken=count))
        return events
    return events + _end_of_turn(state)


def _end_of_turn(state: NimPosition) -> list[Event]:
    """NIM-5: an empty pile at the end of a turn ends the game and turns the players' cards face up."""
    if state.pile:
        return []
    state.stack.clear()
    return [
        public("reveal", cards=[CARD_NAMES[card] for card in state.cards]),
        public("game_end", scores=state.scores(), winners=state.winners()),
    ]

"""Helpers for a game's rules-page examples (`Game.examples`, each game's `examples.py`): play a game to a moment,
and the few words the captions share.

The captions' messages are in the `rules` catalogue, beside the rules texts, in the same words (`guildtable
catalogues` puts every `examples.py` there); the game words inside them (guild, profession, colour and tile names)
come from each game's own word helpers, and the seats are named by `seat_colour_label`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Generic, TypeVar, cast

from guildtable.kernel.i18n import domain
from guildtable.kernel.protocol import State
from guildtable.kernel.seats import seat_colour_label

_rules = domain("rules")
_ = _rules.gettext
ngettext = _rules.ngettext

MOVE_LIMIT = 3000
"""How far a seeded example may play before giving up on its moment (a safety net; every example stops far sooner)."""

Chooser = Callable[[State], int]
"""A seat's player: the action it takes in a position."""

S = TypeVar("S", bound=State)


def play(state: S, moves: Iterable[str]) -> S:
    """Apply moves given in the game's notation."""
    for move in moves:
        state.apply(state.action_from_notation(move))
    return state


class Players(Generic[S]):
    """One chooser per seat playing a game on to natural-looking positions (a `Playout`)."""

    def __init__(self, state: S, choosers: Sequence[Chooser]) -> None:
        self.state = state
        self.choosers = choosers

    def until(self, stop: Callable[[S], bool]) -> S:
        """Play on until `stop(state)` holds (or the game ends); a copy of that position."""
        state = self.state
        for _step in range(MOVE_LIMIT):
            if state.current_player is None or stop(state):
                break
            state.apply(self.choosers[state.current_player](state))
        return cast(S, state.clone())  # a state's clone is of its own class (`State.clone` says only State)


def seat_names(count: int) -> tuple[str, ...]:
    """The first `count` seats named by their colour in the reader's language ("Blau", "Rot", ...)."""
    return tuple(seat_colour_label(seat) for seat in range(count))


def listing(items: Sequence[str]) -> str:
    """'a', 'a and b', 'a, b and c' in the reader's language."""
    if len(items) < 2:
        return "".join(items)
    return _("{items} and {last}", items=", ".join(items[:-1]), last=items[-1])


def dollars(values: Iterable[int]) -> str:
    return listing([f"${value}" for value in sorted(values)])


def scores(names: Sequence[str], points: Iterable[tuple[int, int]]) -> str:
    """'Blue 8, Red 4 and Green 2' for (seat, points) pairs."""
    return listing([f"{names[seat]} {amount}" for seat, amount in points])


def sentences(*texts: str) -> str:
    """Whole sentences, each its own message, one after the other."""
    return " ".join(text for text in texts if text)

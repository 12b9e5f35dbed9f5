"""The Toy Nim state (NIM-3 to NIM-5): the position (`state.py`) with its questions' handlers (legal answers from
`legal.py`, what an answer does from `flow.py`, words from `words.py`), its view, snapshot and codecs, as the kernel's
`State`. The kernel's `StackState` runs the stack with `HANDLERS`."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from guildtable.kernel.questions import Handler, Handlers
from toy_game import actions, flow, legal, words
from toy_game.content import CARD_NAMES
from toy_game.questions import KINDS, GiveOrKeep, Take
from toy_game.snapshot import write as write_snapshot
from toy_game.state import NimPosition
from toy_game.view import view as seat_view

HANDLERS: Handlers[NimPosition] = Handlers(KINDS, over=words.over)
HANDLERS.ask(
    Take,
    Handler(
        legal=legal.takes,
        refuse=legal.refuse_take,
        answer=flow.take,
        prompt=words.take_prompt,
        label=words.take_label,
    ),
)
HANDLERS.ask(
    GiveOrKeep,
    Handler(
        legal=legal.give_or_keep,
        refuse=legal.refuse_give_or_keep,
        answer=flow.give_or_keep,
        prompt=words.give_or_keep_prompt,
        label=words.give_or_keep_label,
    ),
)
HANDLERS.complete()


class NimState(NimPosition):
    """A Toy Nim position as the kernel's `State`: its questions are answered through `HANDLERS`."""

    handlers = HANDLERS

    def score_breakdown(self) -> dict[str, Any]:
        over = not self.stack
        return {
            "last_taker": self.last_taker if over else None,
            "cards": [CARD_NAMES[card] for card in self.cards] if over else None,
            "totals": self.scores(),
            "winners": self.winners(),
        }

    def view(self, seat: int | None) -> dict[str, Any]:
        return seat_view(self, seat)

    def snapshot(self) -> dict[str, Any]:
        return write_snapshot(self)

    def action_to_json(self, action: int) -> dict[str, Any]:
        return actions.to_json(action)

    def action_from_json(self, data: Mapping[str, Any]) -> int:
        return actions.from_json(data)

    def action_to_notation(self, action: int) -> str:
        return actions.notation(action)

    def action_from_notation(self, text: str) -> int:
        return actions.parse(text)

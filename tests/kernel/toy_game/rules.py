"""The Toy Nim state (NIM-3 to NIM-5): the position (`state.py`) with its legal answers (`legal.py`), what an answer
does (`flow.py`), its view, snapshot, words and codecs, as the kernel's `State`."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from guildtable.kernel import Event
from guildtable.kernel.protocol import Reason
from toy_game import actions, flow, legal, words
from toy_game.content import CARD_NAMES
from toy_game.snapshot import write as write_snapshot
from toy_game.state import NimPosition
from toy_game.view import view as seat_view


class NimState(NimPosition):
    """A Toy Nim position as the kernel's `State`."""

    def legal_actions(self) -> list[int]:
        return legal.legal_actions(self)

    def why_illegal(self, action: int) -> Reason | None:
        return legal.why_illegal(self, action)

    def _apply(self, action: int) -> list[Event]:
        return flow.apply(self, action)

    def prompt(self, names: Sequence[str] | None = None) -> str:
        return words.prompt(self, names)

    def action_label(self, action: int, names: Sequence[str] | None = None) -> str:
        return words.action_label(action)

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

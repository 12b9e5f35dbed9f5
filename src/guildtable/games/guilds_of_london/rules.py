"""Guilds of London rules (GL-42 to GL-111): `GuildsState`, the state the kernel drives, is the position (state.py)
with the protocol on top. Which answers are legal and why one is refused (legal.py), what an answer does and the
engine steps that follow it (flow.py), the scores (scoring.py), what a seat may see (view.py), the full snapshot
(snapshot.py) and the words (words.py) meet here with the action codec; this module only wires them together, so none
of them imports it.

The stack holds questions (questions.py): some a seat answers with an action, others are `automatic` steps the engine
runs by itself (e.g. "score the tile at position 5 of this reading order"). After every answer `settle` runs steps
until a question is on top, so the whole round — turns, tile scoring, growth — is data on the stack and snapshots,
clones and determinization need no special cases.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from guildtable.games.guilds_of_london import actions as A
from guildtable.games.guilds_of_london import flow, legal, scoring
from guildtable.games.guilds_of_london import words as W
from guildtable.games.guilds_of_london.questions import RewardUnder
from guildtable.games.guilds_of_london.snapshot import GuildsSnapshot
from guildtable.games.guilds_of_london.snapshot import snapshot as snapshot_of
from guildtable.games.guilds_of_london.state import GuildsPosition
from guildtable.games.guilds_of_london.view import GuildsView
from guildtable.games.guilds_of_london.view import view as view_of
from guildtable.kernel import Event, IllegalAction
from guildtable.kernel.i18n import domain
from guildtable.kernel.questions import top
from guildtable.kernel.scoresheet import ScoreSheet

_ = domain("guilds_of_london").gettext


class GuildsState(GuildsPosition):
    """A Guilds of London state: the position with the kernel's protocol on top."""

    # --- the protocol: what may be answered, and what an answer does ------------------------------------------------
    def legal_actions(self) -> list[int]:
        if not self.stack:
            return []
        return legal.legal_actions(self)

    def why_illegal(self, action: int) -> tuple[str, str] | None:
        if legal.is_legal(self, action):
            return None
        return legal.explain(self, action)

    def _apply(self, action: int) -> list[Event]:
        self._events = []
        flow.answer(self, action)
        flow.settle(self)
        events, self._events = self._events, []
        return events

    def prompt(self, names: Sequence[str] | None = None) -> str:
        return W.prompt(self, names)

    def action_label(self, action: int, names: Sequence[str] | None = None) -> str:
        return W.label(self, action, names)

    # --- the scores -------------------------------------------------------------------------------------------------
    def scores(self) -> list[float]:
        return scoring.scores(self)

    def winners(self) -> list[int]:
        return scoring.winners(self)

    def score_breakdown(self) -> scoring.GuildsScoreBreakdown:
        return scoring.score_breakdown(self)

    def score_sheet(self) -> ScoreSheet:
        return scoring.score_sheet(self)

    # --- what a seat sees, the snapshot and the codec --------------------------------------------------------------
    def view(self, seat: int | None) -> GuildsView:
        return view_of(self, seat)

    def snapshot(self) -> GuildsSnapshot:
        return snapshot_of(self)

    def action_to_json(self, action: int) -> A.ActionJson:
        return A.to_json(action, self._reward_verb())

    def action_from_json(self, data: Any) -> int:
        if not isinstance(data, dict) or not isinstance(data.get("type"), str):
            raise IllegalAction("", _("an action is a JSON object with a {key}", key="'type'"))
        what = data.get("what")
        if what is not None and not isinstance(what, str):
            raise IllegalAction("", _("{key} must be text", key="'what'"))
        return self.action_from_notation(f"{data['type']} {what}" if what else data["type"])

    def action_to_notation(self, action: int) -> str:
        return A.notation(action, self._reward_verb())

    def _reward_verb(self) -> str:
        """How a reward card answer reads: `under` while ordering cards under the reward deck, `keep` otherwise."""
        return "under" if top(self, RewardUnder) is not None else "keep"

    def action_from_notation(self, text: str) -> int:
        """A typed move; a reward card that does not exist is refused by the rule of the reward cards on offer
        (GL-31, GL-106), as one that exists but is not on offer is."""
        words = text.strip().lower().split()
        if len(words) == 2 and words[0] in ("keep", "under") and words[1] not in A.REWARD_OF_ID:
            raise IllegalAction(*legal.not_yours_to_keep(self))
        return A.parse(text)

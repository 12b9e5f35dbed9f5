"""Guildhall rules (GH-9 to GH-116): the kernel's state for a Guildhall position (`state.py`): the open question,
its legal answers, what an answer does, and the views, copies and notation built from them.

The legal answers and why any other answer is refused are worked out in `legal.py`, what an answer does in `flow.py`,
the question in words in `words.py`, views in `view.py`, snapshots in `snapshot.py` and points in `scoring.py`; this
module joins them and imports none of them back.

Hidden: hands (GH-21), the order of the draw deck, the discard pile below its top card (GH-20), cards a player is
selecting to discard, Bricklayer put-backs (GH-D20, known to their owner only). Views and events follow §3.2, GH-D18
and GH-D19; `determinize` resamples exactly those.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from guildtable.games.guildhall import actions as act
from guildtable.games.guildhall import scoring, snapshot, view, words
from guildtable.games.guildhall.actions import PROF, ActionJson
from guildtable.games.guildhall.content import CARD_NAMES, COLOURS, PROFESSION_NAMES
from guildtable.games.guildhall.flow import AUTO_HANDLERS, HANDLERS
from guildtable.games.guildhall.legal import ANSWERS, reason
from guildtable.games.guildhall.questions import (
    ASKED_KINDS,
    AUTOMATIC_KINDS,
    BricklayerPutBack,
    CapDiscard,
    ChooseAction,
    DiscardDraw,
    GuildhallQuestion,
    Pay,
    SetupDiscard,
)
from guildtable.games.guildhall.scoring import GuildhallScoreBreakdown
from guildtable.games.guildhall.snapshot import GuildhallSnapshot
from guildtable.games.guildhall.state import Position
from guildtable.games.guildhall.view import GuildhallView
from guildtable.kernel import Event, Rng
from guildtable.kernel.scoresheet import ScoreSheet


class GuildhallState(Position):
    """The kernel's state for Guildhall: a `Position` with its legal answers, what an answer does, views, copies
    and notation."""

    __slots__ = ()
    end_rule = "GH-113"

    # --- legal answers ---------------------------------------------------------------------------------------------
    def legal_actions(self) -> list[int]:
        legal = self._legal
        if legal is None:
            stack = self.stack
            if stack:
                question = stack[-1]
                legal = self._legal = ANSWERS[type(question)](self, question, question.seat)
            else:
                legal = self._legal = []
        return legal.copy()

    # --- applying answers ------------------------------------------------------------------------------------------
    def why_illegal(self, action: int) -> tuple[str, str] | None:
        if action in self.legal_actions():
            return None
        return reason(self, action)

    def _apply(self, action: int) -> list[Event]:
        self._legal = None
        stack = self.stack
        question = stack.pop()
        kind = type(question)
        events: list[Event] = []
        self.last_move = _MOVES[kind][action]
        HANDLERS[kind](self, question, question.seat, action, events)
        while stack and stack[-1].automatic:  # bookkeeping steps run until a question is open (or the game is over)
            question = stack.pop()
            AUTO_HANDLERS[type(question)](self, question, events)
        return events

    # --- results ---------------------------------------------------------------------------------------------------
    def scores(self) -> list[float]:
        return scoring.scores(self)

    def winners(self) -> list[int]:
        return scoring.winners(self)

    def score_sheet(self) -> ScoreSheet:
        return scoring.score_sheet(self)

    def score_breakdown(self) -> GuildhallScoreBreakdown:
        return scoring.score_breakdown(self)

    # --- views, copies, codec --------------------------------------------------------------------------------------
    def view(self, seat: int | None) -> GuildhallView:
        return view.view(self, seat)

    def snapshot(self) -> GuildhallSnapshot:
        return snapshot.write(self)

    def clone(self) -> GuildhallState:
        copy = self._clone_base()
        copy._legal = self._legal
        copy.rng = self.rng.clone()
        copy.deck = self.deck.copy()
        copy.discard = self.discard.copy()
        copy.hands = [hand.copy() for hand in self.hands]
        copy.selected = self.selected.copy()
        copy.areas = [area.copy() for area in self.areas]
        copy.halls = self.halls.copy()
        copy.completed = [done.copy() for done in self.completed]
        copy.owned = [owned.copy() for owned in self.owned]
        copy.tokens = self.tokens.copy()
        copy.row = self.row.copy()
        copy.prestige_deck = self.prestige_deck.copy()
        copy.removed = self.removed.copy()
        copy.start_player = self.start_player
        copy.active = self.active
        copy.actions_left = self.actions_left
        copy.played = self.played
        copy.turn = self.turn
        copy.prepared = self.prepared
        copy.known = self.known.copy()
        copy.winner_seats = self.winner_seats.copy()
        copy.last_move = self.last_move
        copy.stack = self.stack.copy()
        return copy

    def determinize(self, seat: int, rng: Rng) -> GuildhallState:
        """Resample what `seat` cannot see: other hands, the deck below the cards `seat` put back, the discard pile
        below its top (unless `seat` is searching it), and the prestige deck order."""
        copy = self.clone()
        copy._legal = None  # recomputed in the new world, so that a dependence on hidden facts would show
        copy.rng = rng.spawn()
        robbed = self.robbing(seat)
        pool: list[int] = []
        others = [s for s in self.opponents(seat) if s != robbed]
        for s in others:
            pool.extend(copy.hands[s])
        known = min(copy.known[seat], len(copy.deck))
        hidden_deck = len(copy.deck) - known
        pool.extend(copy.deck[:hidden_deck])
        searching = self.searching(seat)
        hidden_discard = 0 if searching or not copy.discard else len(copy.discard) - 1
        pool.extend(copy.discard[:hidden_discard])
        rng.shuffle(pool)
        at = 0
        for s in others:
            size = len(copy.hands[s])
            copy.hands[s] = sorted(pool[at : at + size])
            at += size
        copy.deck[:hidden_deck] = pool[at : at + hidden_deck]
        at += hidden_deck
        copy.discard[:hidden_discard] = pool[at : at + hidden_discard]
        for s in others:
            copy.known[s] = 0
        if self.options["small_game_removal"] == "per_value" and self.removed:
            prestige_pool = copy.prestige_deck + copy.removed
            rng.shuffle(prestige_pool)
            copy.removed = sorted(prestige_pool[: len(copy.removed)])
            copy.prestige_deck = prestige_pool[len(copy.removed) :]
        else:
            rng.shuffle(copy.prestige_deck)
        return copy

    def prompt(self, names: Sequence[str] | None = None) -> str:
        return words.prompt(self, names)

    def action_label(self, action: int, names: Sequence[str] | None = None) -> str:
        return words.action_label(self, action, names)

    def notation_for(self, question: GuildhallQuestion, action: int) -> str:
        """The public record of an answer (`last_move`): hidden choices are not named (GH-D18, GH-D20)."""
        return _MOVES[type(question)][action]

    def action_to_notation(self, action: int) -> str:
        kind = type(self.stack[-1]) if self.stack else ChooseAction
        return act.notation(action, kind.verb)

    def action_from_notation(self, text: str) -> int:
        return act.parse(text)

    def action_to_json(self, action: int) -> ActionJson:
        return act.to_json(action)

    def action_from_json(self, data: Mapping[str, Any]) -> int:
        return act.from_json(data)


def move_record(kind: type[GuildhallQuestion], action: int) -> str:
    """The public record of answering a question of `kind` with `action` (see `notation_for`)."""
    if kind in (SetupDiscard, DiscardDraw) and action < PROF:
        return "select a card to discard"
    if kind is BricklayerPutBack:
        return "put a card back on the deck"
    if kind is Pay and action >= PROF:  # the chapter paid below the top stays unnamed (GH-D16)
        return "pay a completed chapter"
    if kind is Pay and action < PROF:
        return f"pay {PROFESSION_NAMES[action // COLOURS]} chapter, {CARD_NAMES[action]} on top"
    if kind is CapDiscard and action < PROF:
        return f"discard {PROFESSION_NAMES[action // COLOURS]} chapter, {CARD_NAMES[action]} on top"
    return act.notation(action, kind.verb)


# Every record made once: `_apply` looks it up at every step instead of formatting it.
_MOVES: dict[type[GuildhallQuestion], tuple[str, ...]] = {
    kind: tuple(move_record(kind, action) for action in range(act.NUM_ACTIONS))
    for kind in (*ASKED_KINDS, *AUTOMATIC_KINDS)
}

"""Guildhall rules (GH-9 to GH-116): the kernel's state for a Guildhall position (`state.py`): the open question,
its legal answers, what an answer does, and the views, copies and notation built from them.

What each question allows and does is declared once per kind in `HANDLERS`: its legal answers and why any other
answer is refused (`legal.py`), what an answer does (`flow.py`), the question and its answers in words (`words.py`)
and its part of the view (`view.py`); each bookkeeping step is a step of `flow.py`. The kernel's `StackState` runs
the question stack with them. Views are made in `view.py`, snapshots in `snapshot.py` and points in `scoring.py`; this
module joins them and imports none of them back.

Hidden: hands (GH-21), the order of the draw deck, the discard pile below its top card (GH-20), cards a player is
selecting to discard, Bricklayer put-backs (GH-D20, known to their owner only). Views and events follow §3.2, GH-D18
and GH-D19; `determinize` resamples exactly those.
"""

# Compiled by mypyc at install (setup.py): see "Compiled engines" in src/guildtable/games/README.md.
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from guildtable.games.guildhall import actions as act
from guildtable.games.guildhall import flow, legal, scoring, snapshot, view, words
from guildtable.games.guildhall.actions import PROF, ActionJson
from guildtable.games.guildhall.content import CARD_NAMES, COLOURS, PROFESSION_NAMES
from guildtable.games.guildhall.questions import (
    ASKED_KINDS,
    AUTOMATIC_KINDS,
    KINDS,
    BricklayerPutBack,
    Buy,
    CapDiscard,
    ChooseAction,
    ChooseLevel,
    ChooseTarget,
    DiscardDraw,
    DiscardTop,
    EndTurn,
    FinishTurn,
    GuildhallQuestion,
    HunterChapter,
    HunterGive,
    HunterTake,
    LayOut,
    NextAction,
    Pay,
    PeddlerGive,
    PeddlerReceive,
    PeddlerTake,
    PlaceOrder,
    PlaceQueue,
    PlayCard,
    RobberPick,
    SetupDiscard,
    SetupPlace,
    SwapGive,
    SwapTake,
    TakeCard,
    TakeChapter,
    TaxGive,
    TaxTarget,
    UseAbility,
)
from guildtable.games.guildhall.scoring import GuildhallScoreBreakdown
from guildtable.games.guildhall.snapshot import GuildhallSnapshot
from guildtable.games.guildhall.state import Position
from guildtable.games.guildhall.view import GuildhallView
from guildtable.kernel import Event, Rng
from guildtable.kernel.protocol import Reason
from guildtable.kernel.questions import Handler, Handlers
from guildtable.kernel.scoresheet import ScoreSheet

HANDLERS: Final[Handlers[Position]] = Handlers(KINDS, over=words.over)
"""What each Guildhall question allows and does (Appendix A, GH-16 to GH-114), in the order of `ASKED_KINDS`, then
the engine's bookkeeping steps."""
# --- setup (GH-16) ---
HANDLERS.ask(
    SetupDiscard,
    Handler(
        legal=legal.setup_discard,
        refuse=legal.refuse_setup_discard,
        answer=flow.setup_discard,
        prompt=words.setup_discard_prompt,
        label=words.setup_discard_label,
    ),
)
HANDLERS.ask(
    SetupPlace,
    Handler(
        legal=legal.setup_place,
        refuse=legal.refuse_setup_place,
        answer=flow.setup_place,
        prompt=words.setup_place_prompt,
        label=words.setup_place_label,
    ),
)
# --- the turn (GH-23 to GH-47) ---
HANDLERS.ask(
    ChooseAction,
    Handler(
        legal=legal.choose_action,
        refuse=legal.refuse_choose_action,
        answer=flow.choose_action,
        prompt=words.choose_action_prompt,
        label=words.play_label,
    ),
)
HANDLERS.ask(
    PlayCard,
    Handler(
        legal=legal.play_card,
        refuse=legal.refuse_play_card,
        answer=flow.play_card,
        prompt=words.play_card_prompt,
        label=words.play_label,
    ),
)
HANDLERS.ask(
    ChooseLevel,
    Handler(
        legal=legal.choose_level,
        refuse=legal.refuse_choose_level,
        answer=flow.choose_level,
        prompt=words.choose_level_prompt,
        label=words.choose_level_label,
        view=view.level_view,
    ),
)
HANDLERS.ask(
    DiscardDraw,
    Handler(
        legal=legal.discard_draw,
        refuse=legal.refuse_discard_draw,
        answer=flow.discard_draw,
        prompt=words.discard_draw_prompt,
        label=words.discard_draw_label,
    ),
)
HANDLERS.ask(
    Buy,
    Handler(
        legal=legal.buy,
        refuse=legal.refuse_buy,
        answer=flow.buy,
        prompt=words.buy_prompt,
        label=words.answer_label,
    ),
)
HANDLERS.ask(
    Pay,
    Handler(
        legal=legal.pay,
        refuse=legal.refuse_pay,
        answer=flow.pay,
        prompt=words.pay_prompt,
        label=words.pay_label,
    ),
)
HANDLERS.ask(
    UseAbility,
    Handler(
        legal=legal.use_ability,
        refuse=legal.refuse_use_ability,
        answer=flow.use_ability,
        prompt=words.use_ability_prompt,
        label=words.use_ability_label,
    ),
)
HANDLERS.ask(
    ChooseTarget,
    Handler(
        legal=legal.choose_target,
        refuse=legal.refuse_choose_target,
        answer=flow.choose_target,
        prompt=words.choose_target_prompt,
        label=words.choose_target_label,
    ),
)
# --- professions (GH-64 to GH-101) ---
HANDLERS.ask(
    RobberPick,
    Handler(
        legal=legal.robber_pick,
        refuse=legal.refuse_robber_pick,
        answer=flow.robber_pick,
        prompt=words.robber_pick_prompt,
        label=words.robber_pick_label,
        view=view.target_view,
    ),
)
HANDLERS.ask(
    PlaceOrder,
    Handler(
        legal=legal.place_order,
        refuse=legal.refuse_place_order,
        answer=flow.place_order,
        prompt=words.place_order_prompt,
        label=words.place_order_label,
        view=view.cards_view,
    ),
)
HANDLERS.ask(
    HunterGive,
    Handler(
        legal=legal.hunter_give,
        refuse=legal.refuse_hunter_give,
        answer=flow.hunter_give,
        prompt=words.hunter_give_prompt,
        label=words.hunter_give_label,
        view=view.cards_view,
    ),
)
HANDLERS.ask(
    HunterChapter,
    Handler(
        legal=legal.hunter_chapter,
        refuse=legal.refuse_hunter_chapter,
        answer=flow.hunter_chapter,
        prompt=words.hunter_chapter_prompt,
        label=words.hunter_chapter_label,
    ),
)
HANDLERS.ask(
    HunterTake,
    Handler(
        legal=legal.hunter_take,
        refuse=legal.refuse_hunter_take,
        answer=flow.hunter_take,
        prompt=words.hunter_take_prompt,
        label=words.hunter_take_label,
    ),
)
HANDLERS.ask(
    PeddlerTake,
    Handler(
        legal=legal.peddler_take,
        refuse=legal.refuse_peddler_take,
        answer=flow.peddler_take,
        prompt=words.peddler_take_prompt,
        label=words.peddler_take_label,
        view=view.peddler_view,
    ),
)
HANDLERS.ask(
    PeddlerGive,
    Handler(
        legal=legal.peddler_give,
        refuse=legal.refuse_peddler_give,
        answer=flow.peddler_give,
        prompt=words.peddler_give_prompt,
        label=words.give_label,
        view=view.peddler_view,
    ),
)
HANDLERS.ask(
    BricklayerPutBack,
    Handler(
        legal=legal.put_back,
        refuse=legal.refuse_put_back,
        answer=flow.put_back,
        prompt=words.put_back_prompt,
        label=words.put_back_label,
    ),
)
HANDLERS.ask(
    TaxGive,
    Handler(
        legal=legal.tax_give,
        refuse=legal.refuse_tax_give,
        answer=flow.tax_give,
        prompt=words.tax_give_prompt,
        label=words.tax_give_label,
    ),
)
HANDLERS.ask(
    TaxTarget,
    Handler(
        legal=legal.tax_target,
        refuse=legal.refuse_tax_target,
        answer=flow.tax_target,
        prompt=words.tax_target_prompt,
        label=words.tax_target_label,
        view=view.tax_target_view,
    ),
)
# --- prestige abilities (GH-102 to GH-110) ---
HANDLERS.ask(
    TakeChapter,
    Handler(
        legal=legal.take_chapter,
        refuse=legal.refuse_take_chapter,
        answer=flow.take_chapter,
        prompt=words.take_chapter_prompt,
        label=words.take_chapter_label,
        view=view.target_view,
    ),
)
HANDLERS.ask(
    SwapGive,
    Handler(
        legal=legal.swap_give,
        refuse=legal.refuse_swap_give,
        answer=flow.swap_give,
        prompt=words.swap_give_prompt,
        label=words.give_label,
        view=view.target_view,
    ),
)
HANDLERS.ask(
    SwapTake,
    Handler(
        legal=legal.swap_take,
        refuse=legal.refuse_swap_take,
        answer=flow.swap_take,
        prompt=words.swap_take_prompt,
        label=words.take_card_label,
        view=view.swap_take_view,
    ),
)
HANDLERS.ask(
    TakeCard,
    Handler(
        legal=legal.take_card,
        refuse=legal.refuse_take_card,
        answer=flow.take_card,
        prompt=words.take_card_prompt,
        label=words.take_card_label,
        view=view.target_view,
    ),
)
HANDLERS.ask(
    LayOut,
    Handler(
        legal=legal.lay_out,
        refuse=legal.refuse_lay_out,
        answer=flow.lay_out,
        prompt=words.lay_out_prompt,
        label=words.lay_out_label,
    ),
)
# --- discards (GH-53, GH-D17) ---
HANDLERS.ask(
    CapDiscard,
    Handler(
        legal=legal.cap_discard,
        refuse=legal.refuse_cap_discard,
        answer=flow.cap_discard,
        prompt=words.cap_discard_prompt,
        label=words.cap_discard_label,
    ),
)
HANDLERS.ask(
    DiscardTop,
    Handler(
        legal=legal.discard_top,
        refuse=legal.refuse_discard_top,
        answer=flow.discard_top,
        prompt=words.discard_top_prompt,
        label=words.discard_top_label,
        view=view.cards_view,
    ),
)
# --- bookkeeping (GH-24, GH-63, GH-87, GH-111 to GH-114) ---
HANDLERS.step(NextAction, flow.next_action)
HANDLERS.step(EndTurn, flow.end_turn)
HANDLERS.step(FinishTurn, flow.finish_turn)
HANDLERS.step(PlaceQueue, flow.place_queue)
HANDLERS.step(PeddlerReceive, flow.peddler_receive)
HANDLERS.complete()


class GuildhallState(Position):
    """The kernel's state for Guildhall: a `Position` whose questions are answered through `HANDLERS`, with its
    views, copies and notation."""

    __slots__ = ()
    end_rule = "GH-113"
    handlers = HANDLERS

    # The prompts and the view's decision are the kernel's `StackState`'s, through `HANDLERS`. Four of its methods
    # are overridden, each doing the same through the handlers, plus what Guildhall needs besides: the legal answers
    # kept until the next answer, `last_move` recorded before an answer runs, a refusal's quick accept of a legal
    # answer, and a label once the game is over.

    def legal_actions(self) -> list[int]:
        """The legal answers to the question on top, kept in `_legal` until the next answer: every applied action's
        refusal check, `legal_moves`, the view and search ask for them again at the same position. Handed out as
        kept, not copied: a caller reads the list and never changes it (the kernel's `State.legal_actions`)."""
        # (`answers`, not `legal`: a local named like a module this one imports is not called as a method, CPython 3.11;
        # `HANDLERS`, not `self.handlers`: compiled, a Final module constant is read directly, a class attribute is
        # looked up)
        answers = self._legal
        if answers is None:
            stack = self.stack
            if stack:
                question = stack[-1]
                answers = self._legal = HANDLERS.legal[type(question)](self, question)
            else:
                answers = self._legal = []
        return answers

    def _apply(self, action: int) -> list[Event]:
        """The kernel's `_apply` (pop the question, answer it, settle the bookkeeping steps), besides forgetting the
        kept legal answers and recording the answer's public notation in `last_move` before the answer runs (its
        events quote it), looked up in the records made once (`_MOVES`) rather than formatted at every step."""
        self._legal = None
        stack = self.stack
        question = stack.pop()
        kind = type(question)
        self.last_move = _MOVES[kind][action]
        events: list[Event] = []
        HANDLERS.answer[kind](self, question, action, events)
        if stack and stack[-1].automatic:
            self.settle(events)
        return events

    def why_illegal(self, action: int) -> Reason | None:
        """The kernel's refusal (the handler of the question on top), asked only for an answer that is not legal:
        every applied action is checked, and a legal one is accepted from the kept legal answers without going through
        the handler's dispatch (about 3% of a random playout's step), nor copying them."""
        kept = self._legal
        if action in (kept if kept is not None else self.legal_actions()):
            return None
        return super().why_illegal(action)

    def action_label(self, action: int, names: Sequence[str] | None = None) -> str:
        """The kernel's label, except once the game is over: there is nothing to do, rather than the notation."""
        if not self.stack:
            return words.nothing_to_do()
        return super().action_label(action, names)

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
        # Replaced whenever they change, never changed in place (`state.py`): shared, each seat's list too.
        copy.completed = self.completed.copy()
        copy.owned = self.owned.copy()
        copy.tokens = self.tokens
        copy.row = self.row
        copy.prestige_deck = self.prestige_deck
        copy.removed = self.removed
        copy.start_player = self.start_player
        copy.active = self.active
        copy.actions_left = self.actions_left
        copy.played = self.played
        copy.turn = self.turn
        copy.prepared = self.prepared
        copy.known = self.known
        copy.winner_seats = self.winner_seats
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
        copy.known = [0 if s in others else count for s, count in enumerate(copy.known)]
        if self.options["small_game_removal"] == "per_value" and self.removed:
            prestige_pool = copy.prestige_deck + copy.removed
            rng.shuffle(prestige_pool)
            copy.removed = sorted(prestige_pool[: len(copy.removed)])
            copy.prestige_deck = prestige_pool[len(copy.removed) :]
        else:
            copy.prestige_deck = copy.prestige_deck.copy()  # shared with this state until now
            rng.shuffle(copy.prestige_deck)
        return copy

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
_MOVES: Final[dict[type[GuildhallQuestion], tuple[str, ...]]] = {
    kind: tuple(move_record(kind, action) for action in range(act.NUM_ACTIONS))
    for kind in (*ASKED_KINDS, *AUTOMATIC_KINDS)
}

"""Guilds of London rules (GL-42 to GL-111): `GuildsState`, the state the kernel drives, is the position (state.py)
with the protocol on top. Which answers are legal and why one is refused (legal.py), what an answer does and the
engine steps that follow it (flow.py), the scores (scoring.py), what a seat may see (view.py), the full snapshot
(snapshot.py) and the words (words.py) meet here with the action codec; this module only wires them together, so none
of them imports it.

The stack holds questions (questions.py): some a seat answers with an action, others are `automatic` steps the engine
runs by itself (e.g. "score the tile at position 5 of this reading order"). `HANDLERS` declares, per kind, a
`Handler` (legal answers, refusal, answer, prompt, label) or a `Step`; the kernel's `StackState` answers the question
on top through it and then runs steps until a question is on top, so the whole round (turns, tile scoring, growth) is
data on the stack and snapshots, clones and determinization need no special cases.
"""

# Compiled by mypyc at install (setup.py): see "Compiled engines" in src/guildtable/games/README.md.
from __future__ import annotations

from typing import Any

from guildtable.games.guilds_of_london import actions as A
from guildtable.games.guilds_of_london import flow, legal, scoring
from guildtable.games.guilds_of_london import words as W
from guildtable.games.guilds_of_london.questions import (
    KINDS,
    AddTiles,
    ApplyEffect,
    BeadleGrowth,
    BeadleTo,
    CardEffect,
    EndCheck,
    EndTurn,
    FinishTurn,
    FirstReward,
    Flip,
    GrowthCheck,
    HandLimit,
    MoveFrom,
    MoveTo,
    Negotiate,
    NewRound,
    NextTurn,
    OfferNeutrals,
    Pay,
    PlantationReturn,
    PlantationVote,
    ReturnLiveryman,
    RewardKeep,
    RewardUnder,
    ScoreFrom,
    SecondPlace,
    SecondReward,
    SendFrom,
    SetupDone,
    SetupKeep,
    Turn,
    TurnOver,
    Vote,
)
from guildtable.games.guilds_of_london.snapshot import GuildsSnapshot
from guildtable.games.guilds_of_london.snapshot import snapshot as snapshot_of
from guildtable.games.guilds_of_london.state import GuildsPosition
from guildtable.games.guilds_of_london.view import GuildsView
from guildtable.games.guilds_of_london.view import view as view_of
from guildtable.kernel import IllegalAction
from guildtable.kernel.i18n import domain
from guildtable.kernel.questions import Handler, Handlers, top
from guildtable.kernel.scoresheet import ScoreSheet

_ = domain("guilds_of_london").gettext


HANDLERS: Handlers[GuildsPosition] = Handlers(KINDS, over=W.over)
"""What each Guilds of London question allows and does (GL-31, GL-42 to GL-111): a `Handler` per question a seat
answers, a step per automatic kind."""
# --- the questions a seat answers ----------------------------------------------------------------------------------
HANDLERS.ask(
    SetupKeep,
    Handler(
        legal=legal.dealt_cards,
        refuse=legal.refuse_setup_keep,
        answer=flow.setup_keep,
        prompt=W.setup_keep_prompt,
        label=W.action_label,
    ),
)
HANDLERS.ask(
    Turn,
    Handler(legal=legal.turns, refuse=legal.refuse_turn, answer=flow.turn, prompt=W.turn_prompt, label=W.turn_label),
)
HANDLERS.ask(
    Pay, Handler(legal=legal.discards, refuse=legal.refuse_pay, answer=flow.pay, prompt=W.pay_prompt, label=W.pay_label)
)
HANDLERS.ask(
    ReturnLiveryman,
    Handler(
        legal=legal.returns,
        refuse=legal.refuse_return,
        answer=flow.return_liveryman,
        prompt=W.return_prompt,
        label=W.return_label,
    ),
)
HANDLERS.ask(
    MoveFrom,
    Handler(
        legal=legal.move_froms,
        refuse=legal.refuse_move_from,
        answer=flow.move_from,
        prompt=W.move_from_prompt,
        label=W.move_from_label,
    ),
)
HANDLERS.ask(
    MoveTo,
    Handler(
        legal=legal.move_tos,
        refuse=legal.refuse_move_to,
        answer=flow.move_to,
        prompt=W.move_to_prompt,
        label=W.move_to_label,
    ),
)
HANDLERS.ask(
    SendFrom,
    Handler(
        legal=legal.send_froms,
        refuse=legal.refuse_send_from,
        answer=flow.send_from,
        prompt=W.send_from_prompt,
        label=W.send_from_label,
    ),
)
HANDLERS.ask(
    BeadleTo,
    Handler(
        legal=legal.beadle_tos,
        refuse=legal.refuse_beadle,
        answer=flow.beadle_to,
        prompt=W.beadle_prompt,
        label=W.beadle_label,
    ),
)
HANDLERS.ask(
    HandLimit,
    Handler(
        legal=legal.discards,
        refuse=legal.refuse_hand_limit,
        answer=flow.hand_limit,
        prompt=W.hand_limit_prompt,
        label=W.action_label,
    ),
)
HANDLERS.ask(
    Negotiate,
    Handler(
        legal=legal.negotiations,
        refuse=legal.refuse_negotiate,
        answer=flow.negotiate,
        prompt=W.negotiate_prompt,
        label=W.negotiate_label,
    ),
)
HANDLERS.ask(
    FirstReward,
    Handler(
        legal=legal.take_or_skip,
        refuse=legal.refuse_first_reward,
        answer=flow.first_reward,
        prompt=W.first_reward_prompt,
        label=W.first_reward_label,
    ),
)
HANDLERS.ask(
    SecondReward,
    Handler(
        legal=legal.take_or_skip,
        refuse=legal.refuse_second_reward,
        answer=flow.second_reward,
        prompt=W.second_reward_prompt,
        label=W.second_reward_label,
    ),
)
HANDLERS.ask(
    RewardKeep,
    Handler(
        legal=legal.drawn_cards,
        refuse=legal.refuse_reward_keep,
        answer=flow.reward_keep,
        prompt=W.reward_keep_prompt,
        label=W.action_label,
    ),
)
HANDLERS.ask(
    RewardUnder,
    Handler(
        legal=legal.drawn_cards,
        refuse=legal.refuse_reward_under,
        answer=flow.reward_under,
        prompt=W.reward_under_prompt,
        label=W.reward_under_label,
    ),
)
# --- the steps the engine runs -------------------------------------------------------------------------------------
HANDLERS.step(SetupDone, flow.setup_done)
HANDLERS.step(NextTurn, flow.next_turn)
HANDLERS.step(EndTurn, flow.end_turn)
HANDLERS.step(FinishTurn, flow.finish_turn)
HANDLERS.step(TurnOver, flow.turn_over)
HANDLERS.step(ApplyEffect, flow.apply_effect)
HANDLERS.step(CardEffect, flow.card_effect)
HANDLERS.step(ScoreFrom, flow.score_from)
HANDLERS.step(OfferNeutrals, flow.offer_neutrals)
HANDLERS.step(Vote, flow.vote)
HANDLERS.step(SecondPlace, flow.second_place)
HANDLERS.step(Flip, flow.flip)
HANDLERS.step(GrowthCheck, flow.growth_check)
HANDLERS.step(PlantationVote, flow.plantation_vote)
HANDLERS.step(PlantationReturn, flow.plantation_return)
HANDLERS.step(EndCheck, flow.end_check)
HANDLERS.step(AddTiles, flow.add_tiles)
HANDLERS.step(BeadleGrowth, flow.beadle_growth)
HANDLERS.step(NewRound, flow.new_round)
HANDLERS.complete()


class GuildsState(GuildsPosition):
    """A Guilds of London state: the position with the kernel's protocol on top. The legal answers, refusals,
    answers, prompts, labels and the view's decision come from `HANDLERS` through the kernel's `StackState`."""

    handlers = HANDLERS

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

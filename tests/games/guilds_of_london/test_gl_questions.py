"""The question records on the stack (issue 31): one frozen record per kind with named fields, stored in a snapshot
as `[kind, seat, context]` exactly as before the records had names, and read back with a BadRecord for anything
malformed."""

from __future__ import annotations

import dataclasses
import json
import random

import pytest

from guildtable.games.guilds_of_london import GAME
from guildtable.games.guilds_of_london import questions as Q
from guildtable.games.guilds_of_london.rules import HANDLERS
from guildtable.kernel import BadRecord
from guildtable.kernel.questions import Question

EXAMPLES: list[tuple[Question, list[int]]] = [
    (Q.SetupKeep(2), []),
    (Q.Turn(1), []),
    (Q.Pay(0, 2), [2]),
    (Q.ReturnLiveryman(0, 1, 5), [1, 5]),
    (Q.MoveFrom(1, 31, 2, 1), [31, 2, 1]),
    (Q.MoveTo(1, 31, 2, 1, 30), [31, 2, 1, 30]),
    (Q.SendFrom(3, 2, 0), [2, 0]),
    (Q.BeadleTo(0), []),
    (Q.HandLimit(2), []),
    (Q.Negotiate(1, 7), [7]),
    (Q.FirstReward(0, 7, 1), [7, 1]),
    (Q.SecondReward(2, 7, 0), [7, 0]),
    (Q.RewardKeep(1, (4, 9, 2)), [4, 9, 2]),
    (Q.RewardUnder(1, (9, 2)), [9, 2]),
    (Q.SetupDone(-1), []),
    (Q.NextTurn(-1), []),
    (Q.EndTurn(2, 1), [1]),
    (Q.FinishTurn(2, 0), [0]),
    (Q.TurnOver(2), []),
    (Q.ApplyEffect(0, 12, 31, Q.WHY_TOKEN), [12, 31, Q.WHY_TOKEN]),
    (Q.ApplyEffect(0, 12, 31, None), [12, 31]),
    (Q.CardEffect(1, 40, 0), [40, 0]),
    (Q.ScoreFrom(-1, 3, (5, 1, 8)), [3, 5, 1, 8]),
    (Q.OfferNeutrals(2, 7), [7]),
    (Q.Vote(-1, 7), [7]),
    (Q.SecondPlace(-1, 7), [7]),
    (Q.Flip(0, 7), [7]),
    (Q.GrowthCheck(-1), []),
    (Q.PlantationVote(-1), []),
    (Q.PlantationReturn(1, 2), [2]),
    (Q.EndCheck(-1), []),
    (Q.AddTiles(-1), []),
    (Q.BeadleGrowth(-1), []),
    (Q.NewRound(-1), []),
]


def test_every_kind_has_its_stored_form_and_reads_back() -> None:
    """Issue 31: every question kind writes its fields as the snapshot's `[kind, seat, context]` has always stored
    them, and reads back to an equal record."""
    assert {type(question) for question, _stored in EXAMPLES} == set(Q.ASKED) | set(Q.AUTOMATIC)
    for question, stored in EXAMPLES:
        assert list(question.context()) == stored, question
        assert Q.read(question.kind, question.seat, json.loads(json.dumps(stored)), "pending[0]") == question


def test_the_engine_runs_exactly_the_automatic_kinds() -> None:
    """Issue 31: the kinds marked `automatic` are exactly the bookkeeping steps the engine runs itself (a step each
    in `HANDLERS`), and every other kind has a handler a seat answers through."""
    assert set(HANDLERS.steps) == set(Q.AUTOMATIC) and all(kind.automatic for kind in Q.AUTOMATIC)
    assert set(HANDLERS.asked) == set(Q.ASKED)
    assert not any(kind.automatic for kind in Q.ASKED)


def test_questions_are_immutable() -> None:
    """Issue 31: a question is a frozen record; a change builds a new one."""
    question = Q.Pay(0, 2)
    with pytest.raises(dataclasses.FrozenInstanceError):
        question.remaining = 1  # type: ignore[misc]


@pytest.mark.parametrize(
    "record",
    [
        ["warp", 0, []],
        ["pay_coins", 0, []],
        ["pay_coins", 0, [1, 2]],
        ["pay_coins", "0", [1]],
        ["pay_coins", 0, ["1"]],
        ["pay_coins", 0, [True]],
        ["move_to", 0, [31, 1, 0]],
        ["score_from", -1, []],
        ["reward_keep", 1, [3, 1.5]],
        ["effect", 0, [12]],
        ["effect", 0, [12, 31, 0, 0]],
        [3, 0, []],
    ],
)
def test_a_malformed_question_record_is_refused(record: list[object]) -> None:
    """Issue 31: a snapshot question of an unknown kind, with the wrong number of details or details of the wrong
    type is refused with BadRecord, never read into the stack."""
    data = json.loads(json.dumps(GAME.new_state(3, seed=1).snapshot()))
    data["pending"] = [*data["pending"], record]
    with pytest.raises(BadRecord):
        GAME.from_snapshot(data)


def test_snapshots_round_trip_through_the_records_along_a_game() -> None:
    """Every position of a game (with drawn reward cards, scoring and lasting effects on the stack) writes the same
    snapshot after being read back."""
    rng = random.Random(7)
    state = GAME.new_state(4, seed=7)
    kinds: set[str] = set()
    while not state.is_terminal:
        data = json.loads(json.dumps(state.snapshot()))
        kinds.update(kind for kind, _seat, _context in data["pending"])
        assert GAME.from_snapshot(data).snapshot() == data
        state.apply(rng.choice(state.legal_actions()))
    assert {"turn", "score_from", "growth_check", "card_effect", "new_round"} <= kinds, kinds

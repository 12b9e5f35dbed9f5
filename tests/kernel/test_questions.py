"""`guildtable.kernel.questions` on its own: typed questions, `Kinds` reading snapshot records back, and the
`StackState` every game's state derives from (issue 31, "one shape for every game")."""

from __future__ import annotations

import doctest
from collections.abc import Mapping
from dataclasses import FrozenInstanceError, dataclass
from typing import Any

import pytest

import guildtable.kernel.questions
from guildtable.kernel import BadRecord, Event, Rng
from guildtable.kernel.protocol import Reason
from guildtable.kernel.questions import Kinds, Question, StackState, top


@dataclass(frozen=True, slots=True)
class Pick(Question):
    """A question with several named fields of different types."""

    kind = "pick"
    card: int
    level: int
    target: str


@dataclass(frozen=True, slots=True)
class Pass(Question):
    """A question about nothing but its seat."""

    kind = "pass"


@dataclass(frozen=True, slots=True)
class EndTurn(Question):
    """A bookkeeping step no seat answers."""

    kind = "end_turn"
    automatic = True


KINDS = Kinds(Pick, Pass, EndTurn)


class Stacked(StackState):
    """The least a `StackState` needs to exist: only `stack`, `question`, `current_player` and `is_terminal` are
    under test; the rest of the protocol is never called."""

    def legal_actions(self) -> list[int]:
        raise NotImplementedError

    def why_illegal(self, action: int) -> Reason | None:
        raise NotImplementedError

    def _apply(self, action: int) -> list[Event]:
        raise NotImplementedError

    def scores(self) -> list[float]:
        raise NotImplementedError

    def score_breakdown(self) -> dict[str, Any]:
        raise NotImplementedError

    def view(self, seat: int | None) -> dict[str, Any]:
        raise NotImplementedError

    def clone(self) -> Stacked:
        raise NotImplementedError

    def determinize(self, seat: int, rng: Rng) -> Stacked:
        raise NotImplementedError

    def snapshot(self) -> dict[str, Any]:
        raise NotImplementedError

    def action_to_json(self, action: int) -> dict[str, Any]:
        raise NotImplementedError

    def action_from_json(self, data: Mapping[str, Any]) -> int:
        raise NotImplementedError

    def action_to_notation(self, action: int) -> str:
        raise NotImplementedError

    def action_from_notation(self, text: str) -> int:
        raise NotImplementedError


def stacked(*questions: Question) -> Stacked:
    state = Stacked.__new__(Stacked)
    state.stack = list(questions)
    return state


# --- Question ---------------------------------------------------------------------------------------------------------


def test_context_is_the_fields_after_seat_in_declaration_order() -> None:
    """Issue 31: `Question.context()` gives the fields after `seat` in the order they are declared (what a snapshot
    stores), and nothing for a question about its seat alone."""
    assert Pick(seat=1, card=4, level=2, target="north").context() == (4, 2, "north")
    assert Pass(0).context() == ()
    assert EndTurn(-1).context() == ()


def test_questions_are_immutable_values() -> None:
    """Issue 31: a question is a frozen record: its fields cannot be changed, equal questions compare and hash
    equal, so a clone may share them."""
    question = Pick(0, card=3, level=1, target="x")
    with pytest.raises(FrozenInstanceError):
        question.card = 4  # type: ignore[misc]
    with pytest.raises(FrozenInstanceError):
        question.seat = 1  # type: ignore[misc]
    assert question == Pick(0, 3, 1, "x") and hash(question) == hash(Pick(0, 3, 1, "x"))
    assert question != Pick(1, 3, 1, "x")


def test_kind_and_automatic_are_class_facts_not_fields() -> None:
    """Issue 31: `kind` and `automatic` belong to the class (ClassVar): not constructor arguments, not in the
    context; a question is a seat's to answer unless its class says it is automatic."""
    assert (Pick.kind, Pick.automatic) == ("pick", False)
    assert (EndTurn.kind, EndTurn.automatic) == ("end_turn", True)
    assert Pick(0, 1, 2, "t").kind == "pick"
    assert "kind" not in repr(Pick(0, 1, 2, "t"))


# --- Kinds ------------------------------------------------------------------------------------------------------------


def test_kinds_read_restores_a_question_from_its_snapshot_record() -> None:
    """Issue 31: `Kinds.read(kind, seat, context)` is the inverse of (kind, seat, context()) for every kind."""
    for question in (Pick(1, 4, 2, "north"), Pass(0), EndTurn(-1)):
        again = KINDS.read(question.kind, question.seat, list(question.context()), "pending[0]")
        assert again == question and type(again) is type(question)
    assert "pick" in KINDS and "nothing" not in KINDS


@pytest.mark.parametrize("name", ["nothing", "", None, 3])
def test_kinds_read_refuses_an_unknown_kind_naming_where_and_the_kinds(name: object) -> None:
    """Issue 31: an unknown kind (or one that is not text) raises BadRecord naming where it was read and listing the
    known kinds."""
    with pytest.raises(BadRecord) as refused:
        KINDS.read(name, 0, [], "pending[2]")
    assert refused.value.field == "pending[2]"
    assert "end_turn, pass, pick" in refused.value.message


@pytest.mark.parametrize("seat", [True, False, "0", 1.0, None])
def test_kinds_read_refuses_a_seat_that_is_not_a_whole_number(seat: object) -> None:
    """Issue 31: a question's seat is an int; a bool (which Python counts as an int) is refused too."""
    with pytest.raises(BadRecord) as refused:
        KINDS.read("pass", seat, [], "stack[0]")
    assert refused.value.field == "stack[0]" and "seat" in refused.value.message


@pytest.mark.parametrize("context", [[], [4, 2], [4, 2, "north", 9]])
def test_kinds_read_refuses_the_wrong_number_of_details_naming_the_fields(context: list[object]) -> None:
    """Issue 31: a record with too few or too many details raises BadRecord saying how many the kind has and what
    they are called."""
    with pytest.raises(BadRecord) as refused:
        KINDS.read("pick", 0, context, "pending[1]")
    assert refused.value.field == "pending[1]"
    assert "3 details (card, level, target)" in refused.value.message
    assert f"not {len(context)}" in refused.value.message


@pytest.mark.parametrize("context", ["ab", "abc", {"card": 1}, 3, None])
def test_kinds_read_refuses_details_that_are_not_a_list(context: object) -> None:
    """Issue 31: a record's details are a list; text is not split into fields, and other values are refused."""
    with pytest.raises(BadRecord) as refused:
        KINDS.read("pick", 0, context, "pending[0]")  # type: ignore[arg-type]
    assert refused.value.field == "pending[0]" and "list" in refused.value.message


@pytest.mark.parametrize("name", [["pick"], {"pick": 1}, None, 3])
def test_a_kind_name_that_is_not_text_is_simply_not_a_kind(name: object) -> None:
    """Issue 31: `name in kinds` is False for any value that is not a kind's name, unhashable ones included, so a
    snapshot reader can test a record's kind before reading it."""
    assert name not in KINDS


def test_kinds_need_distinct_non_empty_names() -> None:
    """Issue 31: two classes of one game may not share a kind name, and a kind needs one."""

    @dataclass(frozen=True, slots=True)
    class OtherPick(Question):
        kind = "pick"

    with pytest.raises(ValueError, match="distinct"):
        Kinds(Pick, OtherPick)
    with pytest.raises(ValueError, match="distinct"):
        Kinds(Question)


# --- StackState -------------------------------------------------------------------------------------------------------


def test_the_question_on_top_decides_who_moves() -> None:
    """Issue 31: `StackState.current_player` is the seat of the question on top of `stack` (top last), `question`
    is that question, and `top` gives it only if it is of the kind asked for."""
    state = stacked(Pass(1), Pick(0, 4, 2, "north"))
    assert state.current_player == 0
    assert state.question == Pick(0, 4, 2, "north")
    assert not state.is_terminal
    assert top(state, Pick) == Pick(0, 4, 2, "north")
    assert top(state, Pass) is None
    state.stack.pop()
    assert state.current_player == 1 and top(state, Pass) == Pass(1)


def test_an_empty_stack_is_the_end_of_the_game() -> None:
    """Issue 31: with no open question the game is over: no current player, no question."""
    state = stacked()
    assert state.is_terminal
    assert state.current_player is None
    assert state.question is None
    assert top(state, Pass) is None


# --- the module's own example -----------------------------------------------------------------------------------------


def test_the_modules_doctest_runs() -> None:
    """Issue 31: the example in `kernel/questions.py`'s docstring (a kind with named fields, `context()`,
    `Kinds.read`) runs as written."""
    results = doctest.testmod(guildtable.kernel.questions, verbose=False)
    assert results.attempted > 0
    assert results.failed == 0

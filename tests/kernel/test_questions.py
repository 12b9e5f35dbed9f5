"""`guildtable.kernel.questions` on its own: typed questions, `Kinds` reading snapshot records back, and the
`StackState` every game's state derives from (issue 31, "one shape for every game")."""

from __future__ import annotations

import ast
import doctest
import inspect
from collections.abc import Mapping
from dataclasses import FrozenInstanceError, dataclass
from pathlib import Path
from typing import Any

import pytest

import guildtable.kernel.questions
from guildtable.kernel import BadRecord, Event, Rng
from guildtable.kernel.protocol import Reason
from guildtable.kernel.questions import Handler, Handlers, Kinds, Question, StackState, top


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
    `Kinds.read`) runs as written. The docstring is read from the source, as a module compiled by mypyc (issue 36)
    keeps none; the example runs in the module's namespace, compiled or not."""
    module = guildtable.kernel.questions
    source = Path(inspect.getfile(module)).parent / "questions.py"
    docstring = ast.get_docstring(ast.parse(source.read_text(encoding="utf-8")))
    assert docstring is not None
    example = doctest.DocTestParser().get_doctest(docstring, dict(vars(module)), module.__name__, str(source), 0)
    runner = doctest.DocTestRunner()
    runner.run(example)
    results = runner.summarize(verbose=False)
    assert results.attempted > 0
    assert results.failed == 0


# --- Handlers: the kernel runs the stack ------------------------------------------------------------------------------


class Handled(Stacked):
    """A state answered through a handlers table: `legal_actions`, `why_illegal`, `_apply`, `prompt`,
    `action_label` and `decision` are the kernel's (the test's Stacked overrides are taken away again)."""

    legal_actions = StackState.legal_actions  # type: ignore[assignment]
    why_illegal = StackState.why_illegal  # type: ignore[assignment]
    _apply = StackState._apply  # type: ignore[assignment]
    log: list[str]


def _pick_answer(state: Handled, question: Pick, action: int, events: list[Event]) -> None:
    state.log.append(f"pick {action}")
    events.append(Event("picked", {"card": action}))
    if action == 2:  # a pass, then an end-of-turn step below it, then another pass above the step
        state.stack += [Pass(1), EndTurn(-1), EndTurn(-1)]


def _pass_answer(state: Handled, question: Pass, action: int, events: list[Event]) -> None:
    state.log.append("pass")


def _end_turn(state: Handled, question: EndTurn, events: list[Event]) -> None:
    state.log.append("end turn")
    events.append(Event("turn_over"))


def _handlers() -> Handlers[Handled]:
    handlers: Handlers[Handled] = Handlers(KINDS, over=lambda state, names: "Over")
    handlers.ask(
        Pick,
        Handler(
            legal=lambda state, question: [1, 2],
            refuse=lambda state, question, action: None if action in (1, 2) else ("T-1", "Pick card 1 or 2"),
            answer=_pick_answer,
            prompt=lambda state, question, names: f"{(names or ['A', 'B'])[question.seat]}: pick a card",
            label=lambda state, question, action, names: f"Card {action}",
            view=lambda state, question: {"level": question.level},
        ),
    )
    handlers.ask(
        Pass,
        Handler(
            legal=lambda state, question: [0],
            refuse=lambda state, question, action: None if action == 0 else ("T-2", "You can only pass"),
            answer=_pass_answer,
            prompt=lambda state, question, names: "Pass",
            label=lambda state, question, action, names: "Pass",
        ),
    )
    handlers.step(EndTurn, _end_turn)
    return handlers.complete()


def handled(*questions: Question) -> Handled:
    state = Handled.__new__(Handled)
    state.stack = list(questions)
    state.log = []
    Handled.handlers = _handlers()
    return state


def test_the_kernel_answers_the_question_on_top_through_its_kind_handler() -> None:
    """Issue 31: legal actions, refusals, prompts, labels and the view's decision come from the handler of the
    question on top, looked up by its class."""
    state = handled(Pass(1), Pick(0, card=3, level=2, target="x"))
    assert state.legal_actions() == [1, 2]
    assert state.why_illegal(1) is None and state.why_illegal(5) == ("T-1", "Pick card 1 or 2")
    assert state.prompt() == "A: pick a card" and state.prompt(["Ann", "Bo"]) == "Ann: pick a card"
    assert state.action_label(2) == "Card 2"
    assert state.decision() == {"kind": "pick", "seat": 0, "prompt": "A: pick a card", "level": 2}
    state.stack.pop()
    assert state.legal_actions() == [0] and state.why_illegal(1) == ("T-2", "You can only pass")
    assert state.decision() == {"kind": "pass", "seat": 1, "prompt": "Pass"}


def test_an_answer_pops_its_question_and_the_automatic_steps_run_until_a_seat_is_asked() -> None:
    """Issue 31: `_apply` takes the question off, runs its answer, then runs automatic steps from the top until a
    question a seat answers is on top; the events of all of them come back in order."""
    state = handled(Pass(1), Pick(0, card=3, level=2, target="x"))
    events = state._apply(2)
    assert state.log == ["pick 2", "end turn", "end turn"]
    assert [event.kind for event in events] == ["picked", "turn_over", "turn_over"]
    assert state.stack == [Pass(1), Pass(1)] and state.current_player == 1
    assert state._apply(0) == [] and state.log[-1] == "pass" and state.stack == [Pass(1)]


def test_the_game_is_over_when_the_stack_empties() -> None:
    """Issue 31: once the last question is answered there are no legal actions and the prompt is the game's
    `over` words; labels fall back to the notation."""
    state = handled(Pass(1))
    state._apply(0)
    assert state.is_terminal and state.legal_actions() == [] and state.prompt() == "Over"
    assert state.decision() is None


def test_handlers_name_the_kinds_they_miss_or_mismatch() -> None:
    """Issue 31: a table must give every kind exactly one handler: a `Handler` for an asked kind, a step for an
    automatic one; `complete()` names the kinds still without one."""
    handlers: Handlers[Handled] = Handlers(KINDS, over=lambda state, names: "Over")
    with pytest.raises(ValueError, match="EndTurn needs a step"):
        handlers.ask(EndTurn, _handlers().asked[Pass])
    with pytest.raises(ValueError, match="Pass needs a handler"):
        handlers.step(Pass, _end_turn)  # type: ignore[arg-type]
    handlers.step(EndTurn, _end_turn)
    with pytest.raises(ValueError, match="EndTurn already has its handler"):
        handlers.step(EndTurn, _end_turn)
    with pytest.raises(ValueError, match="question kinds without a handler: Pick, Pass"):
        handlers.complete()

    @dataclass(frozen=True, slots=True)
    class Stranger(Question):
        kind = "stranger"

    with pytest.raises(ValueError, match="Stranger is not one of this game's question kinds"):
        handlers.step(Stranger, _end_turn)  # type: ignore[arg-type]

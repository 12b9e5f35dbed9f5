"""Typed questions and the question stack every game runs on.

A move in these games is often a chain of small choices: place a tile, then (a courthouse) swap two value tiles;
play a card, then choose its level, then its target. Each choice is one open *question* on a stack. The question on
top is what the current player answers next with an integer action; answering it replaces, pops or pushes questions.
Bookkeeping steps the engine runs itself (end of turn, a queued placement) are questions too (`automatic`), so that
an out-of-turn question can interrupt anything and what it interrupted resumes afterwards.

A question is a small immutable record, one class per kind, with named fields:

    >>> from dataclasses import dataclass
    >>> @dataclass(frozen=True, slots=True)
    ... class Swap(Question):
    ...     kind = "swap"
    ...     site: int
    ...     built: bool
    >>> question = Swap(seat=0, site=7, built=True)
    >>> question.site, question.context()
    (7, (7, True))
    >>> Kinds(Swap).read("swap", 1, [7, True], "pending[0]")
    Swap(seat=1, site=7, built=True)

`context()` gives the fields after `seat` in declaration order: what a snapshot stores, so a game's snapshot format
does not depend on how its questions are written in Python. `Kinds` reads such a record back and names what is wrong
with a malformed one.

What a kind of question allows and does is declared once per kind, as a `Handler`: its legal answers, why another
answer is refused, what an answer does, its prompt, its answers' labels and its part of the view. An automatic kind
has a `Step` instead: what the engine does when it comes to the top. A game gathers them in a `Handlers` table
(in its `rules.py`, where the game's legal moves, flow and words meet) and `StackState` runs the stack with it, the
same way for every game: the question on top is looked up by its class, an answer pops it and runs its handler, and
the automatic steps then run until a seat has a question again (or the game is over).

    >>> @dataclass(frozen=True, slots=True)
    ... class Pick(Question):
    ...     kind = "pick"
    >>> class Counting(StackState[Pick]):
    ...     handlers: ClassVar[Handlers[Counting]]
    ...     count = 0
    >>> def count(state: Counting, question: Pick, action: int, events: list[Event]) -> None:
    ...     state.count += action
    >>> handlers = Handlers[Counting](Kinds(Pick), over=lambda state, names: "Over")
    >>> handlers.ask(Pick, Handler(
    ...     legal=lambda state, question: [1, 2],
    ...     refuse=lambda state, question, action: None if action in (1, 2) else ("X-1", "Pick 1 or 2"),
    ...     answer=count,
    ...     prompt=lambda state, question, names: "Pick a number",
    ...     label=lambda state, question, action, names: f"Add {action}",
    ... ))
    >>> Counting.handlers = handlers.complete()
"""

# Compiled by mypyc at install (setup.py): see "Compiled engines" in src/guildtable/games/README.md.
from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, cast

from mypy_extensions import mypyc_attr
from typing_extensions import TypeVar

from guildtable.kernel.events import Event
from guildtable.kernel.kinds import AnyQuestion, Kinds, Question
from guildtable.kernel.protocol import Reason, State
from guildtable.kernel.views import DecisionView

__all__ = ["AnyQuestion", "Handler", "Handlers", "Kinds", "Names", "Question", "StackState", "Step", "top"]

Q = TypeVar("Q", bound=Question)
S = TypeVar("S", bound="StackState[Any]")
"""The state (or position) a game's handlers read and change."""
Names = Sequence[str] | None
"""How prompts and labels name the players (display names at a table; None: the game's seat names)."""


# A plain Python class even when compiled: mypyc cannot make a generic dataclass a native class. Nothing reads it at
# every step (`Handlers` keeps its functions in dicts for that).
@mypyc_attr(native_class=False)
@dataclass(frozen=True, slots=True)
class Handler(Generic[S, Q]):
    """What a question of one kind allows and does. Each is a plain function of the state and the question (no
    wrapper in between: search and playouts call them at every step)."""

    legal: Callable[[S, Q], list[int]]
    """Its legal answers, ascending; never empty."""
    refuse: Callable[[S, Q, int], Reason | None]
    """None if an action (in the game's range) answers it, else the rule it breaks and why, in a player's words."""
    answer: Callable[[S, Q, int, list[Event]], None]
    """What a legal answer does. The question is already off the stack; what happens is appended to the events."""
    prompt: Callable[[S, Q, Names], str]
    """The question in a few plain words."""
    label: Callable[[S, Q, int, Names], str]
    """An answer in plain words, for a button."""
    view: Callable[[S, Q], Mapping[str, object]] | None = None
    """What the view's `decision` shows besides its kind, seat and prompt (None: nothing)."""


@mypyc_attr(native_class=False)  # as `Handler`
@dataclass(frozen=True, slots=True)
class Step(Generic[S, Q]):
    """What the engine does when an automatic question comes to the top: the question is already off the stack;
    what happens is appended to the events."""

    run: Callable[[S, Q, list[Event]], None]


class Handlers(Generic[S]):
    """A game's handlers, one per question kind: a `Handler` for each kind a seat answers and a `Step` for each
    automatic one. `complete()` checks that every kind has exactly the one it needs."""

    def __init__(self, kinds: Kinds[Any], over: Callable[[S, Names], str]) -> None:
        self.kinds = kinds
        self.over = over
        """The prompt once the game is over."""
        self.asked: dict[type[Question], Handler[S, Any]] = {}
        self.steps: dict[type[Question], Step[S, Any]] = {}
        # The handlers' functions by question class, one dict per job, for the hot paths.
        self.legal: dict[type[Question], Callable[[S, Any], list[int]]] = {}
        self.refuse: dict[type[Question], Callable[[S, Any, int], Reason | None]] = {}
        self.answer: dict[type[Question], Callable[[S, Any, int, list[Event]], None]] = {}
        self.run: dict[type[Question], Callable[[S, Any, list[Event]], None]] = {}

    def ask(self, kind: type[Q], handler: Handler[S, Q]) -> None:
        """Declare what a question of `kind`, answered by a seat, allows and does."""
        self._check_new(kind, automatic=False)
        self.asked[kind] = handler
        self.legal[kind] = handler.legal
        self.refuse[kind] = handler.refuse
        self.answer[kind] = handler.answer

    def step(self, kind: type[Q], run: Callable[[S, Q, list[Event]], None]) -> None:
        """Declare what the engine does when an automatic question of `kind` comes to the top."""
        self._check_new(kind, automatic=True)
        self.steps[kind] = Step(run)
        self.run[kind] = run

    def _check_new(self, kind: type[Question], automatic: bool) -> None:
        if kind not in self.kinds.by_name.values():
            raise ValueError(f"{kind.__name__} is not one of this game's question kinds")
        if kind in self.asked or kind in self.steps:
            raise ValueError(f"{kind.__name__} already has its handler")
        if kind.automatic != automatic:
            wanted = "a step (it is automatic)" if kind.automatic else "a handler (a seat answers it)"
            raise ValueError(f"{kind.__name__} needs {wanted}")

    def complete(self) -> Handlers[S]:
        """These handlers, once every kind has one; ValueError naming the kinds that have none."""
        missing = [
            kind.__name__ for kind in self.kinds.by_name.values() if kind not in self.asked and kind not in self.steps
        ]
        if missing:
            raise ValueError(f"question kinds without a handler: {', '.join(missing)}")
        return self


@mypyc_attr(allow_interpreted_subclasses=True)
class StackState(State, Generic[AnyQuestion]):
    """A state whose moves answer the question on top of `stack`, typed by the game's kinds
    (`StackState[Place | Swap]`). The game is over when the stack is empty.

    The game's final state class sets `handlers`; the protocol's legal actions, refusals, answers, prompts, labels
    and the view's decision then come from the handler of the question on top. Automatic steps never stay on top:
    `_apply` runs them after every answer (`settle`, which a setup that leaves a step on top calls too)."""

    __slots__ = ("stack",)

    stack: list[AnyQuestion]
    handlers: ClassVar[Handlers[Any]]
    """The game's handlers (`Handlers[TheState]`): set on the game's state class."""

    @property
    def question(self) -> AnyQuestion | None:
        """The question answered next, or None once the game is over."""
        return self.stack[-1] if self.stack else None

    @property
    def current_player(self) -> int | None:
        return self.stack[-1].seat if self.stack else None

    @property
    def is_terminal(self) -> bool:
        return not self.stack

    # --- the question on top, answered through its handler ------------------------------------------------------
    def legal_actions(self) -> list[int]:
        stack = self.stack
        if not stack:
            return []
        question = stack[-1]
        return self.handlers.legal[type(question)](self, question)

    def why_illegal(self, action: int) -> Reason | None:
        question = self.stack[-1]
        return self.handlers.refuse[type(question)](self, question, action)

    def _apply(self, action: int) -> list[Event]:
        stack = self.stack
        question = stack.pop()
        events: list[Event] = []
        self.handlers.answer[type(question)](self, question, action, events)
        if stack and stack[-1].automatic:
            self.settle(events)
        return events

    def settle(self, events: list[Event]) -> None:
        """Run the automatic steps on top until a seat has a question (or the game is over)."""
        stack = self.stack
        run = self.handlers.run
        while stack and stack[-1].automatic:
            question = stack.pop()
            run[type(question)](self, question, events)

    def prompt(self, names: Sequence[str] | None = None) -> str:
        if not self.stack:
            return self.handlers.over(self, names)
        question = self.stack[-1]
        return self.handlers.asked[type(question)].prompt(self, question, names)

    def action_label(self, action: int, names: Sequence[str] | None = None) -> str:
        if not self.stack:
            return self.action_to_notation(action)
        question = self.stack[-1]
        return self.handlers.asked[type(question)].label(self, question, action, names)

    def decision(self, names: Sequence[str] | None = None) -> DecisionView | None:
        """The view's `decision`: the question on top, the seat that answers it, the question in words and its
        handler's part of the view; None once the game is over."""
        if not self.stack:
            return None
        question = self.stack[-1]
        handler = self.handlers.asked[type(question)]
        decision: DecisionView = {
            "kind": question.kind,
            "seat": question.seat,
            "prompt": handler.prompt(self, question, names),
        }
        if handler.view is not None:
            decision.update(cast(DecisionView, handler.view(self, question)))
        return decision


def top(state: StackState[AnyQuestion], kind: type[Q]) -> Q | None:
    """The question on top of `state`'s stack if it is a `kind`, else None."""
    question = state.stack[-1] if state.stack else None
    return question if isinstance(question, kind) else None

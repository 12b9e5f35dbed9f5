"""The whole Toy Nim position as JSON (`State.snapshot`, hidden cards included: never sent to a seat) and back,
checking every field it reads. Each question is stored as `[kind, seat, context]` and read back by `KINDS`."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from guildtable.kernel import BadOptions, BadRecord, Game
from guildtable.kernel.questions import Question
from toy_game.content import CARD_INDEX, CARD_NAMES, GIVE_AFTER
from toy_game.questions import KINDS, GiveOrKeep, Take
from toy_game.state import NimPosition


def write(state: NimPosition) -> dict[str, Any]:
    """The snapshot of `state`."""
    return {
        "game": state.game.name,
        "seed": state.seed,
        "options": dict(state.options),
        "setup": state.setup,
        "history": list(state.history),
        "pile": state.pile,
        "cards": [CARD_NAMES[card] for card in state.cards],
        "aside": CARD_NAMES[state.aside],
        "stack": [[question.kind, question.seat, list(question.context())] for question in state.stack],
        "last_taker": state.last_taker,
        "last_move": state.last_move,
    }


def header(game: Game, snapshot: Mapping[str, Any]) -> tuple[int, dict[str, Any], dict[str, Any] | None]:
    """The seed, options and setup a snapshot of `game` records, checked."""
    if not isinstance(snapshot, Mapping) or snapshot.get("game") != game.name:
        raise BadRecord("game", f"this snapshot is not of {game.title}")
    seed = snapshot.get("seed")
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise BadRecord("seed", f"a seed is a whole number from 0, not {seed!r}")
    try:
        options = game.resolve_options(snapshot.get("options") or {})
    except BadOptions as error:
        raise BadRecord(f"options.{error.field}", error.message) from None
    setup = snapshot.get("setup")
    if setup is not None and not isinstance(setup, dict):
        raise BadRecord("setup", "the setup is a mapping or null")
    return seed, options, setup


def read(state: NimPosition, snapshot: Mapping[str, Any]) -> None:
    """Fill the empty `state` (made from `header`) with the position `snapshot` records."""
    history = _field(snapshot, "history", list)
    if not all(isinstance(action, int) and not isinstance(action, bool) for action in history):
        raise BadRecord("history", "a list of whole-number actions")
    state.history = list(history)
    state.pile = _count(snapshot.get("pile"), "pile")
    cards = _field(snapshot, "cards", list)
    names = [*cards, snapshot.get("aside")]
    if len(cards) != 2 or sorted(map(str, names)) != sorted(CARD_NAMES):
        raise BadRecord("cards", f"two seats' cards and the aside card are each of {', '.join(CARD_NAMES)} once")
    state.cards = [CARD_INDEX[name] for name in cards]
    state.aside = CARD_INDEX[names[2]]
    state.stack = [_question(entry, f"stack[{index}]") for index, entry in enumerate(_field(snapshot, "stack", list))]
    taker = snapshot.get("last_taker")
    if not (taker is None or (isinstance(taker, int) and not isinstance(taker, bool) and taker in (0, 1))):
        raise BadRecord("last_taker", f"a seat (0 or 1) or null, not {taker!r}")
    state.last_taker = taker
    state.last_move = str(_field(snapshot, "last_move", str))
    _check_stack(state)


def _question(entry: Any, where: str) -> Question:
    if not (isinstance(entry, list) and len(entry) == 3 and isinstance(entry[2], list)):
        raise BadRecord(where, "write a question as [kind, seat, details]")
    question = KINDS.read(entry[0], entry[1], entry[2], where)
    if question.seat not in (0, 1):
        raise BadRecord(where, f"a question's seat is 0 or 1, not {question.seat}")
    if isinstance(question, GiveOrKeep) and question.taken != GIVE_AFTER:
        raise BadRecord(where, f"give_or_keep follows a take of {GIVE_AFTER}; its taken cannot be {question.taken!r}")
    return question


def _check_stack(state: NimPosition) -> None:
    """The stack is empty (the game is over), one seat's Take, or a Take under the other seat's GiveOrKeep."""
    stack = state.stack
    if not stack:
        if state.pile or state.last_taker is None:
            raise BadRecord("stack", "empty (the game is over), but the pile is not empty or nobody took the last")
        return
    if not isinstance(stack[0], Take) or len(stack) > 2:
        raise BadRecord("stack", "a take, or a take under the other seat's give_or_keep")
    if len(stack) == 1:
        if not state.pile:
            raise BadRecord("pile", "an empty pile ends the game: the stack must be empty")
        return
    top = stack[1]
    if not isinstance(top, GiveOrKeep) or top.seat == stack[0].seat or top.seat != state.last_taker:
        raise BadRecord("stack[1]", "a give_or_keep of the seat that just took, above the other seat's take")


def _field(snapshot: Mapping[str, Any], name: str, kind: type) -> Any:
    value = snapshot.get(name)
    if not isinstance(value, kind):
        raise BadRecord(name, f"missing or not a {kind.__name__}")
    return value


def _count(value: Any, name: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise BadRecord(name, f"a whole number from 0, not {value!r}")
    return value

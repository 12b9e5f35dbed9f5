"""Playing a tutorial (`kernel.tutorial`) on the engine: its opening position, the scripted seat's reply where the
script has one, and every step written in the reader's language with its numbers read from the engine (`lesson`)."""

from __future__ import annotations

from collections.abc import Mapping

from guildtable.kernel.errors import IllegalAction
from guildtable.kernel.i18n import domain
from guildtable.kernel.protocol import Game, State
from guildtable.kernel.tutorial import Tutorial, TutorialJson, TutorialStepJson


def opening(game: Game, tutorial: Tutorial) -> State:
    """The tutorial's first position: its deal and options."""
    return game.new_state(tutorial.players, seed=tutorial.seed, options=tutorial.options, setup=tutorial.setup)


def scripted_reply(game: Game, tutorial: Tutorial, history: list[int]) -> int | None:
    """The script's move for a seat other than the learner's after `history` (the moves so far), or None when the
    script has none there (the game has left the script, or the learner is to move)."""
    state = opening(game, tutorial)
    for step in tutorial.steps:
        if step.is_move:
            if len(state.history) == len(history):
                return None
            action = state.action_from_notation(step.move)
            if history[len(state.history)] != action:
                return None
            state.apply(action)
        for move in step.replies:
            action = state.action_from_notation(move)
            if len(state.history) == len(history):
                return action
            if history[len(state.history)] != action:
                return None
            state.apply(action)
    return None


class BrokenLesson(Exception):
    """A tutorial's script no longer fits the rules: which step, and why."""


def lesson(game: Game, tutorial: Tutorial, rules_page: str = "") -> TutorialJson:
    """Play `tutorial` through on the engine and write every step in the reader's language. Raises `BrokenLesson`
    when a move of the script is not legal where it stands, is not its seat's, or a text has a field it lacks."""
    words = domain(game.domain)
    state = opening(game, tutorial)
    steps: list[TutorialStepJson] = []
    for index, step in enumerate(tutorial.steps):
        fields = dict(step.fields(state)) if step.fields is not None else {}
        try:
            text = words.gettext(step.text, **fields) if fields else words.gettext(step.text)
            wrong = (words.gettext(step.wrong, **fields) if fields else words.gettext(step.wrong)) if step.wrong else ""
        except (KeyError, IndexError) as error:
            raise BrokenLesson(f"step {index}: the text needs the field {error}") from None
        action: Mapping[str, object] | None = None
        at = len(state.history)
        if step.is_move:
            if state.current_player != tutorial.seat:
                raise BrokenLesson(f"step {index}: {step.move} is not the learner's move (seat {state.current_player})")
            action = _play(state, step.move, index)
        for move in step.replies:
            if state.current_player in (None, tutorial.seat):
                raise BrokenLesson(f"step {index}: the reply {move} is not another seat's move")
            _play(state, move, index)
        steps.append(
            {
                "index": index,
                "at": at,
                "kind": "move" if step.is_move else "explain",
                "text": text,
                "action": action,
                "notation": step.move,
                "highlight": list(step.highlight),
                "wrong": wrong,
                "rules": list(step.rules),
            }
        )
    return {
        "game": game.name,
        "seat": tutorial.seat,
        "minutes": tutorial.minutes,
        "opponent": tutorial.opponent,
        "options": dict(tutorial.options),
        "steps": steps,
        "unreached": [
            {"text": words.gettext(item.text), "href": f"{rules_page}#{item.section}"} for item in tutorial.unreached
        ],
        "moves": len(state.history),
    }


def _play(state: State, move: str, index: int) -> dict[str, object]:
    """Play `move` on `state`; its JSON form as read before it was played (a placement's says build or rebuild)."""
    try:
        action = state.action_from_notation(move)
        shown = dict(state.action_to_json(action))
        state.apply(action)
    except IllegalAction as error:
        raise BrokenLesson(f"step {index}: {move} is illegal ({error.rule}: {error.message})") from None
    return shown

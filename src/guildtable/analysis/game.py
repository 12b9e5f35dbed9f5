"""Analysing a whole finished game (issue 19): every decision of every player judged (`judge.py`), each player's
estimated winning chance over the game, and a summary of where each one lost their chances. Every move that was not
the best found says why the better one was better, in the game's own words (issue 33, `explain.py`).

The winning-chance curve is each player's own estimate at their own decisions (the value of the move they played),
carried forward between them; at two players the other player's chance is its complement. The game's end sets the
true result: a win 1, a shared win its share, a loss 0.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from guildtable.analysis.explain import sentences
from guildtable.analysis.judge import DEFAULT_SPEC, Judgement, searcher
from guildtable.analysis.judge import judge as judge_move
from guildtable.kernel import State
from guildtable.kernel.records import GameRecord, new_state_for, replay_record

Progress = Callable[[int, int], None]


@dataclass(slots=True)
class Step:
    """One move of the game as the analysis reports it: the judgement, the moves in notation and in words, every
    seat's estimated winning chance after it, and for a move that was not the best, what the better one gains in a
    sentence per language (`why`, {} when none is found)."""

    judgement: Judgement
    played_move: str
    played_label: str
    best_move: str
    best_label: str
    chances: list[float]
    why: dict[str, str] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        j = self.judgement
        return {
            "ply": j.ply,
            "seat": j.seat,
            "played": j.played,
            "played_move": self.played_move,
            "played_label": self.played_label,
            "best": j.best,
            "best_move": self.best_move,
            "best_label": self.best_label,
            "value_played": None if j.value_played is None else round(j.value_played, 4),
            "value_best": None if j.value_best is None else round(j.value_best, 4),
            "loss": round(j.loss, 4),
            "mark": j.mark,
            "forced": j.forced,
            "chances": [round(chance, 4) for chance in self.chances],
            "why": dict(self.why),
        }


@dataclass(slots=True)
class Analysis:
    """A finished game's analysis: its steps, and per seat the total loss and the marks earned."""

    game: str
    players: int
    spec: str
    steps: list[Step] = field(default_factory=list)

    def total_loss(self, seat: int) -> float:
        return sum(step.judgement.loss for step in self.steps if step.judgement.seat == seat)

    def decisions(self, seat: int) -> int:
        return sum(1 for step in self.steps if step.judgement.seat == seat and not step.judgement.forced)

    def marks(self, seat: int) -> dict[str, int]:
        found = {"inaccuracy": 0, "mistake": 0, "blunder": 0}
        for step in self.steps:
            mark = step.judgement.mark
            if step.judgement.seat == seat and mark is not None:
                found[mark] += 1
        return found

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "players": self.players,
            "spec": self.spec,
            "steps": [step.to_json() for step in self.steps],
            "seats": [
                {
                    "seat": seat,
                    "total_loss": round(self.total_loss(seat), 4),
                    "decisions": self.decisions(seat),
                    "marks": self.marks(seat),
                }
                for seat in range(self.players)
            ],
        }


def start_chances(players: int) -> list[float]:
    return [1.0 / players] * players


def next_chances(before: list[float], judgement: Judgement) -> list[float]:
    """Every seat's estimated winning chance after a judged move."""
    chances = list(before)
    if judgement.value_played is None:
        return chances
    chances[judgement.seat] = judgement.value_played
    if len(chances) == 2:
        chances[1 - judgement.seat] = 1.0 - judgement.value_played
    return chances


def describe(state: State, judgement: Judgement, names: list[str], seed: int = 0) -> Step:
    """The step of a judged move; a move that was not the best says why the better one was better (its worlds seeded
    by `seed`)."""
    why = {}
    if not judgement.forced and judgement.best != judgement.played:
        why = sentences(state, judgement.seat, judgement.played, judgement.best, names, seed)
    return Step(
        judgement,
        state.action_to_notation(judgement.played),
        state.action_label(judgement.played, names),
        state.action_to_notation(judgement.best),
        state.action_label(judgement.best, names),
        [],
        why,
    )


def positions(record: GameRecord) -> Iterator[tuple[State, int]]:
    """Each position of a record with the move played there (the state is the same object, moved on after each)."""
    state = new_state_for(record)
    for entry in record.actions:
        action = entry.action if entry.action is not None else state.action_from_notation(str(entry.notation))
        yield state, action
        state.apply(action)


def step_at(record: GameRecord, index: int, spec: str = DEFAULT_SPEC, seed: int = 0) -> Step:
    """The judged move `index` of a record (a job of its own: the server's analysis runs one per worker call). The
    search of each move is seeded by `seed` and the move's index, so an analysis is the same however it is split."""
    names = [player.name for player in record.players]
    for number, (state, action) in enumerate(positions(record)):
        if number == index:
            return describe(state, judge_move(state, action, searcher(spec, seed + index)), names, seed + index)
    raise IndexError(index)


def assemble(record: GameRecord, spec: str, steps: list[Step]) -> Analysis:
    """The analysis made of a record's judged steps, with every seat's winning chance after each."""
    players = len(record.players)
    analysis = Analysis(record.game, players, spec, steps)
    chances = start_chances(players)
    for step in steps:
        chances = next_chances(chances, step.judgement)
        step.chances = chances
    final = replay_record(record)
    if final.is_terminal and steps:
        steps[-1].chances = final.returns()
    return analysis


def analyse(
    record: GameRecord,
    *,
    spec: str = DEFAULT_SPEC,
    seed: int = 0,
    progress: Progress | None = None,
) -> Analysis:
    """Judge every move of a finished game's record (`progress(done, total)` after each). A record whose moves do not
    replay raises BadRecord naming the entry, before anything is searched."""
    replay_record(record)
    names = [player.name for player in record.players]
    steps = []
    total = len(record.actions)
    for index, (state, action) in enumerate(positions(record)):
        steps.append(describe(state, judge_move(state, action, searcher(spec, seed + index)), names, seed + index))
        if progress is not None:
            progress(index + 1, total)
    return assemble(record, searcher(spec, seed).spec, steps)

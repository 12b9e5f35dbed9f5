"""A tournament: which bots sit where in which game (a fair schedule), and how one game of it is played.

A game of the tournament is a `MatchTask`: plain, picklable data that any backend (a local process, a Ray worker)
turns into a `MatchResult` with `play_match`. Seeds come from the tournament seed and the game's index only, so the
same tournament gives the same results whatever runs it and in whatever order the games finish.
"""

from __future__ import annotations

import itertools
import time
from dataclasses import dataclass, field
from typing import Any

from guildtable.bots.spec import make_bot
from guildtable.kernel import BadOptions, BadRecord
from guildtable.kernel.i18n import gettext as _
from guildtable.kernel.i18n import ngettext
from guildtable.kernel.registry import get_game


@dataclass(frozen=True, slots=True)
class Tournament:
    """What to play: `games` games of `game` for `players` seats between the entrants `bots` (bot specs)."""

    game: str
    players: int
    bots: tuple[str, ...]
    games: int
    seed: int = 0
    options: dict[str, Any] = field(default_factory=dict)

    @property
    def labels(self) -> list[str]:
        """A unique name per entrant: the spec, numbered when the same spec is entered twice."""
        counts = {spec: self.bots.count(spec) for spec in self.bots}
        seen: dict[str, int] = {}
        labels = []
        for spec in self.bots:
            seen[spec] = seen.get(spec, 0) + 1
            labels.append(spec if counts[spec] == 1 else f"{spec} #{seen[spec]}")
        return labels

    def check(self) -> None:
        """Refuse a tournament that cannot be played, naming what is wrong."""
        game = get_game(self.game)
        if self.players not in game.player_counts:
            raise BadOptions(
                "players",
                _("{game} is for {low}–{high} players", game=game.title, low=game.min_players, high=game.max_players),
            )
        if len(self.bots) < self.players:
            raise BadOptions(
                "bots",
                ngettext(
                    "name at least {n} entrant for {n} seat (repeat a spec to seat it twice)",
                    "name at least {n} entrants for {n} seats (repeat a spec to seat it twice)",
                    self.players,
                ),
            )
        if self.games < 1:
            raise BadOptions("games", _("play at least one game"))
        for spec in self.bots:
            make_bot(spec)
        game.resolve_options(self.options)

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "players": self.players,
            "bots": list(self.bots),
            "games": self.games,
            "seed": self.seed,
            "options": dict(self.options),
        }

    @classmethod
    def from_json(cls, data: Any) -> Tournament:
        """The tournament `to_json` saved; a missing or mistyped field raises BadRecord naming it."""
        if not isinstance(data, dict):
            raise BadRecord("tournament", _("expected an object"))
        game = _field(data, "game", str)
        bots = _field(data, "bots", list)
        if not all(isinstance(spec, str) for spec in bots):
            raise BadRecord("bots", _("expected a list of bot specs"))
        return cls(
            game,
            _field(data, "players", int),
            tuple(bots),
            _field(data, "games", int),
            _field(data, "seed", int),
            _field(data, "options", dict),
        )


@dataclass(frozen=True, slots=True)
class MatchTask:
    """One game of a tournament: `lineup[seat]` is the entrant (index into the bots) sitting at `seat`."""

    index: int
    game: str
    seed: int
    lineup: tuple[int, ...]
    specs: tuple[str, ...]
    options: dict[str, Any]


@dataclass(slots=True)
class MatchResult:
    """How one game went, per seat: scores, returns (1 sole win, 1/k shared, 0 loss), moves and thinking time."""

    index: int
    seed: int
    lineup: tuple[int, ...]
    scores: list[float]
    returns: list[float]
    length: int
    move_seconds: list[list[float]]  # per seat, the time each of its moves took
    actions: list[int]

    def to_json(self) -> dict[str, Any]:
        return {
            "index": self.index,
            "seed": self.seed,
            "lineup": list(self.lineup),
            "scores": self.scores,
            "returns": self.returns,
            "length": self.length,
            "move_seconds": [[round(t, 5) for t in times] for times in self.move_seconds],
            "actions": self.actions,
        }

    @classmethod
    def from_json(cls, data: Any, players: int) -> MatchResult:
        """A result `to_json` wrote for a game of `players` seats; anything malformed raises BadRecord naming the
        field, so a damaged journal is refused rather than counted."""
        if not isinstance(data, dict):
            raise BadRecord("game", _("expected an object"))
        lineup = _numbers(data, "lineup", int, players)
        move_seconds = _field(data, "move_seconds", list)
        if len(move_seconds) != players or not all(
            isinstance(times, list) and all(_is_number(t, float) for t in times) for times in move_seconds
        ):
            raise BadRecord(
                "move_seconds",
                ngettext("expected {n} list of seconds", "expected {n} lists of seconds", players),
            )
        actions = _numbers(data, "actions", int, None)
        length = _field(data, "length", int)
        if length != len(actions):
            raise BadRecord(
                "length",
                _("{length} moves but {count} actions", length=length, count=len(actions)),
            )
        return cls(
            index=_field(data, "index", int),
            seed=_field(data, "seed", int),
            lineup=tuple(int(entrant) for entrant in lineup),
            scores=[float(score) for score in _numbers(data, "scores", float, players)],
            returns=[float(value) for value in _numbers(data, "returns", float, players)],
            length=length,
            move_seconds=[[float(t) for t in times] for times in move_seconds],
            actions=[int(action) for action in actions],
        )


def _is_number(value: Any, kind: type) -> bool:
    if isinstance(value, bool):
        return False
    return isinstance(value, int) if kind is int else isinstance(value, int | float)


def _field(data: dict[str, Any], name: str, kind: type) -> Any:
    value = data.get(name)
    if value is None or isinstance(value, bool) or not isinstance(value, kind):
        if kind is list:
            raise BadRecord(name, _("expected a list, got {value}", value=repr(value)))
        raise BadRecord(name, _("expected {kind}, got {value}", kind=kind.__name__, value=repr(value)))
    return value


def _numbers(data: dict[str, Any], name: str, kind: type, count: int | None) -> list[Any]:
    values = _field(data, name, list)
    if not all(_is_number(value, kind) for value in values) or (count is not None and len(values) != count):
        raise BadRecord(name, _expected_numbers(kind, count))
    return list(values)


def _expected_numbers(kind: type, count: int | None) -> str:
    if count is None:
        return _("expected a list of whole numbers") if kind is int else _("expected a list of numbers")
    if kind is int:
        return ngettext("expected a list of {n} whole number", "expected a list of {n} whole numbers", count)
    return ngettext("expected a list of {n} number", "expected a list of {n} numbers", count)


def schedule(tournament: Tournament) -> list[MatchTask]:
    """Fair lineups: every group of `players` entrants in turn, each group played in every cyclic seat rotation, so
    over whole cycles every entrant meets every other equally often and sits in every seat equally often. With a
    game count that is not a whole number of cycles the counts differ by at most one group's rotation."""
    players = tournament.players
    groups = list(itertools.combinations(range(len(tournament.bots)), players))
    tasks = []
    for index in range(tournament.games):
        cycle, within = divmod(index, players)
        group = groups[cycle % len(groups)]
        # Rotate the whole group by `within` seats; alternate the direction every other pass over the groups so
        # that who sits after whom is balanced too.
        order = group if (cycle // len(groups)) % 2 == 0 else tuple(reversed(group))
        lineup = tuple(order[(seat + within) % players] for seat in range(players))
        tasks.append(
            MatchTask(
                index=index,
                game=tournament.game,
                seed=tournament.seed + index,
                lineup=lineup,
                specs=tuple(tournament.bots[entrant] for entrant in lineup),
                options=dict(tournament.options),
            )
        )
    return tasks


def play_match(task: MatchTask) -> MatchResult:
    """Play one game of a tournament. Pure: the same task gives the same result in any process."""
    game = get_game(task.game)
    players = len(task.lineup)
    state = game.new_state(players, seed=task.seed, options=task.options)
    bots = [make_bot(spec, task.seed * 7919 + seat) for seat, spec in enumerate(task.specs)]
    move_seconds: list[list[float]] = [[] for _seat in range(players)]
    clock = time.perf_counter
    while not state.is_terminal:
        seat = state.current_player
        assert seat is not None
        start = clock()
        action = bots[seat].choose(state)
        move_seconds[seat].append(clock() - start)
        state.apply(action)
    return MatchResult(
        index=task.index,
        seed=task.seed,
        lineup=task.lineup,
        scores=[float(score) for score in state.scores()],
        returns=state.returns(),
        length=len(state.history),
        move_seconds=move_seconds,
        actions=list(state.history),
    )

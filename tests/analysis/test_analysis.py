"""Issue 19: the analysis of a finished game. Marks follow the documented thresholds, a judgement reads the true
position only through the deciding seat's information set, the winning-chance curve ends at the true result, a
weak player loses more chances than a strong one, and `guildtable analyse` prints the table and draws the graph."""

from __future__ import annotations

import json
from functools import partial
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from guildtable.analysis import THRESHOLDS, analyse, judge, mark_of
from guildtable.analysis.calibration import Calibration, winning_chance
from guildtable.analysis.judge import searcher
from guildtable.bots.spec import make_bot
from guildtable.cli.app import app
from guildtable.kernel import Game, Rng, State
from guildtable.kernel.records import parse_record, record_of
from guildtable.kernel.registry import all_games, get_game

# A small search: the tests check the machinery, not the strength of the judgement.
SPEC = "ismcts:iterations=40,c=0.1,rollout=0,widen=1,alpha=0.4,prior_depth=2,settle=1"
GAMES = all_games()


def played_game(game: str, players: int, bots: list[str], seed: int = 3) -> dict[str, Any]:
    state = get_game(game).new_state(players, seed=seed)
    chosen = [make_bot(spec, index) for index, spec in enumerate(bots)]
    while not state.is_terminal:
        state.apply(chosen[state.current_player or 0].choose(state))
    return record_of(state, [(f"P{seat}", spec) for seat, spec in enumerate(bots)])


def test_marks_follow_the_documented_thresholds() -> None:
    """Issue 19: an inaccuracy from 5 points of winning chance lost, a mistake from 10, a blunder from 20."""
    assert [mark for _loss, mark in THRESHOLDS] == ["blunder", "mistake", "inaccuracy"]
    assert mark_of(0.0) is None and mark_of(0.0499) is None
    assert mark_of(0.05) == "inaccuracy" and mark_of(0.0999) == "inaccuracy"
    assert mark_of(0.10) == "mistake" and mark_of(0.1999) == "mistake"
    assert mark_of(0.20) == "blunder" and mark_of(1.0) == "blunder"


class InformationSet:
    """A position that lets the analysis see only what its seat on turn may know: the legal moves of that seat and
    determinizations from its point of view. Anything else it reads fails the test."""

    ALLOWED = frozenset({"current_player", "legal_actions", "history", "moves_played", "game", "num_players"})

    def __init__(self, state: State) -> None:
        self._state = state
        self._seat = state.current_player
        self.worlds = 0

    def determinize(self, seat: int, rng: Rng) -> State:
        assert seat == self._seat, "a determinization for another seat's point of view"
        self.worlds += 1
        return self._state.determinize(seat, rng)

    def __getattr__(self, name: str) -> Any:
        if name not in self.ALLOWED:
            raise AssertionError(f"the analysis read {name!r} of the true position")
        return getattr(self._state, name)


@pytest.mark.parametrize("game", GAMES, ids=[game.name for game in GAMES])
def test_a_move_is_judged_from_its_players_information_set_only(game: Any) -> None:
    """Issue 19: every decision is judged from that player's information set, never with the hidden cards they did
    not know: the search sees the position only through determinizations from the deciding seat."""
    state = game.new_state(game.min_players if game.name != "city-and-guilds" else 3, seed=11)
    rng = Rng(5)
    judged = 0
    for _ in range(60):
        if state.is_terminal:
            break
        legal = state.legal_actions()
        action = legal[rng.below(len(legal))]
        if len(legal) > 1:
            guarded = InformationSet(state)
            judgement = judge(guarded, action, searcher(SPEC, 1))  # type: ignore[arg-type]
            assert guarded.worlds > 0 and judgement.seat == state.current_player
            assert judgement.best in legal and judgement.loss >= 0.0
            judged += 1
        state.apply(action)
    assert judged >= 5


def test_the_chances_end_at_the_result_and_the_weak_player_loses_more() -> None:
    """Issue 19: the winning-chance curve ends at the true result, and `greedy` against `random` leaves most of the
    lost chance to `random`."""
    record = parse_record(played_game("city-blocks", 2, ["greedy", "random"]))
    progress: list[int] = []
    result = analyse(record, spec=SPEC, progress=lambda done, _total: progress.append(done))
    assert progress == list(range(1, len(record.actions) + 1))
    assert len(result.steps) == len(record.actions)
    final = get_game("city-blocks").new_state(2, seed=record.seed)
    for entry in record.actions:
        final.apply(entry.action or 0)
    assert result.steps[-1].chances == final.returns()
    assert result.total_loss(1) > result.total_loss(0)
    for step in result.steps:
        assert step.judgement.mark == mark_of(step.judgement.loss) or step.judgement.forced
        if step.judgement.best == step.judgement.played:
            assert step.judgement.loss == 0.0
    assert json.loads(json.dumps(result.to_json()))["seats"][1]["total_loss"] == round(result.total_loss(1), 4)


def test_the_same_seed_gives_the_same_analysis() -> None:
    """Issue 19: an analysis is reproducible (each move's search is seeded by the analysis seed and its index)."""
    record = parse_record(played_game("guildhall", 2, ["random", "greedy"], seed=8))
    record = record.model_copy(update={"actions": record.actions[:12], "result": None})  # the first moves
    first = analyse(record, spec=SPEC, seed=4).to_json()
    again = analyse(record, spec=SPEC, seed=4).to_json()
    assert first == again


def test_the_analyse_command_prints_the_table_and_draws_the_graph(tmp_path: Path) -> None:
    """Issue 19: `guildtable analyse RECORD --png FILE` prints the moves and where the chances went, and writes the
    graph."""
    path = tmp_path / "game.json"
    path.write_text(json.dumps(played_game("city-blocks", 2, ["greedy", "random"])))
    png = tmp_path / "chances.png"
    result = CliRunner().invoke(app, ["analyse", str(path), "--iterations", "30", "--png", str(png), "--all"])
    assert result.exit_code == 0, result.output
    assert "Where the chances went" in result.output and "P1" in result.output
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    broken = tmp_path / "broken.json"
    broken.write_text("{not json")
    refused = CliRunner().invoke(app, ["analyse", str(broken)])
    assert refused.exit_code != 0 and "Traceback" not in refused.output


def test_a_calibration_map_keeps_the_order_of_moves_and_an_even_chance_even() -> None:
    """Issue 19: the map from a search's value to a winning chance is increasing (so the best move stays the best),
    stays inside 0..1, leaves values alone with slope 1 and shift 0, and with no shift keeps the even chance of
    `players` seats where it is, at every player count."""
    values = [0.0, 0.001, 0.05, 0.2, 0.5, 0.8, 0.95, 0.999, 1.0]
    for calibration in [
        Calibration(1.0, 0.0),
        Calibration(0.6, 0.4),
        Calibration(1.7, -0.3),
        *(Calibration(*fitted) for game in GAMES for fitted in game.win_calibration.values()),
    ]:
        for players in (2, 3, 4, 5):
            chances = [calibration.chance(value, players) for value in values]
            assert chances == sorted(chances) and all(0.0 < chance < 1.0 for chance in chances)
    for value in values[1:-1]:
        assert Calibration(1.0, 0.0).chance(value, 3) == pytest.approx(value)
    for players in (2, 3, 4, 5):
        assert Calibration(0.6, 0.0).chance(1 / players, players) == pytest.approx(1 / players)
    assert Calibration(1.0, 0.5).chance(0.5, 2) > 0.5 > Calibration(1.0, -0.5).chance(0.5, 2)


@pytest.mark.parametrize("game", GAMES, ids=lambda game: game.name)
def test_a_judgement_reports_the_games_calibrated_chances(game: Game) -> None:
    """Issue 19: the values of a judgement are the search's values passed through the game's calibration, and the
    loss is measured between the calibrated chances."""
    state = game.new_state(game.min_players, seed=11)
    rng = Rng(5)
    while len(state.legal_actions()) < 3:
        state.apply(rng.choice(state.legal_actions()))
    played = state.legal_actions()[-1]
    raw = judge(state, played, searcher(SPEC, 2), calibrated=False)
    calibrated = judge(state, played, searcher(SPEC, 2))
    assert (raw.played, raw.best) == (calibrated.played, calibrated.best)
    assert raw.value_played is not None and raw.value_best is not None
    chance = partial(winning_chance, game.name, game.min_players)
    assert calibrated.value_played == pytest.approx(chance(raw.value_played))
    assert calibrated.value_best == pytest.approx(chance(raw.value_best))
    assert calibrated.loss == pytest.approx(max(0.0, chance(raw.value_best) - chance(raw.value_played)))

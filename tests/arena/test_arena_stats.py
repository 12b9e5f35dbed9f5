"""The arena's statistics, ratings and reports on a tiny tournament."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest

from guildtable.arena.backends import run_tasks
from guildtable.arena.ratings import rate
from guildtable.arena.report import write_reports
from guildtable.arena.stats import summarize
from guildtable.arena.tournament import MatchResult, Tournament, play_match, schedule
from guildtable.kernel import BadOptions

TINY = Tournament("city-blocks", 2, ("random", "greedy", "ismcts:iterations=15"), 6, seed=40)


@pytest.fixture(scope="module")
def results() -> list[MatchResult]:
    return list(run_tasks(schedule(TINY), "local", workers=1))


def result(index: int, lineup: tuple[int, ...], scores: list[float], length: int = 10) -> MatchResult:
    best = max(scores)
    winners = [seat for seat, score in enumerate(scores) if score == best]
    returns = [1 / len(winners) if seat in winners else 0.0 for seat in range(len(scores))]
    return MatchResult(index, index, lineup, scores, returns, length, [[0.1] * 5 for _ in scores], [])


def test_statistics_of_hand_made_results() -> None:
    games = [
        result(0, (0, 1), [10, 5], 30),
        result(1, (1, 0), [7, 7], 32),  # a shared win counts one half each
        result(2, (0, 1), [3, 9], 34),
    ]
    summary = summarize(games, ["a", "b"], 2)
    a, b = summary.entrants
    assert (a.games, a.wins, b.wins) == (3, 1.5, 1.5)
    assert a.mean_score == pytest.approx((10 + 7 + 3) / 3)
    assert summary.matrix[0][1] == pytest.approx(1.5 / 3)
    assert summary.matrix[0][0] is None
    assert summary.pair_games[0][1] == 3
    assert a.seat_games == [2, 1] and a.seat_win_rate(0) == pytest.approx(0.5) and a.seat_win_rate(1) == 0.5
    assert summary.seat_wins == [1.5, 1.5]
    assert summary.mean_length == 32
    assert a.median_move_seconds == pytest.approx(0.1)


def test_ratings_favour_the_entrant_that_keeps_winning() -> None:
    games = [
        result(index, (index % 2, 1 - index % 2), [5.0, 1.0] if index % 2 == 0 else [1.0, 5.0]) for index in range(10)
    ]
    ratings = rate(games, 2)
    assert ratings[0].mu > 25 > ratings[1].mu
    assert ratings[0].sigma < 25 / 3
    # Fed in index order, so the order results arrive in does not matter.
    assert rate(list(reversed(games)), 2) == ratings


def test_a_tiny_tournament_adds_up(results: list[MatchResult]) -> None:
    summary = summarize(results, TINY.labels, 2)
    assert summary.games == 6
    assert sum(entrant.games for entrant in summary.entrants) == 12
    assert sum(entrant.wins for entrant in summary.entrants) == pytest.approx(6)
    assert sum(summary.seat_wins) == pytest.approx(6)
    for a in range(3):
        for b in range(3):
            if a != b:
                assert summary.matrix[a][b] + summary.matrix[b][a] == pytest.approx(1.0)  # type: ignore[operator]
    assert all(result.length == len(result.actions) for result in results)
    assert summary.entrants[0].median_move_seconds < summary.entrants[2].median_move_seconds


def test_games_replay_to_the_same_result(results: list[MatchResult]) -> None:
    again = play_match(schedule(TINY)[3])
    assert again.actions == results[3].actions
    assert again.scores == results[3].scores


def test_parallel_workers_give_the_same_results(results: list[MatchResult]) -> None:
    parallel = sorted(run_tasks(schedule(TINY), "local", workers=2), key=lambda result: result.index)
    assert [r.actions for r in parallel] == [r.actions for r in results]


def test_reports_hold_every_game_and_every_entrant(results: list[MatchResult], tmp_path: Path) -> None:
    summary = summarize(results, TINY.labels, 2)
    ratings = rate(results, 3)
    paths = write_reports(tmp_path, TINY, summary, ratings, results)
    data = json.loads((tmp_path / "results.json").read_text())
    assert len(data["games"]) == 6
    assert {row["entrant"] for row in data["entrants"]} == set(TINY.labels)
    assert data["win_rate_matrix"]["rows"] == TINY.labels
    with (tmp_path / "games.csv").open() as handle:
        assert len(list(csv.DictReader(handle))) == 6
    with (tmp_path / "summary.csv").open() as handle:
        assert next(row["entrant"] for row in csv.DictReader(handle)) == data["entrants"][0]["entrant"]
    assert len(paths) == 3


def test_plots_are_png_files(results: list[MatchResult], tmp_path: Path) -> None:
    from guildtable.arena.plots import write_plots

    summary = summarize(results, TINY.labels, 2)
    for path in write_plots(tmp_path, "City Blocks", summary, rate(results, 3)):
        assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_an_unknown_backend_is_refused() -> None:
    with pytest.raises(BadOptions):
        run_tasks([], "carrier-pigeon")

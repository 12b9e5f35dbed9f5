"""Fair schedules: seats rotate, lineups are drawn evenly when there are more entrants than seats."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest

from guildtable.arena.tournament import Tournament, schedule
from guildtable.kernel import BadOptions


def test_two_entrants_take_each_seat_in_turn() -> None:
    tasks = schedule(Tournament("city-blocks", 2, ("a", "b"), 6))
    assert [task.lineup for task in tasks] == [(0, 1), (1, 0), (1, 0), (0, 1), (0, 1), (1, 0)]
    assert [task.seed for task in tasks] == list(range(6))


def test_more_entrants_than_seats_meet_and_sit_evenly() -> None:
    bots = ("random", "greedy", "easy", "medium")
    games = 2 * 6 * 2  # two full passes over the 6 pairs in both seat orders
    tasks = schedule(Tournament("city-blocks", 2, bots, games, seed=10))
    pairs = Counter(frozenset(task.lineup) for task in tasks)
    assert set(pairs) == {frozenset(pair) for pair in combinations(range(4), 2)}
    assert set(pairs.values()) == {4}
    seats = Counter((entrant, seat) for task in tasks for seat, entrant in enumerate(task.lineup))
    assert set(seats.values()) == {games * 2 // 4 // 2}
    assert tasks[0].specs == ("random", "greedy")


def test_four_seats_rotate_through_every_seat() -> None:
    tasks = schedule(Tournament("city-blocks", 4, ("a", "b", "c", "d"), 8))
    seats = Counter((entrant, seat) for task in tasks for seat, entrant in enumerate(task.lineup))
    assert set(seats.values()) == {2}
    followers = Counter((task.lineup[seat], task.lineup[(seat + 1) % 4]) for task in tasks for seat in range(4))
    assert followers[(0, 1)] == followers[(1, 0)] == 4  # who sits after whom is balanced over two passes


@pytest.mark.parametrize(
    ("tournament", "field"),
    [
        (Tournament("city-blocks", 3, ("random", "greedy", "easy"), 4), "players"),
        (Tournament("city-blocks", 2, ("random",), 4), "bots"),
        (Tournament("city-blocks", 2, ("random", "wizard"), 4), "bot"),
        (Tournament("city-blocks", 2, ("random", "greedy"), 0), "games"),
    ],
)
def test_impossible_tournaments_are_refused(tournament: Tournament, field: str) -> None:
    with pytest.raises(BadOptions) as caught:
        tournament.check()
    assert caught.value.field == field


def test_a_spec_entered_twice_gets_numbered_labels() -> None:
    assert Tournament("city-blocks", 2, ("greedy", "greedy", "random"), 1).labels == [
        "greedy #1",
        "greedy #2",
        "random",
    ]

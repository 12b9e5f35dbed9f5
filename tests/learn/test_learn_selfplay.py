"""Issue 35: self-play samples and duels. A self-play game records, at each real choice, the mover's observation,
the search's visit shares over the legal moves (summing to one, nothing off them) and the mover's final return; the
same task gives the same game anywhere. A duel seats the candidate in every seat of every deal."""

from __future__ import annotations

import numpy as np
import pytest

from guildtable.kernel.observation import observer_for
from guildtable.kernel.registry import get_game
from guildtable.learn.duel import DuelTask, duel_tasks, play_duel, wilson
from guildtable.learn.selfplay import SelfPlayTask, play_selfplay


@pytest.mark.parametrize(("game", "players"), [("city-blocks", 2), ("guildhall", 2)])
def test_a_self_play_game_records_every_real_choice(game: str, players: int) -> None:
    task = SelfPlayTask(game, players, seed=4, iterations=12, explore=3)
    samples = play_selfplay(task)
    rows = len(samples.values)
    assert rows >= 5
    assert samples.observations.shape == (rows, observer_for(game, players).size)
    actions = get_game(game).num_distinct_actions(players)
    assert samples.policies.shape == samples.legal.shape == (rows, actions)
    np.testing.assert_allclose(samples.policies.sum(axis=1), 1.0, rtol=1e-5)
    assert not np.any(samples.policies[~samples.legal])
    assert np.all(samples.legal.sum(axis=1) >= 2)  # a forced move is no choice: it is played, not recorded
    assert np.all((samples.values >= 0.0) & (samples.values <= 1.0))  # the movers' returns
    assert samples.searched.shape == (rows,) and np.all((samples.searched >= 0.0) & (samples.searched <= 1.0))
    again = play_selfplay(task)
    np.testing.assert_array_equal(samples.observations, again.observations)
    np.testing.assert_array_equal(samples.policies, again.policies)


def test_a_duel_seats_the_candidate_everywhere_on_the_same_deals() -> None:
    tasks = duel_tasks("city-blocks", 2, deals=3, seed=10, iterations=8, candidate=None, rival=None)
    assert [(task.seed, task.candidate_seat) for task in tasks] == [
        (10, 0),
        (10, 1),
        (11, 0),
        (11, 1),
        (12, 0),
        (12, 1),
    ]
    result = play_duel(DuelTask("city-blocks", 2, 10, 8, 1, None, None))
    assert result.candidate_seat == 1 and 0.0 <= result.score <= 1.0


def test_the_wilson_interval() -> None:
    low, high = wilson(110, 200)
    assert low == pytest.approx(0.4808, abs=1e-3) and high == pytest.approx(0.6173, abs=1e-3)
    assert wilson(0, 0) == (0.0, 1.0)
    assert wilson(20, 20)[1] == 1.0

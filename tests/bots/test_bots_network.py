"""Issue 35: the learned evaluation's network in NumPy (saved, loaded, evaluated) and the search's use of it
(`learned=1` and an evaluator given): it judges the leaves and orders the moves near the root."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest

from guildtable.bots.ismcts import IsmctsBot, SearchSettings
from guildtable.bots.learned import LearnedEvaluator
from guildtable.bots.network import (
    FOLDER_VARIABLE,
    SHIPPED,
    Network,
    NetworkInfo,
    Training,
    file_name,
    network_for,
    network_path,
)
from guildtable.bots.spec import make_bot
from guildtable.kernel import State
from guildtable.kernel.observation import observer_for
from guildtable.kernel.registry import get_game


def city_blocks_info() -> NetworkInfo:
    game = get_game("city-blocks")
    return NetworkInfo("city-blocks", 2, observer_for(game, 2).size, game.num_distinct_actions(2), (16, 8))


def test_a_network_survives_saving_and_loading(tmp_path: Path) -> None:
    info = NetworkInfo("city-blocks", 2, 12, 5, (7, 3), Training("guildtable train city-blocks", 4, 0.5, "x86_64", 3))
    network = Network.random(info, seed=9)
    network.save(tmp_path / "n.npz")
    again = Network.load(tmp_path / "n.npz")
    assert again.info == info
    batch = np.random.default_rng(1).normal(size=(4, 12)).astype(np.float32)
    values, logits = network.forward(batch)
    values_again, logits_again = again.forward(batch)
    np.testing.assert_array_equal(values, values_again)
    np.testing.assert_array_equal(logits, logits_again)
    assert values.shape == (4,) and logits.shape == (4, 5) and np.all(np.abs(values) <= 1.0)
    single, single_logits = network.value_and_logits(batch[2])
    assert single == pytest.approx(float(values[2]), abs=1e-6) == pytest.approx(network.value(batch[2]), abs=1e-6)
    np.testing.assert_allclose(single_logits, logits[2], rtol=1e-5, atol=1e-6)


def test_the_network_is_found_in_the_folder_named_first(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    network = Network.random(city_blocks_info(), seed=2)
    network.save(tmp_path / file_name("city-blocks", 2))
    monkeypatch.setenv(FOLDER_VARIABLE, str(tmp_path))
    found = network_for("city-blocks", 2)
    assert found is not None and found.info == network.info
    monkeypatch.setenv(FOLDER_VARIABLE, str(tmp_path / "empty"))
    assert network_path("city-blocks", 2) in (None, SHIPPED / file_name("city-blocks", 2))


def test_an_evaluator_refuses_a_network_of_another_shape() -> None:
    info = NetworkInfo("city-blocks", 2, 10, 626, (4,))
    with pytest.raises(ValueError, match="inputs"):
        LearnedEvaluator(Network.random(info), "city-blocks", 2)


class Recording:
    """An evaluator that likes one move and counts what it is asked."""

    def __init__(self, liked: int) -> None:
        self.liked = liked
        self.value_calls = 0
        self.prior_calls = 0
        self.has_prior = True

    def value(self, state: State, seat: int) -> float:
        self.value_calls += 1
        return 0.0

    def priors(self, state: State, seat: int, legal: list[int]) -> list[float]:
        self.prior_calls += 1
        return [1.0 if action == self.liked else 0.0 for action in legal]


def test_the_search_orders_new_moves_by_the_networks_prior_with_learned_2() -> None:
    state = get_game("city-blocks").new_state(2, seed=3)
    legal = state.legal_actions()
    liked = legal[len(legal) // 2]
    evaluator = Recording(liked)
    settings = SearchSettings(iterations=1, c=0.1, rollout=0, widen=1, alpha=0.4, prior_depth=2, settle=0, learned=2)
    result = IsmctsBot(1, settings, evaluator=evaluator).search(state)
    assert list(result.visits) == [liked]  # the first child added near the root is the one the prior likes best
    assert evaluator.value_calls >= 1 and evaluator.prior_calls >= 1


class Counting(Recording):
    """Judges every position the same and counts the leaves it is asked about."""


def test_with_learned_1_the_network_judges_the_leaves_and_the_game_orders_the_moves() -> None:
    """`learned=1`: the first move tried is the one the game's one-ply evaluation likes best (as `hard`'s), and
    the network is asked about the leaves only, never for move priors."""
    game = get_game("city-blocks")
    state = game.new_state(2, seed=3)
    settings = SearchSettings(iterations=1, c=0.1, rollout=0, widen=1, alpha=0.4, prior_depth=2, settle=0, learned=1)
    evaluator = Counting(-1)
    result = IsmctsBot(1, settings, evaluator=evaluator).search(state)
    plain = IsmctsBot(1, replace(settings, learned=0)).search(state)
    assert list(result.visits) == list(plain.visits) and len(result.visits) == 1
    assert evaluator.value_calls == 1 and evaluator.prior_calls == 0  # one leaf, one seat on its path
    assert result.values == {result.action: 0.5}  # the network's value 0 (an even position) judged the leaf


def test_learned_without_a_network_is_the_games_own_evaluation(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """`learned=1` where no network exists for the game and count: the same search as without it."""
    monkeypatch.setenv(FOLDER_VARIABLE, str(tmp_path))
    state = get_game("guildhall").new_state(4, seed=5)
    if network_for("guildhall", 4) is not None:
        pytest.skip("a Guildhall network for 4 players is shipped")
    plain = make_bot("hard:iterations=60,ms=0", 7).choose(state)
    learned = make_bot("hard:iterations=60,ms=0,learned=1", 7).choose(state)
    assert plain == learned


def test_a_fresh_residual_network_judges_as_the_game_does_and_keeps_its_base(tmp_path: Path) -> None:
    """A residual network starts as the game's own evaluation (its correction is zero) and saves its base."""
    game = get_game("city-blocks")
    info = NetworkInfo("city-blocks", 2, observer_for(game, 2).size, game.num_distinct_actions(2), (8,), residual=True)
    network = Network.random(info, seed=4)
    evaluator = LearnedEvaluator(network, "city-blocks", 2)
    state = game.new_state(2, seed=11)
    for _ in range(9):  # some tiles placed, so that the evaluation is not 0
        state.apply(state.legal_actions()[0])
    for seat in (0, 1):
        assert evaluator.value(state, seat) == pytest.approx(game.evaluate(state, seat), abs=1e-5)
    corrected = Network(info, network.trunk, (network.value_head[0], np.full(1, 0.5, np.float32)), network.policy_head)
    corrected.base = (0.5, -0.25)
    corrected.save(tmp_path / "r.npz")
    again = Network.load(tmp_path / "r.npz")
    assert again.info.residual and again.base == (0.5, -0.25)
    observation = observer_for(game, 2).encode(state, 0)
    evaluation = game.evaluate(state, 0)
    expected = np.tanh(0.5 * np.arctanh(evaluation) - 0.25 + 0.5)
    assert again.value(observation, evaluation) == pytest.approx(expected, abs=1e-5)
    values, _logits = again.forward(observation[None, :], np.array([evaluation], np.float32))
    assert float(values[0]) == pytest.approx(expected, abs=1e-5)

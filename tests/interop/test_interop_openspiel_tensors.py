"""Issue 18: the OpenSpiel adapter's observation and information-state tensors come from the same encoders as the RL
environments and pass OpenSpiel's own API checks: its random simulation test (which checks every tensor's size and
finiteness at every state, the chance node and the end included), the partial-tree API tests of OpenSpiel's
integration suite, and its resample-from-infostate check. Needs the `openspiel` extra (make test installs it)."""

from __future__ import annotations

import unittest

import numpy as np
import pytest

from extras import import_extra

pyspiel = import_extra("pyspiel", "openspiel")

from guildtable.interop.openspiel_game import MAX_GAME_LENGTH, SpielState, load  # noqa: E402
from guildtable.kernel import Game, Rng  # noqa: E402
from guildtable.kernel.registry import all_games  # noqa: E402
from guildtable.rl import encoder_for  # noqa: E402

GAMES = all_games()
CASES = [(game, players) for game in GAMES for players in game.player_counts]
CASE_IDS = [f"{game.name}-{players}p" for game, players in CASES]


def random_states(game: Game, players: int, count: int, seed: int) -> list[SpielState]:
    """States after the deal of seeded random games: positions during play and the final ones."""
    spiel = load(game.name, players)
    rng = Rng(seed)
    found: list[SpielState] = []
    deal = 0
    while len(found) < count:
        state = spiel.new_initial_state()
        state.apply_action(deal)
        deal += 1
        while len(found) < count:
            if rng.below(6) == 0 or state.is_terminal():
                found.append(state.clone())
            if state.is_terminal():
                break
            state.apply_action(rng.choice(state.legal_actions()))
    return found


@pytest.mark.parametrize(("game", "players"), CASES, ids=CASE_IDS)
def test_the_tensors_are_our_encoders(game: Game, players: int) -> None:
    """Issue 18: `observation_tensor(p)` is the encoder's tensor for seat p; `information_state_tensor(p)` is the same
    followed by the move number / MAX_GAME_LENGTH; their shapes are the game's."""
    spiel = load(game.name, players)
    encoder = encoder_for(game, players)
    assert spiel.observation_tensor_shape() == [encoder.size]
    assert spiel.information_state_tensor_shape() == [encoder.size + 1]
    before = spiel.new_initial_state()
    for player in range(players):
        assert not any(before.observation_tensor(player)), "before the deal there is nothing to see"
    for state in random_states(game, players, 15, seed=players):
        ours = state.ours
        for player in range(players):
            expected = encoder.encode(ours, player)
            np.testing.assert_array_equal(np.array(state.observation_tensor(player), np.float32), expected)
            info = np.array(state.information_state_tensor(player), np.float32)
            np.testing.assert_array_equal(info[:-1], expected)
            assert info[-1] == pytest.approx(len(ours.history) / MAX_GAME_LENGTH)


MIDDLE = [(game, players) for game, players in CASES if game.min_players < players < game.max_players]


@pytest.mark.parametrize(("game", "players"), MIDDLE, ids=[f"{game.name}-{players}p" for game, players in MIDDLE])
def test_openspiels_random_simulation_test_checks_the_tensors(game: Game, players: int) -> None:
    """Issue 18: OpenSpiel's `random_sim_test` checks both tensors' sizes and values at every state of a game, the
    chance node and the end included. `test_interop_openspiel.py` runs it at each game's fewest and most players
    (now with the tensors); here the player counts between."""
    spiel = load(game.name, players)
    assert spiel.get_type().provides_observation_tensor and spiel.get_type().provides_information_state_tensor
    pyspiel.random_sim_test(spiel, num_sims=1, serialize=False, verbose=False)


@pytest.mark.parametrize("game", GAMES, ids=[game.name for game in GAMES])
def test_openspiels_partial_tree_api_tests_pass(game: Game) -> None:
    """Issue 18: the partial-tree API tests of OpenSpiel's integration suite (`EnforceAPIOnPartialTreeBase`, run on
    states that `sample_some_states` draws): tensors of the right length for every player, errors for an invalid
    player, no legal actions for a player not to move, private and public observations."""
    from open_spiel.integration_tests import api_test

    checks = type("Checks", (api_test.EnforceAPIOnPartialTreeBase,), {"game": load(game.name), "game_name": game.name})
    result = unittest.TextTestRunner(stream=_Discard(), verbosity=0).run(
        unittest.defaultTestLoader.loadTestsFromTestCase(checks)
    )
    assert result.testsRun >= 5
    assert result.wasSuccessful(), [text for _, text in result.errors + result.failures]


@pytest.mark.parametrize(("game", "players"), CASES, ids=CASE_IDS)
def test_resampling_from_an_infostate_keeps_both_tensors(game: Game, players: int) -> None:
    """Issue 18: OpenSpiel's resample-from-infostate check (as its C++ `ResampleInfostateTest`): a world drawn for a
    player has that player's information state string and tensor, and observation tensor."""
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    for state in random_states(game, players, 20, seed=10 + players):
        for player in range(players):
            world = state.resample_from_infostate(player, sampler)
            assert world.information_state_string(player) == state.information_state_string(player)
            assert world.information_state_tensor(player) == state.information_state_tensor(player)
            assert world.observation_tensor(player) == state.observation_tensor(player)


def test_observations_through_openspiels_python_api() -> None:
    """Issue 18: `make_observation` gives the observation and information state by observation type; types the
    adapter does not offer (public or private information alone) are None, as OpenSpiel documents."""
    from open_spiel.python.observation import INFO_STATE_OBS_TYPE, make_observation

    spiel = load("guildhall", 3)
    state = random_states(all_games()[2], 3, 1, seed=4)[0]
    observation = make_observation(spiel)
    observation.set_from(state, 1)
    np.testing.assert_array_equal(observation.tensor, state.observation_tensor(1))
    assert set(observation.dict) == set(encoder_for("guildhall", 3).layout.names)
    info = make_observation(spiel, INFO_STATE_OBS_TYPE)
    info.set_from(state, 2)
    np.testing.assert_array_equal(info.tensor, state.information_state_tensor(2))
    assert "move_number" in info.dict
    public_only = pyspiel.IIGObservationType(
        perfect_recall=False, public_info=True, private_info=pyspiel.PrivateInfoType.NONE
    )
    assert make_observation(spiel, public_only) is None


def test_child_states_keep_the_game_and_their_own_position() -> None:
    """`State.child` goes through pyspiel's C++ `Clone`, which deep-copies a Python state's attributes: the child
    keeps the game (with our game on it) and gets its own copy of our position."""
    state = load("city-blocks").new_initial_state()
    dealt = state.child(5)
    assert state.is_chance_node() and dealt.current_player() == dealt.ours.current_player
    moved = dealt.child(dealt.legal_actions()[0])
    assert len(dealt.ours.history) == 0 and len(moved.ours.history) == 1
    assert moved.observation_tensor(0) != dealt.observation_tensor(0)


def test_openspiels_rl_environment_serves_information_state_tensors() -> None:
    """Issue 18: OpenSpiel's own RL environment (what its DQN, NFSP and policy-gradient agents use) plays one of our
    games on the information state tensors."""
    from open_spiel.python import rl_environment

    env = rl_environment.Environment(load("city-blocks"), seed=1)
    step = env.reset()
    moves = 0
    rng = np.random.default_rng(0)
    while not step.last():
        player = step.observations["current_player"]
        assert len(step.observations["info_state"][player]) == env.observation_spec()["info_state"][0]
        step = env.step([int(rng.choice(step.observations["legal_actions"][player]))])
        moves += 1
    assert moves > 20 and sum(step.rewards) == pytest.approx(1.0)


class _Discard:
    """A stream that drops unittest's report (the result object is what the test reads)."""

    def write(self, text: str) -> int:
        return len(text)

    def flush(self) -> None:
        pass

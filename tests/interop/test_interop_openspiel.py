"""The OpenSpiel adapter: every game registers with pyspiel, passes OpenSpiel's own random-play consistency check,
and OpenSpiel's ISMCTS can search it through our determinization. Needs the `openspiel`
extra (make test installs it)."""

from __future__ import annotations

import pytest

from extras import import_extra

pyspiel = import_extra("pyspiel", "openspiel")

from guildtable.interop.openspiel_game import DEALS, load, register_all  # noqa: E402
from guildtable.kernel import Game  # noqa: E402
from guildtable.kernel.registry import all_games  # noqa: E402

GAMES = all_games()


def test_every_game_is_registered_under_its_pyspiel_name() -> None:
    names = register_all()
    assert names == ["guildtable_" + game.name.replace("-", "_") for game in GAMES]
    assert set(names) <= set(pyspiel.registered_names())


@pytest.mark.parametrize("game", GAMES, ids=[game.name for game in GAMES])
def test_random_play_passes_openspiels_consistency_check(game: Game) -> None:
    spiel = load(game.name, game.min_players)
    assert spiel.num_players() == game.min_players
    pyspiel.random_sim_test(spiel, num_sims=1, serialize=False, verbose=False)


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES, ids=[game.name for game in GAMES])
def test_random_play_passes_openspiels_consistency_check_at_the_most_players(game: Game) -> None:
    if game.max_players == game.min_players:
        return
    spiel = load(game.name, game.max_players)
    assert spiel.num_players() == game.max_players
    pyspiel.random_sim_test(spiel, num_sims=1, serialize=False, verbose=False)


def test_a_deal_is_a_chance_node_then_our_game_plays() -> None:
    spiel = load("city-blocks")
    state = spiel.new_initial_state()
    assert state.is_chance_node()
    assert len(state.chance_outcomes()) == DEALS
    state.apply_action(17)
    assert state.current_player() == state.ours.current_player
    assert state.legal_actions() == state.ours.legal_actions()
    copy = state.clone()
    copy.apply_action(copy.legal_actions()[0])
    assert len(state.ours.history) == 0 and len(copy.ours.history) == 1


def test_resampling_keeps_the_players_information_state() -> None:
    spiel = load("city-blocks")
    state = spiel.new_initial_state()
    state.apply_action(3)
    for _ in range(5):
        state.apply_action(state.legal_actions()[-1])
    player = state.current_player()
    world = state.resample_from_infostate(player, pyspiel.UniformProbabilitySampler(0.0, 1.0))
    assert world.information_state_string(player) == state.information_state_string(player)
    assert world.legal_actions() == state.legal_actions()


def test_openspiels_ismcts_chooses_a_legal_move_on_our_game() -> None:
    import numpy as np
    from open_spiel.python.algorithms import ismcts, mcts

    spiel = load("city-blocks")
    state = spiel.new_initial_state()
    state.apply_action(1)
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(0))
    bot = ismcts.ISMCTSBot(
        spiel, evaluator, 0.7, 10, random_state=np.random.RandomState(0), allow_inconsistent_action_sets=True
    )
    assert bot.step(state) in state.legal_actions()

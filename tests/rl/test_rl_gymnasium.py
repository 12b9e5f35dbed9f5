"""Issue 18: a Gymnasium single-agent wrapper: one seat learns, the others are guildtable bots of a chosen level.
It passes Gymnasium's own `check_env`, masks actions the way sb3-contrib's MaskablePPO asks, and a trained policy can
sit in the arena as a bot (`register_policy`). Needs the `rl` extra (make test installs it)."""

from __future__ import annotations

import copy
import pickle
import warnings

import numpy as np
import numpy.typing as npt
import pytest

from extras import import_extra

gymnasium = import_extra("gymnasium", "rl")

from gymnasium.utils.env_checker import check_env  # noqa: E402

from guildtable import rl  # noqa: E402
from guildtable.arena import Tournament, play_match, schedule  # noqa: E402
from guildtable.bots import make_bot  # noqa: E402
from guildtable.kernel import BadOptions, Game, GuildtableError, IllegalAction  # noqa: E402
from guildtable.kernel.registry import all_games  # noqa: E402
from guildtable.rl.gymnasium_env import ENVIRONMENT_IDS, ILLEGAL_REWARD  # noqa: E402

GAMES = all_games()


@pytest.mark.parametrize("game_id", ENVIRONMENT_IDS)
def test_gymnasiums_check_env_passes_for_every_game(game_id: str) -> None:
    """Issue 18: Gymnasium's `check_env` (spaces, seeding, returned data, every render mode), without a warning."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        env = gymnasium.make(game_id, render_mode="ansi", opponents="greedy")
        check_env(env.unwrapped)
    assert [str(w.message) for w in caught] == []


@pytest.mark.parametrize("game", GAMES, ids=[game.name for game in GAMES])
def test_the_learner_plays_a_whole_game_against_bots(game: Game) -> None:
    """Issue 18: between two decisions of the learner the bots play theirs; the mask is the learner's legal actions;
    the reward is the learner's return at the end and 0 before."""
    env = rl.gym_env(game, game.max_players, opponents="random")
    observation, info = env.reset(seed=11)
    rng = np.random.default_rng(1)
    total = 0.0
    terminated = False
    while not terminated:
        state = env.game_state
        assert state.current_player == env.seat
        mask = env.action_masks()
        assert list(np.flatnonzero(mask)) == state.legal_actions()
        np.testing.assert_array_equal(info["action_mask"], mask)
        np.testing.assert_array_equal(observation, env.encoder.encode(state, env.seat))
        observation, reward, terminated, truncated, info = env.step(int(rng.choice(np.flatnonzero(mask))))
        assert not truncated
        if not terminated:
            assert reward == 0.0
        total += reward
    assert total == env.game_state.returns()[env.seat]
    assert not env.action_masks().any()
    with pytest.raises(GuildtableError, match="reset"):
        env.step(0)


def test_the_learning_seat_is_drawn_each_episode_unless_it_is_fixed() -> None:
    env = rl.gym_env("guildhall", 4, opponents=["random", "greedy", "random"])
    seats = set()
    for episode in range(12):
        env.reset(seed=episode)
        seats.add(env.seat)
        bots = env._bots
        assert sorted(bots) == sorted(set(range(4)) - {env.seat})
        assert bots[(env.seat + 2) % 4].spec == "greedy", "the k-th spec plays k seats after the learner"
    assert len(seats) > 1
    fixed = rl.gym_env("guildhall", 4, seat=2)
    for episode in range(4):
        fixed.reset(seed=episode)
        assert fixed.seat == 2


def test_an_illegal_action_loses_the_episode_or_raises() -> None:
    """Issue 18: an unmasked sampler never crashes the environment: an illegal action ends the episode with -1."""
    env = rl.gym_env("city-blocks")
    env.reset(seed=1)
    illegal = int(np.flatnonzero(~env.action_masks())[0])
    _observation, reward, terminated, _truncated, info = env.step(illegal)
    assert reward == ILLEGAL_REWARD and terminated
    assert info["illegal_action"]["rule"].startswith("CB-") and info["illegal_action"]["message"]
    strict = rl.gym_env("city-blocks", illegal_action="raise")
    strict.reset(seed=1)
    with pytest.raises(IllegalAction):
        strict.step(illegal)


def shaped_episode(seed: int, shaping: float) -> tuple[list[float], list[float], float]:
    """A City Blocks episode against greedy with random legal moves: the rewards, the evaluation of each of the
    learner's decisions (Φ) and the learner's result."""
    env = rl.gym_env("city-blocks", opponents="greedy", shaping=shaping)
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    game, rewards, potentials = env.game_state.game, [], []
    terminated = False
    while not terminated:
        potentials.append((1.0 + game.evaluate(env.game_state, env.seat)) / 2.0)
        _obs, reward, terminated, _truncated, _info = env.step(int(rng.choice(np.flatnonzero(env.action_masks()))))
        rewards.append(float(reward))
    return rewards, potentials, env.game_state.returns()[env.seat]


@pytest.mark.parametrize("seed", [3, 8])
def test_shaping_rewards_each_move_by_the_change_of_the_evaluation(seed: int) -> None:
    """Issue 18 (making the PPO example learn): potential-based shaping of weight w rewards each move with the change
    of Φ = w × (1 + the game's evaluation for the learner) / 2 (Φ = 0 once the game is over, CB-21), the result
    (CB-22) coming on top in the last step. So the rewards add up to the result less Φ(first decision), which no move
    of the learner changes: the ranking of policies is the result's. Without shaping, only the last step is
    rewarded."""
    plain, _potentials, result = shaped_episode(seed, 0.0)
    assert plain[:-1] == [0.0] * (len(plain) - 1) and plain[-1] == result
    rewards, potentials, shaped_result = shaped_episode(seed, 0.5)
    assert shaped_result == result, "shaping changes the rewards, never the game"
    after = [*potentials[1:], 0.0]
    assert rewards[:-1] == pytest.approx([0.5 * (b - a) for a, b in zip(potentials, after, strict=True)][:-1])
    assert rewards[-1] == pytest.approx(result - 0.5 * potentials[-1])
    assert sum(rewards) == pytest.approx(result - 0.5 * potentials[0])
    assert sum(1 for reward in rewards[:-1] if reward != 0.0) > len(rewards) // 2, "the moves are told apart"


def test_shaping_is_a_weight_of_0_or_more() -> None:
    with pytest.raises(GuildtableError, match="shaping"):
        rl.gym_env("city-blocks", shaping=-1.0)


def test_the_same_seed_gives_the_same_episode() -> None:
    def episode(seed: int) -> list[int]:
        env = rl.gym_env("city-and-guilds", 3, opponents="greedy")
        env.reset(seed=seed)
        rng = np.random.default_rng(seed)
        terminated = False
        while not terminated:
            action = int(rng.choice(np.flatnonzero(env.action_masks())))
            _obs, _reward, terminated, _truncated, _info = env.step(action)
        return env.game_state.history

    assert episode(4) == episode(4)
    assert episode(4) != episode(5)


def test_bad_arguments_are_refused_when_the_environment_is_made() -> None:
    with pytest.raises(BadOptions, match="unknown bot"):
        rl.gym_env("city-blocks", opponents="grandmaster")
    with pytest.raises(GuildtableError, match="one per other seat"):
        rl.gym_env("guildhall", 3, opponents=["random"])
    with pytest.raises(GuildtableError, match="seat"):
        rl.gym_env("guildhall", 3, seat=3)
    with pytest.raises(GuildtableError, match="illegal_action"):
        rl.gym_env("guildhall", 3, illegal_action="ignore")


def first_legal(observation: npt.NDArray[np.float32], mask: npt.NDArray[np.bool_]) -> int:
    return int(np.flatnonzero(mask)[0])


def test_a_policy_sits_in_the_arena_as_a_bot() -> None:
    """Issue 18 (evaluate an agent in the arena against the built-in levels): `register_policy` makes a policy a bot
    kind, and an arena game seats it against a built-in bot."""
    rl.register_policy("first-legal", lambda seed: first_legal)
    tournament = Tournament("city-blocks", 2, ("first-legal", "greedy"), games=2, seed=3)
    tournament.check()
    results = [play_match(task) for task in schedule(tournament)]
    assert all(sum(result.returns) == pytest.approx(1.0) for result in results)
    assert make_bot("first-legal").spec == "first-legal"
    with pytest.raises(BadOptions, match="built-in"):
        rl.register_policy("greedy", lambda seed: first_legal)
    with pytest.raises(BadOptions, match="no parameters"):
        make_bot("first-legal:depth=2")


def test_a_policy_that_answers_an_illegal_move_is_refused() -> None:
    bot = rl.PolicyBot(lambda observation, mask: int(np.flatnonzero(~mask)[0]), "careless")
    game = all_games()[0]
    state = game.new_state(game.min_players, seed=1)
    with pytest.raises(GuildtableError, match="careless"):
        bot.choose(state)


@pytest.mark.parametrize("game", all_games(), ids=lambda game: game.name)
def test_a_copied_or_pickled_environment_answers_a_step_as_the_original(game: Game) -> None:
    """Issue 18: deep copies and pickles of the single-seat environment (seeded greedy opponents) give the same
    observation, reward and mask after the same action, and leave the original's game alone."""
    env = rl.gym_env(game, opponents="greedy", seat=0)
    env.reset(seed=3)
    copies = [copy.deepcopy(env), pickle.loads(pickle.dumps(env))]
    action = int(np.flatnonzero(env.action_masks())[0])
    moves = len(env.game_state.history)
    results = [other.step(action) for other in copies]
    assert len(env.game_state.history) == moves
    observation, reward, terminated, _truncated, _info = env.step(action)
    for other, (theirs, their_reward, their_end, _, _) in zip(copies, results, strict=True):
        np.testing.assert_array_equal(theirs, observation)
        np.testing.assert_array_equal(other.action_masks(), env.action_masks())
        assert (their_reward, their_end) == (reward, terminated)

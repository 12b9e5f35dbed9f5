"""Every bot, on every registered game: it only ever chooses legal actions, and a seeded bot reproduces its game."""

from __future__ import annotations

import pytest

from guildtable.bots.spec import make_bot
from guildtable.kernel import Game, State
from guildtable.kernel.registry import all_games

GAMES = all_games()
SPECS = ["random", "greedy", "ismcts:iterations=12", "ismcts:iterations=12,rollout=30,widen=0,prior_depth=0"]
LEVEL_SPECS = ["easy:iterations=8", "medium:iterations=8", "hard:iterations=8"]


def play(game: Game, specs: list[str], seed: int, max_moves: int) -> State:
    """A seeded game between `specs` (one per seat); stops after `max_moves` moves. Every choice must be legal."""
    state = game.new_state(len(specs), seed=seed)
    bots = [make_bot(spec, seed * 10 + seat) for seat, spec in enumerate(specs)]
    for _ in range(max_moves):
        if state.is_terminal:
            break
        seat = state.current_player
        assert seat is not None
        legal = state.legal_actions()
        action = bots[seat].choose(state)
        assert action in legal, f"{bots[seat].spec} chose illegal action {action}"
        state.apply(action)
    return state


@pytest.mark.parametrize("game", GAMES, ids=[game.name for game in GAMES])
@pytest.mark.parametrize("spec", SPECS)
def test_bots_choose_only_legal_actions(game: Game, spec: str) -> None:
    players = game.min_players
    play(game, [spec] * players, seed=11, max_moves=40)


@pytest.mark.parametrize("game", GAMES, ids=[game.name for game in GAMES])
def test_levels_choose_only_legal_actions_at_every_player_count(game: Game) -> None:
    for players in game.player_counts:
        specs = [LEVEL_SPECS[seat % len(LEVEL_SPECS)] for seat in range(players)]
        play(game, specs, seed=players, max_moves=25)


@pytest.mark.parametrize("game", GAMES, ids=[game.name for game in GAMES])
def test_seeded_bots_reproduce_their_games(game: Game) -> None:
    specs = ["ismcts:iterations=10", "greedy", *["random"] * (game.min_players - 2)]
    first = play(game, specs, seed=4, max_moves=30)
    again = play(game, specs, seed=4, max_moves=30)
    assert first.history == again.history


def test_a_whole_city_blocks_game_between_search_bots_is_legal_and_finishes() -> None:
    game = next(game for game in GAMES if game.name == "city-blocks")
    state = play(game, ["ismcts:iterations=10", "easy:iterations=10"], seed=2, max_moves=1000)
    assert state.is_terminal

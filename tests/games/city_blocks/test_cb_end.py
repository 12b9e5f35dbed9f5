"""The end: CB-20 to CB-22, CB-T-15, CB-T-16, CB-A-6."""

from __future__ import annotations

import pytest
from cb_positions import position

from guildtable.games.city_blocks.content import SITES
from guildtable.kernel import IllegalAction, Rng
from guildtable.kernel.registry import get_game

GAME = get_game("city-blocks")


def test_cb_t_15_higher_sum_wins() -> None:
    """CB-T-15 / CB-22: Blue {$15, $9, $4} = 28 beats Red {$14, $12, $1} = 27."""
    state = position(won=([15, 9, 4], [14, 12, 1]), to_move=None)
    assert state.is_terminal
    assert state.scores() == [28.0, 27.0]
    assert state.winners() == [0]
    assert state.returns() == [1.0, 0.0]


def test_cb_t_15_equal_sums_share_the_win() -> None:
    """CB-T-15 / CB-A-6: 27 : 27 is a shared win."""
    state = position(won=([14, 12, 1], [15, 9, 3]), to_move=None)
    assert state.is_terminal
    assert state.scores() == [27.0, 27.0]
    assert state.winners() == [0, 1]
    assert state.returns() == [0.5, 0.5]


def test_cb_21_the_last_build_ends_the_game_and_nothing_more_can_be_played() -> None:
    """CB-21: the turn that builds the last empty site ends the game; its row and column are scored in it."""
    state = GAME.new_state(2, seed=4)
    rng = Rng(4)
    while not state.is_terminal:
        before = state.board.count(0)
        state.apply(rng.choice(state.legal_actions()))
        if before > 0 and state.board.count(0) == 0:
            assert state.is_terminal
    assert all(state.board) and not any(state.slots)
    assert len(state.awards) == 11  # CB-16: each street exactly once
    with pytest.raises(IllegalAction, match="CB-21"):
        state.apply(0)


def test_cb_20_won_value_tiles_are_public() -> None:
    """CB-20: every seat and spectators see both players' won value tiles."""
    state = position(won=([3, 7], [9]))
    for seat in (None, 0, 1):
        assert state.view(seat)["won"] == [[3, 7], [9]]


def test_cb_t_16_thirty_builds_without_rebuilds() -> None:
    """CB-T-16: with builds only, each player places 15 tiles, the non-starter makes the 30th build, and both end
    with 5 tiles in hand and empty piles."""
    state = GAME.new_state(2, seed=21)
    starter = state.current_player
    rng = Rng(21)
    placed = [0, 0]
    last = None
    while not state.is_terminal:
        builds = [a for a in state.legal_actions() if a < 570 and not state.board[a % SITES]] or state.legal_actions()
        mover = state.current_player
        action = rng.choice(builds)
        if action < 570:
            placed[mover] += 1
            last = mover
        state.apply(action)
    assert placed == [15, 15]
    assert last == 1 - starter
    assert [len(h) for h in state.hands] == [5, 5] and [len(p) for p in state.piles] == [0, 0]

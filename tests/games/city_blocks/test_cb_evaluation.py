"""The City Blocks evaluation used by greedy and search (`heuristics.py`): it reads streets as CB-17/CB-18 score
them, values the tempo of moving first, and never looks at hidden tiles."""

from __future__ import annotations

from cb_positions import GAME, position
from hypothesis import given, settings
from hypothesis import strategies as st

from guildtable.bots.spec import make_bot
from guildtable.games.city_blocks.heuristics import evaluate
from guildtable.kernel import Rng


def test_cb_22_finished_game_is_judged_by_the_final_sums() -> None:
    """CB-22: at the end the evaluation is the result itself, +1 / -1 / 0."""
    state = GAME.new_state(2, seed=3)
    chooser = Rng(3)
    while not state.is_terminal:
        state.apply(chooser.choice(state.legal_actions()))
    mine, theirs = state.scores()
    expected = 0.0 if mine == theirs else (1.0 if mine > theirs else -1.0)
    assert evaluate(state, 0) == expected
    assert evaluate(state, 1) == -expected


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), moves=st.integers(0, 30))
def test_evaluation_is_zero_sum_and_ignores_hidden_tiles(seed: int, moves: int) -> None:
    """Antisymmetric between the seats, and equal in every determinized world of either seat (CB-9)."""
    state = GAME.new_state(2, seed=seed)
    chooser = Rng(seed)
    for _ in range(moves):
        if state.is_terminal:
            break
        state.apply(chooser.choice(state.legal_actions()))
    assert abs(evaluate(state, 0) + evaluate(state, 1)) < 1e-12
    for seat in (0, 1):
        world = state.determinize(seat, Rng(seed + seat))
        assert evaluate(world, seat) == evaluate(state, seat)


def test_cb_18_a_lead_counts_more_in_a_fuller_street() -> None:
    """CB-18: the same 4-point lead is surer with one empty site left than with four."""
    nearly_full = position(
        {"R1C1": "B:F7", "R1C2": "R:S3", "R1C3": "B:H1", "R1C4": "R:H1", "R1C5": "B:H2"}, slots={"R1": 9}, to_move=1
    )
    nearly_empty = position({"R1C1": "B:F7", "R1C2": "R:S3"}, slots={"R1": 9}, to_move=1)
    assert evaluate(nearly_full, 0) > evaluate(nearly_empty, 0) > 0


def test_cb_16_moving_first_at_a_street_with_one_site_left_is_worth_something() -> None:
    """CB-16: whoever builds on the last empty site scores the street, so at a tie the player to move is ahead."""
    board = {"R1C1": "B:S4", "R1C2": "R:S4", "R1C3": "B:H1", "R1C4": "R:H1", "R1C5": "B:SCH"}
    blue_to_move = position(board, slots={"R1": 9}, to_move=0)
    red_to_move = position(board, slots={"R1": 9}, to_move=1)
    assert evaluate(blue_to_move, 0) > 0 > evaluate(red_to_move, 0)


def test_cb_16_greedy_completes_a_street_it_wins() -> None:
    """CB-16/CB-18: with a street one build from a win worth $9, greedy takes it."""
    board = {"R1C1": "B:S4", "R1C2": "R:S4", "R1C3": "B:H1", "R1C4": "R:H1", "R1C5": "B:SCH"}
    state = position(board, slots={"R1": 9}, hands=(["S2", "H2", "H3", "F3", "F4"], None), to_move=0)
    state.apply(make_bot("greedy", seed=1).choose(state))
    assert state.awards[0]["street"] == "R1"
    assert state.won[0] == [9]

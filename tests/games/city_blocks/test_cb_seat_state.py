"""Issue 37: a City Blocks position rebuilt from one seat's view (what a remote bot thinks on) shows that seat the
very view it was built from, offers it the same moves, and is the same whatever the hidden tiles really were."""

from __future__ import annotations

import json
import random

import pytest

from guildtable.kernel import BadRecord, Rng
from guildtable.kernel.registry import get_game

GAME = get_game("city-blocks")


@pytest.mark.parametrize("seed", range(6))
def test_the_rebuilt_position_shows_the_seat_its_view_and_offers_its_moves(seed: int) -> None:
    rng = random.Random(seed)
    state = GAME.new_state(2, seed=seed)
    while not state.is_terminal:
        for seat in (0, 1):
            view = json.loads(json.dumps(state.view(seat)))  # as it crosses the network
            rebuilt = GAME.seat_state(view, Rng(rng.randrange(1 << 30)))
            assert rebuilt is not None
            assert json.loads(json.dumps(rebuilt.view(seat))) == view
            if state.current_player == seat:
                assert rebuilt.legal_actions() == state.legal_actions()
        state.apply(rng.choice(state.legal_actions()))


def test_a_spectators_view_rebuilds_nothing() -> None:
    view = json.loads(json.dumps(GAME.new_state(2, seed=1).view(None)))
    with pytest.raises(BadRecord):
        GAME.seat_state(view, Rng(1))


def test_the_tables_options_rule_the_rebuilt_position() -> None:
    """CB-A-2: at a table where a courthouse may not be built over another tile, the position rebuilt with the
    table's options (as its seat message names them) offers exactly the table's moves, where one rebuilt with the
    defaults would offer more."""
    rng = random.Random(5)
    differed = 0
    for seed in range(12):
        state = GAME.new_state(2, seed=seed, options={"court_via_rebuild": False})
        while not state.is_terminal:
            seat = state.current_player
            assert seat is not None
            view = json.loads(json.dumps(state.view(seat)))
            options = json.loads(json.dumps(dict(state.options)))
            rebuilt = GAME.seat_state(view, Rng(rng.randrange(1 << 30)), options)
            assert rebuilt is not None and rebuilt.options == state.options
            assert rebuilt.legal_actions() == state.legal_actions()
            default = GAME.seat_state(view, Rng(1))
            assert default is not None
            differed += default.legal_actions() != state.legal_actions()
            state.apply(rng.choice(state.legal_actions()))
    assert differed  # the option mattered somewhere: a courthouse in hand, a value tile won

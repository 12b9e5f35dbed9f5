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

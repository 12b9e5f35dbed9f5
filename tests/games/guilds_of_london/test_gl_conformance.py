"""The shared protocol contract over seeded random games with 2, 3 and 4 players, plus exact replay."""

from __future__ import annotations

import pytest

from guildtable.games.guilds_of_london import GAME
from guildtable.kernel.conformance import check_replay, random_playthrough


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_gl_random_playthrough_keeps_the_protocol_contract(players: int, seed: int) -> None:
    state = random_playthrough(GAME, players, seed, every=3)
    assert state.is_terminal
    check_replay(state)

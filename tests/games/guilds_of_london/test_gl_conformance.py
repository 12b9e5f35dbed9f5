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


OPTION_SETS = [
    {"compass_rotation": 90},
    {"compass_rotation": 270, "compass_cell": "east"},
    {"two_player_buildings": "all_random"},
    {"two_player_buildings": "fixed", "unresolved_vote": "turn_order_wins"},
    {"plantation_side": "ulster"},
]


@pytest.mark.parametrize("options", OPTION_SETS)
def test_gl_engine_flags_play_through(options: dict[str, object]) -> None:
    """Spec §15.10: every engine flag is a game option and every setting plays a whole game, 2 to 4 players."""
    for players in (2, 3, 4):
        state = random_playthrough(GAME, players, 7, options=options, every=11)
        check_replay(state)
        if players > 2:
            assert len(state.in_play) == (28 if players == 4 else 30)

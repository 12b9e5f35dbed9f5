"""Issue 37: the reference client's player never sends a move the table does not offer: where its rebuilt position
differs from the table's, it plays one of the table's moves and says so in the log."""

from __future__ import annotations

import json
import logging
from typing import Any

import pytest

from guildtable.client.players import SpecPlayer
from guildtable.kernel.registry import get_game


class Stubborn:
    """A bot that always answers the same action."""

    def __init__(self, action: int) -> None:
        self.action = action

    def choose(self, state: Any) -> int:
        return self.action


def _message(seed: int) -> tuple[dict[str, Any], list[int]]:
    state = get_game("city-blocks").new_state(2, seed=seed)
    seat = state.current_player
    legal = json.loads(json.dumps(state.legal_moves()))
    message = {
        "game": "city-blocks",
        "table": "T1",
        "view": json.loads(json.dumps(state.view(seat))),
        "legal": legal[:2],
        "options": dict(state.options),
    }
    return message, state.legal_actions()


def test_a_bots_move_the_table_offers_is_sent_as_chosen() -> None:
    message, actions = _message(3)
    player = SpecPlayer("greedy", seed=1)
    player.bot = Stubborn(actions[1])
    assert player.choose(message) == message["legal"][1]["action"]


def test_a_move_the_table_does_not_offer_gives_way_to_one_it_does(caplog: pytest.LogCaptureFixture) -> None:
    message, actions = _message(3)
    player = SpecPlayer("greedy", seed=1)
    player.bot = Stubborn(actions[-1])  # legal in the rebuilt position, but not among the two the table offers
    with caplog.at_level(logging.WARNING, logger="guildtable.client.players"):
        chosen = player.choose(message)
    assert chosen in [move["action"] for move in message["legal"]]
    assert "does not offer" in caplog.text and "T1" in caplog.text

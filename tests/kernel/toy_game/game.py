"""The Toy Nim `Game`: its name, player count, the `counters` option (NIM-1), the action space, the opening and
states rebuilt from snapshots."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from guildtable.kernel import Game, Option
from toy_game import setup as setup_module
from toy_game import snapshot as snapshots
from toy_game.actions import NUM_ACTIONS
from toy_game.content import SEAT_NAMES
from toy_game.rules import NimState


class ToyNim(Game):
    name = "toy-nim"
    title = "Toy Nim"
    min_players = 2
    max_players = 2
    seat_names = SEAT_NAMES
    # The end of the game turns the goal cards face up: a move that does so cannot be taken back.
    revealing_events = frozenset({"reveal"})
    options = (
        Option("counters", 10, int, "How many counters the pile starts with.", minimum=1, maximum=99, rule="NIM-1"),
    )

    def num_distinct_actions(self, players: int) -> int:
        return NUM_ACTIONS

    def _new_state(self, players: int, seed: int, options: dict[str, Any], setup: dict[str, Any] | None) -> NimState:
        return NimState(self, seed, options, setup, setup_module.make_deal(seed, setup))

    def from_snapshot(self, snapshot: Mapping[str, Any]) -> NimState:
        seed, options, setup = snapshots.header(self, snapshot)
        state = NimState(self, seed, options, setup)
        snapshots.read(state, snapshot)
        return state

    def describe_setup(self) -> str:
        return setup_module.__doc__ or ""

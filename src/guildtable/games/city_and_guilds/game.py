"""The City and Guilds `Game`: the ⚙ options of the spec (§7) plus the `map` option, the opening, and states
rebuilt from snapshots."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from guildtable.games.city_and_guilds import heuristics, log, text
from guildtable.games.city_and_guilds.actions import NUM_ACTIONS
from guildtable.games.city_and_guilds.board import (
    DEFAULT_MAP,
    MAX_MAP_TEXT,
    board_for,
    convert_map_option,
    shipped_maps,
)
from guildtable.games.city_and_guilds.content import FIGURES, SEAT_NAMES, TAVERNS
from guildtable.games.city_and_guilds.rules import PICK, RETURN, CityAndGuildsState
from guildtable.games.city_and_guilds.setup import make_opening
from guildtable.games.city_and_guilds.snapshots import load_snapshot
from guildtable.kernel import BadOptions, Event, Game, Option, State
from guildtable.kernel.decisions import Decision


class CityAndGuilds(Game):
    name = "city-and-guilds"
    title = "City and Guilds"
    min_players = 3  # CG-1, CG-A-22
    max_players = 5
    seat_names = SEAT_NAMES
    # The rulebooks never describe the printed board: the default map is the spec's proposal (§8.5), a stand-in.
    official_content = False
    content_note = "The printed board is not described by the rules; the default map is the spec's proposal (§8.5)."
    options = (
        Option(
            "open_hands", False, bool, "Hands lie face up (S2) instead of hidden (S1).", (True, False), rule="CG-A-1"
        ),
        Option(
            "chain_bonus_8",
            36,
            int,
            "Chain bonus for 8 blocks: 36 (triangular, S2) or 35 (S1 as printed).",
            (36, 35),
            rule="CG-A-2",
        ),
        Option(
            "final_payout",
            "full_half_quarter",
            str,
            "Final guild payout: V, V/2, V/4 (S1) or V/2, V/4, V/8 (S2), rounded up.",
            ("full_half_quarter", "half_quarter_eighth"),
            rule="CG-A-7",
        ),
        Option(
            "two_player_bonus_second",
            "s1_quarter_plus_one",
            str,
            "With exactly two in a block, 2nd gets ⌈V/4⌉+1 (S1) or ⌈(⌈V/2⌉+1)/2⌉+1 (S2 arithmetic).",
            ("s1_quarter_plus_one", "s2_from_first_with_bonus"),
            rule="CG-A-6",
        ),
        Option(
            "tavern_mandatory",
            False,
            bool,
            "The completing player must take a tavern if one is left (S2).",
            (True, False),
            rule="CG-A-12",
        ),
        Option(
            "chain_selection",
            "size_then_value",
            str,
            "Scoring chain: the longest, ties by value (S1, S2), or the most valuable.",
            ("size_then_value", "max_value"),
            rule="CG-A-15",
        ),
        Option(
            "building_without_figures",
            "allowed",
            str,
            "A player with no figures may place a building and invest (allowed) or may not (forbidden; such a "
            "player may have to pass).",
            ("allowed", "forbidden"),
            rule="CG-A-9",
        ),
        Option(
            "map",
            DEFAULT_MAP,
            str,
            f"The city map: a map the game ships ({', '.join(shipped_maps())}), or a map's text in the §8.3 "
            f"character-grid format (at most {MAX_MAP_TEXT} characters; on the command line, a map file's path).",
            rule="§8.3",
            convert=convert_map_option,
            file_text=MAX_MAP_TEXT,
        ),
    )

    def num_distinct_actions(self, players: int) -> int:
        return NUM_ACTIONS

    def _new_state(self, players: int, seed: int, options: dict[str, Any], setup: dict[str, Any] | None) -> State:
        board = board_for(options["map"])
        if board.blocks < players:
            raise BadOptions("map", f"the map has {board.blocks} blocks; the setup round needs one per player (CG-14)")
        opening = make_opening(players, seed, setup)
        state = CityAndGuildsState(self, players, seed, options, setup)
        state.init_board(board)
        state.hands = opening.hands
        state.supply = list(reversed(opening.supply))  # top = last
        state.display = []
        state.taverns = TAVERNS
        state.figures = [FIGURES[players]] * players
        state.start_player = opening.start_player
        state.keep_order = opening.keep_order
        state.shuffle_seed = opening.shuffle_seed
        order = [(opening.start_player + step) % players for step in range(players)]
        if opening.returns_pending:
            state.pending = [Decision(RETURN, seat) for seat in reversed(order)]
        else:
            state.pending = [Decision(PICK, opening.start_player)]
            state._refill_display()
        return state

    def describe_setup(self) -> str:
        from guildtable.games.city_and_guilds import setup

        return setup.__doc__ or ""

    def evaluate(self, state: State, seat: int) -> float:
        assert isinstance(state, CityAndGuildsState)
        return heuristics.evaluate(state, seat)

    def render_text(self, view: dict[str, Any], seat: int | None) -> Any:
        return text.render(view, seat)

    def describe_event(self, event: Event) -> str:
        """The game log line (log.py); a kind the log does not know falls back to the kernel's generic line."""
        line = log.describe_event(event.kind, event.data, self.seat_names)
        return super().describe_event(event) if line is None else line

    def from_snapshot(self, snapshot: Mapping[str, Any]) -> CityAndGuildsState:
        return load_snapshot(self, snapshot)

"""The City Blocks observation tensor (2 players): the board, the value tiles beside it, both players' value tiles,
the observer's hand and the question on turn. Every value is 0 or 1 (one-hot and yes/no), so the whole tensor is
written with one indexed assignment, cheaper than an engine step.

Read from the fields the view (`view.py`) is made of: the board, the slots, `won`, `removed_values`, the hand of
the observing seat only, hand and pile sizes, the start player and the open decision. Never the other hand or either
pile's order (CB-9, CB-A-10). Street totals (CB-17) and scores (CB-22) are not slices of their own: they follow from
the board and from the value tiles won.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from guildtable.games.city_blocks.content import (
    HAND_SIZE,
    PLAYER_SET,
    ROWS,
    SITES,
    STREET_NAMES,
    STREET_SITES,
    STREETS,
    TILE_CODES,
    TILE_TYPES,
    VALUE_TILES,
)
from guildtable.games.city_blocks.questions import Swap
from guildtable.games.city_blocks.state import CityBlocksPosition
from guildtable.kernel import State
from guildtable.kernel.layout import LayoutBuilder
from guildtable.kernel.observation import Encoder, Groups, copies
from guildtable.kernel.protocol import Tensor

PLAYERS = 2
CELL = 1 + PLAYERS * TILE_TYPES  # empty, then each tile type of the observer, then of the opponent
VALUES = len(VALUE_TILES)
PILE_SIZE = len(PLAYER_SET) - HAND_SIZE
COPIES = max(PLAYER_SET.count(tile) for tile in range(TILE_TYPES))  # 2: the school (CB-1)


_MEMBERS = np.zeros((STREETS, SITES), np.float32)  # street × site: 1 where the site lies in the street
for _street, _sites in enumerate(STREET_SITES):
    _MEMBERS[_street, list(_sites)] = 1.0
_IS_ROW = (np.arange(STREETS) < ROWS).astype(np.float32).reshape(STREETS, 1)
_WORTH = np.arange(1 + VALUES, dtype=np.float32) / VALUES  # a street's value one-hot → its worth, 0 once scored


class CityBlocksEncoder(Encoder):
    compiled_name = "guildtable.games.city_blocks.observer_twin"

    def __init__(self) -> None:
        tiles = " ".join(TILE_CODES)
        build = LayoutBuilder("city-blocks", PLAYERS)
        self.board = board = build.add(
            "board",
            (SITES, CELL),
            "per site R1C1..R5C6 (reading order), one-hot: [empty, your tile of type t, the opponent's tile of type "
            f"t], t over the {TILE_TYPES} tile types {tiles}",
        )
        self.slots = slots = build.add(
            "street_values",
            (STREETS, 1 + VALUES),
            f"per street {' '.join(STREET_NAMES)}, one-hot of the value tile beside it: [none (already scored), "
            "$1 .. $15] (CB-6, CB-13, CB-16)",
        )
        self.won = build.add(
            "won_values", (PLAYERS, VALUES), "per player (you, opponent): holds value tile $1 .. $15 (CB-16, CB-22)"
        )
        self.removed = build.add(
            "removed_values", VALUES, "value tile $1 .. $15 is out of the game (CB-8 spares, ties, rebuild payments)"
        )
        self.hand = build.add(
            "hand",
            (COPIES, TILE_TYPES),
            f"your hand: row k, tile type t: you hold more than k tiles of type t ({tiles})",
        )
        self.hand_sizes = build.add(
            "hand_sizes", (PLAYERS, HAND_SIZE + 1), "per player (you, opponent), one-hot: tiles in hand, 0..5"
        )
        self.pile_sizes = build.add(
            "pile_sizes",
            (PLAYERS, PILE_SIZE + 1),
            f"per player (you, opponent), one-hot: tiles in the pile, 0..{PILE_SIZE}",
        )
        self.to_move = build.add("to_move", PLAYERS, "one-hot: who answers the open question (you, opponent)")
        self.question = build.add(
            "question", 2, "one-hot: the open question is [place a tile (CB-10), swap value tiles (CB-13)]"
        )
        self.start = build.add("start_player", PLAYERS, "one-hot: who started (you, opponent) (CB-7)")
        self.seat = build.add("seat", PLAYERS, "one-hot: your seat [Blue, Red]")
        self.flags = build.add(
            "options_and_end",
            2,
            "[courthouse swap on a rebuild (option court_via_rebuild, CB-A-2), the game is over (CB-21)]",
        )
        super().__init__(build.build())
        # Per seat, the index of each site's (or street's) value: base of the site + the code seen from that seat.
        # A board code is 0 (empty) or 1 + owner * TILE_TYPES + tile; a slot holds 0 (scored) or the value.
        bases = [board + site * CELL for site in range(SITES)] + [slots + s * (1 + VALUES) for s in range(STREETS)]
        self._bases = tuple(bases)
        self._codes = tuple(
            (
                *[
                    tuple(
                        0
                        if code == 0
                        else 1 + (((code - 1) // TILE_TYPES) ^ seat) * TILE_TYPES + (code - 1) % TILE_TYPES
                        for code in range(CELL)
                    )
                ]
                * SITES,
                *[tuple(range(1 + VALUES))] * STREETS,
            )
            for seat in range(PLAYERS)
        )

    def groups(self, observations: npt.NDArray[np.float32]) -> Groups:
        """The streets: per street the count of each cell kind over its sites (empty, each tile type of the
        observer's, of the opponent's) and whether it is a row, worth its value tile (/15, 0 once scored); the
        context is everything after the streets' values (the value tiles won and out, the hand, the sizes, who is to
        move)."""
        count = len(observations)
        board = observations[:, self.board : self.board + SITES * CELL].reshape(count, SITES, CELL)
        streets = np.einsum("ps,nsc->npc", _MEMBERS, board)
        rows = np.broadcast_to(_IS_ROW, (count, STREETS, 1))
        slots = observations[:, self.slots : self.won].reshape(count, STREETS, 1 + VALUES)
        return Groups(
            np.concatenate([streets, rows], axis=2, dtype=np.float32),
            (slots @ _WORTH).astype(np.float32),
            np.ascontiguousarray(observations[:, self.won :]),
        )

    def build(self, state: State, seat: int) -> Tensor:
        assert isinstance(state, CityBlocksPosition)
        other = 1 - seat
        won = self.won
        ones = [
            base + code[value]
            for base, code, value in zip(self._bases, self._codes[seat], state.board + state.slots, strict=True)
        ]
        ones += [won + value - 1 for value in state.won[seat]]
        ones += [won + VALUES + value - 1 for value in state.won[other]]
        ones += [self.removed + value - 1 for value in state.removed_values]
        hand = state.hands[seat]
        ones += copies(hand, self.hand, TILE_TYPES, COPIES)
        ones += (
            self.hand_sizes + len(hand),
            self.hand_sizes + HAND_SIZE + 1 + len(state.hands[other]),
            self.pile_sizes + len(state.piles[seat]),
            self.pile_sizes + PILE_SIZE + 1 + len(state.piles[other]),
            self.start + (state.start_player != seat),
            self.seat + seat,
        )
        if state.stack:
            question = state.stack[-1]
            ones += (self.to_move + (question.seat != seat), self.question + isinstance(question, Swap))
        else:
            ones.append(self.flags + 1)
        if state.options["court_via_rebuild"]:
            ones.append(self.flags)
        obs = np.zeros(self.size, np.float32)
        obs[np.array(ones, np.intp)] = 1.0  # one assignment: numpy's per-item writes would cost more than a step
        return obs


def encoder(players: int) -> CityBlocksEncoder:
    return CityBlocksEncoder()

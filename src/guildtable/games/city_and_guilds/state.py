"""The City and Guilds position as plain data (CG-9): the tiles, figures and block markers on the map, the investment
tracks, the scores and their ledger, the hands, display, supply and taverns, and the stack of open questions. With
the plain edits every rule makes (a tile put down, figures put on it, points credited) and the copy search needs.

It never decides what is legal (legal.py) or what an answer does (flow.py), so the modules the rules use (legal, flow,
view, snapshot, scoring) can read and edit a position without importing the rules.

What (nearly) every move changes (the tiles and what they touch, the empty lots per block, the display, the supply)
is changed in place, and `clone` copies it. What changes now and then is never changed in place but replaced by a
changed copy, so that clones share it: the figures on the lots and in the blocks, the block markers, the scores and
their ledger, the blocks scored, the setup returns, and inside their outer lists one guild's track or one seat's hand
or known tiles. The plain edits below keep to this: a clone of a 4-player position makes 12 lists (its history's
included) rather than 39.
"""

# Compiled by mypyc at install (setup.py): see "Compiled engines" in src/guildtable/games/README.md.
from __future__ import annotations

from typing import Literal, Self, cast

from typing_extensions import TypedDict

from guildtable.games.city_and_guilds.board import Board
from guildtable.games.city_and_guilds.content import EMPTY, GUILD_COUNT, HAND_KINDS
from guildtable.games.city_and_guilds.final import FinalView
from guildtable.games.city_and_guilds.questions import CityAndGuildsQuestion
from guildtable.kernel.questions import StackState

LedgerEntry = tuple[str, int, int, str]  # (source, seat, points, why)


class CityAndGuildsOptions(TypedDict):
    """City and Guilds' options (declared in `game.py`)."""

    open_hands: bool
    chain_bonus_8: int
    final_payout: Literal["full_half_quarter", "half_quarter_eighth"]
    two_player_bonus_second: Literal["s1_quarter_plus_one", "s2_from_first_with_bonus"]
    tavern_mandatory: bool
    chain_selection: Literal["size_then_value", "max_value"]
    building_without_figures: Literal["allowed", "forbidden"]
    map: str


class CityAndGuildsPosition(StackState[CityAndGuildsQuestion]):
    """What lies where and who holds what; `rules.CityAndGuildsState` adds the questions' answers."""

    __slots__ = (
        "black",
        "bld",
        "board",
        "clock",
        "display",
        "empty_in_block",
        "empty_total",
        "fig",
        "figs",
        "figures",
        "final",
        "hands",
        "keep_order",
        "known",
        "last_move",
        "ledger",
        "owners",
        "placed",
        "returned",
        "scored",
        "scores_",
        "setup_placed",
        "shuffle_seed",
        "stamps",
        "start_player",
        "supply",
        "taverns",
        "tiles",
        "touch",
        "values",
        "white",
    )
    board: Board
    tiles: list[int]  # per lot: a tile kind or EMPTY
    owners: list[int]  # per lot: the seat whose figures stand there, or -1
    figs: list[int]  # per lot: 0, 1 or 2 figures
    touch: list[int]  # per lot: occupied neighbours (CG-8), so legal lots are EMPTY with touch > 0
    empty_in_block: list[int]
    empty_total: int
    bld: list[int]  # per block * players + seat: tiles with that seat's figures (CG-28)
    fig: list[int]  # per block * players + seat: that seat's figures
    white: list[int]  # per block: seat or -1 (CG-29)
    black: list[int]
    scored: list[int]  # blocks in the order they were scored (CG-31)
    values: list[list[int]]  # per guild, per seat: investment value (CG-26)
    stamps: list[list[int]]  # per guild, per seat: arrival time at the current value (CG-27)
    clock: int
    scores_: list[int]
    ledger: list[LedgerEntry]
    placed: list[int]  # tiles each seat placed from hand, setup included (CG-T-19)
    setup_placed: int
    known: list[list[int]]  # per seat, per kind: tiles everyone saw go into that hand and not yet played
    final: FinalView | None  # built by flow.py at the end (CG-44, CG-45)
    last_move: str
    hands: list[list[int]]
    display: list[int]
    supply: list[int]  # top = last (hidden order)
    taverns: int
    figures: list[int]  # unused figures per seat
    stack: list[CityAndGuildsQuestion]  # the open questions, top last (questions.py)
    start_player: int
    keep_order: bool
    shuffle_seed: int
    returned: list[int]  # per seat: the kind returned in setup (CG-11), -1 before; known only to that seat

    @property
    def options(self) -> CityAndGuildsOptions:
        return cast(CityAndGuildsOptions, self._options)

    def init_board(self, board: Board) -> None:
        """Empty board, counters and tracks (CG-9)."""
        n = self.num_players
        self.board = board
        self.tiles = [EMPTY] * board.lots
        self.owners = [-1] * board.lots
        self.figs = [0] * board.lots
        self.touch = [0] * board.lots
        self.empty_in_block = [len(lots) for lots in board.block_lots]
        self.empty_total = board.lots
        self.bld = [0] * (board.blocks * n)
        self.fig = [0] * (board.blocks * n)
        self.white = [-1] * board.blocks
        self.black = [-1] * board.blocks
        self.scored = []
        self.values = [[0] * n for _guild in range(GUILD_COUNT)]
        self.stamps = [[0] * n for _guild in range(GUILD_COUNT)]
        self.clock = 0
        self.scores_ = [0] * n
        self.ledger = []
        self.placed = [0] * n
        self.setup_placed = 0
        self.known = [[0] * HAND_KINDS for _seat in range(n)]
        self.returned = [-1] * n
        self.final = None
        self.last_move = ""

    # --- turn (whose turn and the game's end: the question on top of `stack`, StackState) ----------------------------
    @property
    def in_setup(self) -> bool:
        return self.setup_placed < self.num_players

    # --- plain edits ---------------------------------------------------------------------------------------------
    def put_tile(self, lot: int, tile: int) -> None:
        """`tile` goes on the empty `lot`: its neighbours touch a tile now (CG-8), its block has one empty lot less."""
        self.tiles[lot] = tile
        for other in self.board.neighbours[lot]:
            self.touch[other] += 1
        self.empty_in_block[self.board.lot_block[lot]] -= 1
        self.empty_total -= 1

    def put_figures(self, seat: int, lot: int, count: int) -> None:
        """`count` of `seat`'s figures go on the tile at `lot` and count for its block (CG-28)."""
        index = self.board.lot_block[lot] * self.num_players + seat
        self.owners = _with(self.owners, lot, seat)
        self.figs = _with(self.figs, lot, count)
        self.figures = _with(self.figures, seat, self.figures[seat] - count)
        self.bld = _with(self.bld, index, self.bld[index] + 1)
        self.fig = _with(self.fig, index, self.fig[index] + count)

    def set_markers(self, block: int, white: int, black: int) -> None:
        """The white and black markers of `block` go to these seats, -1 for none (CG-29)."""
        self.white = _with(self.white, block, white)
        self.black = _with(self.black, block, black)

    def add_to_hand(self, seat: int, tile: int) -> None:
        """`tile` goes into `seat`'s hand (kept sorted) in everyone's sight, so it counts as known there."""
        hand = [*self.hands[seat], tile]
        hand.sort()
        self.hands[seat] = hand
        self.known[seat] = _with(self.known[seat], tile, self.known[seat][tile] + 1)

    def remove_from_hand(self, seat: int, tile: int) -> None:
        """`tile` leaves `seat`'s hand; if a tile of its kind was seen going in, it is that one."""
        hand = self.hands[seat].copy()
        hand.remove(tile)
        self.hands[seat] = hand
        if self.known[seat][tile]:
            self.known[seat] = _with(self.known[seat], tile, self.known[seat][tile] - 1)

    def give_back(self, seat: int, tile: int) -> None:
        """`tile` leaves `seat`'s hand face down in the setup round, and `seat` remembers which it was (CG-11)."""
        self.remove_from_hand(seat, tile)
        self.returned = _with(self.returned, seat, tile)

    def advance(self, guild: int, seat: int, steps: int) -> None:
        """`seat`'s marker moves `steps` up `guild`'s track, arriving after every marker moved before (CG-26, CG-27)."""
        self.values[guild] = _with(self.values[guild], seat, self.values[guild][seat] + steps)
        self.clock += 1
        self.stamps[guild] = _with(self.stamps[guild], seat, self.clock)

    def credit(self, source: str, seat: int, amount: int, why: str) -> None:
        """`amount` points to `seat`, written in the ledger under `source` (block, guild, final, penalty) and why."""
        self.scores_ = _with(self.scores_, seat, self.scores_[seat] + amount)
        self.ledger = [*self.ledger, (source, seat, amount, why)]

    # --- results -------------------------------------------------------------------------------------------------
    def scores(self) -> list[float]:
        return [float(score) for score in self.scores_]

    # --- copy ----------------------------------------------------------------------------------------------------
    def clone(self) -> Self:
        copy = self._clone_base()
        # Changed in place by (nearly) every move: copied.
        copy.tiles = self.tiles.copy()
        copy.touch = self.touch.copy()
        copy.empty_in_block = self.empty_in_block.copy()
        copy.placed = self.placed.copy()
        copy.display = self.display.copy()
        copy.supply = self.supply.copy()
        copy.stack = self.stack.copy()
        # Replaced when they change, never changed in place: shared (a guild's track, a seat's hand and known tiles
        # inside their outer lists, which are copied).
        copy.values = self.values.copy()
        copy.stamps = self.stamps.copy()
        copy.known = self.known.copy()
        copy.hands = self.hands.copy()
        copy.owners = self.owners
        copy.figs = self.figs
        copy.figures = self.figures
        copy.bld = self.bld
        copy.fig = self.fig
        copy.white = self.white
        copy.black = self.black
        copy.scores_ = self.scores_
        copy.ledger = self.ledger
        copy.scored = self.scored
        copy.returned = self.returned
        copy.final = self.final
        # Immutable.
        copy.board = self.board
        copy.empty_total = self.empty_total
        copy.clock = self.clock
        copy.setup_placed = self.setup_placed
        copy.last_move = self.last_move
        copy.taverns = self.taverns
        copy.start_player = self.start_player
        copy.keep_order = self.keep_order
        copy.shuffle_seed = self.shuffle_seed
        return copy


def _with(values: list[int], index: int, value: int) -> list[int]:
    """A copy of `values` with `value` at `index`: how a field that clones share is changed."""
    changed = values.copy()
    changed[index] = value
    return changed

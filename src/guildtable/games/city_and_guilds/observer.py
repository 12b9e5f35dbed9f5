"""The City and Guilds observation tensor (3–5 players): the lots of the map with their tiles and figures, the
place markers of the blocks, the four investment tracks, the scores, the observer's hand, the display and the
question on turn.

Read from the fields `view.view_of` is made of (CG-47): lots, blocks' markers and scoring, tracks with arrival order,
scores, figures and tiles placed, hand sizes, the display, the supply's size, the taverns left, the observer's own
hand (every hand with `open_hands`) and the open question. Never another hidden hand or the supply's order.

Maps differ (the `map` option), so the per-lot slices have room for the largest map (76 lots, §8.4) and the per-block
slices for 26 blocks; a lot or block beyond the map stays 0 apart from `lot_on_map`/`block_on_map`. Lots are numbered
as the map names them (A1, A2, ..., then B1, ...), blocks alphabetically. What follows from the lots and the map alone
(a block's value, empty lots and strengths, CG-28, CG-32) is not repeated.
"""

from __future__ import annotations

from guildtable.games.city_and_guilds.actions import LOT_BASE
from guildtable.games.city_and_guilds.board import MAX_LOTS, MAX_SIDE, Board
from guildtable.games.city_and_guilds.content import (
    DISPLAY_SIZE,
    FIGURES,
    GUILD_COUNT,
    GUILDS,
    HAND_KINDS,
    HAND_SIZE,
    SEAT_NAMES,
    TAVERNS,
    TILE_CODES,
    TILE_KINDS,
    TOTAL_TILES,
)
from guildtable.games.city_and_guilds.questions import QUESTIONS, Building, Lot, MinstrelFigure
from guildtable.games.city_and_guilds.state import CityAndGuildsPosition
from guildtable.kernel import State
from guildtable.kernel.layout import LayoutBuilder
from guildtable.kernel.observation import Encoder, copies, relative_seats
from guildtable.kernel.protocol import Tensor

MAX_BLOCKS = 26  # A–Z (§8.3)
HAND_MOST = HAND_SIZE + 1  # CG-11: four tiles are dealt, one goes back
SCORE_LOW, SCORE_SPAN = -20, 220.0  # scores may end below 0 (CG-45: -1 per unused figure)
MOST_FIGURES = max(FIGURES.values())
TRACK_SCALE = 20.0
PLACED_SCALE = 40.0
QUESTION_INDEX = {kind: index for index, kind in enumerate(QUESTIONS)}
"""Each question kind's entry in `question`."""
OPTION_FLAGS = (
    ("open_hands", True),
    ("chain_bonus_8", 35),
    ("final_payout", "half_quarter_eighth"),
    ("two_player_bonus_second", "s2_from_first_with_bonus"),
    ("tavern_mandatory", True),
    ("chain_selection", "max_value"),
    ("building_without_figures", "forbidden"),
)
"""Each option's value that sets its flag in `options` (the other choice, the default, leaves it 0)."""


class CityAndGuildsEncoder(Encoder):
    compiled_name = "guildtable.games.city_and_guilds.observer_twin"

    def __init__(self, players: int) -> None:
        n = players
        kinds = " ".join(TILE_CODES)
        hand_kinds = " ".join(TILE_CODES[:HAND_KINDS])
        build = LayoutBuilder("city-and-guilds", n)
        self.lot_tiles = build.add(
            "lot_tiles", (MAX_LOTS, 1 + TILE_KINDS), f"per lot, one-hot: [empty, tile {kinds}] (CG-16, CG-23)"
        )
        self.lot_figures = build.add(
            "lot_figures",
            (MAX_LOTS, n, 2),
            "per lot, per player (you, then the next seats): [1 figure, 2 figures] stand there (CG-17 to CG-21)",
        )
        self.lot_question = build.add(
            "lot_question", MAX_LOTS, "the lot whose tile the open question is about (a building, a minstrel house)"
        )
        self.lot_map = build.add(
            "lot_on_map",
            MAX_LOTS,
            f"the lot exists on this map (where a lot is asked for, lot i is action {LOT_BASE} + i)",
        )
        self.lot_block = build.add("lot_block", (MAX_LOTS, MAX_BLOCKS), "per lot, one-hot: its block A..Z")
        self.lot_xy = build.add(
            "lot_position", (MAX_LOTS, 2), f"per lot: [column, row] on the map / {MAX_SIDE} (CG-8 adjacency)"
        )
        self.block_map = build.add("block_on_map", MAX_BLOCKS, "block A..Z exists on this map")
        self.white = build.add(
            "block_first", (MAX_BLOCKS, n), "per block, one-hot: who holds its 1st-place (white) marker (CG-29)"
        )
        self.black = build.add(
            "block_second", (MAX_BLOCKS, n), "per block, one-hot: who holds its 2nd-place (black) marker (CG-30)"
        )
        self.scored = build.add("block_scored", MAX_BLOCKS, "the block is complete and scored (CG-31)")
        self.ranks = build.add(
            "track_ranks",
            (GUILD_COUNT, n, n),
            f"per guild track {' '.join(GUILDS)}, per player, one-hot: place 1..n on the track (value ≥ 1, "
            "higher value first, earlier arrival first, CG-27); all 0 at value 0",
        )
        self.hand = build.add(
            "hand",
            (HAND_MOST, HAND_KINDS),
            f"your hand: row k, kind t: you hold more than k tiles of kind t ({hand_kinds})",
        )
        self.open_hands = build.add(
            "open_hands",
            (n, HAND_MOST, HAND_KINDS),
            "per player, as `hand`: their tiles, when hands are open (option open_hands, CG-A-1); else 0",
        )
        self.hand_sizes = build.add(
            "hand_sizes", (n, HAND_MOST + 1), f"per player, one-hot: tiles in hand, 0..{HAND_MOST}"
        )
        self.display = build.add(
            "display", (DISPLAY_SIZE, HAND_KINDS), "the display: row k, kind t: more than k tiles of kind t (CG-12)"
        )
        self.figures = build.add(
            "figures_left", (n, max(FIGURES.values()) + 1), "per player, one-hot: unused figures, 0..18 (CG-5)"
        )
        self.taverns = build.add("taverns_left", TAVERNS + 1, "one-hot: taverns left in the supply, 0..4 (CG-36)")
        self.question = build.add(
            "question", len(QUESTIONS), f"one-hot: the open question [{', '.join(kind.kind for kind in QUESTIONS)}]"
        )
        self.to_move = build.add("to_move", n, "one-hot: who answers the open question")
        self.placing = build.add(
            "placing", TILE_KINDS, f"one-hot: the tile picked and being placed ({kinds}), while its lot is chosen"
        )
        self.start = build.add("start_player", n, "one-hot: the start player (CG-13)")
        self.seat = build.add("seat", n, f"one-hot: your seat (the first n of {', '.join(SEAT_NAMES)})")
        self.flags = build.add(
            "phase_and_options",
            2 + len(OPTION_FLAGS),
            "[setup round (CG-14), the game is over (CG-43), then the options "
            + ", ".join(f"{name}={value}" for name, value in OPTION_FLAGS)
            + "]",
        )
        self.numbers = build.add(
            "track_values",
            (GUILD_COUNT, n),
            f"per guild track, per player: investment value / {TRACK_SCALE:g}, at most 1 (CG-26)",
        )
        build.add("scores", n, f"per player: (score + {-SCORE_LOW}) / {SCORE_SPAN:g}, within [0, 1] (CG-42, CG-45)")
        build.add("tiles_placed", n, f"per player: tiles placed from hand / {PLACED_SCALE:g}, at most 1")
        self.supply = build.add("supply_size", 1, f"tiles left in the supply / {TOTAL_TILES}")
        super().__init__(build.build())
        self.players = n
        self._relative = relative_seats(n)
        # Per lot, the index each tile kind sets (EMPTY is -1: the last entry, the `empty` one).
        self._lot_cells = tuple(
            tuple((self.lot_tiles + lot * (1 + TILE_KINDS) + code,) for code in (*range(1, TILE_KINDS + 1), 0))
            for lot in range(MAX_LOTS)
        )
        # Per seat, per block, the index each holder of a place marker sets (-1, no holder: the last entry, none).
        self._white_cells, self._black_cells = (
            tuple(
                tuple((*((base + block * n + relative[who],) for who in range(n)), ()) for block in range(MAX_BLOCKS))
                for relative in self._relative
            )
            for base in (self.white, self.black)
        )
        self._geometry: tuple[Board | None, list[int], list[float]] = (None, [], [])

    parts = 13
    BOARD, TILES, FIGURES, WHITE, BLACK, SCORED, RANKS, HAND, OPEN_HANDS, DISPLAY, REST, OPTIONS, NUMBERS = range(parts)

    def _map(self, board: Board) -> tuple[Board, list[int], list[float]]:
        """What the map alone fixes: which lots and blocks exist, each lot's block and position."""
        ones = [self.lot_map + lot for lot in range(board.lots)]
        ones += [self.lot_block + lot * MAX_BLOCKS + board.lot_block[lot] for lot in range(board.lots)]
        ones += [self.block_map + block for block in range(board.blocks)]
        numbers = [value / MAX_SIDE for lot in range(board.lots) for value in (board.lot_x[lot], board.lot_y[lot])]
        geometry = board, ones, numbers
        self._geometry = geometry  # one assignment: another thread sees the old map or the new, whole
        return geometry

    def build(self, state: State, seat: int) -> Tensor:
        assert isinstance(state, CityAndGuildsPosition)
        n = self.players
        relative = self._relative[seat]
        memo = self.memo(seat)
        if memo.keys[self.BOARD] is not state.board:
            memo.reset()
            board, ones, numbers = self._geometry
            if board is not state.board:
                board, ones, numbers = self._map(state.board)
            memo.part(self.BOARD, board, lambda: ones)
            memo.numbers(self.lot_xy, numbers)
        memo.cells(self.TILES, state.tiles, self._lot_cells)
        figure_base = self.lot_figures - 1

        def figures(lot: int, owner: int, count: int) -> int:
            return figure_base + (lot * n + relative[owner]) * 2 + count if owner >= 0 and count else -1

        memo.pairs(self.FIGURES, state.owners, state.figs, figures)
        memo.cells(self.WHITE, state.white, self._white_cells[seat])
        memo.cells(self.BLACK, state.black, self._black_cells[seat])
        memo.part(self.SCORED, state.scored, lambda: [self.scored + block for block in state.scored])
        memo.part(self.RANKS, (state.values, state.stamps), lambda: self._ranks(state, relative))
        hand = state.hands[seat]
        memo.part(self.HAND, hand, lambda: copies(hand, self.hand, HAND_KINDS, HAND_MOST))
        if state.options["open_hands"]:
            memo.part(self.OPEN_HANDS, tuple(state.hands), lambda: self._open_hands(state, relative))
        else:
            memo.indices(self.OPEN_HANDS, [])
        memo.part(self.DISPLAY, state.display, lambda: copies(state.display, self.display, HAND_KINDS, DISPLAY_SIZE))
        most = MOST_FIGURES + 1
        rest = [self.hand_sizes + relative[p] * (HAND_MOST + 1) + len(hand) for p, hand in enumerate(state.hands)]
        rest += [self.figures + relative[p] * most + left for p, left in enumerate(state.figures)]
        rest.append(self.taverns + state.taverns)
        if state.stack:
            question = state.stack[-1]
            rest.append(self.question + QUESTION_INDEX[type(question)])
            rest.append(self.to_move + relative[question.seat])
            if type(question) is Lot:
                rest.append(self.placing + question.tile)
            elif type(question) is Building or type(question) is MinstrelFigure:
                rest.append(self.lot_question + question.lot)
        else:
            rest.append(self.flags + 1)
        if state.in_setup:
            rest.append(self.flags)
        memo.indices(self.REST, rest)
        options = state.options
        memo.part(
            self.OPTIONS,
            (options, state.start_player),
            lambda: (
                [self.flags + 2 + k for k, (name, value) in enumerate(OPTION_FLAGS) if options.get(name) == value]
                + [self.start + relative[state.start_player], self.seat + seat]
            ),
        )
        numbers_key = (state.values, state.scores_, state.placed)
        if numbers_key != memo.keys[self.NUMBERS]:
            order = [(seat + k) % n for k in range(n)]
            values = state.values
            numbers = [min(1.0, values[guild][p] / TRACK_SCALE) for guild in range(GUILD_COUNT) for p in order]
            numbers += [max(0.0, min(1.0, (state.scores_[p] - SCORE_LOW) / SCORE_SPAN)) for p in order]
            numbers += [min(1.0, state.placed[p] / PLACED_SCALE) for p in order]
            memo.numbers(self.numbers, numbers)
            memo.part(self.NUMBERS, numbers_key, list)
        memo.view[self.supply] = len(state.supply) / TOTAL_TILES
        return memo.tensor()

    def _ranks(self, state: CityAndGuildsPosition, relative: tuple[int, ...]) -> list[int]:
        n = self.players
        ones: list[int] = []
        for guild in range(GUILD_COUNT):
            values, stamps = state.values[guild], state.stamps[guild]
            ranked = sorted((-values[p], stamps[p], p) for p in range(n) if values[p] >= 1)
            base = self.ranks + guild * n * n
            ones += [base + relative[p] * n + place for place, (_, _, p) in enumerate(ranked)]
        return ones

    def _open_hands(self, state: CityAndGuildsPosition, relative: tuple[int, ...]) -> list[int]:
        size = HAND_MOST * HAND_KINDS
        ones: list[int] = []
        for player, hand in enumerate(state.hands):
            ones += copies(hand, self.open_hands + relative[player] * size, HAND_KINDS, HAND_MOST)
        return ones


def encoder(players: int) -> CityAndGuildsEncoder:
    return CityAndGuildsEncoder(players)

# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""City and Guilds' observation tensor in C loops: the tensor `observer.py` lays out and documents, built from nothing
at every call, from the same fields (see `kernel/observation.py`)."""

from cpython.buffer cimport PyBuffer_Release

from guildtable.games.city_and_guilds.board import MAX_SIDE
from guildtable.games.city_and_guilds import content
from guildtable.games.city_and_guilds import questions
from guildtable.games.city_and_guilds import observer as reference  # the option flags it names

from guildtable.kernel.tensor cimport Tensor, Twin, capped, copies, one, open_tensor, put

# The content's numbers as C ints (arithmetic on the module's Python names would be Python arithmetic).
cdef int MAX_BLOCKS = 26
cdef int LOT_WIDTH = 1 + content.TILE_KINDS  # per lot: [empty, each tile kind]
cdef int HAND_MOST = content.HAND_SIZE + 1
cdef int MOST = max(content.FIGURES.values()) + 1
cdef int GUILD_COUNT = content.GUILD_COUNT, HAND_KINDS = content.HAND_KINDS, DISPLAY_SIZE = content.DISPLAY_SIZE
cdef int TOTAL_TILES = content.TOTAL_TILES
cdef double SCORE_LOW = -20.0, SCORE_SPAN = 220.0, TRACK_SCALE = 20.0, PLACED_SCALE = 40.0
cdef dict QUESTION = {kind.kind: index for index, kind in enumerate(questions.QUESTIONS)}
cdef str LOT = questions.Lot.kind, BUILDING = questions.Building.kind, MINSTREL_FIGURE = questions.MinstrelFigure.kind


cdef class Encoder(Twin):
    """Fills the tensors of `encoder`, a `CityAndGuildsEncoder`, at its offsets."""

    cdef Py_ssize_t lot_tiles, lot_figures, lot_question, lot_map, lot_block, lot_xy, block_map, white, black
    cdef Py_ssize_t scored, ranks, hand, open_hands, hand_sizes, display, figures, taverns, question, to_move
    cdef Py_ssize_t placing, start, seat, flags, numbers, supply
    cdef tuple option_flags
    cdef tuple geometry  # (board, a tensor with only the map's parts set)

    def __init__(self, encoder):
        super().__init__(encoder)
        self.lot_tiles, self.lot_figures = encoder.lot_tiles, encoder.lot_figures
        self.lot_question, self.lot_map = encoder.lot_question, encoder.lot_map
        self.lot_block, self.lot_xy, self.block_map = encoder.lot_block, encoder.lot_xy, encoder.block_map
        self.white, self.black, self.scored = encoder.white, encoder.black, encoder.scored
        self.ranks, self.hand, self.open_hands = encoder.ranks, encoder.hand, encoder.open_hands
        self.hand_sizes, self.display, self.figures = encoder.hand_sizes, encoder.display, encoder.figures
        self.taverns, self.question, self.to_move = encoder.taverns, encoder.question, encoder.to_move
        self.placing, self.start, self.seat, self.flags = encoder.placing, encoder.start, encoder.seat, encoder.flags
        self.numbers, self.supply = encoder.numbers, encoder.supply
        self.option_flags = tuple(reference.OPTION_FLAGS)
        self.geometry = (None, None)

    cdef object template(self, state):
        """The tensor with only what the map of `state` fixes, made once per map."""
        cdef object board = state.board
        cdef tuple geometry = self.geometry
        if geometry[0] is not board:
            geometry = (board, self._map(board))
            self.geometry = geometry  # one assignment: another thread sees the old map or the new, whole
        return geometry[1]

    cdef object _map(self, board):
        """A tensor with only what the map fixes: which lots and blocks exist, each lot's block and position."""
        out = self.zeros.copy()
        cdef Py_buffer buffer
        cdef Tensor tensor = open_tensor(out, &buffer)
        cdef Py_ssize_t lot
        cdef tuple lot_block = board.lot_block, lot_x = board.lot_x, lot_y = board.lot_y
        try:
            for lot in range(len(lot_block)):
                one(&tensor, self.lot_map + lot)
                one(&tensor, self.lot_block + lot * MAX_BLOCKS + <int> lot_block[lot])
                put(&tensor, self.lot_xy + 2 * lot, <int> lot_x[lot] / <double> MAX_SIDE)
                put(&tensor, self.lot_xy + 2 * lot + 1, <int> lot_y[lot] / <double> MAX_SIDE)
            for lot in range(<int> board.blocks):
                one(&tensor, self.block_map + lot)
        finally:
            PyBuffer_Release(&buffer)
        return out

    cdef int fill(self, Tensor* t, state, int seat) except -1:
        cdef int n = self.n, p, k, guild, place, lot, who, count
        cdef int relative[8]
        for p in range(n):
            relative[p] = (p - seat + n) % n  # C division: keep it non-negative
        # The lots: tile (EMPTY is -1: the `empty` entry), figures and their owner.
        cdef list tiles = state.tiles, owners = state.owners, figs = state.figs
        for lot in range(len(tiles)):
            one(t, self.lot_tiles + lot * LOT_WIDTH + (<int> tiles[lot] + 1))  # EMPTY (-1) sets the first
            count = figs[lot]
            if count:  # most lots have none: their owner is not read
                who = owners[lot]
                if who >= 0:
                    one(t, self.lot_figures + (lot * n + relative[who]) * 2 + count - 1)
        # The blocks' place markers and scoring.
        cdef list white = state.white, black = state.black
        for k in range(len(white)):
            who = white[k]
            if who >= 0:
                one(t, self.white + k * n + relative[who])
            who = black[k]
            if who >= 0:
                one(t, self.black + k * n + relative[who])
        for k in state.scored:
            one(t, self.scored + k)
        # The tracks: places (value >= 1, higher value first, earlier arrival first) and values.
        cdef list values = state.values, stamps = state.stamps, row, stamp_row
        cdef int ranked[8]
        cdef int held[8]
        cdef int arrived[8]
        for guild in range(GUILD_COUNT):
            row = values[guild]
            stamp_row = stamps[guild]
            count = 0
            for p in range(n):
                held[p] = row[p]
                arrived[p] = stamp_row[p]
                put(t, self.numbers + guild * n + relative[p], capped(held[p] / TRACK_SCALE))
                if held[p] >= 1:
                    place = count  # insertion sort by (-value, arrival, seat)
                    while place > 0 and (
                        held[ranked[place - 1]] < held[p]
                        or (held[ranked[place - 1]] == held[p] and arrived[ranked[place - 1]] > arrived[p])
                    ):
                        ranked[place] = ranked[place - 1]
                        place -= 1
                    ranked[place] = p
                    count += 1
            for place in range(count):
                one(t, self.ranks + guild * n * n + relative[ranked[place]] * n + place)
        # Hands, the display, figures and taverns left.
        cdef list hands = state.hands, hand
        copies(t, hands[seat], self.hand, HAND_KINDS, HAND_MOST)
        cdef dict options = state.options
        if options["open_hands"]:
            for p in range(n):
                copies(t, hands[p], self.open_hands + relative[p] * HAND_MOST * HAND_KINDS, HAND_KINDS, HAND_MOST)
        for p in range(n):
            hand = hands[p]
            one(t, self.hand_sizes + relative[p] * (HAND_MOST + 1) + len(hand))
        copies(t, state.display, self.display, HAND_KINDS, DISPLAY_SIZE)
        cdef list figures = state.figures
        for p in range(n):
            one(t, self.figures + relative[p] * MOST + <int> figures[p])
        one(t, self.taverns + <int> state.taverns)
        # The open question, the phase and the options.
        cdef list stack = state.stack
        if stack:
            question = stack[len(stack) - 1]
            kind = question.kind
            one(t, self.question + <int> QUESTION[kind])
            one(t, self.to_move + relative[<int> question.seat])
            if kind == LOT:
                one(t, self.placing + <int> question.tile)
            elif kind == BUILDING or kind == MINSTREL_FIGURE:
                one(t, self.lot_question + <int> question.lot)
        else:
            one(t, self.flags + 1)
        if state.in_setup:
            one(t, self.flags)
        for k, (name, wanted) in enumerate(self.option_flags):
            if options[name] == wanted:
                one(t, self.flags + 2 + k)
        one(t, self.start + relative[<int> state.start_player])
        one(t, self.seat + seat)
        # Scores and tiles placed follow the track values.
        cdef list scores = state.scores_, placed = state.placed
        for p in range(n):
            put(t, self.numbers + GUILD_COUNT * n + relative[p], capped((<int> scores[p] - SCORE_LOW) / SCORE_SPAN))
            put(t, self.numbers + (GUILD_COUNT + 1) * n + relative[p], capped(<int> placed[p] / PLACED_SCALE))
        put(t, self.supply, len(state.supply) / <double> TOTAL_TILES)
        return 0

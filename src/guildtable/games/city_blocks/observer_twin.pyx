# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""City Blocks' observation tensor in C loops: the tensor `observer.py` lays out and documents, built from nothing at
every call, from the same fields (see `kernel/observation.py`)."""

from guildtable.games.city_blocks.content import HAND_SIZE, PLAYER_SET, TILE_TYPES, VALUE_TILES
from guildtable.games.city_blocks.questions import Swap

from guildtable.kernel.tensor cimport Tensor, Twin, copies, one

cdef int TYPES = TILE_TYPES
cdef int CELL = 1 + 2 * TILE_TYPES  # empty, then each tile type of the observer, then of the opponent
cdef int VALUES = len(VALUE_TILES)
cdef int HAND = HAND_SIZE
cdef int PILE = len(PLAYER_SET) - HAND_SIZE
cdef int COPIES = max(PLAYER_SET.count(tile) for tile in range(TILE_TYPES))


cdef class Encoder(Twin):
    """Fills the tensors of `encoder`, a `CityBlocksEncoder`, at its offsets."""

    cdef Py_ssize_t board, slots, won, removed, hand, hand_sizes, pile_sizes, to_move, question, start, seat, flags

    def __init__(self, encoder):
        super().__init__(encoder)
        self.board, self.slots, self.won, self.removed = encoder.board, encoder.slots, encoder.won, encoder.removed
        self.hand, self.hand_sizes, self.pile_sizes = encoder.hand, encoder.hand_sizes, encoder.pile_sizes
        self.to_move, self.question, self.start = encoder.to_move, encoder.question, encoder.start
        self.seat, self.flags = encoder.seat, encoder.flags

    cdef int fill(self, Tensor* t, state, int seat) except -1:
        cdef int other = 1 - seat, site, code, owner, value
        # The board, seen from the observer: a code is 0 (empty) or 1 + owner * TILE_TYPES + tile.
        cdef list board = state.board, slots = state.slots
        for site in range(len(board)):
            code = board[site]
            if code:
                owner = (code - 1) // TYPES
                code = 1 + (owner ^ seat) * TYPES + (code - 1) % TYPES
            one(t, self.board + site * CELL + code)
        for site in range(len(slots)):
            one(t, self.slots + site * (1 + VALUES) + <int> slots[site])  # 0: scored, else the value
        # Value tiles won by each player and out of the game.
        cdef list won = state.won
        for value in won[seat]:
            one(t, self.won + value - 1)
        for value in won[other]:
            one(t, self.won + VALUES + value - 1)
        for value in state.removed_values:
            one(t, self.removed + value - 1)
        # Hands and piles.
        cdef list hands = state.hands, piles = state.piles
        copies(t, hands[seat], self.hand, TYPES, COPIES)
        one(t, self.hand_sizes + len(hands[seat]))
        one(t, self.hand_sizes + HAND + 1 + len(hands[other]))
        one(t, self.pile_sizes + len(piles[seat]))
        one(t, self.pile_sizes + PILE + 1 + len(piles[other]))
        one(t, self.start + (<int> state.start_player != seat))
        one(t, self.seat + seat)
        # The open question and the options.
        cdef list stack = state.stack
        if stack:
            question = stack[len(stack) - 1]
            one(t, self.to_move + (<int> question.seat != seat))
            one(t, self.question + isinstance(question, Swap))
        else:
            one(t, self.flags + 1)
        if state.options["court_via_rebuild"]:
            one(t, self.flags)
        return 0

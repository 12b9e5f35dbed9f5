# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""Guildhall's observation tensor in C loops: the tensor `observer.py` lays out and documents, built from nothing at
every call, from the same fields (see `kernel/observation.py`)."""

from guildtable.games.guildhall.content import COLOURS, IDENTITIES, PRESTIGE, PRESTIGE_TOTAL, PROFESSIONS
from guildtable.games.guildhall.questions import CAP, WIN_VP, ChooseLevel, DiscardDraw, SetupDiscard
from guildtable.games.guildhall.questions import SwapTake, Targeted, TaxTarget
from guildtable.games.guildhall.observer import COPIES, HAND_SCALE, KNOWN_TOP, MOST_ACTIONS, NUMBER, OWNED_ROWS
from guildtable.games.guildhall.observer import OPTION_FLAGS, PILE_SCALE, PRESTIGE_TYPES, ROW, TURN_SCALE

from guildtable.kernel.tensor cimport Tensor, Twin, at_least, copies, one, put

cdef enum:
    MOST_TYPES = 64  # prestige types the table below holds

cdef int N_COLOURS = COLOURS, N_PROFESSIONS = PROFESSIONS, N_IDENTITIES = IDENTITIES, N_COPIES = COPIES
cdef int N_CAP = CAP, N_KNOWN_TOP = KNOWN_TOP, N_MOST_ACTIONS = MOST_ACTIONS, N_OWNED_ROWS = OWNED_ROWS
cdef int N_ROW = ROW, N_PRESTIGE_TYPES = PRESTIGE_TYPES
cdef dict KIND_NUMBER = NUMBER  # per question class: its place in the one-hot `question`
cdef double D_WIN_VP = WIN_VP, D_HAND_SCALE = HAND_SCALE, D_PILE_SCALE = PILE_SCALE, D_TURN_SCALE = TURN_SCALE
cdef double D_PRESTIGE_TOTAL = PRESTIGE_TOTAL

cdef int PRESTIGE_VP[MOST_TYPES]  # per prestige type: its VP (GH-112)
cdef bint IS_TARGETED[MOST_TYPES]  # per question number (`NUMBER`): the kind names a target seat
cdef bint HOLDS_CARDS[MOST_TYPES]  # per question number: the kind holds cards in transit (its `cards`)
cdef int K_SETUP_DISCARD = NUMBER[SetupDiscard], K_DISCARD_DRAW = NUMBER[DiscardDraw]
cdef int K_CHOOSE_LEVEL = NUMBER[ChooseLevel], K_SWAP_TAKE = NUMBER[SwapTake], K_TAX_TARGET = NUMBER[TaxTarget]


cdef int _tables() except -1:
    cdef int kind
    if N_PRESTIGE_TYPES > MOST_TYPES or N_IDENTITIES > 64 or N_COLOURS > 30 or len(NUMBER) > MOST_TYPES:
        raise ImportError("the compiled Guildhall encoder holds at most 64 prestige types, identities and questions")
    for kind in range(MOST_TYPES):
        PRESTIGE_VP[kind] = PRESTIGE[kind].vp if kind < N_PRESTIGE_TYPES else 0
        IS_TARGETED[kind] = False
        HOLDS_CARDS[kind] = False
    for question, kind in NUMBER.items():
        IS_TARGETED[kind] = issubclass(question, Targeted)
        HOLDS_CARDS[kind] = "cards" in question.__dataclass_fields__
    return 0


_tables()


cdef inline double at_most_one(double value) noexcept:
    """`min(1.0, value)`."""
    return value if value < 1.0 else 1.0


cdef inline int seat_of(int* relative, int n, object player) except -1:
    """How many seats after the observer `player` sits."""
    cdef int p = player
    if p < 0 or p >= n:
        raise IndexError(f"seat {p} outside 0..{n - 1}")
    return relative[p]


cdef class Encoder(Twin):
    """Fills the tensors of `encoder`, a `GuildhallEncoder`, at its offsets."""

    cdef Py_ssize_t halls, completed, areas, hand, mine, selected, known, searched, robbed, question, to_move
    cdef Py_ssize_t target, transit, level_profession, level_chapter, give, taken, tax_card, phase, active, start
    cdef Py_ssize_t actions_left, played, discard_top, row, seat, flags, owned, removed, numbers
    cdef tuple option_flags

    def __init__(self, encoder):
        super().__init__(encoder)
        self.halls, self.completed, self.areas = encoder.halls, encoder.completed, encoder.areas
        self.hand, self.mine, self.selected = encoder.hand, encoder.mine, encoder.selected
        self.known, self.searched, self.robbed = encoder.known, encoder.searched, encoder.robbed
        self.question, self.to_move, self.target = encoder.question, encoder.to_move, encoder.target
        self.transit, self.level_profession = encoder.transit, encoder.level_profession
        self.level_chapter, self.give, self.taken = encoder.level_chapter, encoder.give, encoder.taken
        self.tax_card, self.phase, self.active = encoder.tax_card, encoder.phase, encoder.active
        self.start, self.actions_left, self.played = encoder.start, encoder.actions_left, encoder.played
        self.discard_top, self.row, self.seat = encoder.discard_top, encoder.row, encoder.seat
        self.flags, self.owned = encoder.flags, encoder.owned
        self.removed, self.numbers = encoder.removed, encoder.numbers
        self.option_flags = tuple(OPTION_FLAGS)

    cdef int fill(self, Tensor* t, state, int seat) except -1:
        cdef int n = self.n, p, k, i, mask, colour, kind, asked, count, played
        cdef Py_ssize_t at, size
        cdef int relative[8]
        for p in range(n):
            relative[p] = (p - seat + n) % n  # C division: keep it non-negative
        # The guildhalls: a colour mask per player and profession.
        cdef list halls = state.halls
        at_least(halls, n * N_PROFESSIONS, "halls")
        for i in range(n * N_PROFESSIONS):
            mask = halls[i]
            if mask == 0:
                continue
            if mask < 0 or mask >= 1 << N_COLOURS:
                raise ValueError(f"guildhall colour mask {mask} outside 0..{(1 << N_COLOURS) - 1}")
            p = i // N_PROFESSIONS
            at = self.halls + (relative[p] * N_PROFESSIONS + i % N_PROFESSIONS) * N_COLOURS
            for colour in range(N_COLOURS):
                if mask >> colour & 1:
                    one(t, at + colour)
        # Action areas, prestige cards owned, the observer's hand and completed professions.
        cdef list areas = state.areas, owned = state.owned, hands = state.hands, tokens = state.tokens, cards
        at_least(areas, n, "areas")
        at_least(owned, n, "owned")
        at_least(hands, n, "hands")
        at_least(tokens, n, "tokens")
        cdef int vps[8]  # as `GuildhallState.vp` (GH-112): VP tokens plus the owned prestige cards' VP
        for p in range(n):
            k = relative[p]
            cards = areas[p]
            if cards:
                copies(t, cards, self.areas + k * 2 * N_IDENTITIES, N_IDENTITIES, 2)
            cards = owned[p]
            vps[p] = tokens[p]
            if cards:
                copies(t, cards, self.owned + k * N_OWNED_ROWS * N_PRESTIGE_TYPES, N_PRESTIGE_TYPES, 2)
                for i in range(len(cards)):
                    kind = cards[i]
                    if kind < 0 or kind >= N_PRESTIGE_TYPES:
                        raise IndexError(f"prestige type {kind} outside 0..{N_PRESTIGE_TYPES - 1}")
                    vps[p] += PRESTIGE_VP[kind]
        copies(t, hands[seat], self.hand, N_IDENTITIES, N_COPIES)
        cdef list completed = state.completed
        at_least(completed, n, "completed")
        cards = completed[seat]
        for i in range(len(cards)):
            one(t, self.mine + <int> cards[i])
        # The deck cards the observer put back and still knows, top first.
        cdef list deck = state.deck, discard = state.discard, known = state.known
        at_least(known, n, "known")
        cdef Py_ssize_t deck_size = len(deck), depth, most = known[seat]
        if most > deck_size:
            most = deck_size
        if most > N_KNOWN_TOP:
            most = N_KNOWN_TOP
        for depth in range(most):
            one(t, self.known + depth * N_IDENTITIES + <int> deck[deck_size - 1 - depth])
        # What the stack shows the observer: the discard pile it searches (Hunter), the hand it robs (Robber). The
        # rules say when (GH-20, GH-69): asked of the state, as the Python encoder does.
        cdef list stack = state.stack
        cdef Py_ssize_t height = len(stack)
        cdef object question, transit
        if state.searching(seat):
            copies(t, discard, self.searched, N_IDENTITIES, N_COPIES)
        robbed = state.robbing(seat)
        if robbed is not None:
            seat_of(relative, n, robbed)  # a seat of the game
            copies(t, hands[<int> robbed], self.robbed, N_IDENTITIES, N_COPIES)
        # The open question and its public context.
        cdef int turn = state.turn
        cdef list selected = state.selected
        asked = -1
        if height == 0:
            one(t, self.phase + 2)
        else:
            question = stack[height - 1]
            kind = KIND_NUMBER[type(question)]
            asked = question.seat
            one(t, self.question + kind)
            one(t, self.to_move + seat_of(relative, n, asked))
            one(t, self.phase + (1 if turn != 0 else 0))
            if asked == seat and (kind == K_SETUP_DISCARD or kind == K_DISCARD_DRAW):
                copies(t, selected, self.selected, N_IDENTITIES, N_COPIES)
            if IS_TARGETED[kind]:
                one(t, self.target + seat_of(relative, n, question.target))
            if HOLDS_CARDS[kind]:
                transit = question.cards
                copies(t, transit if type(transit) is list else list(transit), self.transit, N_IDENTITIES, N_COPIES)
            if kind == K_CHOOSE_LEVEL:
                one(t, self.level_profession + <int> question.profession)
                count = question.chapter
                one(t, self.level_chapter + (count if count < N_COLOURS else N_COLOURS))
            elif kind == K_SWAP_TAKE:
                one(t, self.give + <int> question.give)
                for card in question.taken:
                    one(t, self.taken + <int> card)
            elif kind == K_TAX_TARGET:
                one(t, self.tax_card + <int> question.card)
        # Completed chapters, whose turn, the start player, actions left, the seat, professions played.
        for p in range(n):
            count = len(completed[p])
            one(t, self.completed + relative[p] * (N_CAP + 2) + (count if count < N_CAP + 1 else N_CAP + 1))
        one(t, self.active + seat_of(relative, n, state.active))
        one(t, self.start + seat_of(relative, n, state.start_player))
        count = state.actions_left
        one(t, self.actions_left + (0 if count < 0 else (count if count < N_MOST_ACTIONS else N_MOST_ACTIONS)))
        one(t, self.seat + seat)
        played = state.played
        if played:
            for i in range(N_PROFESSIONS):
                if played >> i & 1:
                    one(t, self.played + i)
        cdef Py_ssize_t discard_size = len(discard)
        if discard_size:
            one(t, self.discard_top + <int> discard[discard_size - 1])
        cdef list row = state.row
        size = len(row)
        for at in range(size if size < N_ROW else N_ROW):
            one(t, self.row + at * N_PRESTIGE_TYPES + <int> row[at])
        # The options, and the prestige cards removed before the game when that is public.
        cdef dict options = state.options
        cdef list removed = state.removed
        for k, (name, wanted) in enumerate(self.option_flags):
            if options[name] == wanted:
                one(t, self.flags + k)
        if options["small_game_removal"] == "per_type":
            copies(t, removed, self.removed, N_PRESTIGE_TYPES, N_OWNED_ROWS)
        # The numbers: VP, hand sizes, the cards the asked player selects, pile sizes and the turn.
        cdef Py_ssize_t base = self.numbers
        for p in range(n):
            k = relative[p]
            put(t, base + 2 * k, at_most_one(<int> tokens[p] / D_WIN_VP))
            put(t, base + 2 * k + 1, at_most_one(vps[p] / D_WIN_VP))
            put(t, base + 2 * n + k, at_most_one(len(hands[p]) / D_HAND_SCALE))
        if asked >= 0:
            put(t, base + 3 * n + relative[asked], at_most_one(len(selected) / D_HAND_SCALE))
        base += 4 * n
        put(t, base, len(removed) / D_PRESTIGE_TOTAL)
        put(t, base + 1, deck_size / D_PILE_SCALE)
        put(t, base + 2, discard_size / D_PILE_SCALE)
        put(t, base + 3, len(state.prestige_deck) / D_PRESTIGE_TOTAL)
        put(t, base + 4, at_most_one(turn / D_TURN_SCALE))
        return 0

# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""Guilds of London's observation tensor in C loops: the tensor `observer.py` lays out and documents, built from nothing
at every call, from the same fields (see `kernel/observation.py`)."""


from guildtable.games.guilds_of_london import actions as A
from guildtable.games.guilds_of_london import questions as Q
from guildtable.games.guilds_of_london.content import CONTENT
from guildtable.games.guilds_of_london.geometry import OFFSET, WIDTH
from guildtable.games.guilds_of_london import observer as reference  # the scales, question kinds and options it names

from guildtable.kernel.tensor cimport Tensor, Twin, at_least, capped, copies, one, put

cdef int TILES = A.N_TILES, CARDS = A.N_CARDS, REWARDS = A.N_REWARDS, TOKENS = A.N_TOKENS
cdef int LOCATIONS = A.N_LOCATIONS, GUILDHALL = A.GUILDHALL
cdef int MOST_ROUNDS = reference.MOST_ROUNDS
cdef int REACH = reference.REACH, SPAN = 2 * reference.REACH, CELL_WIDTH = WIDTH, CELL_OFFSET = OFFSET
cdef double VP_SCALE = reference.VP_SCALE, SUPPLY_SCALE = reference.SUPPLY_SCALE
cdef double NEUTRALS_SCALE = reference.NEUTRALS_SCALE, HAND_SCALE = reference.HAND_SCALE
cdef double REWARDS_SCALE = reference.REWARDS_SCALE, PLAYED_SCALE = reference.PLAYED_SCALE
cdef double COUNT_SCALE = reference.COUNT_SCALE, TOKEN_COPIES = reference.TOKEN_COPIES
cdef double TILE_FIGURES = reference.FIGURE_SCALES[0]  # per location: the tiles, the Guildhall, the plantation
cdef double GUILDHALL_FIGURES = reference.FIGURE_SCALES[A.GUILDHALL]
cdef double PLANTATION_FIGURES = reference.FIGURE_SCALES[A.PLANTATION]
cdef int HAND_LIMIT = Q.HAND_LIMIT
cdef int MOST_PLAYERS = 4  # the state's `fig` keeps 4 counts per location
cdef dict QUESTION_INDEX = reference.QUESTION_INDEX  # by the question's class
cdef tuple COUNTED = reference.COUNTED
cdef object MOVE_TO = Q.MoveTo, NEGOTIATE = Q.Negotiate, FIRST = Q.FirstReward, SECOND = Q.SecondReward
cdef object KEEP = Q.RewardKeep, UNDER = Q.RewardUnder
cdef tuple ROTATION_DEGREES = reference.ROTATIONS
cdef tuple BUILDING_DEALS = reference.BUILDING_DEALS
cdef int ROTATIONS = len(ROTATION_DEGREES)

# As `GuildsState.hand_limit` (GL-67): what each tile's master and each kept token adds to the hand limit.
cdef enum:
    MAX_KINDS = 64
cdef int TILE_BONUS[MAX_KINDS]
cdef int TOKEN_BONUS[MAX_KINDS]


cdef int _bonuses() except -1:
    if TILES > MAX_KINDS or TOKENS > MAX_KINDS:
        raise ImportError(f"at most {MAX_KINDS} tiles and token kinds")
    for tile in CONTENT.tiles:
        TILE_BONUS[<int> tile.index] = tile.hand_limit_bonus
    for kind in CONTENT.tokens:
        TOKEN_BONUS[<int> kind.index] = (
            CONTENT.effects[kind.effect].amount if kind.use == "kept_passive" and kind.effect >= 0 else 0
        )
    return 0


_bonuses()

cdef inline int floor_div(int a, int b) noexcept:
    """Python's `a // b` for b > 0 (C division truncates towards zero)."""
    cdef int q = a / b
    if a % b != 0 and a < 0:
        q -= 1
    return q


cdef inline int position(Tensor* t, Py_ssize_t at, int cell) except -1:
    """As `_position`: the cell's [(x + REACH) / SPAN, (y + REACH) / SPAN] within [0, 1] at `at`, `at + 1`."""
    cdef int y = floor_div(cell, CELL_WIDTH)
    cdef int x = cell - y * CELL_WIDTH
    put(t, at, capped((x - CELL_OFFSET + REACH) / <double> SPAN))
    put(t, at + 1, capped((y - CELL_OFFSET + REACH) / <double> SPAN))
    return 0


cdef inline int tile_of(object value) except -1:
    """A tile index read from the state, checked: it indexes the state's per-tile lists."""
    cdef int tile = value
    if tile < 0 or tile >= TILES:
        raise IndexError(f"tile {tile} outside 0..{TILES - 1}")
    return tile


cdef class Encoder(Twin):
    """Fills the tensors of `encoder`, a `GuildsOfLondonEncoder`, at its offsets."""

    cdef Py_ssize_t in_play, master_side, masters, beadle, tokens, question, to_move, location, part, order, taken
    cdef Py_ssize_t active, kept, hand, in_front, discard, rewards, under, drawn, round, round_flags, plantation, seat
    cdef Py_ssize_t flags, over, tile_positions, guildhall_positions, tile_figures, guildhall_figures
    cdef Py_ssize_t plantation_figures, players_numbers
    cdef object track  # the last round track seen, and what it says of each round (bits by round number)
    cdef unsigned long long grey, scoring
    cdef int rounds

    def __init__(self, encoder):
        super().__init__(encoder)
        if self.n > MOST_PLAYERS:
            raise ValueError(f"at most {MOST_PLAYERS} players")
        self.in_play, self.master_side, self.masters = encoder.in_play, encoder.master_side, encoder.masters
        self.beadle, self.tokens, self.question = encoder.beadle, encoder.tokens, encoder.question
        self.to_move, self.location, self.part = encoder.to_move, encoder.location, encoder.part
        self.order, self.taken, self.active = encoder.order, encoder.taken, encoder.active
        self.kept, self.hand, self.in_front = encoder.kept, encoder.hand, encoder.in_front
        self.discard, self.rewards, self.under = encoder.discard, encoder.rewards, encoder.under
        self.drawn, self.round, self.round_flags = encoder.drawn, encoder.round, encoder.round_flags
        self.plantation, self.seat = encoder.plantation, encoder.seat
        self.flags, self.over = encoder.flags, encoder.over
        self.tile_positions, self.guildhall_positions = encoder.tile_positions, encoder.guildhall_positions
        self.tile_figures, self.guildhall_figures = encoder.tile_figures, encoder.guildhall_figures
        self.plantation_figures, self.players_numbers = encoder.plantation_figures, encoder.players_numbers
        self.track = None

    cdef int _read_track(self, track) except -1:
        """Keep what `track` (a `TrackSpec`, fixed for the game) says of each round: grey, scoring, the last."""
        cdef unsigned long long grey = 0, scoring = 0
        cdef int rounds = track.rounds
        for number in track.grey:
            if not 1 <= number <= 64:
                raise ValueError(f"round {number} outside 1..64")
            grey |= 1ULL << (<int> number - 1)
        for number in track.scoring:
            if not 1 <= number <= 64:
                raise ValueError(f"round {number} outside 1..64")
            scoring |= 1ULL << (<int> number - 1)
        self.grey, self.scoring, self.rounds = grey, scoring, rounds
        self.track = track  # last: another thread sees the new track only with its rounds
        return 0

    cdef int fill(self, Tensor* t, state, int seat) except -1:
        cdef int n = self.n, p, k, i, tile, value, place, limit
        cdef Py_ssize_t slot
        cdef int relative[4]
        cdef int order[4]
        for p in range(n):
            relative[p] = (p - seat + n) % n  # C division: keep it non-negative
            order[p] = (seat + p) % n  # the p-th player after `seat`
        # The city: tiles in play, their master side and master, tokens, positions, figures.
        cdef list in_play = state.in_play, back = state.back, fig = state.fig, token = state.token
        cdef list cell_of = state.cell_of
        at_least(back, TILES, "back")
        at_least(token, TILES, "token")
        at_least(cell_of, TILES, "cell_of")
        if len(fig) != 4 * LOCATIONS:
            raise IndexError(f"state.fig holds {len(fig)} entries, not {4 * LOCATIONS}")
        for i in range(len(in_play)):
            tile = tile_of(in_play[i])
            one(t, self.in_play + tile)
            position(t, self.tile_positions + 2 * tile, <int> cell_of[tile])
            if back[tile]:
                one(t, self.master_side + tile)
                for p in range(n):  # `master_of`: the first seat with a figure there
                    if fig[tile * 4 + p]:
                        one(t, self.masters + tile * n + relative[p])
                        break
        for tile in range(TILES):
            value = token[tile]
            if value >= TOKENS:
                raise IndexError(f"token kind {value} outside 0..{TOKENS - 1}")
            if value >= 0:  # -1: no token
                one(t, self.tokens + tile * TOKENS + value)
        cdef tuple guildhall_cells = state.guildhall_cells
        for k in range(min(2, len(guildhall_cells))):
            position(t, self.guildhall_positions + 2 * k, <int> guildhall_cells[k])
        cdef double scale
        for i in range(4 * LOCATIONS):  # only the counts that are not 0, in order (as the Python encoder's first build)
            value = fig[i]
            if value:
                tile = i >> 2
                p = i & 3
                k = relative[p] if p < n else 0
                if tile < TILES:
                    slot, scale = self.tile_figures + tile * n + k, TILE_FIGURES
                elif tile == GUILDHALL:
                    slot, scale = self.guildhall_figures + k, GUILDHALL_FIGURES
                else:
                    slot, scale = self.plantation_figures + k, PLANTATION_FIGURES
                put(t, slot, min(1.0, value / scale))
        # Cards: the observer's hand and reward cards, the cards in front, the discard pile, the cards put under.
        cdef list hands = state.hands, rewards = state.rewards, kept = state.kept, cards
        at_least(hands, n, "hands")
        at_least(rewards, n, "rewards")
        at_least(kept, n, "kept")
        for k in range(n):
            copies(t, kept[order[k]], self.kept + k * 2 * TOKENS, TOKENS, 2)
        cards = hands[seat]
        for i in range(len(cards)):
            one(t, self.hand + <int> cards[i])
        cards = state.in_front
        for i in range(len(cards)):
            one(t, self.in_front + <int> cards[i])
        cards = state.discard
        for i in range(len(cards)):
            one(t, self.discard + <int> cards[i])
        cards = rewards[seat]
        for i in range(len(cards)):
            one(t, self.rewards + <int> cards[i])
        cdef list reward_deck = state.reward_deck, reward_known = state.reward_known
        if len(reward_deck) != len(reward_known):
            raise ValueError("state.reward_deck and state.reward_known differ in length")
        for i in range(len(reward_deck)):
            if <int> reward_known[i] == seat:
                one(t, self.under + <int> reward_deck[i])
        # The Beadle and the open question.
        value = state.beadle
        if value >= 0:
            one(t, self.beadle + value)
        cdef double left = 0.0
        cdef list stack = state.stack
        cdef tuple drawn
        if stack:
            question = stack[len(stack) - 1]
            kind = type(question)
            value = question.seat
            if value < 0 or value >= n:
                raise IndexError(f"seat {value} outside 0..{n - 1}")
            one(t, self.question + <int> QUESTION_INDEX[kind])
            one(t, self.to_move + relative[value])
            if value == seat:  # the location the prompt names: the figure moving, the negotiation, the tile rewarding
                if kind is MOVE_TO:
                    one(t, self.location + <int> question.source)
                elif kind is NEGOTIATE:
                    one(t, self.location + <int> question.location)
                elif kind is FIRST or kind is SECOND:
                    one(t, self.location + <int> question.tile)
                    one(t, self.part + <int> question.part)
                if kind in COUNTED:
                    left = min(1.0, <int> question.remaining / COUNT_SCALE)
                if kind is KEEP or kind is UNDER:
                    drawn = question.cards
                    for i in range(len(drawn)):
                        one(t, self.drawn + <int> drawn[i])
        else:
            one(t, self.over)
        # Turn order (`GuildsState.order`: VP descending, then the marker on top; sorted, so stable).
        cdef list vp = state.vp, height = state.marker_height
        at_least(vp, n, "vp")
        at_least(height, n, "marker_height")
        cdef long points[4]
        cdef long marker[4]
        cdef int ranked[4]
        for p in range(n):
            points[p] = vp[p]
            marker[p] = height[p]
            place = p  # insertion sort by (-VP, -marker height)
            while place > 0 and (
                points[ranked[place - 1]] < points[p]
                or (points[ranked[place - 1]] == points[p] and marker[ranked[place - 1]] < marker[p])
            ):
                ranked[place] = ranked[place - 1]
                place -= 1
            ranked[place] = p
        for place in range(n):
            one(t, self.order + relative[ranked[place]] * n + place)
        cdef long long taken = state.taken
        for p in range(n):
            if taken >> p & 1:
                one(t, self.taken + relative[p])
        cdef int active = state.active
        if active >= 0:
            if active >= n:
                raise IndexError(f"active seat {active} outside 0..{n - 1}")
            one(t, self.active + relative[active])
        # The round, the plantation, the seat, the options.
        track = state.track
        if track is not self.track:
            self._read_track(track)
        cdef int round_number = state.round
        one(t, self.round + min(round_number, MOST_ROUNDS) - 1)
        if 1 <= round_number <= 64:
            if self.grey >> (round_number - 1) & 1:
                one(t, self.round_flags)
            if self.scoring >> (round_number - 1) & 1:
                one(t, self.round_flags + 1)
        if round_number == self.rounds:  # `is_last_round`
            one(t, self.round_flags + 2)
        one(t, self.plantation + <int> state.plantation)
        one(t, self.seat + seat)
        cdef dict options = state.options
        one(t, self.flags + 2 + <int> ROTATION_DEGREES.index(options["compass_rotation"]))
        one(t, self.flags + 2 + ROTATIONS + <int> BUILDING_DEALS.index(options["two_player_buildings"]))
        if options["compass_cell"] == "east":
            one(t, self.flags)
        if options["unresolved_vote"] == "turn_order_wins":
            one(t, self.flags + 1)
        # The numbers: per player from the observer, then the hand limit, the piles and the count left.
        cdef list supply = state.supply, neutrals = state.neutrals
        at_least(supply, n, "supply")
        at_least(neutrals, n, "neutrals")
        cdef Py_ssize_t at = self.players_numbers
        for k in range(n):
            p = order[k]
            put(t, at, min(1.0, points[p] / VP_SCALE))
            put(t, at + 1, min(1.0, <int> supply[p] / SUPPLY_SCALE))
            put(t, at + 2, min(1.0, <int> neutrals[p] / NEUTRALS_SCALE))
            put(t, at + 3, min(1.0, len(<list> hands[p]) / HAND_SCALE))
            put(t, at + 4, min(1.0, len(<list> rewards[p]) / REWARDS_SCALE))
            at += 5
        # `GuildsState.hand_limit(seat)` (GL-67): 7, + the masters' bonuses, + kept tokens, + this turn's bonus.
        limit = HAND_LIMIT
        for i in range(len(in_play)):
            tile = tile_of(in_play[i])
            if TILE_BONUS[tile] != 0:
                if back[tile] and fig[tile * 4 + seat]:
                    limit += TILE_BONUS[tile]
        cards = kept[seat]
        for i in range(len(cards)):
            value = cards[i]
            if value < 0 or value >= TOKENS:
                raise IndexError(f"token kind {value} outside 0..{TOKENS - 1}")
            limit += TOKEN_BONUS[value]
        if seat == active:
            limit += <int> state.limit_bonus
        put(t, at, min(1.0, limit / HAND_SCALE))
        put(t, at + 1, len(<list> state.deck) / <double> CARDS)
        put(t, at + 2, len(reward_deck) / <double> REWARDS)
        put(t, at + 3, len(<list> state.pool) / <double> TILES)
        put(t, at + 4, min(1.0, len(<list> state.token_supply) / TOKEN_COPIES))
        put(t, at + 5, min(1.0, <int> state.played / PLAYED_SCALE))
        put(t, at + 6, left)
        return 0

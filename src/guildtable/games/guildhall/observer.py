"""The Guildhall observation tensor (2–4 players): every guildhall, the action areas, prestige cards and VP, the
center row, the piles' sizes and top, the observer's hand and private knowledge, and the open question with its
public context.

Read from the fields `view.view` is made of (GH-19 to GH-22, GH-D18 to GH-D21, GH-D26): the public table, the
observer's hand, its completed professions, the cards it is selecting, the deck cards it put back (known to it), the
discard pile while it searches it with a Hunter, the hand it looks through as a Robber, and the context of the
question on top of the stack as the view states it. Never another hand, the deck's order or the discard pile below its
top card otherwise.

A profession card is its identity, profession × 5 + colour (30 identities, 4 copies each, GH-1, GH-4).
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from guildtable.games.guildhall.content import (
    CARD_NAMES,
    COLOURS,
    CONTENT,
    IDENTITIES,
    PRESTIGE,
    PRESTIGE_TOTAL,
    PROFESSION_NAMES,
    PROFESSIONS,
)
from guildtable.games.guildhall.questions import (
    ASKED_KINDS,
    AUTOMATIC_KINDS,
    CAP,
    WIN_VP,
    ChooseLevel,
    DiscardDraw,
    GuildhallQuestion,
    SetupDiscard,
    SwapTake,
    Targeted,
    TaxTarget,
)
from guildtable.games.guildhall.state import Position
from guildtable.kernel import State
from guildtable.kernel.layout import LayoutBuilder
from guildtable.kernel.observation import Encoder, Groups, copies, relative_seats
from guildtable.kernel.protocol import Tensor

ASKED = len(ASKED_KINDS)  # the question kinds asked of a player; the engine's bookkeeping steps are numbered after them
NUMBER = {kind: number for number, kind in enumerate((*ASKED_KINDS, *AUTOMATIC_KINDS))}
"""Each question kind's place in the one-hot `question` (Appendix A's order)."""
COPIES = max(profession.copies_per_colour for profession in CONTENT.professions)  # of one identity (GH-1)
KNOWN_TOP = 2 * max((level.put_back for p in CONTENT.professions for level in p.levels), default=1)
ROW = 5  # GH-6: the center row
PRESTIGE_TYPES = len(PRESTIGE)
OWNED_ROWS = 2  # prestige cards of one type a player owns (or that were removed) shown as bits: 0, 1, 2 or more
MOST_ACTIONS = 7  # `actions_left` one-hot 0..7; more (never seen) shows as 7
HAND_SCALE = 12.0
PILE_SCALE = float(len(CONTENT.full_deck()))
TURN_SCALE = 100.0
OPTION_FLAGS = (
    ("small_game_removal", "per_value"),
    ("discard_draw_caps_hand", False),
    ("robber_random", "any_then_discard"),
    ("placement_order", "deck_order"),
    ("tax_collector_model", "single_scaled"),
)
"""Each option's value that sets its flag in `options` (the default leaves it 0)."""
BITS = tuple(tuple(colour for colour in range(COLOURS) if mask >> colour & 1) for mask in range(1 << COLOURS))


def _which(players: int) -> npt.NDArray[np.float32]:
    """Per player and profession, the profession one-hot and then the player one-hot (you first)."""
    which = np.zeros((players, PROFESSIONS, PROFESSIONS + players), np.float32)
    for player in range(players):
        for profession in range(PROFESSIONS):
            which[player, profession, profession] = which[player, profession, PROFESSIONS + player] = 1.0
    return which


class GuildhallEncoder(Encoder):
    compiled_name = "guildtable.games.guildhall.observer_twin"

    def __init__(self, players: int) -> None:
        n = players
        cards = f"the {IDENTITIES} identities (profession × 5 + colour: {CARD_NAMES[0]}, {CARD_NAMES[1]}, ...)"
        professions = " ".join(PROFESSION_NAMES)
        kinds = ", ".join(kind.kind for kind in ASKED_KINDS)
        build = LayoutBuilder("guildhall", n)
        self.halls = build.add(
            "guildhalls",
            (n, PROFESSIONS, COLOURS),
            f"per player (you, then the next seats), per profession ({professions}), per colour: the card lies in "
            "that player's guildhall (GH-19, GH-48)",
        )
        self.completed = build.add(
            "completed_chapters", (n, CAP + 2), f"per player, one-hot: completed chapters, 0..{CAP + 1} (GH-49, GH-53)"
        )
        self.areas = build.add(
            "action_areas",
            (n, 2, IDENTITIES),
            f"per player: the cards in their action area, row k set for more than k copies, over {cards}",
        )
        self.hand = build.add(
            "hand", (COPIES, IDENTITIES), "your hand: row k, identity i: you hold more than k cards of identity i"
        )
        self.mine = build.add(
            "completed_professions", PROFESSIONS, "your completed chapters, by profession (known to you, GH-D26)"
        )
        self.selected = build.add(
            "selected", (COPIES, IDENTITIES), "as `hand`: the cards you are selecting to discard (setup, discard-draw)"
        )
        self.known = build.add(
            "deck_top_known",
            (KNOWN_TOP, IDENTITIES),
            "one-hot per position, top first: the deck cards you put back and still know (GH-D20)",
        )
        self.searched = build.add(
            "discard_pile", (COPIES, IDENTITIES), "as `hand`: the whole discard pile, while you search it (GH-D18)"
        )
        self.robbed = build.add(
            "target_hand", (COPIES, IDENTITIES), "as `hand`: the hand you look through as a Robber (GH-69)"
        )
        self.question = build.add("question", ASKED, f"one-hot: the open question [{kinds}] (Appendix A)")
        self.to_move = build.add("to_move", n, "one-hot: who answers the open question")
        self.target = build.add("question_target", n, "one-hot: the player the open question targets")
        self.transit = build.add(
            "question_cards", (COPIES, IDENTITIES), "as `hand`: the cards in transit the open question is about"
        )
        self.level_profession = build.add(
            "question_profession", PROFESSIONS, "one-hot: the profession whose ability level is being chosen (GH-32)"
        )
        self.level_chapter = build.add(
            "question_chapter", COLOURS + 1, "one-hot: the size 0..5 of that profession's chapter (GH-32)"
        )
        self.give = build.add("question_give", IDENTITIES, "one-hot: the card given in a swap (prestige swap)")
        self.taken = build.add("question_taken", IDENTITIES, "the cards taken so far in that swap")
        self.tax_card = build.add("question_tax_card", IDENTITIES, "one-hot: the card a Tax Collector gives")
        self.phase = build.add("phase", 3, "one-hot: [setup (GH-16), play, over (GH-113)]")
        self.active = build.add("active_player", n, "one-hot: whose turn it is (GH-23)")
        self.start = build.add("start_player", n, "one-hot: the start player (GH-15)")
        self.actions_left = build.add(
            "actions_left", MOST_ACTIONS + 1, f"one-hot: actions left this turn, 0..{MOST_ACTIONS} (GH-24)"
        )
        self.played = build.add("played_professions", PROFESSIONS, "professions played this turn (GH-25)")
        self.discard_top = build.add("discard_top", IDENTITIES, "one-hot: the top card of the discard pile (GH-20)")
        self.row = build.add(
            "prestige_row",
            (ROW, PRESTIGE_TYPES),
            f"per place of the center row, one-hot: its prestige card ({', '.join(k.type_id for k in PRESTIGE)})",
        )
        self.seat = build.add("seat", n, "one-hot: your seat (P1..P4)")
        self.flags = build.add(
            "options", len(OPTION_FLAGS), "[" + ", ".join(f"{name}={value}" for name, value in OPTION_FLAGS) + "]"
        )
        self.owned = build.add(
            "prestige_owned",
            (n, OWNED_ROWS, PRESTIGE_TYPES),
            "per player, per prestige card type: row k set when they own more than k of that type (GH-45)",
        )
        self.removed = build.add(
            "prestige_removed",
            (OWNED_ROWS, PRESTIGE_TYPES),
            "per type, row k set when more than k cards of it left the game before it began, when that is public "
            "(small_game_removal=per_type, GH-D3)",
        )
        self.numbers = build.add(
            "vp", (n, 2), f"per player: [VP tokens, VP in all] / {WIN_VP}, at most 1 (GH-112, the game ends at 20)"
        )
        build.add("hand_sizes", n, f"per player: cards in hand / {HAND_SCALE:g}, at most 1 (GH-21)")
        build.add("selecting", n, f"per player: cards they are selecting / {HAND_SCALE:g}, at most 1")
        build.add("removed_count", 1, f"prestige cards that left the game before it began / {PRESTIGE_TOTAL}")
        build.add(
            "piles",
            4,
            f"[deck size, discard pile size] / {PILE_SCALE:g}, prestige deck size / {PRESTIGE_TOTAL}, turn / "
            f"{TURN_SCALE:g} (at most 1)",
        )
        super().__init__(build.build())
        self.players = n
        self._relative = relative_seats(n)
        self._orders = tuple(tuple((seat + k) % n for k in range(n)) for seat in range(n))
        # Per seat, per guildhall chapter (player * PROFESSIONS + profession): for each colour mask, the indices of
        # its colours' bits in that player's block as the seat sees it.
        self._chapters = tuple(
            tuple(
                tuple(
                    tuple(self.halls + (relative[player] * PROFESSIONS + prof) * COLOURS + c for c in BITS[mask])
                    for mask in range(1 << COLOURS)
                )
                for player in range(n)
                for prof in range(PROFESSIONS)
            )
            for relative in self._relative
        )

    parts = 9
    HALLS, AREAS, OWNED, HAND, MINE, PRIVATE, REST, OPTIONS, NUMBERS = range(parts)

    def groups(self, observations: npt.NDArray[np.float32]) -> Groups:
        """The chapters: per player (you first) and profession, the colours in that player's guildhall and action area
        and, for you, the cards of that profession in your hand and whether you completed it, with the profession and
        the player one-hot. A chapter of yours is worth 1, another player's -1/(players - 1): the value is how much
        better yours stand. The context is everything from the open question on (VP, completed chapters, the prestige
        row, whose turn it is, the piles)."""
        n = self.layout.players
        count = len(observations)
        halls = observations[:, self.halls : self.halls + n * IDENTITIES].reshape(count, n, PROFESSIONS, COLOURS)
        areas = observations[:, self.areas : self.areas + n * 2 * IDENTITIES].reshape(count, n, 2, PROFESSIONS, COLOURS)
        hand = observations[:, self.hand : self.hand + COPIES * IDENTITIES].reshape(count, COPIES, PROFESSIONS, COLOURS)
        yours = np.zeros((count, n, PROFESSIONS, COPIES * COLOURS + 1), np.float32)
        yours[:, 0, :, :-1] = hand.transpose(0, 2, 1, 3).reshape(count, PROFESSIONS, COPIES * COLOURS)
        yours[:, 0, :, -1] = observations[:, self.mine : self.mine + PROFESSIONS]
        which = np.broadcast_to(_which(n), (count, n, PROFESSIONS, PROFESSIONS + n))
        features = np.concatenate(
            [halls, areas.transpose(0, 1, 3, 2, 4).reshape(count, n, PROFESSIONS, 2 * COLOURS), yours, which], axis=3
        )
        worth = np.repeat(np.array([1.0] + [-1.0 / (n - 1)] * (n - 1), np.float32), PROFESSIONS)
        return Groups(
            np.ascontiguousarray(features.reshape(count, n * PROFESSIONS, -1), dtype=np.float32),
            np.broadcast_to(worth, (count, n * PROFESSIONS)).copy(),
            np.ascontiguousarray(observations[:, self.question :]),
        )

    def build(self, state: State, seat: int) -> Tensor:
        assert isinstance(state, Position)
        n = self.players
        relative = self._relative[seat]
        order = self._orders[seat]
        memo = self.memo(seat)
        question: GuildhallQuestion | None = state.stack[-1] if state.stack else None
        memo.cells(self.HALLS, state.halls, self._chapters[seat])
        memo.part(self.AREAS, state.areas, lambda: self._areas(state, order))
        memo.part(self.OWNED, state.owned, lambda: self._owned(state, order))
        hand = state.hands[seat]
        memo.part(self.HAND, hand, lambda: copies(hand, self.hand, IDENTITIES, COPIES))
        memo.part(self.MINE, state.completed[seat], lambda: [self.mine + prof for prof in state.completed[seat]])
        # What the seat alone knows besides its hand, and the open question: small, built every time.
        ones: list[int] = []
        known = min(state.known[seat], len(state.deck), KNOWN_TOP)
        if known:
            deck = state.deck
            ones += [self.known + depth * IDENTITIES + deck[-1 - depth] for depth in range(known)]
        if state.searching(seat):
            ones += copies(state.discard, self.searched, IDENTITIES, COPIES)
        robbed = state.robbing(seat)
        if robbed is not None:
            ones += copies(state.hands[robbed], self.robbed, IDENTITIES, COPIES)
        if question is None:
            ones.append(self.phase + 2)
        else:
            asked = question.seat
            ones += (
                self.question + NUMBER[type(question)],
                self.to_move + relative[asked],
                self.phase + (state.turn != 0),
            )
            if asked == seat and isinstance(question, (SetupDiscard, DiscardDraw)):
                ones += copies(state.selected, self.selected, IDENTITIES, COPIES)
            if isinstance(question, Targeted):
                ones.append(self.target + relative[question.target])
            transit = question.in_transit()
            if transit is not None:
                ones += copies(list(transit), self.transit, IDENTITIES, COPIES)
            if isinstance(question, ChooseLevel):
                ones += (
                    self.level_profession + question.profession,
                    self.level_chapter + min(question.chapter, COLOURS),
                )
            elif isinstance(question, SwapTake):
                ones.append(self.give + question.give)
                ones += [self.taken + card for card in set(question.taken)]
            elif isinstance(question, TaxTarget):
                ones.append(self.tax_card + question.card)
        memo.indices(self.PRIVATE, ones)
        completed = state.completed
        rest = [self.completed + k * (CAP + 2) + min(len(completed[player]), CAP + 1) for k, player in enumerate(order)]
        rest += (
            self.active + relative[state.active],
            self.start + relative[state.start_player],
            self.actions_left + min(max(state.actions_left, 0), MOST_ACTIONS),
            self.seat + seat,
        )
        played = state.played
        if played:
            rest += [self.played + prof for prof in range(PROFESSIONS) if played >> prof & 1]
        if state.discard:
            rest.append(self.discard_top + state.discard[-1])
        rest += [self.row + place * PRESTIGE_TYPES + kind for place, kind in enumerate(state.row[:ROW])]
        memo.indices(self.REST, rest)
        options = state.options
        memo.part(
            self.OPTIONS,
            (options, state.removed),
            lambda: (
                [self.flags + k for k, (name, value) in enumerate(OPTION_FLAGS) if options.get(name) == value]
                + (
                    copies(state.removed, self.removed, PRESTIGE_TYPES, OWNED_ROWS)
                    if options["small_game_removal"] == "per_type"
                    else []
                )
            ),
        )
        tokens, hands = state.tokens, state.hands
        numbers: list[float] = []
        for player in order:
            numbers += (min(1.0, tokens[player] / WIN_VP), min(1.0, state.vp(player) / WIN_VP))
        numbers += [min(1.0, len(hands[player]) / HAND_SCALE) for player in order]
        if question is None:
            numbers += [0.0] * n
        else:
            selecting, asked = min(1.0, len(state.selected) / HAND_SCALE), question.seat
            numbers += [selecting if asked == player else 0.0 for player in order]
        numbers += (
            len(state.removed) / PRESTIGE_TOTAL,
            len(state.deck) / PILE_SCALE,
            len(state.discard) / PILE_SCALE,
            len(state.prestige_deck) / PRESTIGE_TOTAL,
            min(1.0, state.turn / TURN_SCALE),
        )
        memo.floats(self.NUMBERS, self.numbers, numbers)
        return memo.tensor()

    def _areas(self, state: Position, order: tuple[int, ...]) -> list[int]:
        ones: list[int] = []
        for k, player in enumerate(order):
            if state.areas[player]:
                ones += copies(state.areas[player], self.areas + k * 2 * IDENTITIES, IDENTITIES, 2)
        return ones

    def _owned(self, state: Position, order: tuple[int, ...]) -> list[int]:
        ones: list[int] = []
        for k, player in enumerate(order):
            if state.owned[player]:
                ones += copies(state.owned[player], self.owned + k * OWNED_ROWS * PRESTIGE_TYPES, PRESTIGE_TYPES, 2)
        return ones


def encoder(players: int) -> GuildhallEncoder:
    return GuildhallEncoder(players)

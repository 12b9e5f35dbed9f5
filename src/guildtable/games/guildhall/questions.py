"""The questions of Appendix A and the engine's bookkeeping steps: one frozen record per kind with named fields
(`kernel.questions`), the verb of its answers' notation, and the cards it holds in transit. Also the few numbers the
rules fix.

A record's `kind` is its name in snapshots, views, the log and the RL encoders. Cards revealed, given or taken while
an ability resolves are part of the 120 (GH-1) but in no zone: the kinds that hold them keep them in a `cards` field,
read through `in_transit`. Bookkeeping steps (`automatic`) are run by the engine itself (the next action, end of turn,
queued placements), so that an out-of-turn question (the completed-chapter cap, GH-53) can interrupt anything and the
interrupted step resumes afterwards.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Final, TypeVar

from guildtable.games.guildhall.content import COLOURS, PROFESSIONS
from guildtable.kernel.questions import Kinds, Question

# Final: the compiled rules (`legal.py`, `flow.py`) take these numbers as constants instead of looking them up here.
WIN_VP: Final = 20  # GH-113
HAND_REFILL: Final = 6  # GH-38
SETUP_HAND: Final = 9  # GH-16
SETUP_PLACE: Final = 3  # GH-16
CAP: Final = 3  # GH-53
MOST_PLAYERS: Final = 4  # GH-9

# Purposes of a ChooseTarget question.
T_ROB: Final = 0
T_PED: Final = 1
T_TAKE_CHAPTER: Final = 2
T_SWAP: Final = 3
T_TAKE_CARD: Final = 4
TARGET_RULE: Final = ("GH-65", "GH-88", "GH-102", "GH-103", "GH-106")


@dataclass(frozen=True, slots=True)
class GuildhallQuestion(Question):
    """A Guildhall question: `verb` starts the notation of its card answers ("take red Robber")."""

    verb: ClassVar[str] = ""

    def in_transit(self) -> tuple[int, ...] | None:
        """The cards this question holds in transit (GH-1), or None for a kind that never holds any."""
        return None


@dataclass(frozen=True, slots=True)
class Targeted(GuildhallQuestion):
    """A question about another player's hand or guildhall: `target` is that player."""

    target: int


# --- setup (GH-16) ---------------------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class SetupDiscard(GuildhallQuestion):
    """Q-SP1: hand cards to discard, one at a time (hidden), then `done` draws back up to 9."""

    kind = "setup_discard"
    verb = "discard"


@dataclass(frozen=True, slots=True)
class SetupPlace(GuildhallQuestion):
    """Q-SP2: a hand card into the guildhall; `placed` of the three are in already (GH-17)."""

    kind = "setup_place"
    verb = "place"
    placed: int


# --- the turn (GH-23 to GH-47) ---------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class ChooseAction(GuildhallQuestion):
    """Q-T1 (with Q-P1 folded in): play a card, discard and draw, or buy a prestige card."""

    kind = "action"
    verb = "play"


@dataclass(frozen=True, slots=True)
class PlayCard(GuildhallQuestion):
    """Q-P1: the hand card to play (GH-29)."""

    kind = "play_card"
    verb = "play"


@dataclass(frozen=True, slots=True)
class ChooseLevel(GuildhallQuestion):
    """GH-32: the level of `profession`'s ability, or decline; `chapter` cards of it were face up when it was played."""

    kind = "level"
    profession: int
    chapter: int


@dataclass(frozen=True, slots=True)
class DiscardDraw(GuildhallQuestion):
    """Q-DD1 (GH-37 to GH-39): hand cards to discard one at a time, then `done` draws up to 6."""

    kind = "discard_draw"
    verb = "discard"


@dataclass(frozen=True, slots=True)
class Buy(GuildhallQuestion):
    """GH-43: the prestige card of the row to buy."""

    kind = "buy"


@dataclass(frozen=True, slots=True)
class Pay(GuildhallQuestion):
    """GH-44: the completed chapters paid for the card at `slot` of the row, `left` of them still to pay."""

    kind = "pay"
    verb = "pay"
    slot: int
    left: int


@dataclass(frozen=True, slots=True)
class UseAbility(GuildhallQuestion):
    """GH-47: use the ability of the prestige card just bought (type `prestige`), or not."""

    kind = "use_ability"
    prestige: int


@dataclass(frozen=True, slots=True)
class ChooseTarget(GuildhallQuestion):
    """GH-D13: the player an ability acts on; `purpose` is one of T_ROB..T_TAKE_CARD, `level` the ability level
    (`level_of`) of a profession's ability, 0 for a prestige card's."""

    kind = "target"
    purpose: int
    level: int


# --- professions (GH-64 to GH-101) -----------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class RobberPick(Targeted):
    """GH-66/67: the card of `target`'s hand to take, `left` of them still to take."""

    kind = "robber_pick"
    verb = "take"
    left: int


@dataclass(frozen=True, slots=True)
class PlaceOrder(GuildhallQuestion):
    """GH-63/GH-D11: which of `cards` goes into `owner`'s guildhall next (`forced`: a duplicate is discarded)."""

    kind = "place_order"
    verb = "place"
    owner: int
    forced: bool
    cards: tuple[int, ...]

    def in_transit(self) -> tuple[int, ...]:
        return self.cards


@dataclass(frozen=True, slots=True)
class HunterGive(GuildhallQuestion):
    """GH-77/78: a guildhall card to give up to the discard pile, `left` of them still to give; `cards` were given."""

    kind = "hunter_give"
    verb = "give"
    level: int
    left: int
    cards: tuple[int, ...]

    def in_transit(self) -> tuple[int, ...]:
        return self.cards


@dataclass(frozen=True, slots=True)
class HunterChapter(GuildhallQuestion):
    """GH-79: the whole chapter to give up."""

    kind = "hunter_chapter"
    level: int


@dataclass(frozen=True, slots=True)
class HunterTake(GuildhallQuestion):
    """GH-80 step 6: a card of the discard pile's bottom `base` cards to take, `left` of them still to take."""

    kind = "hunter_take"
    verb = "take"
    left: int
    base: int


@dataclass(frozen=True, slots=True)
class PeddlerTake(Targeted):
    """GH-84 to GH-87 step 1: a card (or the chapter) of `target`'s guildhall to take, `left` still to take; `cards`
    were taken."""

    kind = "peddler_take"
    verb = "take"
    level: int
    left: int
    cards: tuple[int, ...]

    def in_transit(self) -> tuple[int, ...]:
        return self.cards


@dataclass(frozen=True, slots=True)
class PeddlerGive(Targeted):
    """GH-87 step 2: a hand card to give into `target`'s guildhall, `left` still to give; `cards` were taken from
    them and `extra` actions follow."""

    kind = "peddler_give"
    verb = "give"
    left: int
    cards: tuple[int, ...]
    extra: int

    def in_transit(self) -> tuple[int, ...]:
        return self.cards


@dataclass(frozen=True, slots=True)
class BricklayerPutBack(GuildhallQuestion):
    """GH-91: a hand card to put back on top of the deck, `left` still to put back."""

    kind = "bricklayer_put_back"
    verb = "put"
    left: int


@dataclass(frozen=True, slots=True)
class TaxGive(GuildhallQuestion):
    """Q-X2: the guildhall card to give away (GH-101)."""

    kind = "tax_give"
    verb = "give"


@dataclass(frozen=True, slots=True)
class TaxTarget(GuildhallQuestion):
    """GH-101: the player who receives `card`."""

    kind = "tax_target"
    card: int


# --- prestige abilities (GH-102 to GH-110) ---------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class TakeChapter(Targeted):
    """GH-102: the chapter of `target`'s guildhall to take."""

    kind = "take_chapter"


@dataclass(frozen=True, slots=True)
class SwapGive(Targeted):
    """GH-103: the guildhall card to give to `target`."""

    kind = "swap_give"
    verb = "give"


@dataclass(frozen=True, slots=True)
class SwapTake(Targeted):
    """GH-103: a card of `target`'s guildhall to take for `give`; `taken` were chosen (they stay until both are)."""

    kind = "swap_take"
    verb = "take"
    give: int
    taken: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class TakeCard(Targeted):
    """GH-106: the card of `target`'s guildhall to take."""

    kind = "take_card"
    verb = "take"


@dataclass(frozen=True, slots=True)
class LayOut(GuildhallQuestion):
    """GH-104: a hand card to lay into the guildhall, or `done`."""

    kind = "lay_out"
    verb = "lay"


# --- discards --------------------------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class CapDiscard(GuildhallQuestion):
    """GH-53: the completed chapter to discard, named by the card that ends on top."""

    kind = "cap"
    verb = "discard"


@dataclass(frozen=True, slots=True)
class DiscardTop(GuildhallQuestion):
    """GH-D17: which of `cards`, discarded together, ends on top."""

    kind = "discard_top"
    verb = "top"
    cards: tuple[int, ...]

    def in_transit(self) -> tuple[int, ...]:
        return self.cards


# --- bookkeeping (run by the engine) ---------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class NextAction(GuildhallQuestion):
    """The next action of the turn, or its end (GH-24)."""

    kind = "next_action"
    automatic = True


@dataclass(frozen=True, slots=True)
class EndTurn(GuildhallQuestion):
    """GH-111: the action area goes into the guildhall."""

    kind = "end_turn"
    automatic = True


@dataclass(frozen=True, slots=True)
class FinishTurn(GuildhallQuestion):
    """GH-112 to GH-114: the win check, then the next player's turn."""

    kind = "finish_turn"
    automatic = True


@dataclass(frozen=True, slots=True)
class PlaceQueue(GuildhallQuestion):
    """GH-63: `cards` go into `owner`'s guildhall in this order (`forced`: a duplicate is discarded)."""

    kind = "place_queue"
    automatic = True
    owner: int
    forced: bool
    cards: tuple[int, ...]

    def in_transit(self) -> tuple[int, ...]:
        return self.cards


@dataclass(frozen=True, slots=True)
class PeddlerReceive(GuildhallQuestion):
    """GH-87 steps 3-4: the taken `cards` go to hand, then `extra` actions."""

    kind = "peddler_receive"
    automatic = True
    cards: tuple[int, ...]
    extra: int

    def in_transit(self) -> tuple[int, ...]:
        return self.cards


ASKED_KINDS: tuple[type[GuildhallQuestion], ...] = (
    SetupDiscard,
    SetupPlace,
    ChooseAction,
    PlayCard,
    ChooseLevel,
    DiscardDraw,
    Buy,
    Pay,
    UseAbility,
    ChooseTarget,
    RobberPick,
    PlaceOrder,
    HunterGive,
    HunterChapter,
    HunterTake,
    PeddlerTake,
    PeddlerGive,
    BricklayerPutBack,
    TaxGive,
    TaxTarget,
    TakeChapter,
    SwapGive,
    SwapTake,
    TakeCard,
    LayOut,
    CapDiscard,
    DiscardTop,
)
"""The questions a player answers, in the order of Appendix A (the order the RL encoders number them in)."""
AUTOMATIC_KINDS: tuple[type[GuildhallQuestion], ...] = (NextAction, EndTurn, FinishTurn, PlaceQueue, PeddlerReceive)
"""The engine's bookkeeping steps, numbered after the questions."""
KINDS: Kinds[GuildhallQuestion] = Kinds(*ASKED_KINDS, *AUTOMATIC_KINDS)

Q = TypeVar("Q", bound=GuildhallQuestion)


def _each_seat(kind: type[Q]) -> tuple[Q, ...]:
    return tuple(kind(seat) for seat in range(MOST_PLAYERS))


# The questions of every turn that hold nothing but their seat, made once per seat (and the level question once per
# seat, profession and chapter size 0..4): a record never changes, so the stacks share them instead of building one at
# every step of a playout.
NEXT_ACTION_BY_SEAT = _each_seat(NextAction)
CHOOSE_ACTION_BY_SEAT = _each_seat(ChooseAction)
PLAY_CARD_BY_SEAT = _each_seat(PlayCard)
DISCARD_DRAW_BY_SEAT = _each_seat(DiscardDraw)
BUY_BY_SEAT = _each_seat(Buy)
END_TURN_BY_SEAT = _each_seat(EndTurn)
FINISH_TURN_BY_SEAT = _each_seat(FinishTurn)
CHOOSE_LEVEL_BY_SEAT = tuple(
    tuple(tuple(ChooseLevel(seat, prof, chapter) for chapter in range(COLOURS)) for prof in range(PROFESSIONS))
    for seat in range(MOST_PLAYERS)
)

"""The question kinds of a Guilds of London state's `stack` (`kernel.questions`): one frozen record per kind with
named fields, what the numbers in them mean, and the numbers the rules fix (the hand limit, the opening's counts).

The stack holds questions a seat answers with an action (Q-S1, Q-T1 to Q-T5, Q-G1 to Q-G5, Q-N1/Q-N2, Q-R1/Q-R2) and
`automatic` steps the engine runs by itself (end of a turn, an effect to resolve, "score the tile at position 5 of this
reading order"), so that the whole round is data on the stack. Only the records: which answers are legal is in
legal.py, what an answer or a step does in flow.py. A snapshot stores each as `[kind, seat, context]`; `read` reads
them back.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from guildtable.kernel.errors import BadRecord
from guildtable.kernel.questions import Kinds, Question

LIVERYMEN = 16  # GL-6: each player's liverymen
HAND_START = 6  # GL-30: action cards dealt
REWARDS_DEALT = 3  # GL-31: mayoral reward cards dealt, one kept
NEUTRALS_EACH = 2  # GL-32, GL-D11
ON_GUILDHALL = 4  # GL-36: liverymen each player starts with on the Guildhall
HAND_LIMIT = 7  # GL-67: before bonuses

WHY_CARD, WHY_FIRST, WHY_SECOND, WHY_PLANTATION, WHY_TOKEN = range(5)
"""What pays for an `ApplyEffect` (its `why`): the reason a `vp` event gives is `WHY[why]`."""
WHY = ("action card effect", "first-place reward", "second-place reward", "plantation reward", "token")


# --- questions a seat answers -----------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class SetupKeep(Question):
    """Q-S1 (GL-31, GL-D29): keep one of the mayoral reward cards dealt to the seat."""

    kind = "setup_keep"


@dataclass(frozen=True, slots=True)
class Turn(Question):
    """Q-T1 to Q-T3 (GL-56 to GL-58): play an action card (to recruit, to move or for its effect), spend a kept token,
    pass (before playing one) or stop."""

    kind = "turn"


@dataclass(frozen=True, slots=True)
class Pay(Question):
    """Q-T4 (GL-63): discard another action card as a coin; `remaining` coins are still to pay."""

    kind = "pay_coins"
    remaining: int


@dataclass(frozen=True, slots=True)
class ReturnLiveryman(Question):
    """Q-T4 (GL-63, GL-D23): return a liveryman to the general supply; `remaining` still to return, from the
    `places` bits of `content.RETURN_FROM` (1 the Guildhall, 2 an unscored tile, 4 the plantation, 8 a mastered
    tile)."""

    kind = "return_liveryman"
    remaining: int
    places: int


@dataclass(frozen=True, slots=True)
class MoveFrom(Question):
    """Q-G1 (GL-61, GL-105): which figure to move next, to an unscored tile showing a symbol of `symbols` (a mask);
    `remaining` moves left; `up_to` (1) if the seat may stop early."""

    kind = "move_from"
    symbols: int
    remaining: int
    up_to: int


@dataclass(frozen=True, slots=True)
class MoveTo(Question):
    """Q-G2: where the figure from `source` (a location) goes; the rest as in `MoveFrom`."""

    kind = "move_to"
    symbols: int
    remaining: int
    up_to: int
    source: int


@dataclass(frozen=True, slots=True)
class SendFrom(Question):
    """Q-G5 (GL-108): which figure to send to the plantation next; `remaining` left, `up_to` (1) if the seat may
    stop early."""

    kind = "send_from"
    remaining: int
    up_to: int


@dataclass(frozen=True, slots=True)
class BeadleTo(Question):
    """Move the Beadle to another unscored tile (GL-D19)."""

    kind = "beadle_to"


@dataclass(frozen=True, slots=True)
class HandLimit(Question):
    """Q-T5 (GL-67): discard one card, down to the hand limit."""

    kind = "hand_limit"


@dataclass(frozen=True, slots=True)
class Negotiate(Question):
    """Q-N1/Q-N2 (GL-75, GL-89): place a neutral at `location` (a tile or the plantation) to send another player's
    liveryman there to the Guildhall, or stop."""

    kind = "negotiate"
    location: int


@dataclass(frozen=True, slots=True)
class FirstReward(Question):
    """Q-R1 (GL-82, GL-D16): take or skip part `part` of `tile`'s first-place reward."""

    kind = "first_reward"
    tile: int
    part: int


@dataclass(frozen=True, slots=True)
class SecondReward(Question):
    """Q-R2 (GL-83): take or skip part `part` of `tile`'s further second-place rewards."""

    kind = "second_reward"
    tile: int
    part: int


@dataclass(frozen=True, slots=True)
class RewardKeep(Question):
    """Q-G3 (GL-106): keep one of the drawn mayoral reward `cards`. Stored as the cards themselves."""

    kind = "reward_keep"
    cards: tuple[int, ...]

    def context(self) -> tuple[object, ...]:
        return self.cards


@dataclass(frozen=True, slots=True)
class RewardUnder(Question):
    """Q-G4 (GL-106): which of the drawn `cards` goes under the reward deck next. Stored as the cards themselves."""

    kind = "reward_under"
    cards: tuple[int, ...]

    def context(self) -> tuple[object, ...]:
        return self.cards


# --- steps the engine runs --------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class SetupDone(Question):
    """GL-31: after the keep questions, shuffle the returned reward cards into the deck and start the first turn."""

    kind = "setup_done"
    automatic = True


@dataclass(frozen=True, slots=True)
class NextTurn(Question):
    """GL-53, GL-54: the next player's turn, or the end of the round's turns."""

    kind = "next_turn"
    automatic = True


@dataclass(frozen=True, slots=True)
class EndTurn(Question):
    """GL-58, GL-D25: `seat`'s end-of-turn effects (none if it `passed`, 1)."""

    kind = "end_turn"
    automatic = True
    passed: int


@dataclass(frozen=True, slots=True)
class FinishTurn(Question):
    """GL-56, GL-58, GL-65, GL-67: discard the cards in front, draw (4 after a pass, else 2), the hand-limit check."""

    kind = "finish_turn"
    automatic = True
    passed: int


@dataclass(frozen=True, slots=True)
class TurnOver(Question):
    """GL-64: the turn's lasting effects end."""

    kind = "turn_over"
    automatic = True


@dataclass(frozen=True, slots=True)
class ApplyEffect(Question):
    """One effect primitive (`content.Effect` number `effect`) for `seat`; a symbol-restricted move reaches `symbols`
    (a mask); `why` (`WHY_CARD`, ...) names what paid for it, None in a snapshot older than the reasons (its VP are
    from "effect"), which is stored without it."""

    kind = "effect"
    automatic = True
    effect: int
    symbols: int
    why: int | None

    def context(self) -> tuple[object, ...]:
        if self.why is None:
            return (self.effect, self.symbols)
        return (self.effect, self.symbols, self.why)


@dataclass(frozen=True, slots=True)
class CardEffect(Question):
    """A card played for its effect (DESIGN.md §8): its triggered effects from number `trigger` on, in list order."""

    kind = "card_effect"
    automatic = True
    card: int
    trigger: int


@dataclass(frozen=True, slots=True)
class ScoreFrom(Question):
    """GL-70 to GL-74: check the tile at position `index` of the reading `order` fixed when the scoring began, then
    the rest. Stored as `[index, *order]`."""

    kind = "score_from"
    automatic = True
    index: int
    order: tuple[int, ...]

    def context(self) -> tuple[object, ...]:
        return (self.index, *self.order)


@dataclass(frozen=True, slots=True)
class OfferNeutrals(Question):
    """GL-75, GL-89: ask `seat` to negotiate at `location` if it can."""

    kind = "offer_neutrals"
    automatic = True
    location: int


@dataclass(frozen=True, slots=True)
class Vote(Question):
    """GL-77 to GL-80: the vote on `tile`, after the negotiations."""

    kind = "vote"
    automatic = True
    tile: int


@dataclass(frozen=True, slots=True)
class SecondPlace(Question):
    """GL-83, GL-84: `seat` (-1: nobody) came second on `tile`."""

    kind = "second_place"
    automatic = True
    tile: int


@dataclass(frozen=True, slots=True)
class Flip(Question):
    """GL-85 to GL-87: `seat` won `tile`, which turns to its master side."""

    kind = "flip"
    automatic = True
    tile: int


@dataclass(frozen=True, slots=True)
class GrowthCheck(Question):
    """GL-47 phase 4, GL-87, GL-D8: a growth phase if the round is grey."""

    kind = "growth_check"
    automatic = True


@dataclass(frozen=True, slots=True)
class PlantationVote(Question):
    """GL-90 to GL-93: the plantation's rewards, after the negotiations there."""

    kind = "plantation_vote"
    automatic = True


@dataclass(frozen=True, slots=True)
class PlantationReturn(Question):
    """GL-93: `seat` returns `count` liverymen from the plantation to the general supply (as many as are there)."""

    kind = "plantation_return"
    automatic = True
    count: int


@dataclass(frozen=True, slots=True)
class EndCheck(Question):
    """GL-95: the end of the game, when the round track ends (or, 2 players, every tile is scored)."""

    kind = "end_check"
    automatic = True


@dataclass(frozen=True, slots=True)
class AddTiles(Question):
    """GL-96: the city grows."""

    kind = "add_tiles"
    automatic = True


@dataclass(frozen=True, slots=True)
class BeadleGrowth(Question):
    """GL-98, GL-D19: the Beadle goes to the lowest unscored tile."""

    kind = "beadle_growth"
    automatic = True


@dataclass(frozen=True, slots=True)
class NewRound(Question):
    """GL-49: the next round."""

    kind = "new_round"
    automatic = True


ASKED = (
    SetupKeep,
    Turn,
    Pay,
    ReturnLiveryman,
    MoveFrom,
    MoveTo,
    SendFrom,
    BeadleTo,
    HandLimit,
    Negotiate,
    FirstReward,
    SecondReward,
    RewardKeep,
    RewardUnder,
)
"""The questions a seat answers, in the order the RL encoders number them."""
AUTOMATIC = (
    SetupDone,
    NextTurn,
    EndTurn,
    FinishTurn,
    TurnOver,
    ApplyEffect,
    CardEffect,
    ScoreFrom,
    OfferNeutrals,
    Vote,
    SecondPlace,
    Flip,
    GrowthCheck,
    PlantationVote,
    PlantationReturn,
    EndCheck,
    AddTiles,
    BeadleGrowth,
    NewRound,
)
"""The steps the engine runs by itself."""
GuildsQuestion = (
    SetupKeep
    | Turn
    | Pay
    | ReturnLiveryman
    | MoveFrom
    | MoveTo
    | SendFrom
    | BeadleTo
    | HandLimit
    | Negotiate
    | FirstReward
    | SecondReward
    | RewardKeep
    | RewardUnder
    | SetupDone
    | NextTurn
    | EndTurn
    | FinishTurn
    | TurnOver
    | ApplyEffect
    | CardEffect
    | ScoreFrom
    | OfferNeutrals
    | Vote
    | SecondPlace
    | Flip
    | GrowthCheck
    | PlantationVote
    | PlantationReturn
    | EndCheck
    | AddTiles
    | BeadleGrowth
    | NewRound
)
"""Any question of a Guilds of London stack."""
KINDS: Kinds[GuildsQuestion] = Kinds(*ASKED, *AUTOMATIC)

# The questions that carry no more than a seat (and a flag), made once and shared: a frozen dataclass costs thousands
# of instructions to make, and the turn's questions come at every step. Seats run to 4 (GL-6); -1 is no seat.
TURN_BY_SEAT = tuple(Turn(seat) for seat in range(4))
END_TURN_BY_SEAT = tuple((EndTurn(seat, 0), EndTurn(seat, 1)) for seat in range(4))
"""`END_TURN_BY_SEAT[seat][passed]`."""
FINISH_TURN_BY_SEAT = tuple((FinishTurn(seat, 0), FinishTurn(seat, 1)) for seat in range(4))
"""`FINISH_TURN_BY_SEAT[seat][passed]`."""
TURN_OVER_BY_SEAT = tuple(TurnOver(seat) for seat in range(4))
HAND_LIMIT_BY_SEAT = tuple(HandLimit(seat) for seat in range(4))
NEXT_TURN = NextTurn(-1)
GROWTH_CHECK = GrowthCheck(-1)
NEW_ROUND = NewRound(-1)


def read(name: object, seat: object, stored: Sequence[object], where: str) -> GuildsQuestion:
    """The question a snapshot recorded as `[name, seat, stored]` (`KINDS.read`, with the stored forms of the kinds
    whose `context()` is not their fields one by one); BadRecord naming `where` if it is not one."""
    if name in KINDS and any(isinstance(value, bool) or not isinstance(value, int) for value in stored):
        raise BadRecord(where, f"the details of a {name} question are whole numbers, not {list(stored)!r}")
    fields = list(stored)
    if name in (RewardKeep.kind, RewardUnder.kind):
        fields = [tuple(stored)]
    elif name == ScoreFrom.kind and fields:
        index, *order = fields
        fields = [index, tuple(order)]
    elif name == ApplyEffect.kind and len(fields) == 2:
        fields.append(None)
    return KINDS.read(name, seat, fields, where)

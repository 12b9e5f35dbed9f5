"""The questions a City and Guilds player is asked, one at a time: one frozen record per kind (the kernel's
`Question`) on the state's `stack`, with what it is about as named fields. Only the records: what a question allows is
in legal.py, what an answer does in flow.py, its words in words.py, and `rules.HANDLERS` puts them together per kind.
No step is automatic: every question is answered by its seat.

Every kind is final, so the observer (a hot path) tells kinds apart by `type(question) is Lot`, a little faster than
`isinstance`."""

from __future__ import annotations

from dataclasses import dataclass
from typing import final

from guildtable.games.city_and_guilds.board import MAX_LOTS
from guildtable.games.city_and_guilds.content import HAND_KINDS, SEAT_NAMES
from guildtable.kernel.questions import Kinds, Question


@final
@dataclass(frozen=True, slots=True)
class Return(Question):
    """CG-11: give back one of the four dealt tiles, face down."""

    kind = "return"


@final
@dataclass(frozen=True, slots=True)
class Pick(Question):
    """CG-14 / CG-16: which tile of the hand to place."""

    kind = "pick"


@final
@dataclass(frozen=True, slots=True)
class Lot(Question):
    """CG-14 / CG-16: the lot for the picked `tile` (or put it back in the hand)."""

    kind = "lot"
    tile: int


@final
@dataclass(frozen=True, slots=True)
class Building(Question):
    """CG-17: the guild building just placed on `lot` is taken with 1 figure and a step up its track, or 2 figures."""

    kind = "building"
    lot: int


@final
@dataclass(frozen=True, slots=True)
class MinstrelFigure(Question):
    """CG-21: whether a figure goes on the minstrel house just placed on `lot`."""

    kind = "minstrel"
    lot: int


@final
@dataclass(frozen=True, slots=True)
class TavernChoice(Question):
    """CG-36: a lot for a tavern, or decline it."""

    kind = "tavern"


@final
@dataclass(frozen=True, slots=True)
class Draw(Question):
    """CG-24: which display tile to take into the hand."""

    kind = "draw"


CityAndGuildsQuestion = Return | Pick | Lot | Building | MinstrelFigure | TavernChoice | Draw
"""Any question on a City and Guilds stack."""
QUESTIONS: tuple[type[CityAndGuildsQuestion], ...] = (Return, Pick, Lot, Building, MinstrelFigure, TavernChoice, Draw)
"""Every kind, in the order the RL encoders number them."""
KINDS: Kinds[CityAndGuildsQuestion] = Kinds(*QUESTIONS)

# Each question made once and shared: a question is immutable, and every turn asks several (a plain dataclass costs
# thousands of instructions to make, an index a few). By seat, then by tile kind or lot where the question names one.
_SEATS = range(len(SEAT_NAMES))  # every seat of the largest table (CG-1)
RETURN_BY_SEAT: tuple[Return, ...] = tuple(Return(seat) for seat in _SEATS)
PICK_BY_SEAT: tuple[Pick, ...] = tuple(Pick(seat) for seat in _SEATS)
DRAW_BY_SEAT: tuple[Draw, ...] = tuple(Draw(seat) for seat in _SEATS)
TAVERN_BY_SEAT: tuple[TavernChoice, ...] = tuple(TavernChoice(seat) for seat in _SEATS)
LOT_BY_SEAT: tuple[tuple[Lot, ...], ...] = tuple(
    tuple(Lot(seat, tile) for tile in range(HAND_KINDS)) for seat in _SEATS
)
"""`LOT_BY_SEAT[seat][tile]`: where the picked tile goes (any kind a hand holds)."""
BUILDING_BY_SEAT: tuple[tuple[Building, ...], ...] = tuple(
    tuple(Building(seat, lot) for lot in range(MAX_LOTS)) for seat in _SEATS
)
MINSTREL_BY_SEAT: tuple[tuple[MinstrelFigure, ...], ...] = tuple(
    tuple(MinstrelFigure(seat, lot) for lot in range(MAX_LOTS)) for seat in _SEATS
)

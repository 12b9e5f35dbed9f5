"""The City Blocks position (CB-1 to CB-9): the board, the value tiles, hands and piles, and the question stack,
with copies and what can be read off the fields directly. It imports no legality, flow, words or view: they read
this, and `rules.py` builds the kernel's state on top of it.

The position is a few flat lists of ints so that `clone` and random playouts stay fast. A site holds 0 (empty) or
`cell(owner, tile)`. Hidden: each hand (from the opponent) and the order of both piles (from everyone) (CB-9,
CB-A-10).

What a move changes every time (the board, the empty sites per street, the question stack) is changed in place, and
`clone` copies it. Everything else (the value tiles beside the board, those won, those and the tiles removed, the
scored streets, the piles) is never changed in place but replaced by a new list when it changes (a per-seat field
such as `won` by a new pair, `with_seat`, holding the seat's new list), so that copies share it. The hands are
between the two: a move replaces the mover's hand by a new list, in the pair of hands that `clone` copies (a new pair
at every move would cost a step more than it saves a clone). A clone copies 5 small lists (with the kernel's recent
moves) rather than 9.
"""

# Compiled by mypyc at install (setup.py): see "Compiled engines" in src/guildtable/games/README.md.
from __future__ import annotations

from collections.abc import Mapping
from typing import Self, cast

from typing_extensions import TypedDict

from guildtable.games.city_blocks.award import Award
from guildtable.games.city_blocks.content import HAND_SIZE, SITES, STREET_SIZES
from guildtable.games.city_blocks.questions import PLACE_BY_SEAT, Place, Swap
from guildtable.games.city_blocks.setup import Opening
from guildtable.kernel import Game, Rng
from guildtable.kernel.questions import StackState


class CityBlocksOptions(TypedDict):
    """City Blocks' options (CB-A-2; declared in `game.py`)."""

    court_via_rebuild: bool


class CityBlocksPosition(StackState[Place | Swap]):
    """The fields of a City Blocks state; `rules.CityBlocksState` adds the legal moves, what a move does, views,
    snapshots and words."""

    __slots__ = (
        "awards",
        "board",
        "hands",
        "last_move",
        "open_sites",
        "piles",
        "removed_tiles",
        "removed_values",
        "slots",
        "start_draws",
        "start_player",
        "won",
    )
    end_rule = "CB-21"

    def __init__(
        self,
        game: Game,
        seed: int,
        options: Mapping[str, object],  # resolved (`Game.resolve_options`), narrowed on the class
        setup: Mapping[str, object] | None,  # raw JSON (checked by `setup.make_opening`)
        opening: Opening | None = None,
    ) -> None:
        super().__init__(game, 2, seed, options, setup)
        if opening is None:
            return
        self.board = [0] * SITES
        self.open_sites = list(STREET_SIZES)  # empty sites left per street
        self.slots = list(opening.slots)
        self.won: list[list[int]] = [[], []]  # per seat, ascending, so the lowest is first (CB-A-9)
        self.hands: list[list[int]] = [sorted(pile[:HAND_SIZE]) for pile in opening.piles]  # kept sorted
        self.piles: list[list[int]] = [list(pile[HAND_SIZE:]) for pile in opening.piles]  # top first
        self.removed_values = list(opening.spare_values)  # CB-8
        self.removed_tiles: list[int] = []
        self.stack = [PLACE_BY_SEAT[opening.start_player]]
        self.start_player = opening.start_player
        self.start_draws = list(opening.start_draws)
        self.awards: list[Award] = []
        self.last_move = ""

    @property
    def options(self) -> CityBlocksOptions:
        return cast(CityBlocksOptions, self._options)

    def scores(self) -> list[float]:
        return [float(sum(values)) for values in self.won]  # CB-22

    def clone(self) -> Self:
        copy = self._clone_base()
        copy.board = self.board.copy()
        copy.open_sites = self.open_sites.copy()
        copy.stack = self.stack.copy()
        copy.hands = self.hands.copy()  # each hand is replaced, never changed in place (see above): shared
        # Replaced whenever they change, never changed in place (see above): shared, each seat's list too.
        copy.slots = self.slots
        copy.won = self.won
        copy.piles = self.piles
        copy.removed_values = self.removed_values
        copy.removed_tiles = self.removed_tiles
        copy.start_player = self.start_player
        copy.start_draws = self.start_draws
        copy.awards = self.awards
        copy.last_move = self.last_move
        return copy

    def determinize(self, seat: int, rng: Rng) -> Self:
        """Reshuffle what `seat` cannot see: the opponent's hand with their pile, and the order of `seat`'s pile."""
        copy = self.clone()
        opponent = 1 - seat
        unseen = copy.hands[opponent] + copy.piles[opponent]
        rng.shuffle(unseen)
        size = len(copy.hands[opponent])
        pile = copy.piles[seat].copy()  # shared with this state until now
        rng.shuffle(pile)
        piles: list[list[int]] = [[], []]
        piles[seat], piles[opponent] = pile, unseen[size:]
        copy.hands[opponent] = sorted(unseen[:size])
        copy.piles = piles
        return copy


def with_seat(pair: list[list[int]], seat: int, value: list[int]) -> list[list[int]]:
    """A per-seat field that copies of the state share (`won`, `piles`: see above) with `value` for `seat`:
    a new pair, so that the old one, and the other seat's list in it, stay as they were."""
    return [value, pair[1]] if seat == 0 else [pair[0], value]

"""The Guilds of London position (GL-42 to GL-111): the city, the figures, the cards and tokens, the VP track, the
question stack, what can be read off them directly (turn order, mastery, the hand limit, where figures may move) and
the copies search needs.

It never decides which answers are legal, what an answer does, how points are counted or what a player reads
(legal.py, flow.py, scoring.py, words.py): they read and edit a position without importing the rules, and
`rules.GuildsState` builds the kernel's state on top of it. State is flat lists of ints so `clone` stays cheap.

What a move changes every time or nearly (the figures, the supplies, the stack) is changed in place, and `clone`
copies it. What changes now and then (the city and its tiles' sides and tokens, VP and markers, neutrals, the cards in
front, each hand, the action deck and discard pile, reward cards and kept tokens, the decks of reward cards, tokens and
tiles, the lasting effects of a turn, the tile results) is never changed in place but replaced by a new list when it
changes, so that copies share it; of the hands, which change at every turn, `clone` copies the list of them and
shares each seat's.
"""

# Compiled by mypyc at install (setup.py): see "Compiled engines" in src/guildtable/games/README.md.
from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final, Literal, Self, cast

from typing_extensions import TypedDict

from guildtable.games.guilds_of_london import actions as A
from guildtable.games.guilds_of_london.content import CONTENT
from guildtable.games.guilds_of_london.geometry import neighbours, reading_rank
from guildtable.games.guilds_of_london.questions import HAND_LIMIT, GuildsQuestion
from guildtable.games.guilds_of_london.records import FinalScoring, TileResult
from guildtable.kernel import Game, Rng
from guildtable.kernel.questions import StackState

TILES: Final = CONTENT.tiles
EFFECTS: Final = CONTENT.effects
TOKENS: Final = CONTENT.tokens
GH: Final = A.GUILDHALL
FRONT: Final = tuple(tile.front for tile in TILES)
NO_SOURCE: Final = -2


class GuildsOptions(TypedDict):
    """Guilds of London's options (declared in `game.py`)."""

    compass_cell: Literal["west", "east"]
    compass_rotation: int
    two_player_buildings: Literal["church_east_random_rest", "all_random", "fixed"]
    unresolved_vote: Literal["no_score", "turn_order_wins"]
    plantation_side: Literal["random", "ulster", "virginia"]


VpSource = tuple[int, int, str, str]
"""Where points came from (flow.py `gain`): (seat, VP, kind, what). The kinds and what they name: "first" and
"second" a tile id (that place's VP on it, a second place's printed VP and its further rewards), "token" a token id
and the tile it lay on ("tok_vp2 wherry_builders"), "plantation" the round and the reward ("4 left", "4 right"),
"card" an action card's number, "reward_card" a mayoral reward card id, "pairs" two adjacent tile ids."""


class GuildsPosition(StackState[GuildsQuestion]):
    """What lies where and who holds what, with the queries the rules share; `rules.GuildsState` adds the legal
    answers, what an answer does, the scores, views, snapshots and the action codec. The top of `stack` is the
    question answered next (or an automatic step, which the kernel's `settle` runs before anyone is asked)."""

    end_rule = "GL-95"

    def __init__(
        self,
        game: Game,
        players: int,
        seed: int,
        options: Mapping[str, object],  # the resolved options, narrowed on the class
        setup: Mapping[str, object] | None,  # raw `setup=` JSON (setup.py checks it)
    ):
        super().__init__(game, players, seed, options, setup)
        self.rng = Rng(seed)
        self.track = CONTENT.tracks[players]
        self.cells: dict[int, int] = {}  # cell -> tile (or -1 for a Guildhall cell)
        self.guildhall_cells: tuple[int, ...] = ()
        self.cell_of = [-1] * A.N_TILES
        self.in_play: list[int] = []
        self.back = [0] * A.N_TILES
        self.token = [-1] * A.N_TILES
        self.beadle = -1
        self.fig = [0] * (A.N_LOCATIONS * 4)
        self.supply = [0] * players
        self.neutrals = [0] * players
        self.neutral_out = [0] * players
        self.vp = [0] * players
        self.marker_height = [0] * players  # GL-51, GL-54: on a shared VP space the higher marker lies on top
        self.counter = 0  # the last marker height given
        self.round = 1
        self.taken = 0
        self.active = -1
        self.played = 0
        self.in_front: list[int] = []
        self.lasting: list[tuple[str, Any, tuple[int, ...], int]] = []
        self.end_effects: list[tuple[int, int]] = []
        self.limit_bonus = 0
        self.hands: list[list[int]] = []
        self.deck: list[int] = []
        self.discard: list[int] = []
        self.rewards: list[list[int]] = []
        self.reward_deck: list[int] = []  # top = end
        self.reward_known: list[int] = []  # seat that put the card there, or -1 (GL-D28)
        self.kept: list[list[int]] = [[] for _ in range(players)]
        self.token_supply: list[int] = []
        self.pool: list[int] = []
        self.plantation = 0
        self.jumped = False
        self.scoring = -1
        self.stack = []
        self.results: list[TileResult] = []
        self.final: FinalScoring | None = None
        self.ledger: tuple[VpSource, ...] = ()  # immutable, so clones share it; `gain` makes a longer one

    # --- small helpers ----------------------------------------------------------------------------------------------
    @property
    def options(self) -> GuildsOptions:
        return cast(GuildsOptions, self._options)

    def place(self, tile: int, code: int) -> None:
        """Put `tile` on cell `code` (replacing the lists, which copies share)."""
        self.cells = {**self.cells, code: tile}
        self.cell_of = self.cell_of.copy()
        self.cell_of[tile] = code
        self.in_play = [*self.in_play, tile]

    def order(self) -> list[int]:
        """Current turn order (GL-50, GL-51, GL-54): VP descending, then the marker on top of a shared space."""
        vp, height = self.vp, self.marker_height
        seats: list[int] = []
        for p in range(self.num_players):  # an insertion sort: no key function to call, and at most 4 seats
            i = len(seats)
            while i and (vp[seats[i - 1]] < vp[p] or (vp[seats[i - 1]] == vp[p] and height[seats[i - 1]] < height[p])):
                i -= 1
            seats.insert(i, p)
        return seats

    def master_of(self, tile: int) -> int:
        """The seat whose master stands on `tile`, or -1 (GL-16, GL-D18: mastery is positional)."""
        if not self.back[tile]:
            return -1
        base = tile * 4
        for p in range(self.num_players):
            if self.fig[base + p]:
                return p
        return -1

    def controlled(self, seat: int) -> list[int]:
        return [t for t in self.in_play if self.back[t] and self.fig[t * 4 + seat]]

    def adjacent_masters(self, tile: int, seat: int) -> int:
        """GL-78: tiles edge-adjacent to `tile` holding `seat`'s master."""
        count = 0
        for code in neighbours(self.cell_of[tile]):
            other = self.cells.get(code, -1)
            if other >= 0 and self.back[other] and self.fig[other * 4 + seat]:
                count += 1
        return count

    def hand_limit(self, seat: int) -> int:
        """GL-67: 7, +1 as University master, + kept Ledger tokens, + this turn's card bonuses."""
        limit = HAND_LIMIT
        for tile in self.in_play:
            bonus = TILES[tile].hand_limit_bonus
            if bonus and self.back[tile] and self.fig[tile * 4 + seat]:
                limit += bonus
        for kind in self.kept[seat]:
            token = TOKENS[kind]
            if token.use == "kept_passive" and token.effect >= 0:
                limit += EFFECTS[token.effect].amount
        if seat == self.active:
            limit += self.limit_bonus
        return limit

    def is_last_round(self) -> bool:
        return self.round == self.track.rounds  # GL-59, GL-D9

    def lowest_unscored(self) -> int:
        front = [t for t in self.in_play if not self.back[t]]
        return min(front, key=lambda t: TILES[t].precedence) if front else -1

    def all_scored(self) -> bool:
        return all(self.back[t] for t in self.in_play)

    def reading_order(self) -> list[int]:
        cell_of = self.cell_of
        ranked = sorted(reading_rank(cell_of[t]) * A.N_TILES + t for t in self.in_play)  # no two tiles share a cell
        return [rank % A.N_TILES for rank in ranked]

    # --- movement ----------------------------------------------------------------------------------------------------
    def move_sources(self, seat: int) -> list[int]:
        """GL-61, GL-D21: the Guildhall and any tile holding the seat's figure; never the plantation."""
        fig = self.fig
        sources = [t for t in self.in_play if fig[t * 4 + seat]]
        if fig[GH * 4 + seat]:
            sources.append(GH)
        return sources

    def lone_source(self, seat: int) -> int:
        """The one location of `move_sources(seat)`: NO_SOURCE if there is none, -1 if there are two or more (found
        without listing them: a turn's legal moves need no more)."""
        fig = self.fig
        found = NO_SOURCE
        if fig[GH * 4 + seat]:
            found = GH
        for t in self.in_play:
            if fig[t * 4 + seat]:
                if found != NO_SOURCE:
                    return -1
                found = t
        return found

    def move_targets(self, mask: int) -> list[int]:
        """Unscored tiles showing a symbol in `mask` (GL-61, GL-105); never the tile being scored, whose rewards move
        figures only onto another tile not yet scored (GL-105)."""
        back = self.back
        scoring = self.scoring
        return [t for t in self.in_play if not back[t] and FRONT[t] & mask and t != scoring]

    def can_move(self, seat: int, mask: int, sources: list[int] | None = None) -> bool:
        """Some figure of `seat` can reach some other unscored tile showing a symbol in `mask`."""
        if sources is None:
            sources = self.move_sources(seat)
        if not sources:
            return False
        return self.has_target(mask, sources[0] if len(sources) == 1 else -1)

    def has_target(self, mask: int, away_from: int) -> bool:
        """Some unscored tile other than `away_from` shows a symbol in `mask` (and is not the one being scored)."""
        back = self.back
        scoring = self.scoring
        for t in self.in_play:  # noqa: SIM110 - a plain loop is faster on this hot path
            if not back[t] and FRONT[t] & mask and t != away_from and t != scoring:
                return True
        return False

    def is_target(self, tile: int, mask: int) -> bool:
        """`tile` is one of `move_targets(mask)`."""
        return self.cell_of[tile] >= 0 and not self.back[tile] and bool(FRONT[tile] & mask) and tile != self.scoring

    def send_sources(self, seat: int) -> list[int]:
        return self.move_sources(seat)  # GL-108: Guildhall or any tile

    def condition_holds(self, seat: int, condition: tuple[str, Any]) -> bool:
        kind, value = condition[0], int(condition[1])
        if kind == "controls_tile_with_symbol":
            return any(TILES[t].back & value for t in self.controlled(seat))
        if kind == "controls_at_least":
            return len(self.controlled(seat)) >= value
        if kind == "cards_played_at_least":
            return self.played >= value
        return True

    # --- copies ----------------------------------------------------------------------------------------------------
    def clone(self) -> Self:
        copy = self._clone_base()
        copy.rng = self.rng.clone()
        # Changed at every few moves, in place: copied.
        copy.fig = self.fig.copy()
        copy.supply = self.supply.copy()
        copy.stack = self.stack.copy()
        copy.hands = self.hands.copy()  # its seats' hands are shared (see above)
        # Replaced whenever they change, never changed in place (see above): shared.
        copy.deck = self.deck
        copy.discard = self.discard
        copy.vp = self.vp
        copy.marker_height = self.marker_height
        copy.neutrals = self.neutrals
        copy.neutral_out = self.neutral_out
        copy.in_front = self.in_front
        copy.rewards = self.rewards
        copy.kept = self.kept
        copy.cells = self.cells
        copy.cell_of = self.cell_of
        copy.in_play = self.in_play
        copy.back = self.back
        copy.token = self.token
        copy.lasting = self.lasting
        copy.end_effects = self.end_effects
        copy.reward_deck = self.reward_deck
        copy.reward_known = self.reward_known
        copy.token_supply = self.token_supply
        copy.pool = self.pool
        copy.results = self.results
        copy.track = self.track
        copy.guildhall_cells = self.guildhall_cells
        copy.final = self.final
        copy.ledger = self.ledger
        copy.beadle = self.beadle
        copy.counter = self.counter
        copy.round = self.round
        copy.taken = self.taken
        copy.active = self.active
        copy.played = self.played
        copy.limit_bonus = self.limit_bonus
        copy.plantation = self.plantation
        copy.jumped = self.jumped
        copy.scoring = self.scoring
        return copy

    def determinize(self, seat: int, rng: Rng) -> Self:
        """Resample what `seat` cannot see (GL-42, GL-43, GL-D28): other hands with the action deck, other reward
        cards with the reward deck (except cards `seat` put under it), the tile pool, the face-down tokens and the
        generator that decides future shuffles."""
        copy = self.clone()
        copy.rng = rng.spawn()
        others = [p for p in range(self.num_players) if p != seat]
        unseen = copy.deck + [c for p in others for c in copy.hands[p]]
        rng.shuffle(unseen)
        for p in others:
            size = len(copy.hands[p])
            copy.hands[p] = sorted(unseen[:size])
            del unseen[:size]
        copy.deck = unseen
        copy.rewards = copy.rewards.copy()  # shared with this state until now (see `clone`)
        free = [i for i, known in enumerate(copy.reward_known) if known != seat]
        hidden = [copy.reward_deck[i] for i in free] + [c for p in others for c in copy.rewards[p]]
        rng.shuffle(hidden)
        for p in others:
            size = len(copy.rewards[p])
            copy.rewards[p] = hidden[:size]
            del hidden[:size]
        copy.reward_deck = copy.reward_deck.copy()  # shared with this state until now (see `clone`)
        for i, card in zip(free, hidden, strict=True):
            copy.reward_deck[i] = card
        copy.pool = copy.pool.copy()
        rng.shuffle(copy.pool)
        copy.token_supply = copy.token_supply.copy()
        rng.shuffle(copy.token_supply)
        return copy

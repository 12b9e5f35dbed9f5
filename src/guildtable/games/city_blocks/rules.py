"""City Blocks rules (CB-10 to CB-22): the state, its legal moves and what a move does.

The state is a few flat lists of ints so that `clone` and random playouts stay fast. Hidden: each hand (from the
opponent) and the order of both piles (from everyone) (CB-9, CB-A-10).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, cast

from guildtable.games.city_blocks import actions, scoring, words
from guildtable.games.city_blocks.actions import NO_SWAP, PLACE_ACTIONS, SWAP_BASE, SWAP_PAIRS
from guildtable.games.city_blocks.content import (
    COURT,
    HAND_SIZE,
    SEAT_NAMES,
    SITE_STREETS,
    SITES,
    STREET_NAMES,
    STREET_SIZES,
    STREETS,
    TILE_CODES,
    TILE_TYPES,
    cell,
    seat_words,
    site_name,
    tile_description,
)
from guildtable.games.city_blocks.scoring import street_totals, street_winner
from guildtable.games.city_blocks.setup import Opening
from guildtable.kernel import Event, IllegalAction, LegalMove, Rng, State
from guildtable.kernel.decisions import Decision
from guildtable.kernel.events import private, public
from guildtable.kernel.i18n import current_language, domain
from guildtable.kernel.scoresheet import ScoreSheet

if TYPE_CHECKING:
    from guildtable.kernel import Game

_ = domain("city_blocks").gettext

PLACE = "place"
SWAP = "swap"


# The legal moves already built, per language, in two generations: the moves asked for since the newer began, and
# those of the one before. The builds (a few hundred) come back in every game; the rebuilds and swaps (tile, site,
# what stands there, a payment; two streets and their values) run to hundreds of thousands over many games. When the
# newer generation holds more than KEPT_MOVES (a few megabytes), the older is forgotten and a new one begins: a move
# still in use is carried over the first time it is asked for, so the builds never need building again.
_LEGAL_MOVES: dict[str, tuple[dict[int, LegalMove], dict[int, LegalMove]]] = {}
KEPT_MOVES = 8192


def _swap_key(slots: list[int], action: int) -> int:
    """What a swap's move depends on besides its streets: their values (CB-13); nothing for the refusal."""
    if action == NO_SWAP:
        return 0
    a, b = SWAP_PAIRS[action - SWAP_BASE]
    return slots[a] << 8 | slots[b]


class CityBlocksState(State):
    __slots__ = (
        "awards",
        "board",
        "game",
        "hands",
        "history",
        "last_move",
        "num_players",
        "open_sites",
        "options",
        "pending",
        "piles",
        "removed_tiles",
        "removed_values",
        "seed",
        "setup",
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
        options: dict[str, Any],
        setup: dict[str, Any] | None,
        opening: Opening | None = None,
    ) -> None:
        super().__init__(game, 2, seed, options, setup)
        if opening is None:
            return
        self.board = [0] * SITES
        self.open_sites = list(STREET_SIZES)  # empty sites left per street
        self.slots = list(opening.slots)
        self.won: list[list[int]] = [[], []]  # ascending, so the lowest is first (CB-A-9)
        self.hands: list[list[int]] = [sorted(pile[:HAND_SIZE]) for pile in opening.piles]
        self.piles: list[list[int]] = [list(pile[HAND_SIZE:]) for pile in opening.piles]  # top first
        self.removed_values = list(opening.spare_values)  # CB-8
        self.removed_tiles: list[int] = []
        self.pending = [Decision(PLACE, opening.start_player)]
        self.start_player = opening.start_player
        self.start_draws = list(opening.start_draws)
        self.awards: list[dict[str, Any]] = []
        self.last_move = ""

    # --- turn ----------------------------------------------------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        return self.pending[-1].seat if self.pending else None

    @property
    def is_terminal(self) -> bool:
        return not self.pending

    def prompt(self, names: Sequence[str] | None = None) -> str:
        """The question on turn in plain words (CB-10 to CB-13)."""
        if not self.pending:
            return _("The game is over")
        decision = self.pending[-1]
        if decision.kind == SWAP:
            return _(
                "Courthouse: you may swap the value tiles of two streets that have not been scored yet "
                "(choose two streets), or choose not to swap"
            )
        seat = decision.seat
        again = not self.hands[1 - seat]  # CB-15
        who = (names or seat_words())[1 - seat]
        if self.won[seat]:
            value = self.won[seat][0]
            if again:
                return _(
                    "Place a tile from your hand: build on an empty site, or rebuild over one of your own tiles "
                    "(that pays your lowest value tile, ${value}) ({who} has no tiles left, so you play again)",
                    value=value,
                    who=who,
                )
            return _(
                "Place a tile from your hand: build on an empty site, or rebuild over one of your own tiles "
                "(that pays your lowest value tile, ${value})",
                value=value,
            )
        if again:
            return _(
                "Place a tile from your hand on an empty site ({who} has no tiles left, so you play again)", who=who
            )
        return _("Place a tile from your hand on an empty site")

    def action_label(self, action: int, names: Sequence[str] | None = None) -> str:
        """`action` in plain words for a button: a build, a rebuild with the value tile it pays, or a swap."""
        if action == NO_SWAP:
            return words.no_swap_label()
        if action >= PLACE_ACTIONS:
            a, b = SWAP_PAIRS[action - SWAP_BASE]
            return words.swap_label(a, b, self.slots[a], self.slots[b])
        tile, site = divmod(action, SITES)
        code = self.board[site]
        if not code:
            return words.build_label(tile, site)
        seat = (code - 1) // TILE_TYPES
        payment = self.won[seat][0] if self.won[seat] else 0
        return words.rebuild_label(tile, site, (code - 1) % TILE_TYPES, payment)

    def legal_moves(self, names: Sequence[str] | None = None) -> list[LegalMove]:
        """The kernel's legal moves, kept per language rather than built for every position: a placement's move
        follows from the tile, the site, the tile on it and the value tile a rebuild pays (CB-11, CB-12), a swap's
        from the two streets and their values (CB-13). Labels here name no player.

        A kept move's key is one int: the action, then what its move depends on besides (`_site_keys` for a
        placement, the two values for a swap), each below 256."""
        language = current_language()
        kept, older = _LEGAL_MOVES.get(language) or _LEGAL_MOVES.setdefault(language, ({}, {}))
        if len(kept) > KEPT_MOVES:
            kept, older = _LEGAL_MOVES[language] = ({}, kept)
        legal = self.legal_actions()
        if legal and legal[0] < PLACE_ACTIONS:  # a placement decision offers placements only
            site_keys = self._site_keys()
            keys = [action << 16 | site_keys[action % SITES] for action in legal]
        else:
            slots = self.slots
            keys = [action << 16 | _swap_key(slots, action) for action in legal]
        moves = [kept.get(key) for key in keys]
        if None in moves:
            for index, move in enumerate(moves):
                if move is None:
                    key = keys[index]
                    move = older.get(key)
                    if move is None:
                        action = legal[index]
                        move = LegalMove(
                            action=self.action_to_json(action),
                            notation=self.action_to_notation(action),
                            label=self.action_label(action),
                        )
                    moves[index] = kept[key] = move
        return cast(list[LegalMove], moves)

    def _site_keys(self) -> list[int]:
        """Per site, what a placement's move there depends on besides its tile: the tile on the site and the value
        tile its owner's rebuild would pay (CB-12)."""
        payments = [won[0] if won else 0 for won in self.won]
        return [code << 8 | payments[(code - 1) // TILE_TYPES] if code else 0 for code in self.board]

    def legal_actions(self) -> list[int]:
        if not self.pending:
            return []
        decision = self.pending[-1]
        if decision.kind == SWAP:
            return [*self._legal_swaps(), NO_SWAP]
        seat = decision.seat
        board = self.board
        mine_low, mine_high = 1 + seat * TILE_TYPES, 1 + (seat + 1) * TILE_TYPES
        if self.won[seat]:
            targets = [site for site, code in enumerate(board) if not code or mine_low <= code < mine_high]
        else:
            targets = [site for site, code in enumerate(board) if not code]
        court_rebuild = self.options["court_via_rebuild"]
        result: list[int] = []
        previous = -1
        for tile in self.hands[seat]:  # the hand is kept sorted
            if tile == previous:
                continue
            previous = tile
            base = tile * SITES
            if tile == COURT and not court_rebuild:
                result += [base + site for site in targets if board[site] == 0]
            else:
                result += [base + site for site in targets]
        return result

    def _legal_swaps(self) -> list[int]:
        slots = self.slots
        return [SWAP_BASE + k for k, (a, b) in enumerate(SWAP_PAIRS) if slots[a] and slots[b]]

    def why_illegal(self, action: int) -> tuple[str, str] | None:
        decision = self.pending[-1]
        seat = decision.seat
        if decision.kind == SWAP:
            if action < PLACE_ACTIONS:
                return "CB-13", _("First finish your courthouse: swap the value tiles of two streets, or choose not to")
            if action == NO_SWAP:
                return None
            for street in SWAP_PAIRS[action - SWAP_BASE]:
                if not self.slots[street]:
                    return "CB-13", _(
                        "{street} has already been scored, so it has no value tile to swap; only value tiles still "
                        "beside the board can be swapped",
                        street=words.capital(words.street_words(street)),
                    )
            return None
        if action >= PLACE_ACTIONS:
            return "CB-13", _("You may swap value tiles only right after placing your courthouse")
        tile, site = divmod(action, SITES)
        if tile not in self.hands[seat]:
            return "CB-10", _("You have no {tile} in your hand", tile=tile_description(tile))
        code = self.board[site]
        if code == 0:
            return None  # CB-11: a build may go on any empty site
        where = words.capital(words.site_words(site))
        owner = (code - 1) // TILE_TYPES
        if owner != seat:
            return "CB-12", _(
                "{where} holds your opponent's tile; you may rebuild only over your own tiles", where=where
            )
        if not self.won[seat]:
            return "CB-12", _(
                "{where} is already built. Rebuilding over your own tile costs your lowest value tile, and you have "
                "not won any value tile yet",
                where=where,
            )
        if tile == COURT and not self.options["court_via_rebuild"]:
            return "CB-A-2", _("At this table a courthouse may only be built on an empty site, not over another tile")
        return None

    def _apply(self, action: int) -> list[Event]:
        decision = self.pending[-1]
        seat = decision.seat
        if decision.kind == SWAP:
            return self._resolve_swap(action, seat, decision.context)
        tile, site = divmod(action, SITES)
        self.hands[seat].remove(tile)
        code = self.board[site]
        rebuild = code != 0
        self.last_move = actions.notation(action, rebuild)
        events = []
        if rebuild:  # CB-12
            payment = self.won[seat].pop(0)
            self.removed_values.append(payment)
            self.removed_tiles.append(code)
            events.append(
                public(
                    "rebuild",
                    seat=seat,
                    tile=TILE_CODES[tile],
                    site=site_name(site),
                    replaced=TILE_CODES[(code - 1) % TILE_TYPES],
                    paid=payment,
                    move=self.last_move,
                )
            )
        else:  # CB-11
            row, column = SITE_STREETS[site]
            self.open_sites[row] -= 1
            self.open_sites[column] -= 1
            events.append(public("build", seat=seat, tile=TILE_CODES[tile], site=site_name(site), move=self.last_move))
        self.board[site] = cell(seat, tile)
        if tile == COURT and sum(1 for value in self.slots if value) >= 2:  # CB-13
            self.pending[-1] = Decision(SWAP, seat, (site, not rebuild))
            return events
        events.extend(self._finish_turn(seat, site, built=not rebuild))
        return events

    def _resolve_swap(self, action: int, seat: int, context: tuple[Any, ...]) -> list[Event]:
        site, built = context
        events = []
        if action == NO_SWAP:
            self.last_move = "noswap"
            events.append(public("noswap", seat=seat, move="noswap"))
        else:
            a, b = SWAP_PAIRS[action - SWAP_BASE]
            self.slots[a], self.slots[b] = self.slots[b], self.slots[a]
            self.last_move = actions.notation(action)
            events.append(
                public(
                    "swap",
                    seat=seat,
                    streets=[STREET_NAMES[a], STREET_NAMES[b]],
                    values=[self.slots[a], self.slots[b]],
                    move=self.last_move,
                )
            )
        events.extend(self._finish_turn(seat, site, built))
        return events

    def _finish_turn(self, seat: int, site: int, built: bool) -> list[Event]:
        events = []
        if built:  # CB-16, CB-19: row first, then column; a rebuild never scores (CB-A-7)
            for street in SITE_STREETS[site]:
                if self.open_sites[street] == 0:
                    events.append(self._award(street))
        events.extend(self._draw(seat))
        if all(self.board):  # CB-21
            self.pending.clear()
            events.append(public("game_end", scores=self.scores(), winners=self.winners()))
            return events
        opponent = 1 - seat
        if self.hands[opponent]:
            self.pending[-1] = Decision(PLACE, opponent)
        else:  # CB-15: an empty hand skips its turn
            self.pending[-1] = Decision(PLACE, seat)
            events.append(public("pass", seat=opponent, reason="no tiles left"))
        return events

    def _award(self, street: int) -> Event:
        totals = street_totals(self.board, street)
        winner = street_winner(totals)
        value = self.slots[street]
        self.slots[street] = 0
        if winner is None:
            self.removed_values.append(value)
        else:
            self.won[winner].append(value)
            self.won[winner].sort()
        award = {"street": STREET_NAMES[street], "value": value, "totals": list(totals), "winner": winner}
        self.awards.append(award)
        return public("award", **award)

    def _draw(self, seat: int) -> list[Event]:  # CB-14
        hand, pile = self.hands[seat], self.piles[seat]
        count = min(HAND_SIZE - len(hand), len(pile))
        if count <= 0:
            return []
        drawn = pile[:count]
        del pile[:count]
        hand.extend(drawn)
        hand.sort()
        return [
            public("draw", seat=seat, count=count),
            private(seat, "drew", seat=seat, tiles=[TILE_CODES[tile] for tile in drawn]),
        ]

    # --- results -------------------------------------------------------------------------------------------------
    def scores(self) -> list[float]:
        return [float(sum(values)) for values in self.won]  # CB-22

    def score_sheet(self) -> ScoreSheet:
        return scoring.score_sheet(self.awards, self.won)

    def score_breakdown(self) -> dict[str, Any]:
        return {
            "value_tiles": [list(values) for values in self.won],
            "totals": self.scores(),
            "streets": list(self.awards),
            "winners": self.winners(),
        }

    # --- what a seat may know ------------------------------------------------------------------------------------
    def view(self, seat: int | None) -> dict[str, Any]:
        """What `seat` (None: a spectator) sees: everything but the hands, and its own hand (CB-9)."""
        return self.views((seat,))[0]

    def views(self, seats: Sequence[int | None]) -> list[dict[str, Any]]:
        """The seats' views, the part every seat sees alike built once and shared by them (never modify a view).
        Nothing is kept: a kept view lived on until the table's next move, where the garbage collector looked at
        every one of them (at 1,000 tables, the most of what a young collection looked at)."""
        shared = self._public_view()
        return [
            {**shared, "seat": seat, "hand": None if seat is None else [TILE_CODES[tile] for tile in self.hands[seat]]}
            for seat in seats
        ]

    def _public_view(self) -> dict[str, Any]:
        board = [
            [
                None if not code else {"owner": (code - 1) // TILE_TYPES, "tile": TILE_CODES[(code - 1) % TILE_TYPES]}
                for code in self.board[row * 6 : (row + 1) * 6]
            ]
            for row in range(5)
        ]
        decision = self.pending[-1] if self.pending else None
        return {
            "game": self.game.name,
            "seats": list(SEAT_NAMES),
            "current_player": self.current_player,
            "decision": None
            if decision is None
            else {"kind": decision.kind, "seat": decision.seat, "prompt": self.prompt()},
            "street_totals": {
                STREET_NAMES[street]: list(street_totals(self.board, street)) for street in range(STREETS)
            },
            "street_effects": {
                STREET_NAMES[street]: words.street_effects(self.board, street) for street in range(STREETS)
            },
            "terminal": self.is_terminal,
            "board": board,
            "slots": {STREET_NAMES[street]: (self.slots[street] or None) for street in range(STREETS)},
            "won": [list(values) for values in self.won],
            "scores": self.scores(),
            "hand_sizes": [len(hand) for hand in self.hands],
            "pile_sizes": [len(pile) for pile in self.piles],
            "start_player": self.start_player,
            "start_draws": list(self.start_draws),
            "removed_values": sorted(self.removed_values),
            "awards": list(self.awards),
            "last_move": self.last_move,
            "winners": self.winners(),
        }

    def clone(self) -> CityBlocksState:
        copy = self._clone_base()
        copy.board = self.board.copy()
        copy.open_sites = self.open_sites.copy()
        copy.slots = self.slots.copy()
        copy.won = [self.won[0].copy(), self.won[1].copy()]
        copy.hands = [self.hands[0].copy(), self.hands[1].copy()]
        copy.piles = [self.piles[0].copy(), self.piles[1].copy()]
        copy.removed_values = self.removed_values.copy()
        copy.removed_tiles = self.removed_tiles.copy()
        copy.pending = self.pending.copy()
        copy.start_player = self.start_player
        copy.start_draws = self.start_draws
        copy.awards = self.awards.copy()
        copy.last_move = self.last_move
        return copy

    def determinize(self, seat: int, rng: Rng) -> CityBlocksState:
        """Reshuffle what `seat` cannot see: the opponent's hand with their pile, and the order of `seat`'s pile."""
        copy = self.clone()
        opponent = 1 - seat
        unseen = copy.hands[opponent] + copy.piles[opponent]
        rng.shuffle(unseen)
        size = len(copy.hands[opponent])
        copy.hands[opponent] = sorted(unseen[:size])
        copy.piles[opponent] = unseen[size:]
        rng.shuffle(copy.piles[seat])
        return copy

    def snapshot(self) -> dict[str, Any]:
        return {
            "game": self.game.name,
            "seed": self.seed,
            "options": dict(self.options),
            "setup": self.setup,
            "history": list(self.history),
            "board": [
                None if not code else f"{SEAT_NAMES[(code - 1) // TILE_TYPES][0]}:{TILE_CODES[(code - 1) % TILE_TYPES]}"
                for code in self.board
            ],
            "slots": list(self.slots),
            "won": [list(values) for values in self.won],
            "hands": [[TILE_CODES[t] for t in hand] for hand in self.hands],
            "piles": [[TILE_CODES[t] for t in pile] for pile in self.piles],
            "removed_values": list(self.removed_values),
            "removed_tiles": [
                f"{SEAT_NAMES[(code - 1) // TILE_TYPES][0]}:{TILE_CODES[(code - 1) % TILE_TYPES]}"
                for code in self.removed_tiles
            ],
            "pending": [[d.kind, d.seat, list(d.context)] for d in self.pending],
            "start_player": self.start_player,
            "start_draws": list(self.start_draws),
            "awards": list(self.awards),
            "last_move": self.last_move,
        }

    # --- the action codec ----------------------------------------------------------------------------------------
    def action_to_json(self, action: int) -> dict[str, Any]:
        if action < PLACE_ACTIONS:
            tile, site = divmod(action, SITES)
            method = "rebuild" if self.board[site] else "build"
            return {"type": method, "tile": TILE_CODES[tile], "site": site_name(site)}
        if action == NO_SWAP:
            return {"type": "noswap"}
        a, b = SWAP_PAIRS[action - SWAP_BASE]
        return {"type": "swap", "streets": [STREET_NAMES[a], STREET_NAMES[b]]}

    def action_from_json(self, data: Mapping[str, Any]) -> int:
        if not isinstance(data, Mapping):
            raise IllegalAction("", _("an action is a JSON object with a {key}", key="'type'"))
        kind = data.get("type")
        if kind in ("build", "rebuild"):
            tile = data.get("tile")
            site = data.get("site")
            if not isinstance(tile, str) or not isinstance(site, str):
                raise IllegalAction(
                    "", _("a {kind} needs {tile} and {site} as text", kind=kind, tile="'tile'", site="'site'")
                )
            action = actions.parse(f"{tile} {site}")
            self._check_method(action, kind == "rebuild", typed=False)
            return action
        if kind == "noswap":
            return NO_SWAP
        if kind == "swap":
            streets = data.get("streets")
            if not isinstance(streets, list) or len(streets) != 2 or not all(isinstance(s, str) for s in streets):
                raise IllegalAction("", _("a {kind} needs {key}: two street names", kind="swap", key="'streets'"))
            return actions.parse(f"swap {streets[0]} {streets[1]}")
        raise IllegalAction(
            "", _("unknown action type {kind} ({types})", kind=repr(kind), types="build, rebuild, swap, noswap")
        )

    def action_to_notation(self, action: int) -> str:
        return actions.notation(action, rebuild=action < PLACE_ACTIONS and self.board[action % SITES] != 0)

    def action_from_notation(self, text: str) -> int:
        """The typed move; a placement must say which method it means: `F7 xR1C6` rebuilds over one's own tile,
        `F5 R1C1` builds on an empty site (CB-11, CB-12), so a missing or stray `x` never changes the move."""
        action, rebuild = actions.parse_move(text)
        if rebuild is not None:
            self._check_method(action, rebuild, typed=True)
        return action

    def _check_method(self, action: int, rebuild: bool, typed: bool) -> None:
        """Refuse a build named on a site holding the mover's own tile, or a rebuild named on an empty site, before
        the method silently follows the board. A tile of the opponent's is left to `why_illegal` (CB-12)."""
        if not self.pending or self.pending[-1].kind != PLACE:
            return
        site = action % SITES
        code = self.board[site]
        where = words.capital(words.site_words(site))
        if rebuild and not code:
            if typed:
                message = _(
                    "{where} is empty, so there is nothing to rebuild: to build there, type {move}",
                    where=where,
                    move=actions.notation(action),
                )
            else:
                message = _(
                    "{where} is empty, so there is nothing to rebuild: to build there, choose a build", where=where
                )
            raise IllegalAction("CB-11", message)
        if not rebuild and code and (code - 1) // TILE_TYPES == self.pending[-1].seat:
            if typed:
                message = _(
                    "{where} already holds your tile: to rebuild it, type {move}",
                    where=where,
                    move=actions.notation(action, rebuild=True),
                )
            else:
                message = _("{where} already holds your tile: to rebuild it, choose a rebuild", where=where)
            raise IllegalAction("CB-12", message)

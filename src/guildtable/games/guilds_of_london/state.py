"""The Guilds of London position (GL-42 to GL-111): the city, the figures, the cards and tokens, the scores and the
stack of pending decisions, with the small queries and edits every rule makes (turn order, VP, mastery, the hand
limit, movement, drawing, recruiting, lasting effects, the final scoring) and the copies search needs.

It never decides which answers are legal or what an answer does (legal.py, flow.py), so those modules, the view and
the snapshot read and edit a position without importing the rules; `rules.GuildsState` builds the kernel's state on
top of it. State is flat lists of ints so `clone` stays cheap.
"""

from __future__ import annotations

from typing import Any, Self

from guildtable.games.guilds_of_london import actions as A
from guildtable.games.guilds_of_london import words as W
from guildtable.games.guilds_of_london.content import CONTENT
from guildtable.games.guilds_of_london.geometry import neighbours, reading_key
from guildtable.games.guilds_of_london.questions import FX
from guildtable.games.guilds_of_london.scoring import (
    adjacent_pairs,
    reward_card_vp,
)
from guildtable.kernel import Event, Game, Rng, State
from guildtable.kernel.decisions import Decision
from guildtable.kernel.events import private, public
from guildtable.kernel.i18n import domain
from guildtable.kernel.scoresheet import ScoreCategory, ScoreSheet, line

_ = domain("guilds_of_london").gettext

TILES = CONTENT.tiles
CARDS = CONTENT.cards
EFFECTS = CONTENT.effects
GH, PL = A.GUILDHALL, A.PLANTATION
HAND_LIMIT = 7  # GL-67
FRONT = tuple(tile.front for tile in TILES)


class GuildsPosition(State):
    """What lies where and who holds what, with the queries and edits the rules share; `rules.GuildsState` adds the
    legal answers, what an answer does, views, snapshots and the action codec."""

    end_rule = "GL-95"

    def __init__(self, game: Game, players: int, seed: int, options: dict[str, Any], setup: dict[str, Any] | None):
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
        self.stack = [0] * players
        self.counter = 0
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
        self.pending: list[Decision] = []
        self.results: list[dict[str, Any]] = []
        self.final: dict[str, Any] | None = None
        self._events: list[Event] = []

    # --- small helpers ----------------------------------------------------------------------------------------------
    def place(self, tile: int, code: int) -> None:
        self.cells[code] = tile
        self.cell_of[tile] = code
        self.in_play.append(tile)

    def order(self) -> list[int]:
        """Current turn order (GL-50, GL-51, GL-54): VP descending, then the higher marker in the stack."""
        vp, stack = self.vp, self.stack
        return sorted(range(self.num_players), key=lambda p: (-vp[p], -stack[p]))

    def gain(self, seat: int, amount: int, why: str) -> None:
        """GL-104: VP, with the marker put on top of its new space (GL-51, GL-54)."""
        if amount == 0:
            return
        self.vp[seat] += amount
        self.counter += 1
        self.stack[seat] = self.counter
        self._events.append(public("vp", seat=seat, amount=amount, total=self.vp[seat], why=why))

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
            token = CONTENT.tokens[kind]
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
        return sorted(self.in_play, key=lambda t: reading_key(self.cell_of[t]))

    def draw(self, seat: int, count: int) -> None:
        """Draw action cards (GL-66, GL-D26): an empty deck is refilled from the shuffled discard pile."""
        drawn = []
        for _ in range(count):
            if not self.deck:
                if not self.discard:
                    break
                self.deck = self.discard
                self.discard = []
                self.rng.shuffle(self.deck)
                self._events.append(public("reshuffle", cards=len(self.deck)))
            drawn.append(self.deck.pop())
        if drawn:
            self.hands[seat].extend(drawn)
            self.hands[seat].sort()
            self._events.append(public("draw", seat=seat, count=len(drawn)))
            self._events.append(private(seat, "drew", seat=seat, cards=[CARDS[c].number for c in drawn]))

    # --- movement ----------------------------------------------------------------------------------------------------
    def move_sources(self, seat: int) -> list[int]:
        """GL-61, GL-D21: the Guildhall and any tile holding the seat's figure; never the plantation."""
        fig = self.fig
        sources = [t for t in self.in_play if fig[t * 4 + seat]]
        if fig[GH * 4 + seat]:
            sources.append(GH)
        return sources

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
        only = sources[0] if len(sources) == 1 else -1
        back = self.back
        scoring = self.scoring
        for t in self.in_play:  # noqa: SIM110 - a plain loop is faster on this hot path
            if not back[t] and FRONT[t] & mask and t != only and t != scoring:
                return True
        return False

    def send_sources(self, seat: int) -> list[int]:
        return self.move_sources(seat)  # GL-108: Guildhall or any tile

    def recruit(self, seat: int, count: int, to_plantation: bool) -> None:
        """GL-60, GL-107: liverymen from the general supply (as many as are left)."""
        count = min(count, self.supply[seat])
        if count <= 0:
            return
        where = PL if to_plantation else GH
        self.supply[seat] -= count
        self.fig[where * 4 + seat] += count
        self._events.append(public("recruit", seat=seat, count=count, to=A.location_name(where)))
        for _ in range(count):
            self.fire(seat, "recruit", -1)
            if to_plantation:
                self.fire(seat, "to_plantation", -1)

    def fire(self, seat: int, event: str, tile: int) -> None:
        """Lasting "each time" effects of this turn (GL-64): push their effects for one figure."""
        if seat != self.active:
            return
        for kind, condition, effects, mask in self.lasting:
            if kind != event:
                continue
            if condition is not None and condition[0] == "destination_has_symbol":
                if tile < 0 or not TILES[tile].front & condition[1]:
                    continue
            elif condition is not None and not self.condition_holds(seat, condition):
                continue
            for index in reversed(effects):
                self.pending.append(Decision(FX, seat, (index, mask, 0)))  # 0: an action card's lasting effect

    def condition_holds(self, seat: int, condition: tuple[str, Any]) -> bool:
        kind, value = condition[0], int(condition[1])
        if kind == "controls_tile_with_symbol":
            return any(TILES[t].back & value for t in self.controlled(seat))
        if kind == "controls_at_least":
            return len(self.controlled(seat)) >= value
        if kind == "cards_played_at_least":
            return self.played >= value
        return True

    # --- whose turn -------------------------------------------------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        return self.pending[-1].seat if self.pending else None

    @property
    def is_terminal(self) -> bool:
        return not self.pending

    # --- results ---------------------------------------------------------------------------------------------------
    def scores(self) -> list[float]:
        return [float(v) for v in self.vp]

    def winners(self) -> list[int]:
        """GL-102, GL-103: most VP, then most reward cards; a remaining tie is a shared win (GL-D32)."""
        if not self.is_terminal:
            return []
        best = max((self.vp[p], len(self.rewards[p])) for p in range(self.num_players))
        return [p for p in range(self.num_players) if (self.vp[p], len(self.rewards[p])) == best]

    def score_sheet(self) -> ScoreSheet:
        """GL-99 to GL-101: the mayoral reward cards by name and the adjacent master pairs, revealed at the end, and
        everything scored during the game (tiles, rewards, tokens and cards) as one line."""
        n = self.num_players
        final = self.final or {"reward_cards": [[] for _seat in range(n)], "master_pairs": [0] * n}
        by_id = {card.id: card for card in CONTENT.rewards}
        cards = tuple(
            line(_card_line(by_id[entry["card"]].name, by_id[entry["card"]].text), n, {seat: entry["vp"]})
            for seat in range(n)
            for entry in final["reward_cards"][seat]
        )
        pairs = (line(_("Adjacent pairs of your masters"), n, dict(enumerate(final["master_pairs"]))),)
        at_end = [sum(e["vp"] for e in final["reward_cards"][s]) + final["master_pairs"][s] for s in range(n)]
        during = (line(_("Scored during the game"), n, {s: self.vp[s] - at_end[s] for s in range(n)}),)
        totals = tuple(float(score) for score in self.scores())
        categories = (
            ScoreCategory(_("During the game"), during),
            ScoreCategory(_("Mayoral reward cards"), cards),
            ScoreCategory(_("Masters side by side"), pairs),
        )
        return ScoreSheet(categories, totals)

    def score_breakdown(self) -> dict[str, Any]:
        return {
            "vp": list(self.vp),
            "tiles": list(self.results),
            "final": self.final,
            "winners": self.winners(),
        }

    def final_scoring(self) -> None:
        """GL-99 to GL-101: clear unscored tiles, reveal reward cards in turn order, then master pairs."""
        fig = self.fig
        for tile in self.in_play:
            if not self.back[tile]:
                for p in range(self.num_players):
                    self.supply[p] += fig[tile * 4 + p]
                    fig[tile * 4 + p] = 0
                if self.token[tile] >= 0:
                    self.token_supply.append(self.token[tile])
                    self.token[tile] = -1
        buildings = {self.cell_of[t] for t in self.in_play if TILES[t].kind == "building"}
        guildhall = set(self.guildhall_cells)
        cards: dict[int, list[dict[str, Any]]] = {}
        pairs: dict[int, int] = {}
        for seat in self.order():
            mine = self.controlled(seat)
            cards[seat] = []
            for card in self.rewards[seat]:
                value = reward_card_vp(CONTENT.rewards[card], mine, self.cell_of, guildhall, buildings)
                cards[seat].append({"card": CONTENT.rewards[card].id, "vp": value})
                self.gain(seat, value, f"reward card {CONTENT.rewards[card].id}")
        for seat in self.order():
            pairs[seat] = adjacent_pairs({self.cell_of[t] for t in self.controlled(seat)})
            self.gain(seat, pairs[seat], "adjacent master pairs (GL-101)")
        self.final = {
            "reward_cards": [cards[p] for p in range(self.num_players)],
            "master_pairs": [pairs[p] for p in range(self.num_players)],
            "reward_card_counts": [len(r) for r in self.rewards],
        }
        self.pending.clear()
        self._events.append(
            public("game_end", scores=self.scores(), winners=self.winners(), reward_cards=self.final["reward_cards"])
        )

    # --- copies ----------------------------------------------------------------------------------------------------
    def clone(self) -> Self:
        cls = type(self)
        copy = cls.__new__(cls)
        copy.__dict__.update(self.__dict__)
        copy.history = self.history.copy()
        copy.rng = self.rng.clone()
        copy.cells = self.cells.copy()
        copy.cell_of = self.cell_of.copy()
        copy.in_play = self.in_play.copy()
        copy.back = self.back.copy()
        copy.token = self.token.copy()
        copy.fig = self.fig.copy()
        copy.supply = self.supply.copy()
        copy.neutrals = self.neutrals.copy()
        copy.neutral_out = self.neutral_out.copy()
        copy.vp = self.vp.copy()
        copy.stack = self.stack.copy()
        copy.in_front = self.in_front.copy()
        copy.lasting = self.lasting.copy()
        copy.end_effects = self.end_effects.copy()
        copy.hands = [hand.copy() for hand in self.hands]
        copy.deck = self.deck.copy()
        copy.discard = self.discard.copy()
        copy.rewards = [cards.copy() for cards in self.rewards]
        copy.reward_deck = self.reward_deck.copy()
        copy.reward_known = self.reward_known.copy()
        copy.kept = [tokens.copy() for tokens in self.kept]
        copy.token_supply = self.token_supply.copy()
        copy.pool = self.pool.copy()
        copy.pending = self.pending.copy()
        copy.results = self.results.copy()
        copy._events = []
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
        free = [i for i, known in enumerate(copy.reward_known) if known != seat]
        hidden = [copy.reward_deck[i] for i in free] + [c for p in others for c in copy.rewards[p]]
        rng.shuffle(hidden)
        for p in others:
            size = len(copy.rewards[p])
            copy.rewards[p] = hidden[:size]
            del hidden[:size]
        for i, card in zip(free, hidden, strict=True):
            copy.reward_deck[i] = card
        rng.shuffle(copy.pool)
        rng.shuffle(copy.token_supply)
        return copy


def _card_line(name: str, text: str) -> str:
    """A mayoral reward card on the score sheet: its name and condition, in the reader's language."""
    return _("{name}: {text}", name=W.reward_name(name), text=W.content_text(text).rstrip("."))

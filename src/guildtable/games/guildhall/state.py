"""The Guildhall position (GH-9 to GH-22): every zone, the question stack and the turn's counters, with the moves
of cards between zones that the handlers make. It imports no legality, handler, prompt, reason or view: they all
read this, and `rules.py` builds the kernel's state on top of it.

Every multi-step choice is a stack of small questions (Appendix A). A stack entry is a plain tuple
`(kind, seat, *context)`; kinds in `AUTO` are bookkeeping steps the engine runs itself (the next action, end of
turn, queued placements) so that an out-of-turn question (the completed-chapter cap, GH-53) can interrupt anything
and the interrupted step resumes afterwards. Hot data is flat: guildhalls are colour masks (`halls[seat * 6 + prof]`),
zones are lists of card identities, the draw deck and discard pile keep their TOP AT THE END of the list.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from guildtable.games.guildhall.content import CARD_NAMES, COLOURS, FULL_CHAPTER, PROFESSION_NAMES, PROFESSIONS
from guildtable.games.guildhall.events import public
from guildtable.games.guildhall.questions import (
    CAP,
    CAP_DISCARD,
    CHOOSE_LEVEL,
    HUNT_CHAPTER,
    HUNT_GIVE,
    HUNT_TAKE,
    HUNTER,
    NEXT_ACTION,
    PLACE_NEXT,
    PLACE_QUEUE,
    PRESTIGE,
    ROB_PICK,
    SP_DISCARD,
    TRANSIT_SLOT,
)
from guildtable.kernel import Event, Rng, State

if TYPE_CHECKING:
    from guildtable.games.guildhall.setup import Opening
    from guildtable.kernel import Game


class Position(State):
    """The fields of a Guildhall state and what can be read off them directly; `rules.GuildhallState` adds the
    legal answers, what an answer does, views and copies."""

    __slots__ = (
        "_legal",
        "actions_left",
        "active",
        "areas",
        "completed",
        "deck",
        "discard",
        "game",
        "halls",
        "hands",
        "history",
        "known",
        "last_move",
        "num_players",
        "options",
        "owned",
        "played",
        "prepared",
        "prestige_deck",
        "removed",
        "rng",
        "row",
        "seed",
        "selected",
        "setup",
        "stack",
        "start_player",
        "tokens",
        "turn",
        "winner_seats",
    )

    def __init__(
        self,
        game: Game,
        players: int,
        seed: int,
        options: dict[str, Any],
        setup: dict[str, Any] | None,
        opening: Opening | None = None,
    ) -> None:
        super().__init__(game, players, seed, options, setup)
        self._legal: list[int] | None = None
        if opening is None:
            return
        self.rng = Rng(seed ^ 0x6A11D)
        self.deck = opening.deck[::-1]
        self.discard: list[int] = []
        self.hands = opening.hands
        self.selected: list[int] = []
        self.areas: list[list[int]] = [[] for _seat in range(players)]
        self.halls = [0] * (players * PROFESSIONS)
        self.completed: list[list[int]] = [[] for _seat in range(players)]
        self.owned: list[list[int]] = [[] for _seat in range(players)]
        self.tokens = [0] * players
        self.row = opening.row
        self.prestige_deck = opening.prestige_deck[::-1]
        self.removed = opening.removed
        self.start_player = opening.start_player
        self.active = opening.start_player
        self.actions_left = 0
        self.played = 0
        self.turn = 0
        self.prepared = 0
        self.known = [0] * players
        self.winner_seats: list[int] = []
        self.last_move = ""
        self.stack: list[tuple[Any, ...]] = [(SP_DISCARD, opening.start_player)]

    # --- whose turn ------------------------------------------------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        return self.stack[-1][1] if self.stack else None

    @property
    def is_terminal(self) -> bool:
        return not self.stack

    def masks(self, seat: int) -> list[int]:
        base = seat * PROFESSIONS
        return self.halls[base : base + PROFESSIONS]

    def vp(self, seat: int) -> int:
        """GH-112: prestige VP plus VP tokens."""
        return self.tokens[seat] + sum(PRESTIGE[kind].vp for kind in self.owned[seat])

    def opponents(self, seat: int) -> list[int]:
        return [other for other in range(self.num_players) if other != seat]

    # --- zones ---------------------------------------------------------------------------------------------------
    def draw_one(self, events: list[Event]) -> int | None:
        """GH-42: an empty draw deck is replaced by the whole shuffled discard pile; GH-D8 if both are empty."""
        if not self.deck:
            if not self.discard:
                return None
            self.deck = self.discard
            self.discard = []
            self.rng.shuffle(self.deck)
            self.known = [0] * self.num_players  # GH-D20: a reshuffle drops what anyone knew
            events.append(public("reshuffle", cards=len(self.deck)))
        known = self.known
        if any(known):
            for s in range(self.num_players):
                if known[s]:
                    known[s] -= 1
        return self.deck.pop()

    def draw_cards(self, count: int, events: list[Event]) -> list[int]:
        deck = self.deck
        if 0 < count <= len(deck) and not any(self.known):  # the common case of `draw_one` in a loop, in one slice
            drawn = deck[-count:]
            del deck[-count:]
            drawn.reverse()
            return drawn
        drawn = []
        for _step in range(count):
            card = self.draw_one(events)
            if card is None:
                break
            drawn.append(card)
        return drawn

    def to_hand(self, seat: int, cards: list[int]) -> None:
        hand = self.hands[seat]
        hand.extend(cards)
        hand.sort()

    def place(self, owner: int, card: int, forced: bool, events: list[Event], source: str) -> None:
        """GH-62: place `card` into `owner`'s guildhall; a forced identical card is discarded instead. A chapter of
        five colours completes at once (GH-49) and the cap is enforced at once by the owner (GH-53)."""
        prof = card // COLOURS
        index = owner * PROFESSIONS + prof
        bit = 1 << card % COLOURS
        mask = self.halls[index]
        if mask & bit:
            assert forced, f"chosen placement of {CARD_NAMES[card]} is illegal"
            self.discard.append(card)
            events.append(public("duplicate_discarded", seat=owner, card=CARD_NAMES[card], source=source))
            return
        mask |= bit
        events.append(public("placed", seat=owner, card=CARD_NAMES[card], source=source))
        if mask == FULL_CHAPTER:
            self.halls[index] = 0
            self.completed[owner].append(prof)
            events.append(
                public(
                    "chapter_completed",
                    seat=owner,
                    profession=PROFESSION_NAMES[prof],
                    completed=len(self.completed[owner]),
                )
            )
            if len(self.completed[owner]) > CAP:
                self.stack.append((CAP_DISCARD, owner))
        else:
            self.halls[index] = mask

    def discard_with_top(self, cards: list[int], top: int) -> None:
        """GH-D17: the other cards go below in any order; `top` ends on top."""
        rest = list(cards)
        rest.remove(top)
        self.discard.extend(rest)
        self.discard.append(top)

    def discard_chapter(self, seat: int, prof: int, top: int) -> None:
        self.completed[seat].remove(prof)
        self.discard_with_top([prof * COLOURS + c for c in range(COLOURS)], top)

    def queue_placements(self, seat: int, owner: int, forced: bool, cards: tuple[int, ...], scholar: bool) -> None:
        """GH-63/GH-D11: several cards go in one at a time. The order can matter only between cards of one profession
        (completion in between), so the player is asked only then."""
        if not cards:
            return
        professions = [card // COLOURS for card in cards]
        fixed = scholar and self.options["placement_order"] == "deck_order"
        if fixed or len(set(professions)) == len(professions) or len(set(cards)) == 1:
            self.stack.append((PLACE_QUEUE, seat, owner, forced, cards))
        else:
            self.stack.append((PLACE_NEXT, seat, owner, forced, cards))

    def start_turn(self, seat: int, events: list[Event]) -> None:
        self.active = seat
        self.actions_left = 2  # GH-24
        self.played = 0
        self.turn += 1
        events.append(public("turn", seat=seat, turn=self.turn))
        self.stack.append((NEXT_ACTION, seat))

    def cards_in_transit(self) -> list[int]:
        """Cards held by an unfinished ability (revealed, given, taken): part of the 120 (GH-1)."""
        cards = list(self.selected)
        for entry in self.stack:
            slot = TRANSIT_SLOT.get(entry[0])
            if slot is not None:
                cards.extend(entry[slot])
        return cards

    # --- who sees what -------------------------------------------------------------------------------------------
    def searching(self, seat: int) -> bool:
        """GH-20/GH-D18: `seat` is using a Hunter ability and may see the whole discard pile (from the level
        question on, since which levels can be carried out depends on the pile)."""
        for entry in self.stack:
            if entry[1] == seat and (
                entry[0] in (HUNT_GIVE, HUNT_CHAPTER, HUNT_TAKE) or (entry[0] == CHOOSE_LEVEL and entry[2] == HUNTER)
            ):
                return True
        return False

    def robbing(self, seat: int) -> int | None:
        """GH-69: the target whose hand `seat` is looking through (Robber levels 2 and 4), if any."""
        for entry in self.stack:
            if entry[0] == ROB_PICK and entry[1] == seat:
                return int(entry[2])
        return None

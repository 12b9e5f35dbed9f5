"""The Guildhall position (GH-9 to GH-22): every zone, the question stack and the turn's counters, and what can be
read off them directly. It imports no legality, flow, words or view: they all read this, and `rules.py` builds the
kernel's state on top of it.

Every multi-step choice is a stack of small questions (Appendix A, `questions.py`), the top one last. Bookkeeping
steps sit on it too, so that an out-of-turn question (the completed-chapter cap, GH-53) can interrupt anything and the
interrupted step resumes afterwards. Hot data is flat: guildhalls are colour masks (`halls[seat * 6 + prof]`), zones
are lists of card identities, the draw deck and discard pile keep their TOP AT THE END of the list.

What changes at almost every step (the decks, hands, action areas, guildhalls, the stack) is changed in place, and
`clone` copies it. What changes now and then (each seat's completed chapters and prestige cards, the VP tokens, the
prestige row and deck, the removed prestige cards, what each seat knows of the deck, the winners) is never changed in
place but replaced by a new list, so that copies share it: a clone makes 17 lists rather than 31.
"""

# Compiled by mypyc at install (setup.py): see "Compiled engines" in src/guildtable/games/README.md.
from __future__ import annotations

from collections.abc import Mapping
from typing import Final, cast

from guildtable.games.guildhall.content import HUNTER, PRESTIGE, PROFESSIONS
from guildtable.games.guildhall.questions import (
    ChooseLevel,
    GuildhallQuestion,
    HunterChapter,
    HunterGive,
    HunterTake,
    RobberPick,
    SetupDiscard,
)
from guildtable.games.guildhall.setup import GuildhallOptions, Opening
from guildtable.kernel import Game, Rng
from guildtable.kernel.questions import StackState

HUNTING: Final = frozenset((HunterGive, HunterChapter, HunterTake))
"""The questions of a Hunter ability under way (its kinds have no subclasses: compared by type, for speed)."""


class Position(StackState[GuildhallQuestion]):
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
        "halls",
        "hands",
        "known",
        "last_move",
        "owned",
        "played",
        "prepared",
        "prestige_deck",
        "removed",
        "rng",
        "row",
        "selected",
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
        options: Mapping[str, object],  # resolved (narrowed to `GuildhallOptions` on the class)
        setup: Mapping[str, object] | None,  # the raw setup JSON (checked by setup.py)
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
        self.stack = [SetupDiscard(opening.start_player)]

    @property
    def options(self) -> GuildhallOptions:
        return cast(GuildhallOptions, self._options)

    def masks(self, seat: int) -> list[int]:
        base = seat * PROFESSIONS
        return self.halls[base : base + PROFESSIONS]

    def vp(self, seat: int) -> int:
        """GH-112: prestige VP plus VP tokens."""
        return self.tokens[seat] + sum(PRESTIGE[kind].vp for kind in self.owned[seat])

    def opponents(self, seat: int) -> list[int]:
        return [other for other in range(self.num_players) if other != seat]

    def cards_in_transit(self) -> list[int]:
        """Cards held by an unfinished ability (revealed, given, taken): part of the 120 (GH-1)."""
        cards = list(self.selected)
        for question in self.stack:
            held = question.in_transit()
            if held is not None:
                cards.extend(held)
        return cards

    # --- who sees what -------------------------------------------------------------------------------------------
    def searching(self, seat: int) -> bool:
        """GH-20/GH-D18: `seat` is using a Hunter ability and may see the whole discard pile (from the level
        question on, since which levels can be carried out depends on the pile)."""
        for question in self.stack:
            if question.seat == seat:
                kind = type(question)
                if kind in HUNTING or (isinstance(question, ChooseLevel) and question.profession == HUNTER):
                    return True
        return False

    def robbing(self, seat: int) -> int | None:
        """GH-69: the target whose hand `seat` is looking through (Robber levels 2 and 4), if any."""
        for question in self.stack:
            if type(question) is RobberPick and question.seat == seat:
                return question.target
        return None

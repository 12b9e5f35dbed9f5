"""The City and Guilds state (CG-11 to CG-47): the position (state.py) with its legal answers (legal.py), what each
answer does (flow.py), the words on turn (words.py), what a seat may see (view.py), the snapshot (snapshot.py), the
score sheet (scoring.py) and the action codec (actions.py), put together as the kernel's `State`.

One question at a time (questions.py): return a tile (setup), pick a tile, choose its lot (or put the tile back and
pick again), resolve a guild building or a minstrel house, take or decline a tavern, take a display tile. What each
kind allows and does is its handler in `HANDLERS`; the kernel's `StackState` answers the question on top through it.
The position itself is flat lists of ints so that `clone` and random playouts stay fast. Hidden: hand contents (unless
`open_hands`) and the supply order (CG-47); `determinize` resamples them.
"""

# Compiled by mypyc at install (setup.py): see "Compiled engines" in src/guildtable/games/README.md.
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from guildtable.games.city_and_guilds import actions, flow, legal, scoring, words
from guildtable.games.city_and_guilds.actions import NO_FIGURE, NO_TAVERN, RETURN_BASE, SELECT_BASE, TAKE_BASE
from guildtable.games.city_and_guilds.questions import (
    KINDS,
    Building,
    Draw,
    Lot,
    MinstrelFigure,
    Pick,
    Return,
    TavernChoice,
)
from guildtable.games.city_and_guilds.snapshot import CityAndGuildsSnapshot, snapshot_of
from guildtable.games.city_and_guilds.state import CityAndGuildsPosition
from guildtable.games.city_and_guilds.view import CityAndGuildsView, view_of
from guildtable.kernel import Rng
from guildtable.kernel.questions import Handler, Handlers
from guildtable.kernel.scoresheet import ScoreSheet

HANDLERS: Handlers[CityAndGuildsPosition] = Handlers(KINDS, over=words.over)
"""What each City and Guilds question allows and does (CG-11 to CG-45). Every kind is answered by its seat."""
HANDLERS.ask(
    Return,
    Handler(
        legal=legal.returns,
        refuse=legal.refuse_return,
        answer=flow.give_back,
        prompt=words.return_prompt,
        label=words.answer_label,
    ),
)
HANDLERS.ask(
    Pick,
    Handler(
        legal=legal.picks,
        refuse=legal.refuse_pick,
        answer=flow.pick_tile,
        prompt=words.pick_prompt,
        label=words.answer_label,
    ),
)
HANDLERS.ask(
    Lot,
    Handler(
        legal=legal.lots,
        refuse=legal.refuse_lot,
        answer=flow.choose_lot,
        prompt=words.lot_prompt,
        label=words.lot_label_for,
    ),
)
HANDLERS.ask(
    Building,
    Handler(
        legal=legal.building_choices,
        refuse=legal.refuse_building,
        answer=flow.resolve_building,
        prompt=words.building_prompt,
        label=words.building_label_for,
    ),
)
HANDLERS.ask(
    MinstrelFigure,
    Handler(
        legal=legal.minstrel_choices,
        refuse=legal.refuse_minstrel,
        answer=flow.resolve_minstrel,
        prompt=words.minstrel_prompt,
        label=words.answer_label,
    ),
)
HANDLERS.ask(
    TavernChoice,
    Handler(
        legal=legal.tavern_lots,
        refuse=legal.refuse_tavern,
        answer=flow.choose_tavern,
        prompt=words.tavern_prompt,
        label=words.answer_label,
    ),
)
HANDLERS.ask(
    Draw,
    Handler(
        legal=legal.takes,
        refuse=legal.refuse_take,
        answer=flow.take_tile,
        prompt=words.draw_prompt,
        label=words.answer_label,
    ),
)
HANDLERS.complete()


class CityAndGuildsState(CityAndGuildsPosition):
    """A position with the state protocol around it: its questions are answered through `HANDLERS`."""

    __slots__ = ()
    end_rule = "CG-43"
    handlers = HANDLERS

    # The legal answers, refusals, answers, prompts and labels come from `HANDLERS` through the kernel's `StackState`.

    # --- results -------------------------------------------------------------------------------------------------
    def score_sheet(self) -> ScoreSheet:
        return scoring.sheet_of_ledger(self.ledger, self.num_players, self.scores())

    def score_breakdown(self) -> scoring.CityAndGuildsBreakdown:
        return scoring.breakdown(self)

    # --- what a seat may know ------------------------------------------------------------------------------------
    def view(self, seat: int | None) -> CityAndGuildsView:
        return view_of(self, seat)

    def determinize(self, seat: int, rng: Rng) -> CityAndGuildsState:
        """Resample what `seat` cannot see: the supply order and, with hidden hands, the other hands' tiles that
        were never seen (tiles publicly taken from the display stay where everyone saw them go). The tile `seat`
        returned in setup never lands in another hand: one tile of its kind stays in the supply if any is unseen."""
        copy = self.clone()
        pool = copy.supply
        if not self.options["open_hands"]:
            unknown_counts = []
            for player in range(self.num_players):
                if player == seat:
                    unknown_counts.append(0)
                    continue
                hand = copy.hands[player]
                known = list(self.known[player])
                kept, hidden = [], []
                for tile in hand:
                    if known[tile]:
                        known[tile] -= 1
                        kept.append(tile)
                    else:
                        hidden.append(tile)
                pool.extend(hidden)
                copy.hands[player] = kept
                unknown_counts.append(len(hidden))
            reserved = self.returned[seat]
            if reserved in pool and len(pool) > sum(unknown_counts):  # the supply (public size) is not empty
                pool.remove(reserved)
            else:
                reserved = -1
            rng.shuffle(pool)
            for player, count in enumerate(unknown_counts):
                if count:
                    copy.hands[player].extend(pool[-count:])
                    del pool[-count:]
                    copy.hands[player].sort()
            if reserved >= 0:
                pool.insert(rng.below(len(pool) + 1), reserved)
        else:
            rng.shuffle(pool)
        copy.shuffle_seed = rng.next64()
        return copy

    def snapshot(self) -> CityAndGuildsSnapshot:
        return snapshot_of(self)

    # --- the action codec (actions.py) ---------------------------------------------------------------------------
    def action_to_json(self, action: int) -> actions.CityAndGuildsActionJson:
        return actions.to_json(action, self.board, bool(self.stack) and isinstance(self.stack[-1], TavernChoice))

    def action_from_json(self, data: Mapping[str, Any]) -> int:
        return actions.from_json(data, self.board)

    def action_to_notation(self, action: int) -> str:
        return actions.notation(action, self.board)

    def action_from_notation(self, text: str) -> int:
        """A bare tile code picks, takes or returns the tile as the question on top asks; `no` declines a figure or a
        tavern."""
        question = self.stack[-1] if self.stack else None
        if isinstance(question, Draw):
            base = TAKE_BASE
        elif isinstance(question, Return):
            base = RETURN_BASE
        else:
            base = SELECT_BASE
        if isinstance(question, MinstrelFigure):
            decline: int | None = NO_FIGURE
        elif isinstance(question, TavernChoice):
            decline = NO_TAVERN
        else:
            decline = None
        return actions.parse(text, self.board, base, decline)

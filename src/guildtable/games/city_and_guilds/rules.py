"""The City and Guilds state (CG-11 to CG-47): the position (state.py) with its legal answers (legal.py), what each
answer does (flow.py), the words on turn (words.py), what a seat may see (view.py), the snapshot (snapshot.py), the
score sheet (scoring.py) and the action codec (actions.py), put together as the kernel's `State`.

One question at a time (questions.py): return a tile (setup), pick a tile, choose its lot (or put the tile back and
pick again), resolve a guild building or a minstrel house, take or decline a tavern, take a display tile. The position
itself is flat lists of ints so that `clone` and random playouts stay fast. Hidden: hand contents (unless `open_hands`)
and the supply order (CG-47); `determinize` resamples them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from guildtable.games.city_and_guilds import actions, flow, legal, scoring, words
from guildtable.games.city_and_guilds.actions import (
    DOUBLE,
    FIGURE,
    INVEST,
    LOT_BASE,
    NO_FIGURE,
    NO_TAVERN,
    PUT_BACK,
    RETURN_BASE,
    SELECT_BASE,
    TAKE_BASE,
)
from guildtable.games.city_and_guilds.content import EMPTY, TAVERN
from guildtable.games.city_and_guilds.questions import Building, Draw, Lot, MinstrelFigure, Pick, Return, TavernChoice
from guildtable.games.city_and_guilds.snapshot import CityAndGuildsSnapshot, snapshot_of
from guildtable.games.city_and_guilds.state import CityAndGuildsPosition
from guildtable.games.city_and_guilds.view import CityAndGuildsView, view_of
from guildtable.kernel import Rng
from guildtable.kernel.i18n import domain
from guildtable.kernel.scoresheet import ScoreSheet

_ = domain("city_and_guilds").gettext


class CityAndGuildsState(CityAndGuildsPosition):
    """A position with the questions' legal answers, what each answer does, and the state protocol around them."""

    __slots__ = ()
    end_rule = "CG-43"

    # --- the answers and what they do: the functions themselves, not wrappers (search and playouts call them most) ----
    legal_actions = legal.legal_actions
    why_illegal = legal.why_illegal
    _apply = flow.apply

    # --- the question on turn ------------------------------------------------------------------------------------
    def prompt(self, names: Sequence[str] | None = None) -> str:
        """The question on turn in plain words (words.py)."""
        if not self.stack:
            return _("The game is over")
        question = self.stack[-1]
        if isinstance(question, Return):
            return words.return_prompt()
        if isinstance(question, Pick):
            return words.setup_pick_prompt() if self.in_setup else words.pick_prompt()
        if isinstance(question, Lot):
            return words.lot_prompt(question.tile, self.in_setup)
        if isinstance(question, Building):
            return words.building_prompt(self.tiles[question.lot])
        if isinstance(question, MinstrelFigure):
            return words.minstrel_prompt()
        if isinstance(question, TavernChoice):
            return words.tavern_prompt(self.options["tavern_mandatory"])
        return words.draw_prompt()

    def action_label(self, action: int, names: Sequence[str] | None = None) -> str:
        """`action` in plain words for a button, as an answer to the question on turn."""
        question = self.stack[-1] if self.stack else None
        if action < LOT_BASE:
            return words.pick_label(action - SELECT_BASE)
        if action < INVEST:
            lot = action - LOT_BASE
            if lot >= self.board.lots:
                return _("Lot {number}, beyond this map", number=lot + 1)
            tile = question.tile if isinstance(question, Lot) else TAVERN
            block = self.board.lot_block[lot]
            full = self.empty_in_block[block] == 1 and self.tiles[lot] == EMPTY
            return words.lot_label(tile, self.board.lot_names[lot], self.board.block_letters[block] if full else None)
        if action == PUT_BACK:
            if isinstance(question, Lot):
                return words.put_back_label(question.tile)
            return _("Put the tile back in your hand")
        if action >= RETURN_BASE:
            return words.return_label(action - RETURN_BASE)
        if action >= TAKE_BASE:
            return words.take_label(action - TAKE_BASE)
        if action == INVEST:
            if isinstance(question, Building):
                return words.invest_label(self.tiles[question.lot])
            return _("Invest: 1 figure, +1 on the track")
        return {
            DOUBLE: words.double_label,
            FIGURE: words.figure_label,
            NO_FIGURE: words.no_figure_label,
            NO_TAVERN: words.no_tavern_label,
        }[action]()

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

"""City and Guilds rules (CG-11 to CG-47): the state's legal answers and what each answer does.

One question at a time (questions.py): return a tile (setup), pick a tile, choose its lot (or put the tile back and
pick again), resolve a guild building or a minstrel house, take or decline a tavern, take a display tile. The position
itself (state.py) is flat lists of ints so that `clone` and random playouts stay fast. Hidden: hand contents (unless
`open_hands`) and the supply order (CG-47).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from guildtable.games.city_and_guilds import actions, completion, scoring, snapshots, views, words
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
from guildtable.games.city_and_guilds.content import (
    BUILDING_STEPS,
    DISPLAY_SIZE,
    EMPTY,
    GUILDS,
    HAND_KINDS,
    MARKET,
    MARKET_STEPS,
    MINSTREL,
    SEAT_NAMES,
    TAVERN,
    TILE_CODES,
)
from guildtable.games.city_and_guilds.questions import BUILDING, DRAW, LOT, MINSTREL_FIGURE, PICK, RETURN, TAVERN_CHOICE
from guildtable.games.city_and_guilds.sheet import sheet_of_ledger
from guildtable.games.city_and_guilds.state import CityAndGuildsPosition
from guildtable.kernel import Event, IllegalAction, Rng
from guildtable.kernel.decisions import Decision
from guildtable.kernel.events import private, public
from guildtable.kernel.i18n import domain
from guildtable.kernel.scoresheet import ScoreSheet

_ = domain("city_and_guilds").gettext


class CityAndGuildsState(CityAndGuildsPosition):
    """A position with the questions' legal answers, what each answer does, and the state protocol around them."""

    __slots__ = ()
    end_rule = "CG-43"

    # --- the question on turn ------------------------------------------------------------------------------------
    def prompt(self, names: Sequence[str] | None = None) -> str:
        """The question on turn in plain words (words.py)."""
        if not self.pending:
            return _("The game is over")
        decision = self.pending[-1]
        kind = decision.kind
        if kind == RETURN:
            return words.return_prompt()
        if kind == PICK:
            return words.setup_pick_prompt() if self.in_setup else words.pick_prompt()
        if kind == LOT:
            return words.lot_prompt(decision.context[0], self.in_setup)
        if kind == BUILDING:
            return words.building_prompt(self.tiles[decision.context[0]])
        if kind == MINSTREL_FIGURE:
            return words.minstrel_prompt()
        if kind == TAVERN_CHOICE:
            return words.tavern_prompt(self.options["tavern_mandatory"])
        return words.draw_prompt()

    def action_label(self, action: int, names: Sequence[str] | None = None) -> str:
        """`action` in plain words for a button, as an answer to the question on turn."""
        decision = self.pending[-1] if self.pending else None
        if action < LOT_BASE:
            return words.pick_label(action - SELECT_BASE)
        if action < INVEST:
            lot = action - LOT_BASE
            if lot >= self.board.lots:
                return _("Lot {number}, beyond this map", number=lot + 1)
            tile = TAVERN if decision is None or decision.kind != LOT else decision.context[0]
            block = self.board.lot_block[lot]
            full = self.empty_in_block[block] == 1 and self.tiles[lot] == EMPTY
            return words.lot_label(tile, self.board.lot_names[lot], self.board.block_letters[block] if full else None)
        if action == PUT_BACK:
            tile = decision.context[0] if decision is not None and decision.kind == LOT else None
            return _("Put the tile back in your hand") if tile is None else words.put_back_label(tile)
        if action >= RETURN_BASE:
            return words.return_label(action - RETURN_BASE)
        if action >= TAKE_BASE:
            return words.take_label(action - TAKE_BASE)
        if action == INVEST:
            if decision is not None and decision.kind == BUILDING:
                return words.invest_label(self.tiles[decision.context[0]])
            return _("Invest: 1 figure, +1 on the track")
        return {
            DOUBLE: words.double_label,
            FIGURE: words.figure_label,
            NO_FIGURE: words.no_figure_label,
            NO_TAVERN: words.no_tavern_label,
        }[action]()

    def legal_actions(self) -> list[int]:
        if not self.pending:
            return []
        decision = self.pending[-1]
        kind = decision.kind
        if kind == LOT:
            return [*(LOT_BASE + lot for lot in self._legal_lots()), PUT_BACK]
        if kind == PICK:
            return [SELECT_BASE + tile for tile in self._pickable(decision.seat)]
        if kind == DRAW:
            return [TAKE_BASE + tile for tile in sorted(set(self.display))]
        if kind == BUILDING:
            return [INVEST, DOUBLE]
        if kind == MINSTREL_FIGURE:
            return [FIGURE, NO_FIGURE]
        if kind == TAVERN_CHOICE:
            lots = [LOT_BASE + lot for lot in self._legal_lots()]
            return lots if self.options["tavern_mandatory"] else [*lots, NO_TAVERN]
        return [RETURN_BASE + tile for tile in sorted(set(self.hands[decision.seat]))]

    def _legal_lots(self) -> list[int]:
        """CG-16 (main game, taverns) or CG-14 (setup round)."""
        tiles, touch = self.tiles, self.touch
        if self.in_setup:
            return self._setup_lots()
        return [lot for lot in range(len(tiles)) if touch[lot] and tiles[lot] == EMPTY]

    def _setup_lots(self) -> list[int]:
        """CG-14: a lot in a block without tiles, not adjacent to any tile; CG-A-17 relaxes the second condition on a
        custom map where no such lot is left."""
        board, tiles, touch = self.board, self.tiles, self.touch
        empty_blocks = [b for b in range(board.blocks) if self.empty_in_block[b] == len(board.block_lots[b])]
        candidates = sorted(lot for b in empty_blocks for lot in board.block_lots[b])
        strict = [lot for lot in candidates if not touch[lot] and tiles[lot] == EMPTY]
        return strict or candidates

    def _pickable(self, seat: int) -> list[int]:
        tiles = sorted(set(self.hands[seat]))
        if self.figures[seat] == 0 and self.options["building_without_figures"] == "forbidden" and not self.in_setup:
            tiles = [tile for tile in tiles if tile >= MARKET]
        return tiles

    def why_illegal(self, action: int) -> tuple[str, str] | None:
        decision = self.pending[-1]
        kind, seat = decision.kind, decision.seat
        if action == PUT_BACK and kind != LOT:
            return "CG-16", _("You can put a tile back only while choosing its lot")
        if kind == LOT:
            if action == PUT_BACK:
                return None
            if not LOT_BASE <= action < INVEST:
                picked = words.your_tile(decision.context[0])
                return "CG-16", _("First choose a lot for {your_tile}, or put it back in your hand", your_tile=picked)
            return self._why_lot_illegal(action - LOT_BASE, "CG-14" if self.in_setup else "CG-16")
        if kind == PICK:
            if not SELECT_BASE <= action < LOT_BASE:
                return "CG-16", _("First choose a tile from your hand to place")
            tile = action - SELECT_BASE
            if tile not in self.hands[seat]:
                return "CG-16", _("You have {no_tile} in your hand", no_tile=words.no_tile(tile))
            if tile not in self._pickable(seat):
                return "CG-A-9", _("At this table a building cannot be placed once your figures are used up")
            return None
        if kind == DRAW:
            if not TAKE_BASE <= action < RETURN_BASE:
                return "CG-24", _("First take a tile from the display into your hand")
            tile = action - TAKE_BASE
            if tile not in self.display:
                return "CG-24", _("The display has {no_tile}", no_tile=words.no_tile(tile))
            return None
        if kind == BUILDING:
            if action in (INVEST, DOUBLE):
                return None
            guild = words.guild_words(self.tiles[decision.context[0]])
            return "CG-17", _(
                "First say how the {guild} building is taken: 1 figure and a step up the {guild} track, or 2 figures",
                guild=guild,
            )
        if kind == MINSTREL_FIGURE:
            if action in (FIGURE, NO_FIGURE):
                return None
            if action == DOUBLE:
                return "CG-21", _("A minstrel house takes one figure, never two")
            return "CG-21", _("First say whether you put a figure on the minstrel house")
        if kind == TAVERN_CHOICE:
            if action == NO_TAVERN:
                if self.options["tavern_mandatory"]:
                    return "CG-36", _("At this table the player who completes a block must place a tavern")
                return None
            if not LOT_BASE <= action < INVEST:
                return "CG-36", _("First place the tavern on a lot, or do without it")
            return self._why_lot_illegal(action - LOT_BASE, "CG-36")
        if not RETURN_BASE <= action < RETURN_BASE + HAND_KINDS:
            return "CG-11", _("First give back one of your four tiles, face down")
        tile = action - RETURN_BASE
        if tile not in self.hands[seat]:
            return "CG-11", _("You have {no_tile} to give back", no_tile=words.no_tile(tile))
        return None

    def _why_lot_illegal(self, lot: int, rule: str) -> tuple[str, str] | None:
        board = self.board
        if lot >= board.lots:
            return rule, _(
                "This map has {count} lots, from {first} to {last}",
                count=board.lots,
                first=board.lot_names[0],
                last=board.lot_names[-1],
            )
        name = board.lot_names[lot]
        if self.tiles[lot] != EMPTY:
            return "CG-23", _("Lot {lot} already holds {tile}", lot=name, tile=words.a_tile_subject(self.tiles[lot]))
        if self.in_setup:
            if lot in self._setup_lots():
                return None
            block = board.lot_block[lot]
            if self.empty_in_block[block] != len(board.block_lots[block]):
                letter = board.block_letters[block]
                return "CG-14", _(
                    "Block {block} already has a tile; in the setup round each tile opens an empty block", block=letter
                )
            return "CG-14", _(
                "Lot {lot} faces a tile already placed; in the setup round tiles may not be next to others", lot=name
            )
        if not self.touch[lot]:
            return rule, _(
                "Lot {lot} is not next to any placed tile: a tile must face one in a straight line, in its block or "
                "across the street",
                lot=name,
            )
        return None

    # --- applying answers ----------------------------------------------------------------------------------------
    def _apply(self, action: int) -> list[Event]:
        decision = self.pending.pop()
        kind, seat = decision.kind, decision.seat
        # The returned tile is secret (CG-11): the public record of the move does not name it.
        self.last_move = "return (a tile)" if kind == RETURN else actions.notation(action, self.board)
        if kind == LOT:
            if action == PUT_BACK:
                return self._put_back(seat, decision.context[0])
            return self._place(seat, decision.context[0], action - LOT_BASE)
        if kind == PICK:
            tile = action - SELECT_BASE
            self.hands[seat].remove(tile)
            known = self.known[seat]
            if known[tile]:
                known[tile] -= 1
            self.pending.append(Decision(LOT, seat, (tile,)))
            return [public("pick", seat=seat, tile=TILE_CODES[tile], move=self.last_move)]
        if kind == DRAW:
            return self._take(seat, action - TAKE_BASE)
        if kind == BUILDING:
            lot = decision.context[0]
            events: list[Event] = []
            if action == INVEST:
                self.put_figures(seat, lot, 1)
                events.append(self._advance(seat, self.tiles[lot], BUILDING_STEPS))
            else:
                self.put_figures(seat, lot, 2)
            name = self.board.lot_names[lot]
            resolve = public("resolve", seat=seat, lot=name, tile=TILE_CODES[self.tiles[lot]], choice=self.last_move)
            events[:0] = [resolve]
            events.extend(self._after_placement(seat, lot, True))
            return events
        if kind == MINSTREL_FIGURE:
            lot = decision.context[0]
            if action == FIGURE:
                self.put_figures(seat, lot, 1)
            name = self.board.lot_names[lot]
            events = [public("resolve", seat=seat, lot=name, tile=TILE_CODES[MINSTREL], choice=self.last_move)]
            events.extend(self._after_placement(seat, lot, action == FIGURE))
            return events
        if kind == TAVERN_CHOICE:
            if action == NO_TAVERN:
                return [public("tavern_declined", seat=seat, move="notavern"), *self._end_turn(seat)]
            return self._place_tavern(seat, action - LOT_BASE)
        return self._return(seat, action - RETURN_BASE)

    def _put_back(self, seat: int, tile: int) -> list[Event]:
        """The picked tile goes back into the hand and the tile question is asked again. Everyone saw which tile it
        was when it was picked, so it now counts as known in that hand."""
        self.hands[seat].append(tile)
        self.hands[seat].sort()
        self.known[seat][tile] += 1
        self.pending.append(Decision(PICK, seat))
        return [public("put_back", seat=seat, tile=TILE_CODES[tile], move=self.last_move)]

    def _return(self, seat: int, tile: int) -> list[Event]:
        """CG-11: the returned tile goes back face down; once everybody has returned, the supply is shuffled."""
        self.hands[seat].remove(tile)
        self.returned[seat] = tile
        if self.keep_order:
            self.supply.insert(0, tile)  # the bottom of the pile
        else:
            self.supply.append(tile)
        events = [
            public("return", seat=seat),
            private(seat, "returned", seat=seat, tile=TILE_CODES[tile]),
        ]
        if not self.pending:
            if not self.keep_order:
                Rng(self.shuffle_seed).shuffle(self.supply)
            events.extend(self._refill_display())
            self.pending.append(Decision(PICK, self.start_player))
        return events

    def _refill_display(self) -> list[Event]:
        revealed = []
        while len(self.display) < DISPLAY_SIZE and self.supply:
            tile = self.supply.pop()
            self.display.append(tile)
            revealed.append(TILE_CODES[tile])
        self.display.sort()
        return [public("reveal", tiles=revealed)] if revealed else []

    def _place(self, seat: int, tile: int, lot: int) -> list[Event]:
        """CG-14 / CG-16 to CG-21: put the tile down and resolve what it asks for."""
        self.put_tile(lot, tile)
        self.placed[seat] += 1
        name = self.board.lot_names[lot]
        letter = self.board.block_letters[self.board.lot_block[lot]]
        setup = self.in_setup
        move = f"{TILE_CODES[tile]} {name}"
        events = [public("place", seat=seat, tile=TILE_CODES[tile], lot=name, block=letter, setup=setup, move=move)]
        if setup:  # CG-14, CG-A-17: no figure, no investment, no marker, no owner
            self.setup_placed += 1
            events.extend(self._end_turn(seat))
            return events
        figures = self.figures[seat]
        if tile < MARKET:  # CG-17 to CG-19
            can = scoring.can_advance(self.values[tile], seat, BUILDING_STEPS)
            if figures >= 2 and can:
                self.pending.append(Decision(BUILDING, seat, (lot,)))
                return events
            guild = GUILDS[tile]
            if figures >= 2:
                self.put_figures(seat, lot, 2)
                text = "+1 is blocked: two figures"
                events.append(public("forced", seat=seat, rule="CG-18", lot=name, guild=guild, figures=2, text=text))
            else:
                if figures == 1:
                    self.put_figures(seat, lot, 1)
                rule = "CG-18" if figures else "CG-19"
                text = "the last figure, no choice" if figures else "no figures left: the building stays unowned"
                events.append(public("forced", seat=seat, rule=rule, lot=name, guild=guild, figures=figures, text=text))
                events.append(self._advance(seat, tile, BUILDING_STEPS))
            events.extend(self._after_placement(seat, lot, figures > 0))
            return events
        if tile < MINSTREL:  # CG-20
            events.append(self._advance(seat, tile - MARKET, MARKET_STEPS))
            events.extend(self._after_placement(seat, lot, False))
            return events
        if figures:  # CG-21: the figure is optional, so ask
            self.pending.append(Decision(MINSTREL_FIGURE, seat, (lot,)))
            return events
        events.extend(self._after_placement(seat, lot, False))
        return events

    def _advance(self, seat: int, guild: int, steps: int) -> Event:
        """CG-26: advance if the target value holds fewer than 3 markers; arrival order by a global clock."""
        values = self.values[guild]
        before = values[seat]
        if not scoring.can_advance(values, seat, steps):
            return public(
                "invest",
                seat=seat,
                guild=GUILDS[guild],
                blocked=True,
                target=before + steps,
                text=f"value {before + steps} of the {GUILDS[guild]} track already holds 3 markers: no investment",
            )
        values[seat] = before + steps
        self.clock += 1
        self.stamps[guild][seat] = self.clock
        return public("invest", seat=seat, guild=GUILDS[guild], blocked=False, before=before, after=before + steps)

    def _update_markers(self, seat: int, block: int) -> Event | None:
        """CG-29: the white and black block markers after `seat` put figures into `block`."""
        n = self.num_players
        base = block * n
        strengths = [(self.bld[base + p], self.fig[base + p]) for p in range(n)]
        before = (self.white[block], self.black[block])
        after = scoring.update_markers(strengths, before[0], before[1], seat)
        if after == before:
            return None
        self.white[block], self.black[block] = after
        return public(
            "markers",
            block=self.board.block_letters[block],
            white=after[0],
            black=None if after[1] < 0 else after[1],
        )

    def _after_placement(self, seat: int, lot: int, figures_put: bool) -> list[Event]:
        """CG-29, then CG-31: score a completed block, then the tavern offer (CG-36) or the end of the turn."""
        block = self.board.lot_block[lot]
        events: list[Event] = []
        if figures_put:
            event = self._update_markers(seat, block)
            if event is not None:
                events.append(event)
        if self.empty_in_block[block] == 0:
            events.append(self._score_block(block, seat))
            events.extend(self._offer_tavern(seat))
        else:
            events.extend(self._end_turn(seat))
        return events

    def _offer_tavern(self, seat: int) -> list[Event]:
        """CG-36: the completing player may take a tavern if one is left and a lot can take it."""
        if self.taverns and self.empty_total:
            self.pending.append(Decision(TAVERN_CHOICE, seat))
            return []
        return self._end_turn(seat)

    def _place_tavern(self, seat: int, lot: int) -> list[Event]:
        """CG-36/CG-37: a tavern holds no figure and invests nothing; a block it completes is scored at once."""
        self.taverns -= 1
        self.put_tile(lot, TAVERN)
        name = self.board.lot_names[lot]
        letter = self.board.block_letters[self.board.lot_block[lot]]
        text = f"{SEAT_NAMES[seat]} places a tavern on lot {name} (+5 to block {letter}'s value)"
        events = [public("tavern", seat=seat, lot=name, block=letter, move=name, text=text)]
        block = self.board.lot_block[lot]
        if self.empty_in_block[block] == 0:
            events.append(self._score_block(block, seat, by_tavern=True))
            events.extend(self._offer_tavern(seat))
        else:
            events.extend(self._end_turn(seat))
        return events

    def _score_block(self, block: int, completer: int, by_tavern: bool = False) -> Event:
        return completion.score_block(self, block, completer, by_tavern)

    def _finish(self) -> list[Event]:
        return completion.final_scoring(self)

    def _end_turn(self, seat: int) -> list[Event]:
        """CG-43: the game ends when every lot is full; otherwise the draw (CG-24) or the next turn."""
        if not self.empty_total:
            return self._finish()
        if self.display:
            self.pending.append(Decision(DRAW, seat))
            return []
        return self._next_turn(seat)

    def _take(self, seat: int, tile: int) -> list[Event]:
        """CG-24/CG-25: take a display tile, refill from the supply if it has any."""
        self.display.remove(tile)
        self.hands[seat].append(tile)
        self.hands[seat].sort()
        self.known[seat][tile] += 1
        events = [public("take", seat=seat, tile=TILE_CODES[tile], move=self.last_move)]
        events.extend(self._refill_display())
        events.extend(self._next_turn(seat))
        return events

    def _next_turn(self, seat: int) -> list[Event]:
        """CG-13, CG-25: the next seat clockwise that can place a tile; nobody can → the game ends."""
        n = self.num_players
        events: list[Event] = []
        for step in range(1, n + 1):
            player = (seat + step) % n
            if self.hands[player] and self._pickable(player):
                self.pending.append(Decision(PICK, player))
                return events
            events.append(public("pass", seat=player, reason="no tile to place"))
        events.extend(self._finish())
        return events

    # --- results -------------------------------------------------------------------------------------------------
    def score_sheet(self) -> ScoreSheet:
        return sheet_of_ledger(self.ledger, self.num_players, self.scores())

    def score_breakdown(self) -> dict[str, Any]:
        by_source = [{"block": 0, "guild": 0, "final": 0, "penalty": 0} for _seat in range(self.num_players)]
        for source, seat, amount, _why in self.ledger:
            by_source[seat][source] += amount
        return {
            "seats": list(SEAT_NAMES[: self.num_players]),
            "by_source": by_source,
            "entries": [list(entry) for entry in self.ledger],
            "blocks_scored": [self.board.block_letters[block] for block in self.scored],
            "final": self.final,
            "totals": self.scores(),
            "winners": self.winners(),
        }

    # --- what a seat may know ------------------------------------------------------------------------------------
    def view(self, seat: int | None) -> dict[str, Any]:
        return views.view_of(self, seat)

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

    def snapshot(self) -> dict[str, Any]:
        return snapshots.snapshot_of(self)

    # --- the action codec ----------------------------------------------------------------------------------------
    def action_to_json(self, action: int) -> dict[str, Any]:
        if action < LOT_BASE:
            return {"type": "pick", "tile": TILE_CODES[action]}
        if action < INVEST:
            kind = "tavern" if self.pending and self.pending[-1].kind == TAVERN_CHOICE else "place"
            return {"type": kind, "lot": actions.notation(action, self.board)}
        if action == PUT_BACK:
            return {"type": "back"}
        if action >= RETURN_BASE:
            return {"type": "return", "tile": TILE_CODES[action - RETURN_BASE]}
        if action >= TAKE_BASE:
            return {"type": "take", "tile": TILE_CODES[action - TAKE_BASE]}
        return {"type": actions.notation(action, self.board)}

    def action_from_json(self, data: Mapping[str, Any]) -> int:
        if not isinstance(data, Mapping):
            raise IllegalAction("", _("an action is a JSON object with a {key}", key="'type'"))
        kind = data.get("type")
        if kind in ("pick", "take", "return"):
            tile = data.get("tile")
            if not isinstance(tile, str):
                raise IllegalAction("", _("a {kind} needs {key} as a tile code", kind=kind, key="'tile'"))
            base = {"pick": SELECT_BASE, "take": TAKE_BASE, "return": RETURN_BASE}[kind]
            return actions.parse(tile, self.board, base, None)
        if kind in ("place", "tavern"):
            lot = data.get("lot")
            if not isinstance(lot, str) or lot.upper() not in self.board.lot_by_name:
                raise IllegalAction(
                    "",
                    _("a {kind} needs {key} as a lot name such as {example}", kind=kind, key="'lot'", example="'A5'"),
                )
            return LOT_BASE + self.board.lot_by_name[lot.upper()]
        if kind in ("invest", "double", "figure", "nofigure", "notavern", "back"):
            return actions.parse(str(kind), self.board, SELECT_BASE, None)
        raise IllegalAction(
            "",
            _(
                "unknown action type {kind} ({types})",
                kind=repr(kind),
                types="pick, place, back, invest, double, figure, nofigure, tavern, notavern, take, return",
            ),
        )

    def action_to_notation(self, action: int) -> str:
        return actions.notation(action, self.board)

    def action_from_notation(self, text: str) -> int:
        kind = self.pending[-1].kind if self.pending else PICK
        base = {DRAW: TAKE_BASE, RETURN: RETURN_BASE}.get(kind, SELECT_BASE)
        decline = {MINSTREL_FIGURE: NO_FIGURE, TAVERN_CHOICE: NO_TAVERN}.get(kind)
        return actions.parse(text, self.board, base, decline)

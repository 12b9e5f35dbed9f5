"""Guildhall rules (GH-9 to GH-116): the state, the open question, its legal answers and what an answer does.

Every multi-step choice is a stack of small questions (Appendix A). A stack entry is a plain tuple
`(kind, seat, *context)`; kinds in `AUTO` are bookkeeping steps the engine runs itself (the next action, end of
turn, queued placements) so that an out-of-turn question (the completed-chapter cap, GH-53) can interrupt anything
and the interrupted step resumes afterwards. Hot data is flat: guildhalls are colour masks (`halls[seat * 6 + prof]`),
zones are lists of card identities, the draw deck and discard pile keep their TOP AT THE END of the list.

The legal answers are computed in `legality.py`, what an answer does in `handlers.py`, views in `views.py`.

Hidden: hands (GH-21), the order of the draw deck, the discard pile below its top card (GH-20), cards a player is
selecting to discard, Bricklayer put-backs (GH-D20, known to their owner only). Views and events follow §3.2, GH-D18
and GH-D19; `determinize` resamples exactly those.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import fields
from typing import TYPE_CHECKING, Any

from guildtable.games.guildhall import actions as act
from guildtable.games.guildhall import feasibility as fz
from guildtable.games.guildhall import legality
from guildtable.games.guildhall.actions import PROF
from guildtable.games.guildhall.content import (
    CARD_NAMES,
    COLOURS,
    FULL_CHAPTER,
    PROFESSION_NAMES,
    PROFESSIONS,
)
from guildtable.games.guildhall.glossary import prestige_name
from guildtable.games.guildhall.legality import ANSWERS as _ANSWERS
from guildtable.games.guildhall.questions import (
    ACTION,
    AUTO,
    BRICK_PUT,
    CAP,
    CAP_DISCARD,
    CHOOSE_LEVEL,
    DD_SELECT,
    HUNT_CHAPTER,
    HUNT_GIVE,
    HUNT_TAKE,
    HUNTER,
    KIND_NAMES,
    NEXT_ACTION,
    PAY,
    PED_TAKE,
    PLACE_NEXT,
    PLACE_QUEUE,
    PRESTIGE,
    ROB_PICK,
    SP_DISCARD,
    SW_GIVE,
    T_PED,
    T_ROB,
    T_SWAP,
    T_TAKE_CHAPTER,
    TAKE_CARD,
    TARGET,
    TC_CHAPTER,
    TRANSIT_SLOT,
    VERB,
    WIN_VP,
    level_of,
)
from guildtable.kernel import Event, Rng, State
from guildtable.kernel.i18n import domain
from guildtable.kernel.scoresheet import ScoreCategory, ScoreSheet, line

if TYPE_CHECKING:
    from guildtable.games.guildhall.setup import Opening
    from guildtable.kernel import Game


# Events are built at every step of a playout, so they are made without the frozen dataclass's __init__ (the same
# three fields set directly; an Event field added in the kernel fails the assertion) and private ones share one seat
# set per seat.
assert [f.name for f in fields(Event)] == ["kind", "data", "seats"], "Guildhall builds Event objects field by field"
_ = domain("guildhall").gettext
_ONLY = tuple(frozenset((seat,)) for seat in range(8))
_new_event = Event.__new__
_set_kind = Event.__dict__["kind"].__set__
_set_data = Event.__dict__["data"].__set__
_set_seats = Event.__dict__["seats"].__set__


def public(kind: str, **data: Any) -> Event:
    """`kernel.events.public`: an event every seat may see."""
    event = _new_event(Event)
    _set_kind(event, kind)
    _set_data(event, data)
    _set_seats(event, None)
    return event


def private(to: int, kind: str, **data: Any) -> Event:
    """`kernel.events.private`: an event only seat `to` may see."""
    event = _new_event(Event)
    _set_kind(event, kind)
    _set_data(event, data)
    _set_seats(event, _ONLY[to])
    return event


class GuildhallState(State):
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
    end_rule = "GH-113"

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

    # --- legal answers ---------------------------------------------------------------------------------------------
    def legal_actions(self) -> list[int]:
        legal = self._legal
        if legal is None:
            stack = self.stack
            if stack:
                entry = stack[-1]
                legal = self._legal = _ANSWERS[entry[0]](self, entry, entry[1])
            else:
                legal = self._legal = []
        return legal.copy()

    # --- applying answers ------------------------------------------------------------------------------------------
    def why_illegal(self, action: int) -> tuple[str, str] | None:
        if action in self.legal_actions():
            return None
        from guildtable.games.guildhall.reasons import reason

        return reason(self, action)

    def _apply(self, action: int) -> list[Event]:
        self._legal = None
        stack = self.stack
        entry = stack.pop()
        kind = entry[0]
        events: list[Event] = []
        self.last_move = _MOVES[kind][action]
        _HANDLERS[kind](self, entry, entry[1], action, events)
        while stack and stack[-1][0] in AUTO:  # bookkeeping steps run until a question is open (or the game is over)
            entry = stack.pop()
            _AUTO_HANDLERS[entry[0]](self, entry, events)
        return events

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

    def ask_target(self, seat: int, purpose: int, lv: int, events: list[Event]) -> None:
        targets = [s for s in self.opponents(seat) if legality.target_ok(self, seat, s, purpose, lv)]
        if len(targets) == 1:
            self.on_target(seat, purpose, lv, targets[0], events)
        else:
            self.stack.append((TARGET, seat, purpose, lv))

    def on_target(self, seat: int, purpose: int, lv: int, target: int, events: list[Event]) -> None:
        events.append(public("target", seat=seat, target=target))
        if purpose == T_ROB:
            level = level_of(lv)
            if level.choose:  # GH-66/67, GH-69: the acting player alone sees the whole hand
                events.append(
                    private(seat, "hand_revealed", target=target, cards=[CARD_NAMES[c] for c in self.hands[target]])
                )
                self.stack.append((ROB_PICK, seat, target, level.cards))
            else:
                self.rob_random(seat, target, events)
        elif purpose == T_PED:
            level = level_of(lv)
            self.stack.append((PED_TAKE, seat, target, lv, 1 if level.give_chapter else level.cards, ()))
        elif purpose == T_TAKE_CHAPTER:
            self.stack.append((TC_CHAPTER, seat, target))
        elif purpose == T_SWAP:
            self.stack.append((SW_GIVE, seat, target))
        else:
            self.stack.append((TAKE_CARD, seat, target))

    def rob_random(self, seat: int, target: int, events: list[Event]) -> None:
        """GH-65 with GH-D9: a random card of the target's hand (`legal_only`: among the placeable ones if any)."""
        hand = self.hands[target]
        masks = self.masks(seat)
        pool = hand
        if self.options["robber_random"] == "legal_only":
            pool = [card for card in hand if fz.legal_in(masks, card)] or hand
        card = pool[self.rng.below(len(pool))]
        hand.remove(card)
        events.append(public("robbed", seat=seat, target=target, card=CARD_NAMES[card]))
        self.place(seat, card, True, events, "robber")

    def cards_in_transit(self) -> list[int]:
        """Cards held by an unfinished ability (revealed, given, taken): part of the 120 (GH-1)."""
        cards = list(self.selected)
        for entry in self.stack:
            slot = TRANSIT_SLOT.get(entry[0])
            if slot is not None:
                cards.extend(entry[slot])
        return cards

    # --- results ---------------------------------------------------------------------------------------------------
    def scores(self) -> list[float]:
        return [float(self.vp(seat)) for seat in range(self.num_players)]

    def winners(self) -> list[int]:
        return list(self.winner_seats) if not self.stack else []

    def score_sheet(self) -> ScoreSheet:
        """GH-112: each prestige card by its plain name and its VP, then the VP tokens."""
        n = self.num_players
        cards = tuple(
            line(_("Prestige card: {name}", name=prestige_name(kind)), n, {seat: PRESTIGE[kind].vp})
            for seat in range(n)
            for kind in self.owned[seat]
        )
        tokens = (line(_("VP tokens"), n, dict(enumerate(self.tokens[:n]))),)
        totals = tuple(float(score) for score in self.scores())
        return ScoreSheet((ScoreCategory(_("Prestige cards"), cards), ScoreCategory(_("VP tokens"), tokens)), totals)

    def score_breakdown(self) -> dict[str, Any]:
        return {
            "players": [
                {
                    "seat": seat,
                    "prestige": [PRESTIGE[k].type_id for k in self.owned[seat]],
                    "prestige_vp": sum(PRESTIGE[k].vp for k in self.owned[seat]),
                    "vp_tokens": self.tokens[seat],
                    "vp": self.vp(seat),
                }
                for seat in range(self.num_players)
            ],
            "winners": self.winners(),
            "turns": self.turn,
            "ended_by": self._ended_by(),
        }

    def _ended_by(self) -> str:
        if self.stack:
            return ""
        if any(self.vp(s) >= WIN_VP for s in self.winner_seats):
            return "20 VP at the end of the winner's own turn (GH-113)"
        return "max_turns reached: highest VP wins (simulation limit, GH-D22)"

    # --- views, copies, codec --------------------------------------------------------------------------------------
    def view(self, seat: int | None) -> dict[str, Any]:
        from guildtable.games.guildhall.views import view

        return view(self, seat)

    def snapshot(self) -> dict[str, Any]:
        from guildtable.games.guildhall.views import snapshot

        return snapshot(self)

    def clone(self) -> GuildhallState:
        copy = self._clone_base()
        copy._legal = self._legal
        copy.rng = self.rng.clone()
        copy.deck = self.deck.copy()
        copy.discard = self.discard.copy()
        copy.hands = [hand.copy() for hand in self.hands]
        copy.selected = self.selected.copy()
        copy.areas = [area.copy() for area in self.areas]
        copy.halls = self.halls.copy()
        copy.completed = [done.copy() for done in self.completed]
        copy.owned = [owned.copy() for owned in self.owned]
        copy.tokens = self.tokens.copy()
        copy.row = self.row.copy()
        copy.prestige_deck = self.prestige_deck.copy()
        copy.removed = self.removed.copy()
        copy.start_player = self.start_player
        copy.active = self.active
        copy.actions_left = self.actions_left
        copy.played = self.played
        copy.turn = self.turn
        copy.prepared = self.prepared
        copy.known = self.known.copy()
        copy.winner_seats = self.winner_seats.copy()
        copy.last_move = self.last_move
        copy.stack = self.stack.copy()
        return copy

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

    def determinize(self, seat: int, rng: Rng) -> GuildhallState:
        """Resample what `seat` cannot see: other hands, the deck below the cards `seat` put back, the discard pile
        below its top (unless `seat` is searching it), and the prestige deck order."""
        copy = self.clone()
        copy._legal = None  # recomputed in the new world, so that a dependence on hidden facts would show
        copy.rng = rng.spawn()
        robbed = self.robbing(seat)
        pool: list[int] = []
        others = [s for s in self.opponents(seat) if s != robbed]
        for s in others:
            pool.extend(copy.hands[s])
        known = min(copy.known[seat], len(copy.deck))
        hidden_deck = len(copy.deck) - known
        pool.extend(copy.deck[:hidden_deck])
        searching = self.searching(seat)
        hidden_discard = 0 if searching or not copy.discard else len(copy.discard) - 1
        pool.extend(copy.discard[:hidden_discard])
        rng.shuffle(pool)
        at = 0
        for s in others:
            size = len(copy.hands[s])
            copy.hands[s] = sorted(pool[at : at + size])
            at += size
        copy.deck[:hidden_deck] = pool[at : at + hidden_deck]
        at += hidden_deck
        copy.discard[:hidden_discard] = pool[at : at + hidden_discard]
        for s in others:
            copy.known[s] = 0
        if self.options["small_game_removal"] == "per_value" and self.removed:
            prestige_pool = copy.prestige_deck + copy.removed
            rng.shuffle(prestige_pool)
            copy.removed = sorted(prestige_pool[: len(copy.removed)])
            copy.prestige_deck = prestige_pool[len(copy.removed) :]
        else:
            rng.shuffle(copy.prestige_deck)
        return copy

    def decision(self) -> tuple[Any, ...] | None:
        return self.stack[-1] if self.stack else None

    def prompt(self, names: Sequence[str] | None = None) -> str:
        from guildtable.games.guildhall.prompts import prompt

        return prompt(self, names)

    def action_label(self, action: int, names: Sequence[str] | None = None) -> str:
        from guildtable.games.guildhall.prompts import action_label

        return action_label(self, action, names)

    def notation_for(self, entry: tuple[Any, ...], action: int) -> str:
        """The public record of an answer (`last_move`): hidden choices are not named (GH-D18, GH-D20)."""
        kind: int = entry[0]
        return _MOVES[kind][action]

    def action_to_notation(self, action: int) -> str:
        entry = self.stack[-1] if self.stack else (ACTION, 0)
        if entry[0] in (PAY, CAP_DISCARD) and action < PROF:
            return act.notation(action, VERB[entry[0]])
        return act.notation(action, VERB.get(entry[0], ""))

    def action_from_notation(self, text: str) -> int:
        return act.parse(text)

    def action_to_json(self, action: int) -> dict[str, Any]:
        return act.to_json(action)

    def action_from_json(self, data: Mapping[str, Any]) -> int:
        return act.from_json(data)


def move_record(kind: int, action: int) -> str:
    """The public record of answering a question of `kind` with `action` (see `notation_for`)."""
    if kind in (SP_DISCARD, DD_SELECT) and action < PROF:
        return "select a card to discard"
    if kind == BRICK_PUT:
        return "put a card back on the deck"
    if kind == PAY and action >= PROF:  # the chapter paid below the top stays unnamed (GH-D16)
        return "pay a completed chapter"
    if kind == PAY and action < PROF:
        return f"pay {PROFESSION_NAMES[action // COLOURS]} chapter, {CARD_NAMES[action]} on top"
    if kind == CAP_DISCARD and action < PROF:
        return f"discard {PROFESSION_NAMES[action // COLOURS]} chapter, {CARD_NAMES[action]} on top"
    return act.notation(action, VERB.get(kind, ""))


# Every record made once: `_apply` looks it up at every step instead of formatting it.
_MOVES: tuple[tuple[str, ...], ...] = tuple(
    tuple(move_record(kind, action) for action in range(act.NUM_ACTIONS)) for kind in range(len(KIND_NAMES))
)

from guildtable.games.guildhall.handlers import AUTO_HANDLERS as _AUTO_HANDLERS  # noqa: E402
from guildtable.games.guildhall.handlers import HANDLERS as _HANDLERS  # noqa: E402

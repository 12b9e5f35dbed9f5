"""The City Blocks state (CB-10 to CB-22): the position (`state.py`) with its legal moves (`legal.py`), what a move
does (`flow.py`), its views, snapshot and words, as the kernel's `State`."""

# Compiled by mypyc at install (setup.py): see "Compiled engines" in src/guildtable/games/README.md.
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final, Literal, cast

from guildtable.games.city_blocks import actions, flow, legal, scoring, words
from guildtable.games.city_blocks.actions import NO_SWAP, PLACE_ACTIONS, SWAP_BASE, SWAP_PAIRS, CityBlocksActionJson
from guildtable.games.city_blocks.content import SITES, STREET_NAMES, TILE_CODES, TILE_TYPES, site_name
from guildtable.games.city_blocks.questions import KINDS, Place, Swap
from guildtable.games.city_blocks.scoring import CityBlocksBreakdown
from guildtable.games.city_blocks.snapshot import CityBlocksSnapshot
from guildtable.games.city_blocks.snapshot import write as write_snapshot
from guildtable.games.city_blocks.state import CityBlocksPosition
from guildtable.games.city_blocks.view import CityBlocksView
from guildtable.games.city_blocks.view import views as seat_views
from guildtable.kernel import Event, IllegalAction, LegalMove
from guildtable.kernel.i18n import current_language, domain
from guildtable.kernel.protocol import Reason
from guildtable.kernel.questions import Handler, Handlers
from guildtable.kernel.scoresheet import ScoreSheet

_ = domain("city_blocks").gettext

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


HANDLERS: Final[Handlers[CityBlocksPosition]] = Handlers(KINDS, over=words.over)
"""What each City Blocks question allows and does (CB-10 to CB-21)."""
HANDLERS.ask(
    Place,
    Handler(
        legal=legal.places,
        refuse=legal.refuse_place,
        answer=flow.place,
        prompt=words.place_prompt,
        label=words.action_label,
    ),
)
HANDLERS.ask(
    Swap,
    Handler(
        legal=legal.swaps,
        refuse=legal.refuse_swap,
        answer=flow.swap,
        prompt=words.swap_prompt,
        label=words.action_label,
    ),
)
HANDLERS.complete()
assert not HANDLERS.steps, "CityBlocksState._apply settles no automatic question"
_PLACE: Final = HANDLERS.asked[Place]
assert (_PLACE.legal, _PLACE.refuse, _PLACE.answer) == (legal.places, legal.refuse_place, flow.place)


class CityBlocksState(CityBlocksPosition):
    """A City Blocks position as the kernel's `State`: its questions are answered through `HANDLERS`."""

    __slots__ = ()
    handlers = HANDLERS

    # The prompts and labels come from `HANDLERS` through the kernel's `StackState`. The legal moves, refusals and
    # answers, asked at every step, are its methods too, read from `HANDLERS` itself rather than `self.handlers`:
    # compiled, a Final module constant is read directly, a class attribute is looked up (as in Guildhall's rules).
    # A placement, the question of every turn, calls its handler's functions (`_PLACE`, checked above) by name:
    # compiled, that is a native call, where a function from a table is called through Python's protocol.

    def legal_actions(self) -> list[int]:
        stack = self.stack
        if not stack:
            return []
        question = stack[-1]
        if type(question) is Place:
            return legal.places(self, question)
        return HANDLERS.legal[type(question)](self, question)

    def why_illegal(self, action: int) -> Reason | None:
        question = self.stack[-1]
        if type(question) is Place:
            return legal.refuse_place(self, question, action)
        return HANDLERS.refuse[type(question)](self, question, action)

    def _apply(self, action: int) -> list[Event]:
        """Pop the question and answer it. No City Blocks question is automatic (`HANDLERS` has no steps), so,
        unlike the kernel's `_apply`, nothing is left to settle."""
        question = self.stack.pop()
        events: list[Event] = []
        if type(question) is Place:
            flow.place(self, question, action, events)
        else:
            HANDLERS.answer[type(question)](self, question, action, events)
        return events

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
                            label=words.action_label(self, self.stack[-1], action),
                        )
                    moves[index] = kept[key] = move
        return cast(list[LegalMove], moves)

    def _site_keys(self) -> list[int]:
        """Per site, what a placement's move there depends on besides its tile: the tile on the site and the value
        tile its owner's rebuild would pay (CB-12)."""
        payments = [won[0] if won else 0 for won in self.won]
        return [code << 8 | payments[(code - 1) // TILE_TYPES] if code else 0 for code in self.board]

    # --- results -------------------------------------------------------------------------------------------------
    def score_sheet(self) -> ScoreSheet:
        return scoring.score_sheet(self.awards, self.won)

    def score_breakdown(self) -> CityBlocksBreakdown:
        return {
            "value_tiles": [list(values) for values in self.won],
            "totals": self.scores(),
            "streets": list(self.awards),
            "winners": self.winners(),
        }

    # --- what a seat may know ------------------------------------------------------------------------------------
    def view(self, seat: int | None) -> CityBlocksView:
        """What `seat` (None: a spectator) sees: everything but the hands, and its own hand (CB-9)."""
        return seat_views(self, (seat,))[0]

    def views(self, seats: Sequence[int | None]) -> list[CityBlocksView]:
        return seat_views(self, seats)

    def snapshot(self) -> CityBlocksSnapshot:
        return write_snapshot(self)

    # --- the action codec ----------------------------------------------------------------------------------------
    def action_to_json(self, action: int) -> CityBlocksActionJson:
        if action < PLACE_ACTIONS:
            tile, site = divmod(action, SITES)
            method: Literal["build", "rebuild"] = "rebuild" if self.board[site] else "build"
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
            legal.check_method(self, action, kind == "rebuild", typed=False)
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
            legal.check_method(self, action, rebuild, typed=True)
        return action

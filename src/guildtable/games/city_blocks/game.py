"""The City Blocks `Game`: options (CB-A-2), the opening, and states rebuilt from snapshots."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from guildtable.games.city_blocks import heuristics, text
from guildtable.games.city_blocks.actions import NUM_ACTIONS
from guildtable.games.city_blocks.content import (
    PLAYER_SET,
    SEAT_NAMES,
    SITES,
    STREET_SITES,
    STREETS,
    TILE_ALIASES,
    TILE_TYPES,
    VALUE_TILES,
    cell,
)
from guildtable.games.city_blocks.glossary import glossary
from guildtable.games.city_blocks.rules import PLACE, SWAP, CityBlocksState
from guildtable.games.city_blocks.setup import make_opening
from guildtable.kernel import BadRecord, Event, Game, Option, State
from guildtable.kernel.decisions import Decision
from guildtable.kernel.glossary import Glossary
from guildtable.kernel.i18n import N_


class CityBlocks(Game):
    name = "city-blocks"
    title = "City Blocks"
    # Tiles drawn from the face-down piles (CB: the drawn tile is the drawer's to see).
    revealing_events = frozenset({"draw"})
    min_players = 2
    max_players = 2
    seat_names = SEAT_NAMES
    level_tuning = heuristics.LEVEL_TUNING
    options = (
        Option(
            "court_via_rebuild",
            True,
            bool,
            N_(
                "A courthouse built over one of your own tiles (a rebuild) also lets you swap value tiles, as a newly "
                "built one does."
            ),
            choices=(True, False),
            rule="CB-A-2",
            label=N_("Courthouse swap on a rebuild"),
        ),
    )

    def num_distinct_actions(self, players: int) -> int:
        return NUM_ACTIONS

    def _new_state(self, players: int, seed: int, options: dict[str, Any], setup: dict[str, Any] | None) -> State:
        return CityBlocksState(self, seed, options, setup, make_opening(seed, setup))

    def describe_setup(self) -> str:
        from guildtable.games.city_blocks import setup

        return setup.__doc__ or ""

    def evaluate(self, state: State, seat: int) -> float:
        assert isinstance(state, CityBlocksState)
        return heuristics.evaluate(state, seat)

    def glossary(self) -> Glossary:
        """What every tile and the value tiles do, keyed as the view's tile codes start (glossary.py)."""
        return glossary()

    def describe_event(self, event: Event, names: Sequence[str] | None = None) -> str:
        return text.describe_event(event.kind, event.data, names or self.seat_names) or ""

    def render_text(self, view: dict[str, Any], seat: int | None) -> Any:
        return text.render(view, seat)

    def from_snapshot(self, snapshot: Mapping[str, Any]) -> CityBlocksState:
        return _from_snapshot(self, snapshot)


def _field(snapshot: Mapping[str, Any], name: str, kind: type) -> Any:
    value = snapshot.get(name)
    if not isinstance(value, kind):
        raise BadRecord(name, f"missing or not a {kind.__name__}")
    return value


def _placed(text_code: Any, field: str) -> int:
    if not isinstance(text_code, str) or ":" not in text_code:
        raise BadRecord(field, "write a placed tile as 'B:H3' or 'R:CRT'")
    colour, code = text_code.split(":", 1)
    owner = {"B": 0, "R": 1}.get(colour.upper())
    tile = TILE_ALIASES.get(code.upper())
    if owner is None or tile is None:
        raise BadRecord(field, f"{text_code!r} is not a tile of Blue (B:) or Red (R:)")
    return cell(owner, tile)


def _tiles(raw: Any, field: str) -> list[int]:
    if not isinstance(raw, list):
        raise BadRecord(field, "must be a list of tile codes")
    tiles = []
    for index, code in enumerate(raw):
        tile = TILE_ALIASES.get(str(code).upper())
        if tile is None:
            raise BadRecord(f"{field}[{index}]", f"{code!r} is not a tile code")
        tiles.append(tile)
    return tiles


def _from_snapshot(game: CityBlocks, snapshot: Mapping[str, Any]) -> CityBlocksState:
    """Rebuild a state from `CityBlocksState.snapshot()`, checking that tiles and value tiles are conserved."""
    if snapshot.get("game") != game.name:
        raise BadRecord("game", f"this snapshot is not of {game.title}")
    options = game.resolve_options(snapshot.get("options") or {})
    state = CityBlocksState(game, int(snapshot.get("seed") or 0), options, snapshot.get("setup"))
    state.history = [int(a) for a in _field(snapshot, "history", list)]
    board_raw = _field(snapshot, "board", list)
    if len(board_raw) != SITES:
        raise BadRecord("board", f"needs {SITES} sites, got {len(board_raw)}")
    state.board = [0 if code is None else _placed(code, f"board[{i}]") for i, code in enumerate(board_raw)]
    state.open_sites = [sum(1 for site in sites if not state.board[site]) for sites in STREET_SITES]
    state.slots = [int(v or 0) for v in _field(snapshot, "slots", list)]
    if len(state.slots) != STREETS:
        raise BadRecord("slots", f"needs {STREETS} entries (0 for an awarded street)")
    state.won = [sorted(int(v) for v in values) for values in _field(snapshot, "won", list)]
    state.hands = [sorted(_tiles(hand, f"hands[{i}]")) for i, hand in enumerate(_field(snapshot, "hands", list))]
    state.piles = [_tiles(pile, f"piles[{i}]") for i, pile in enumerate(_field(snapshot, "piles", list))]
    state.removed_values = [int(v) for v in _field(snapshot, "removed_values", list)]
    state.removed_tiles = [_placed(c, f"removed_tiles[{i}]") for i, c in enumerate(snapshot.get("removed_tiles") or [])]
    pending = []
    for index, entry in enumerate(_field(snapshot, "pending", list)):
        if not (isinstance(entry, list) and len(entry) == 3 and entry[0] in (PLACE, SWAP) and entry[1] in (0, 1)):
            raise BadRecord(f"pending[{index}]", "write a decision as [kind, seat, context]")
        pending.append(Decision(entry[0], entry[1], tuple(entry[2])))
    state.pending = pending
    state.start_player = int(snapshot.get("start_player") or 0)
    state.start_draws = list(snapshot.get("start_draws") or [])
    state.awards = list(snapshot.get("awards") or [])
    state.last_move = str(snapshot.get("last_move") or "")
    _check_conservation(state)
    return state


def _check_conservation(state: CityBlocksState) -> None:
    """Every value tile once (CB-3), every player's 20 building tiles once (CB-1)."""
    values = [v for v in state.slots if v] + state.won[0] + state.won[1] + state.removed_values
    if sorted(values) != list(VALUE_TILES):
        raise BadRecord("slots", "slots, won and removed value tiles must hold each of 1..15 exactly once")
    for seat in (0, 1):
        placed = [
            (code - 1) % TILE_TYPES
            for code in state.board + state.removed_tiles
            if code and (code - 1) // TILE_TYPES == seat
        ]
        if Counter(placed + state.hands[seat] + state.piles[seat]) != Counter(PLAYER_SET):
            raise BadRecord(
                f"hands[{seat}]",
                f"{SEAT_NAMES[seat]}'s board, removed, hand and pile tiles must be exactly the 20-tile set",
            )

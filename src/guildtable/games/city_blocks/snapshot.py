"""The whole City Blocks position as JSON (`State.snapshot`, hidden parts included: never sent to a seat) and back,
checking every field it reads and that tiles and value tiles are conserved (CB-1, CB-3)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any, TypedDict

from guildtable.games.city_blocks.award import Award
from guildtable.games.city_blocks.content import (
    PLAYER_SET,
    SEAT_NAMES,
    SITES,
    STREET_SITES,
    STREETS,
    TILE_ALIASES,
    TILE_CODES,
    TILE_TYPES,
    VALUE_TILES,
    cell,
)
from guildtable.games.city_blocks.questions import KINDS
from guildtable.games.city_blocks.state import CityBlocksOptions, CityBlocksPosition
from guildtable.kernel import BadRecord, Game

PendingRecord = list[str | int | list[object]]
"""An open question as a snapshot writes it: `[kind, seat, context]`, the context its fields after the seat
(`Question.context`): `["place", 0, []]`, `["swap", 1, [7, true]]`."""


class CityBlocksSnapshot(TypedDict):
    """The whole City Blocks position as JSON (`write`), hidden parts included. Tiles are written as codes (`H3`),
    placed tiles with their owner (`B:H3`, `R:CRT`); value tiles as their values."""

    game: str
    seed: int
    options: CityBlocksOptions
    setup: Mapping[str, object] | None
    """The setup the game began from, as given (checked by `setup.make_opening`)."""
    history: list[int]
    board: list[str | None]
    """The 30 sites, row by row; None for an empty site."""
    slots: list[int]
    """Per street (R1..R5, C1..C6), the value tile beside it, 0 once the street is scored."""
    won: list[list[int]]
    hands: list[list[str]]
    piles: list[list[str]]
    """Per seat, the draw pile, top first."""
    removed_values: list[int]
    removed_tiles: list[str]
    pending: list[PendingRecord]
    """The question stack, bottom first."""
    start_player: int
    start_draws: list[int]
    awards: list[Award]
    last_move: str


def write(state: CityBlocksPosition) -> CityBlocksSnapshot:
    """The snapshot of `state`."""
    return {
        "game": state.game.name,
        "seed": state.seed,
        "options": state.options.copy(),
        "setup": state.setup,
        "history": list(state.history),
        "board": [_placed_text(code) if code else None for code in state.board],
        "slots": list(state.slots),
        "won": [list(values) for values in state.won],
        "hands": [[TILE_CODES[t] for t in hand] for hand in state.hands],
        "piles": [[TILE_CODES[t] for t in pile] for pile in state.piles],
        "removed_values": list(state.removed_values),
        "removed_tiles": [_placed_text(code) for code in state.removed_tiles],
        "pending": [[question.kind, question.seat, list(question.context())] for question in state.stack],
        "start_player": state.start_player,
        "start_draws": list(state.start_draws),
        "awards": list(state.awards),
        "last_move": state.last_move,
    }


def _placed_text(code: int) -> str:
    """A placed tile as a snapshot writes it: 'B:H3' (Blue's house 3), 'R:CRT'."""
    return f"{SEAT_NAMES[(code - 1) // TILE_TYPES][0]}:{TILE_CODES[(code - 1) % TILE_TYPES]}"


def header(game: Game, snapshot: Mapping[str, Any]) -> tuple[int, Mapping[str, object], Any]:
    """The seed, options and setup a snapshot of `game` records, checked (the options resolved by
    `Game.resolve_options`; the setup raw JSON)."""
    if snapshot.get("game") != game.name:
        raise BadRecord("game", f"this snapshot is not of {game.title}")
    options = game.resolve_options(snapshot.get("options") or {})
    return int(snapshot.get("seed") or 0), options, snapshot.get("setup")


def read(state: CityBlocksPosition, snapshot: Mapping[str, Any]) -> None:
    """Fill the fresh `state` (made from `header`) with the position `snapshot` records."""
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
    stack = []
    for index, entry in enumerate(_field(snapshot, "pending", list)):
        where = f"pending[{index}]"
        if not (isinstance(entry, list) and len(entry) == 3):
            raise BadRecord(where, "write a decision as [kind, seat, context]")
        kind, seat, context = entry
        if seat not in (0, 1):
            raise BadRecord(where, f"a question's seat is 0 or 1, not {seat!r}")
        stack.append(KINDS.read(kind, seat, context, where))
    state.stack = stack
    state.start_player = int(snapshot.get("start_player") or 0)
    state.start_draws = list(snapshot.get("start_draws") or [])
    state.awards = list(snapshot.get("awards") or [])
    state.last_move = str(snapshot.get("last_move") or "")
    _check_conservation(state)


def _field(snapshot: Mapping[str, Any], name: str, kind: type) -> Any:
    value = snapshot.get(name)
    if not isinstance(value, kind):
        raise BadRecord(name, f"missing or not a {kind.__name__}")
    return value


def _placed(text_code: object, field: str) -> int:
    if not isinstance(text_code, str) or ":" not in text_code:
        raise BadRecord(field, "write a placed tile as 'B:H3' or 'R:CRT'")
    colour, code = text_code.split(":", 1)
    owner = {"B": 0, "R": 1}.get(colour.upper())
    tile = TILE_ALIASES.get(code.upper())
    if owner is None or tile is None:
        raise BadRecord(field, f"{text_code!r} is not a tile of Blue (B:) or Red (R:)")
    return cell(owner, tile)


def _tiles(raw: object, field: str) -> list[int]:
    if not isinstance(raw, list):
        raise BadRecord(field, "must be a list of tile codes")
    tiles = []
    for index, code in enumerate(raw):
        tile = TILE_ALIASES.get(str(code).upper())
        if tile is None:
            raise BadRecord(f"{field}[{index}]", f"{code!r} is not a tile code")
        tiles.append(tile)
    return tiles


def _check_conservation(state: CityBlocksPosition) -> None:
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

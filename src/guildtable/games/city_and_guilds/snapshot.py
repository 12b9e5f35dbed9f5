"""The full state as JSON and back (hidden parts included: never send a snapshot to a seat). Loading checks that
the 80 tiles (CG-4) and every player's figures (CG-5) are conserved, and rebuilds the derived counters."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any, TypedDict, TypeVar

from guildtable.games.city_and_guilds.board import board_for
from guildtable.games.city_and_guilds.content import (
    EMPTY,
    FIGURES,
    GUILD_COUNT,
    GUILDS,
    HAND_KINDS,
    TAVERN,
    TAVERNS,
    TILE_CODES,
    TILE_COUNTS,
    TILE_KINDS,
    tile_from_code,
)
from guildtable.games.city_and_guilds.final import FinalView, Row
from guildtable.games.city_and_guilds.questions import KINDS, Building, CityAndGuildsQuestion, Lot, MinstrelFigure
from guildtable.games.city_and_guilds.state import CityAndGuildsOptions, CityAndGuildsPosition
from guildtable.kernel import BadRecord, Game

PositionT = TypeVar("PositionT", bound=CityAndGuildsPosition)

LotRecord = list[str | int]
"""A tile on the map: [tile code, owner seat or -1, figures]."""
QuestionRecord = list[str | int | list[object]]
"""An open question: [kind, seat, context] (questions.py)."""


class CityAndGuildsSnapshot(TypedDict):
    """The full state as JSON (`snapshot_of`), hidden parts included."""

    game: str
    players: int
    seed: int
    options: CityAndGuildsOptions
    setup: Mapping[str, object] | None
    """The raw explicit setup the game began with (setup.py), if any."""
    history: list[int]
    lots: dict[str, LotRecord]
    """By lot name, the lots that hold a tile."""
    white: list[int]
    black: list[int]
    scored: list[str]
    values: list[list[int]]
    stamps: list[list[int]]
    clock: int
    figures: list[int]
    scores: list[int]
    ledger: list[Row]
    placed: list[int]
    setup_placed: int
    hands: list[list[str]]
    known: list[list[int]]
    returned: list[str | None]
    display: list[str]
    supply: list[str]
    """Top first."""
    taverns: int
    pending: list[QuestionRecord]
    start_player: int
    keep_order: bool
    shuffle_seed: int
    final: FinalView | None
    last_move: str


def snapshot_of(state: CityAndGuildsPosition) -> CityAndGuildsSnapshot:
    board = state.board
    return {
        "game": state.game.name,
        "players": state.num_players,
        "seed": state.seed,
        "options": state.options.copy(),
        "setup": state.setup,
        "history": list(state.history),
        "lots": {
            board.lot_names[lot]: [TILE_CODES[state.tiles[lot]], state.owners[lot], state.figs[lot]]
            for lot in range(board.lots)
            if state.tiles[lot] != EMPTY
        },
        "white": list(state.white),
        "black": list(state.black),
        "scored": [board.block_letters[block] for block in state.scored],
        "values": [list(track) for track in state.values],
        "stamps": [list(track) for track in state.stamps],
        "clock": state.clock,
        "figures": list(state.figures),
        "scores": list(state.scores_),
        "ledger": [list(entry) for entry in state.ledger],
        "placed": list(state.placed),
        "setup_placed": state.setup_placed,
        "hands": [[TILE_CODES[t] for t in hand] for hand in state.hands],
        "known": [list(counts) for counts in state.known],
        "returned": [TILE_CODES[t] if t >= 0 else None for t in state.returned],
        "display": [TILE_CODES[t] for t in state.display],
        "supply": [TILE_CODES[t] for t in reversed(state.supply)],  # top first
        "taverns": state.taverns,
        "pending": [[question.kind, question.seat, list(question.context())] for question in state.stack],
        "start_player": state.start_player,
        "keep_order": state.keep_order,
        "shuffle_seed": state.shuffle_seed,
        "final": state.final,
        "last_move": state.last_move,
    }


def _get(snapshot: Mapping[str, Any], name: str, kind: type) -> Any:
    value = snapshot.get(name)
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is int):
        raise BadRecord(name, f"missing or not a {kind.__name__}")
    return value


def _tiles(raw: object, field: str) -> list[int]:
    if not isinstance(raw, list):
        raise BadRecord(field, "must be a list of tile codes")
    result = []
    for index, code in enumerate(raw):
        tile = tile_from_code(str(code))
        if tile is None or tile >= HAND_KINDS:
            raise BadRecord(f"{field}[{index}]", f"{code!r} is not a drawable tile code")
        result.append(tile)
    return result


def _ints(raw: object, field: str, size: int) -> list[int]:
    if not isinstance(raw, list) or len(raw) != size or any(type(v) is not int for v in raw):
        raise BadRecord(field, f"must be a list of {size} whole numbers")
    return list(raw)


def load_snapshot(game: Game, snapshot: Mapping[str, Any], state_class: type[PositionT]) -> PositionT:
    """The state `snapshot` describes, checked and rebuilt as a `state_class`: the rules' state, passed in because the
    rules import this module."""
    if not isinstance(snapshot, Mapping) or snapshot.get("game") != game.name:
        raise BadRecord("game", f"this snapshot is not of {game.title}")
    players = _get(snapshot, "players", int)
    if players not in game.player_counts:
        raise BadRecord("players", f"{game.title} is for 3–5 players")
    options = game.resolve_options(snapshot.get("options") or {})
    state = state_class(game, players, int(snapshot.get("seed") or 0), options, snapshot.get("setup"))
    board = board_for(options["map"])
    state.init_board(board)
    state.history = _ints(snapshot.get("history"), "history", len(snapshot.get("history") or []))
    lots = _get(snapshot, "lots", dict)
    placed_tiles: list[int] = []
    owners_figures = [0] * players
    state.figures = [0] * players  # replaced below; placing figures counts them down
    for name, entry in lots.items():
        lot = board.lot_by_name.get(str(name))
        if lot is None:
            raise BadRecord(f"lots.{name}", "is not a lot of this map")
        if not (isinstance(entry, list) and len(entry) == 3):
            raise BadRecord(f"lots.{name}", "write a lot as [tile code, owner or -1, figures]")
        tile = tile_from_code(str(entry[0]))
        owner, figures = entry[1], entry[2]
        if tile is None or type(owner) is not int or type(figures) is not int or not -1 <= owner < players:
            raise BadRecord(f"lots.{name}", f"{entry!r} is not [tile code, owner, figures]")
        if (owner < 0) != (figures == 0) or figures > (2 if tile < 4 else 1 if tile == 8 else 0):
            raise BadRecord(f"lots.{name}", "figures do not fit the tile kind (CG-17, CG-21, CG-22)")
        state.put_tile(lot, tile)
        placed_tiles.append(tile)
        if owner >= 0:
            state.put_figures(owner, lot, figures)
            owners_figures[owner] += figures
    state.white = _ints(snapshot.get("white"), "white", board.blocks)
    state.black = _ints(snapshot.get("black"), "black", board.blocks)
    scored = snapshot.get("scored") or []
    if not isinstance(scored, list) or any(letter not in board.block_letters for letter in scored):
        raise BadRecord("scored", "must list block letters")
    state.scored = [board.block_letters.index(letter) for letter in scored]
    state.values = [_ints(track, f"values[{g}]", players) for g, track in enumerate(_get(snapshot, "values", list))]
    state.stamps = [_ints(track, f"stamps[{g}]", players) for g, track in enumerate(_get(snapshot, "stamps", list))]
    if len(state.values) != GUILD_COUNT or len(state.stamps) != GUILD_COUNT:
        raise BadRecord("values", f"needs one track per guild ({', '.join(GUILDS)})")
    state.clock = _get(snapshot, "clock", int)
    state.figures = _ints(snapshot.get("figures"), "figures", players)
    state.scores_ = _ints(snapshot.get("scores"), "scores", players)
    state.ledger = []
    for index, entry in enumerate(_get(snapshot, "ledger", list)):
        if not (isinstance(entry, list) and len(entry) == 4 and type(entry[1]) is int and type(entry[2]) is int):
            raise BadRecord(f"ledger[{index}]", "write a ledger entry as [source, seat, points, why]")
        state.ledger.append((str(entry[0]), entry[1], entry[2], str(entry[3])))
    state.placed = _ints(snapshot.get("placed"), "placed", players)
    state.setup_placed = _get(snapshot, "setup_placed", int)
    state.hands = [sorted(_tiles(hand, f"hands[{i}]")) for i, hand in enumerate(_get(snapshot, "hands", list))]
    if len(state.hands) != players:
        raise BadRecord("hands", "needs one hand per seat")
    state.known = [_ints(k, f"known[{i}]", HAND_KINDS) for i, k in enumerate(_get(snapshot, "known", list))]
    returned = snapshot.get("returned") or [None] * players
    if not isinstance(returned, list) or len(returned) != players:
        raise BadRecord("returned", "needs one entry (a tile code or null) per seat")
    state.returned = [-1 if code is None else _tiles([code], f"returned[{i}]")[0] for i, code in enumerate(returned)]
    state.display = sorted(_tiles(_get(snapshot, "display", list), "display"))
    state.supply = list(reversed(_tiles(_get(snapshot, "supply", list), "supply")))
    state.taverns = _get(snapshot, "taverns", int)
    state.stack = [
        _question(entry, f"pending[{index}]", players, board.lots)
        for index, entry in enumerate(_get(snapshot, "pending", list))
    ]
    state.start_player = _get(snapshot, "start_player", int)
    state.keep_order = bool(snapshot.get("keep_order"))
    state.shuffle_seed = _get(snapshot, "shuffle_seed", int)
    state.final = snapshot.get("final")
    state.last_move = str(snapshot.get("last_move") or "")
    _check_conservation(state, placed_tiles, owners_figures)
    _check_markers(state)
    return state


def _check_markers(state: CityAndGuildsPosition) -> None:
    """CG-29 / §10: with a player present the white marker is on a present player; with two, black is on another."""
    n = state.num_players
    for block, letter in enumerate(state.board.block_letters):
        present = {seat for seat in range(n) if state.fig[block * n + seat]}
        white, black = state.white[block], state.black[block]
        if (white in present) != bool(present) or (white < 0 and white != -1):
            raise BadRecord(f"white[{block}]", f"block {letter}: the white marker must be on a present player")
        if (black in present and black != white) != (len(present) >= 2) or (black not in present and black != -1):
            raise BadRecord(f"black[{block}]", f"block {letter}: the black marker must be on a second present player")


def _question(entry: object, where: str, players: int, lots: int) -> CityAndGuildsQuestion:
    """An open question written as [kind, seat, context]: a `lot` question's context is the picked tile, a `building`
    or `minstrel` question's the lot; the others have none (questions.py)."""
    if not (isinstance(entry, list) and len(entry) == 3):
        raise BadRecord(where, "write a question as [kind, seat, context]")
    name, seat, context = entry
    if not isinstance(context, list):
        raise BadRecord(where, "write a question as [kind, seat, context]")
    question = KINDS.read(name, seat, context, where)
    if not 0 <= question.seat < players:
        raise BadRecord(where, f"seat {question.seat} is not a seat at this table of {players}")
    if isinstance(question, Lot) and not (type(question.tile) is int and 0 <= question.tile < HAND_KINDS):
        raise BadRecord(where, f"a lot question's tile is a drawable tile kind 0..{HAND_KINDS - 1}")
    if isinstance(question, Building | MinstrelFigure) and not (type(question.lot) is int and 0 <= question.lot < lots):
        raise BadRecord(where, f"a {question.kind} question's lot is a lot of this map, 0..{lots - 1}")
    return question


def _check_conservation(state: CityAndGuildsPosition, placed: list[int], on_board: list[int]) -> None:
    """CG-4: board + hands + picked tile + display + supply + tavern supply = the 80 tiles; CG-5: figures."""
    picked = [question.tile for question in state.stack if isinstance(question, Lot)]
    everything = Counter(placed + picked + state.display + state.supply + [t for h in state.hands for t in h])
    everything[TAVERN] += state.taverns
    if any(everything[kind] != TILE_COUNTS[kind] for kind in range(TILE_KINDS)) or state.taverns > TAVERNS:
        raise BadRecord("lots", "board, hands, display, supply and taverns must hold the 80 tiles exactly (CG-4)")
    per_player = FIGURES[state.num_players]
    for seat in range(state.num_players):
        if state.figures[seat] + on_board[seat] != per_player or state.figures[seat] < 0:
            raise BadRecord(f"figures[{seat}]", f"figures left + figures on the board must be {per_player} (CG-5)")

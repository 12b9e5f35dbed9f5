"""Scenario building for City and Guilds tests: a main-game position with chosen tiles, figures, tracks and markers,
made through a snapshot so that the engine's own loader checks tile and figure conservation."""

from __future__ import annotations

from collections import Counter
from typing import Any

from guildtable.games.city_and_guilds import GAME, scoring
from guildtable.games.city_and_guilds.content import DRAWABLE, FIGURES, GUILDS, TAVERNS, TILE_CODES
from guildtable.games.city_and_guilds.rules import CityAndGuildsState

RED, YELLOW, BLUE, GREEN, PURPLE = range(5)
DEFAULT_HAND = ["BA", "WE", "CA"]


def scenario(
    players: int = 4,
    lots: dict[str, tuple[str, int, int]] | None = None,
    *,
    turn: int = 0,
    hands: list[list[str]] | None = None,
    display: list[str] | None = None,
    supply: list[str] | None = None,
    supply_top: list[str] | None = None,
    tracks: dict[str, list[tuple[int, int]]] | None = None,
    markers: dict[str, tuple[int, int]] | None = None,
    figures: dict[int, int] | None = None,
    options: dict[str, Any] | None = None,
    pending: list[list[Any]] | None = None,
) -> CityAndGuildsState:
    """`lots`: name -> (tile code, owner or -1, figures). `tracks`: guild -> [(seat, value), ...] in arrival order.
    `markers`: block letter -> (white, black). `figures`: unused figures per seat (default: F(n) minus those placed).
    Tiles not placed, held or displayed make up the supply (or `supply` gives it, top first)."""
    state = GAME.new_state(players, seed=0, options=options, setup={"start_player": 0})
    snap = state.snapshot()
    lots = dict(lots or {})
    if figures:  # the figures a seat no longer has stand on smith buildings in block H (figures are conserved)
        free = [f"H{i}" for i in range(8, 0, -1) if f"H{i}" not in lots]
        placed = Counter()
        for _, owner, count in lots.values():
            if owner >= 0:
                placed[owner] += count
        for seat, left in figures.items():
            extra = FIGURES[players] - placed[seat] - left
            while extra > 0:
                count = min(2, extra)
                lots[free.pop(0)] = ("SM", seat, count)
                extra -= count
    hands = hands if hands is not None else [list(DEFAULT_HAND) for _ in range(players)]
    display = display if display is not None else ["MBA", "MWE", "MCA"]
    pool = Counter(DRAWABLE)
    taverns = TAVERNS
    used = [code for code, _, _ in lots.values()] + [c for hand in hands for c in hand] + display
    used += supply_top or []
    for code in used:
        kind = TILE_CODES.index(code)
        if code == "TAV":
            taverns -= 1
        else:
            pool[kind] -= 1
            assert pool[kind] >= 0, f"too many {code}"
    if supply is None:
        supply = (supply_top or []) + [TILE_CODES[kind] for kind in sorted(pool.elements())]
    snap["lots"] = {name: list(entry) for name, entry in lots.items()}
    on_board = Counter()
    for _, owner, count in lots.values():
        if owner >= 0:
            on_board[owner] += count
    snap["figures"] = [FIGURES[players] - on_board[seat] for seat in range(players)]
    snap["hands"] = hands
    snap["known"] = [[0] * 9 for _ in range(players)]
    snap["display"] = display
    snap["supply"] = supply
    snap["taverns"] = taverns
    values = [[0] * players for _ in GUILDS]
    stamps = [[0] * players for _ in GUILDS]
    clock = 0
    for guild, entries in (tracks or {}).items():
        g = GUILDS.index(guild)
        for seat, value in entries:
            clock += 1
            values[g][seat] = value
            stamps[g][seat] = clock
    snap["values"], snap["stamps"], snap["clock"] = values, stamps, clock
    letters = state.board.block_letters
    white = [-1] * len(letters)
    black = [-1] * len(letters)
    board = state.board
    for block, letter in enumerate(letters):  # unless given, markers as if the figures came in reading order
        if letter in (markers or {}):
            white[block], black[block] = markers[letter]  # type: ignore[index]
            continue
        strengths = [(0, 0)] * players
        for lot in board.block_lots[block]:
            entry = lots.get(board.lot_names[lot])
            if entry and entry[1] >= 0:
                seat = entry[1]
                strengths[seat] = (strengths[seat][0] + 1, strengths[seat][1] + entry[2])
                white[block], black[block] = scoring.update_markers(strengths, white[block], black[block], seat)
    snap["white"], snap["black"] = white, black
    snap["setup_placed"] = players
    snap["pending"] = pending if pending is not None else [["pick", turn, []]]
    return GAME.from_snapshot(snap)


def play(state: CityAndGuildsState, *moves: str) -> list[Any]:
    """Apply moves in notation; return every event."""
    events = []
    for move in moves:
        events.extend(state.apply(state.action_from_notation(move)))
    return events


def block_a_full_except(last: str = "A8") -> dict[str, tuple[str, int, int]]:
    """Block A filled with unowned smith buildings except `last`."""
    return {f"A{i}": ("SM", -1, 0) for i in range(1, 9) if f"A{i}" != last}


def candle_example() -> CityAndGuildsState:
    """The rulebook's scoring example (CG-T-5): block A one lot (A8) short of complete, Blue to move, with the
    candle-maker track led by Green, then Blue, then Red."""
    lots = {
        "A1": ("SM", BLUE, 1),
        "A2": ("BA", RED, 1),
        "A3": ("WE", RED, 1),
        "A4": ("CA", YELLOW, 1),
        "A5": ("MCA", -1, 0),
        "A6": ("MSM", -1, 0),
        "A7": ("MIN", -1, 0),
    }
    tracks = {"CANDLE": [(GREEN, 4), (BLUE, 3), (RED, 1)]}
    return scenario(lots=lots, tracks=tracks, markers={"A": (RED, BLUE)}, turn=BLUE)

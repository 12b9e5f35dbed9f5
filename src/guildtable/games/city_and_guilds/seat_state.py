"""A City and Guilds position rebuilt from one seat's view alone (issue 37): what a remote player's bot thinks on.

The view shows the map, every tile, figure and block marker on it, the guild tracks in rank order, the scores and
their ledger, the display, the figures left, the tiles each seat placed, every count (hands, supply, taverns) and the
seat's own hand (every hand with `open_hands`) (CG-47). From it come the position's public parts and the question on
turn; what the view hides is drawn at random with `rng`:

- the other hands (unless `open_hands`) and the supply with its order, from the 76 drawable tiles (CG-4, CG-10) not
  on the map, in the seat's hand, in the display or being placed, so that every count the view shows holds;
- the seed the supply is shuffled with once everybody has returned a tile in setup (CG-11).

What the view does not carry and the rebuild sets plainly: which tiles everyone saw go into a hand (taken from the
display, put back: the log tells it, the view does not), so a bot's determinization redraws every tile of the other
hands; which tile the seat returned in setup (the private log line has it), so none is reserved for the supply; the
arrival times on the tracks, made up in the ranking's order (CG-27: only that order counts); the order the blocks
were scored in, as the ledger first names them. The table's options are in the view only as the map (its rows) and
`open_hands` (whether every hand shows); the others are the table's (the seat's message names them), else the view's
`options` if it has them, else the defaults.
The position's view for that seat is the view it was built from; nothing else of the real game is in it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from guildtable.games.city_and_guilds.board import DEFAULT_MAP, board_for, shipped_maps
from guildtable.games.city_and_guilds.content import (
    DEAL_SIZE,
    DRAWABLE,
    GUILDS,
    HAND_KINDS,
    TAVERN,
    TILE_CODES,
    tile_from_code,
)
from guildtable.kernel import BadRecord, Game, Rng

if TYPE_CHECKING:
    from guildtable.games.city_and_guilds.rules import CityAndGuildsState


def seat_state(
    game: Game[CityAndGuildsState], view: Mapping[str, Any], rng: Rng, options: Mapping[str, object] | None = None
) -> CityAndGuildsState:
    """A position whose view for `view["seat"]` is `view`, its hidden parts drawn with `rng`, under the table's
    `options` (None: the defaults)."""
    players = len(view["seats"])
    seat = view.get("seat")
    if type(seat) is not int or not 0 <= seat < players:
        raise BadRecord("seat", "a position is rebuilt from a seat's view, not a spectator's")
    open_hands = view.get("hands") is not None
    unseen = Counter(DRAWABLE)
    lots: dict[str, list[str | int]] = {}
    for lot in view["lots"]:
        if lot["tile"] is None:
            continue
        owner = -1 if lot["owner"] is None else lot["owner"]
        lots[lot["lot"]] = [lot["tile"], owner, lot["figures"]]
        unseen[_kind(lot["tile"])] -= 1
    unseen[TAVERN] = 0
    placing = view.get("placing")
    if placing is not None:
        unseen[_kind(placing)] -= 1
    for code in view["display"]:
        unseen[_kind(code)] -= 1
    hands: list[list[str]] = [[] for _ in range(players)]
    for player in range(players):
        if open_hands or player == seat:
            hands[player] = list(view["hands"][player] if open_hands else view["hand"])
            unseen.subtract(_kind(code) for code in hands[player])
    if any(count < 0 for count in unseen.values()):
        raise BadRecord("view", "shows more tiles of a kind than the game has (CG-4)")
    pool = [TILE_CODES[kind] for kind in sorted(unseen.elements())]
    rng.shuffle(pool)
    for player in range(players):
        if not (open_hands or player == seat):
            size = view["hand_sizes"][player]
            hands[player], pool = pool[:size], pool[size:]
    if len(pool) != view["supply_size"]:
        raise BadRecord("supply_size", "the tiles the view does not show must be the hidden hands and the supply")
    values, stamps, clock = _tracks(view, players)
    setup_placed = sum(view["tiles_placed"]) if view["setup_round"] else players
    snapshot = {
        "game": game.name,
        "players": players,
        "seed": 0,
        "options": _options(view, open_hands, options),
        "setup": None,
        "history": [],
        "lots": lots,
        "white": [-1 if block["white"] is None else block["white"] for block in view["blocks"]],
        "black": [-1 if block["black"] is None else block["black"] for block in view["blocks"]],
        "scored": _scored(view),
        "values": values,
        "stamps": stamps,
        "clock": clock,
        "figures": list(view["figures_left"]),
        "scores": [int(score) for score in view["scores"]],
        "ledger": [list(entry) for entry in view["ledger"]],
        "placed": list(view["tiles_placed"]),
        "setup_placed": min(setup_placed, players),
        "hands": hands,
        "known": [[0] * HAND_KINDS for _ in range(players)],
        "returned": [None] * players,
        "display": list(view["display"]),
        "supply": pool,
        "taverns": view["taverns_left"],
        "pending": _pending(view, players),
        "start_player": view["start_player"],
        "keep_order": False,
        "shuffle_seed": rng.next64(),
        "final": view["final"],
        "last_move": view["last_move"],
    }
    return game.from_snapshot(snapshot)


def _kind(code: str) -> int:
    kind = tile_from_code(code)
    if kind is None:
        raise BadRecord("view", f"{code!r} is not a tile code")
    return kind


def _options(view: Mapping[str, Any], open_hands: bool, table: Mapping[str, object] | None) -> dict[str, object]:
    """The table's options (else the view's if it carries them, else the defaults); the map (its rows) and
    `open_hands` from the view."""
    given = table if table is not None else view.get("options")
    options: dict[str, object] = dict(given) if isinstance(given, Mapping) else {}
    rows = tuple(view["map"])
    shipped = [name for name in shipped_maps() if board_for(name).rows == rows]
    options["map"] = DEFAULT_MAP if DEFAULT_MAP in shipped else shipped[0] if shipped else "\n".join(rows)
    options["open_hands"] = open_hands
    return options


def _tracks(view: Mapping[str, Any], players: int) -> tuple[list[list[int]], list[list[int]], int]:
    """Each guild's values, and arrival times that keep the view's ranking (CG-27: on an equal value the earlier
    arrival ranks first); a seat at 0 never arrived."""
    by_guild = {track["guild"]: track for track in view["tracks"]}
    values: list[list[int]] = []
    stamps: list[list[int]] = []
    clock = 0
    for guild in GUILDS:
        value, stamp = [0] * players, [0] * players
        for player, amount in by_guild[guild]["ranking"]:
            clock += 1
            value[player], stamp[player] = amount, clock
        values.append(value)
        stamps.append(stamp)
    return values, stamps, clock


def _scored(view: Mapping[str, Any]) -> list[str]:
    """The blocks scored, in the order the ledger first names them (CG-31); a block that paid nobody after them."""
    scored = [block["block"] for block in view["blocks"] if block["scored"]]
    named: list[str] = []
    for source, _seat, _points, why in view["ledger"]:
        if source in ("block", "guild"):
            letter = str(why).split()[1].rstrip(":")
            if letter in scored and letter not in named:
                named.append(letter)
    return named + [letter for letter in scored if letter not in named]


def _pending(view: Mapping[str, Any], players: int) -> list[list[object]]:
    """The open questions: every setup return still owed, in turn order from the start player (CG-11, CG-13), or the
    one question on turn. A building's or minstrel house's lot is the lot the last move named (CG-17, CG-21)."""
    decision = view.get("decision")
    if decision is None:
        return []
    kind, asked = decision["kind"], decision["seat"]
    if kind == "return":
        order = [(view["start_player"] + step) % players for step in range(players)]
        return [[kind, player, []] for player in reversed(order) if view["hand_sizes"][player] == DEAL_SIZE]
    if kind == "lot":
        return [[kind, asked, [_kind(view["placing"])]]]
    if kind in ("building", "minstrel"):
        names = {lot["lot"]: index for index, lot in enumerate(view["lots"])}
        if view["last_move"] not in names:
            raise BadRecord("last_move", "a building or minstrel question follows the move that placed the tile")
        return [[kind, asked, [names[view["last_move"]]]]]
    return [[kind, asked, []]]

"""What one seat may know (CG-47): the board, figures, tracks with arrival order, scores, display, tavern supply,
figure counts and hand sizes; its own hand (every hand with `open_hands`). Never the supply order or other hands."""

from __future__ import annotations

from typing_extensions import TypedDict

from guildtable.games.city_and_guilds import scoring
from guildtable.games.city_and_guilds.content import EMPTY, GUILDS, SEAT_NAMES, TILE_CODES
from guildtable.games.city_and_guilds.final import FinalView, Row
from guildtable.games.city_and_guilds.questions import Lot
from guildtable.games.city_and_guilds.state import CityAndGuildsPosition
from guildtable.kernel.views import SeatView


class LotView(TypedDict):
    """One lot of the map."""

    lot: str
    """Its name (`D4`)."""
    x: int
    y: int
    block: str
    """Its block's letter."""
    tile: str | None
    """The tile code on it, or None while empty."""
    owner: int | None
    """The seat whose figures stand there, or None."""
    figures: int
    """0, 1 or 2."""


class BlockView(TypedDict):
    """One block, for the at-a-glance panels (see `view_of`)."""

    block: str
    lots: int
    empty: int
    value: int
    value_so_far: int
    white: int | None
    black: int | None
    strengths: list[list[int]]
    """Per seat: [tiles with that seat's figures, that seat's figures]."""
    scored: bool


class TrackView(TypedDict):
    """One guild's investment track."""

    guild: str
    ranking: list[list[int]]
    """[seat, value] pairs in rank order (seats at 0 are not ranked)."""
    at_zero: list[int]


class CityAndGuildsView(SeatView):
    """What one seat may know of a City and Guilds position (CG-47)."""

    placing: str | None
    """The tile code being placed while its lot is asked, else None."""
    setup_round: bool
    start_player: int
    map: list[str]
    """The map's rows of characters."""
    lots: list[LotView]
    blocks: list[BlockView]
    tracks: list[TrackView]
    scores: list[float]
    figures_left: list[int]
    tiles_placed: list[int]
    hand_sizes: list[int]
    hand: list[str] | None
    """The viewer's own hand (None: a spectator)."""
    hands: list[list[str]] | None
    """Every hand with `open_hands`, else None."""
    display: list[str]
    supply_size: int
    taverns_left: int
    last_move: str
    final: FinalView | None
    """The final scoring once the game is over, else None."""
    ledger: list[Row]
    """Every scoring entry, [source, seat, points, why]."""


def view_of(state: CityAndGuildsPosition, seat: int | None) -> CityAndGuildsView:
    """The view of `seat` (None: a spectator). Besides the map, lots, tracks, scores, display and hands, each entry of
    `blocks` holds, for the at-a-glance panels:

    - `block`: its letter; `lots`: how many lots it has; `empty`: how many are still empty;
    - `value`: what the block is worth when it is scored (CG-32): 8, +2 per market, +5 per minstrel house and per
      tavern on it; once the block is scored this is the value it was scored at (a full block never changes);
    - `value_so_far`: what the block would be worth if it were scored now, from the tiles on it; the same number as
      `value`, because only tiles on the block count and empty lots add nothing;
    - `white`, `black`: the seat holding the 1st (white) and 2nd (black) place marker, or None (CG-29, CG-30);
    - `strengths`: per seat [tiles with that seat's figures, that seat's figures] in the block (CG-28);
    - `scored`: whether the block has been completed and scored (CG-31).
    """
    board, n = state.board, state.num_players
    question = state.stack[-1] if state.stack else None
    lots: list[LotView] = []
    for lot in range(board.lots):
        tile = state.tiles[lot]
        lots.append(
            {
                "lot": board.lot_names[lot],
                "x": board.lot_x[lot],
                "y": board.lot_y[lot],
                "block": board.block_letters[board.lot_block[lot]],
                "tile": None if tile == EMPTY else TILE_CODES[tile],
                "owner": None if state.owners[lot] < 0 else state.owners[lot],
                "figures": state.figs[lot],
            }
        )
    blocks: list[BlockView] = []
    for block, letter in enumerate(board.block_letters):
        base = block * n
        value = scoring.block_value(state.tiles, board.block_lots[block])[0]
        blocks.append(
            {
                "block": letter,
                "lots": len(board.block_lots[block]),
                "empty": state.empty_in_block[block],
                "value": value,
                "value_so_far": value,
                "white": None if state.white[block] < 0 else state.white[block],
                "black": None if state.black[block] < 0 else state.black[block],
                "strengths": [[state.bld[base + p], state.fig[base + p]] for p in range(n)],
                "scored": block in state.scored,
            }
        )
    tracks: list[TrackView] = []
    for guild, name in enumerate(GUILDS):
        values = state.values[guild]
        ranked = scoring.ranking(values, state.stamps[guild])
        tracks.append(
            {
                "guild": name,
                "ranking": [[player, values[player]] for player in ranked],
                "at_zero": [player for player in range(n) if values[player] == 0],
            }
        )
    open_hands = state.options["open_hands"]
    if open_hands:
        hands: list[list[str]] | None = [[TILE_CODES[t] for t in hand] for hand in state.hands]
    else:
        hands = None
    return {
        "game": state.game.name,
        "seat": seat,
        "seats": list(SEAT_NAMES[:n]),
        "current_player": state.current_player,
        "decision": state.decision(),
        "placing": TILE_CODES[question.tile] if isinstance(question, Lot) else None,
        "terminal": state.is_terminal,
        "setup_round": state.in_setup,
        "start_player": state.start_player,
        "map": list(board.rows),
        "lots": lots,
        "blocks": blocks,
        "tracks": tracks,
        "scores": state.scores(),
        "figures_left": list(state.figures),
        "tiles_placed": list(state.placed),
        "hand_sizes": [len(hand) for hand in state.hands],
        "hand": None if seat is None else [TILE_CODES[t] for t in state.hands[seat]],
        "hands": hands,
        "display": [TILE_CODES[t] for t in state.display],
        "supply_size": len(state.supply),
        "taverns_left": state.taverns,
        "last_move": state.last_move,
        "winners": state.winners(),
        "final": state.final,
        "ledger": [list(entry) for entry in state.ledger],
    }

"""A City Blocks position rebuilt from one seat's view alone (issue 37): what a remote player's bot thinks on.

The view shows the whole board, the value tiles, every count and the seat's own hand (CB-9). What it hides is drawn
at random: the opponent's hand and pile (from the tiles of their set not on the board), the order of the seat's own
pile, and which of each player's tiles a rebuild took off the board (the view counts them but does not name them).
The position's view for that seat is the view it was built from; nothing else of the real game is in it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from guildtable.games.city_blocks import actions
from guildtable.games.city_blocks.content import PLAYER_SET, SEAT_NAMES, SITES, STREET_NAMES, TILE_CODES
from guildtable.kernel import BadRecord, Game, Rng

if TYPE_CHECKING:
    from guildtable.games.city_blocks.rules import CityBlocksState


def seat_state(
    game: Game[CityBlocksState], view: Mapping[str, Any], rng: Rng, options: Mapping[str, object] | None = None
) -> CityBlocksState:
    """A position whose view for `view["seat"]` is `view`, its hidden parts drawn with `rng`, under the table's
    `options` (None: the defaults)."""
    seat = view.get("seat")
    if seat not in (0, 1):
        raise BadRecord("seat", "a position is rebuilt from a seat's view, not a spectator's")
    board: list[str | None] = []
    placed: list[Counter[str]] = [Counter(), Counter()]
    for row in view["board"]:
        for cell in row:
            if cell is None:
                board.append(None)
            else:
                board.append(f"{SEAT_NAMES[cell['owner']][0]}:{cell['tile']}")
                placed[cell["owner"]][cell["tile"]] += 1
    hands: list[list[str]] = [[], []]
    piles: list[list[str]] = [[], []]
    removed: list[str] = []
    for player in (0, 1):
        unseen = list((Counter(TILE_CODES[tile] for tile in PLAYER_SET) - placed[player]).elements())
        if player == seat:
            hands[player] = list(view["hand"])
            unseen = list((Counter(unseen) - Counter(hands[player])).elements())
        rng.shuffle(unseen)
        if player != seat:
            size = view["hand_sizes"][player]
            hands[player], unseen = unseen[:size], unseen[size:]
        gone = len(unseen) - view["pile_sizes"][player]
        removed += [f"{SEAT_NAMES[player][0]}:{code}" for code in unseen[:gone]]
        piles[player] = unseen[gone:]
    snapshot = {
        "game": game.name,
        "seed": 0,
        "options": dict(options or {}),
        "setup": None,
        "history": [],
        "board": board,
        "slots": [view["slots"][name] or 0 for name in STREET_NAMES],
        "won": view["won"],
        "hands": hands,
        "piles": piles,
        "removed_values": view["removed_values"],
        "removed_tiles": removed,
        "pending": _pending(view),
        "start_player": view["start_player"],
        "start_draws": view["start_draws"],
        "awards": view["awards"],
        "last_move": view["last_move"],
    }
    return game.from_snapshot(snapshot)


def _pending(view: Mapping[str, Any]) -> list[list[object]]:
    """The question on turn: a placement, or the swap after the courthouse the last move placed (CB-13)."""
    decision = view.get("decision")
    if decision is None:
        return []
    if decision["kind"] == "swap":
        action, rebuild = actions.parse_move(view["last_move"])
        return [["swap", decision["seat"], [action % SITES, not rebuild]]]
    return [[decision["kind"], decision["seat"], []]]

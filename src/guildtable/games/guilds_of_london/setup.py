"""The opening (GL-23 to GL-41): the Guildhall and first tiles, tokens, the Beadle, cards, neutrals, start spaces,
plantation side and the liverymen on the Guildhall, and the first questions (each seat keeps a reward card).

Explicit `setup=` keys fix the shuffles so a scenario reads the same whatever the generator does (all optional):
`start_order` (seats on start spaces 1, 2, …), `tile_pool` (tile ids in draw order; the first ones fill the opening
cells), `action_deck` (card numbers in deal order), `reward_deck` (reward card ids in deal order), `tokens` (token
ids in draw order), `plantation` (`ulster` or `virginia`), `buildings_2p` (`{"N": key, "S": key, "W": key,
"E": key}`). Listed shuffles must be permutations of the full set.
"""

# Compiled by mypyc at install (setup.py): see "Compiled engines" in src/guildtable/games/README.md.
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from guildtable.games.guilds_of_london import actions as A
from guildtable.games.guilds_of_london.content import CONTENT
from guildtable.games.guilds_of_london.geometry import cell, reading_key
from guildtable.games.guilds_of_london.questions import (
    HAND_START,
    LIVERYMEN,
    NEUTRALS_EACH,
    ON_GUILDHALL,
    REWARDS_DEALT,
    SetupDone,
    SetupKeep,
)
from guildtable.games.guilds_of_london.state import GuildsPosition
from guildtable.kernel import BadRecord, Rng
from guildtable.kernel.i18n import domain

_ = domain("guilds_of_london").gettext

KEYS = ("start_order", "tile_pool", "action_deck", "reward_deck", "tokens", "plantation", "buildings_2p")


def _permutation(setup: Mapping[str, object], key: str, names: dict[Any, int], rng: Rng) -> list[int]:
    """The listed order (top first) or a fresh shuffle."""
    if key not in setup:
        items = sorted(set(names.values()))
        rng.shuffle(items)
        return items
    raw = setup[key]
    if not isinstance(raw, list) or sorted(names.get(x, -1) for x in raw) != sorted(set(names.values())):
        raise BadRecord(f"setup.{key}", _("must list every item exactly once"))
    return [names[x] for x in raw]


def token_bag() -> dict[Any, int]:
    return {kind.id: kind.index for kind in CONTENT.tokens}


def build_opening(state: GuildsPosition, rng: Rng, setup: Mapping[str, object] | None) -> None:
    setup = dict(setup or {})
    unknown = set(setup) - set(KEYS)
    if unknown:
        raise BadRecord(f"setup.{sorted(unknown)[0]}", _("unknown setup key (known: {keys})", keys=", ".join(KEYS)))
    players = state.num_players
    options = state.options
    # GL-33 start spaces.
    order = _permutation(setup, "start_order", {p: p for p in range(players)}, rng)
    state.marker_height = [0] * players
    for space, seat in enumerate(order, start=1):
        state.marker_height[seat] = -space  # GL-54
    # GL-34 plantation side.
    side = setup.get("plantation", options["plantation_side"])
    sides = [s.side for s in CONTENT.plantations]
    if side == "random":
        side = sides[rng.below(len(sides))]
    if not isinstance(side, str) or side not in sides:
        raise BadRecord("setup.plantation", _("expected {one} or {other}", one="ulster", other="virginia"))
    state.plantation = sides.index(side)
    # GL-25/26, GL-38/39 tiles.
    tile_names = {t.id: t.index for t in CONTENT.tiles}
    layout = CONTENT.layout
    if players == 2:
        _two_player_city(state, rng, setup, tile_names)
    else:
        church = next(t for t in CONTENT.tiles if t.building_key == "church_st_lawrence_jewry")
        others = {k: v for k, v in tile_names.items() if v != church.index}
        pool = _permutation(setup, "tile_pool", others, rng)
        state.guildhall_cells = tuple(cell(x, y) for x, y in layout["guildhall_cells_3_4"])
        state.place(church.index, cell(*layout["church_cell"]))
        ring_cells = sorted((cell(x, y) for x, y in layout["initial_ring_cells"]), key=reading_key)
        for target in ring_cells:
            state.place(pool.pop(0), target)
        state.pool = list(reversed(pool))  # drawn from the end
    for code in state.guildhall_cells:
        state.cells[code] = -1
    # GL-27 tokens.
    bag_order = _token_order(setup, rng)
    state.token_supply = list(reversed(bag_order))
    for tile in state.in_play:
        state.token[tile] = state.token_supply.pop()
    # GL-28 the Beadle.
    state.beadle = min(state.in_play, key=lambda t: CONTENT.tiles[t].precedence)
    # GL-30 action cards.
    deck = _permutation(setup, "action_deck", {c.number: c.index for c in CONTENT.cards}, rng)
    state.hands = [sorted(deck[p * HAND_START : (p + 1) * HAND_START]) for p in range(players)]
    state.deck = list(reversed(deck[players * HAND_START :]))
    # GL-31 reward cards (the keep choice is asked seat by seat, GL-D29).
    rewards = _permutation(setup, "reward_deck", {c.id: c.index for c in CONTENT.rewards}, rng)
    state.rewards = [rewards[p * REWARDS_DEALT : (p + 1) * REWARDS_DEALT] for p in range(players)]
    state.reward_deck = list(reversed(rewards[players * REWARDS_DEALT :]))
    state.reward_known = [-1] * len(state.reward_deck)
    # GL-32, GL-36.
    state.neutrals = [NEUTRALS_EACH] * players
    state.supply = [LIVERYMEN - ON_GUILDHALL] * players
    for p in range(players):
        state.fig[A.GUILDHALL * 4 + p] = ON_GUILDHALL
    # GL-31, GL-D29: the keep question is asked seat by seat, the answers stay secret.
    state.stack = [SetupDone(-1)]
    for seat in reversed(range(players)):
        state.stack.append(SetupKeep(seat))


def _token_order(setup: Mapping[str, object], rng: Rng) -> list[int]:
    bag = [kind.index for kind in CONTENT.tokens for _copy in range(kind.copies)]
    if "tokens" not in setup:
        rng.shuffle(bag)
        return bag
    raw = setup["tokens"]
    names = token_bag()
    if not isinstance(raw, list) or sorted(names.get(x, -1) for x in raw) != sorted(bag):
        raise BadRecord("setup.tokens", _("must list all 30 tokens by id"))
    return [names[x] for x in raw]


def _two_player_city(state: GuildsPosition, rng: Rng, setup: Mapping[str, object], tile_names: dict[str, int]) -> None:
    """GL-37 to GL-39, GL-D4, GL-D5: the small Guildhall, a building on each side, 20 guild tiles around."""
    layout = CONTENT.layout["two_player"]
    state.guildhall_cells = (cell(*layout["guildhall"]),)
    by_key = {t.building_key: t.index for t in CONTENT.tiles if t.building_key and t.used_in_2p}
    sides = ("N", "E", "S", "W")
    if "buildings_2p" in setup:
        chosen = setup["buildings_2p"]
        if not isinstance(chosen, dict) or set(chosen) != set(sides) or set(chosen.values()) != set(by_key):
            raise BadRecord(
                "setup.buildings_2p",
                _("name the building key for each of {sides} and {last}", sides="N, E, S", last="W"),
            )
        assignment = dict(chosen)
    else:
        mode = state.options["two_player_buildings"]
        if mode == "fixed":
            assignment = dict(layout["fixed_buildings"])
        elif mode == "all_random":
            keys = sorted(by_key)
            rng.shuffle(keys)
            assignment = dict(zip(sides, keys, strict=True))
        else:  # church_east_random_rest
            rest = sorted(k for k in by_key if k != "church_st_lawrence_jewry")
            rng.shuffle(rest)
            assignment = {"E": "church_st_lawrence_jewry", "N": rest[0], "S": rest[1], "W": rest[2]}
    for side, key in assignment.items():
        state.place(by_key[key], cell(*layout["buildings"][side]))
    guilds = {k: v for k, v in tile_names.items() if CONTENT.tiles[v].kind == "guild"}
    pool = _permutation(setup, "tile_pool", guilds, rng)
    (x0, y0), (x1, y1) = layout["grid"]
    taken = set(state.cells) | set(state.guildhall_cells)
    free = sorted((cell(x, y) for x in range(x0, x1 + 1) for y in range(y0, y1 + 1)), key=reading_key)
    for target in free:
        if target not in taken:
            state.place(pool.pop(0), target)
    state.pool = list(reversed(pool))

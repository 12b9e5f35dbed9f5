"""Final scoring (GL-99 to GL-103, GL-D31, GL-D32, GL-D37) and each mayoral reward-card scoring type."""

from __future__ import annotations

from gl_helpers import PL, at, cleared, figures, make_master, put

from guildtable.games.guilds_of_london.content import CONTENT, RewardCard
from guildtable.games.guilds_of_london.flow import final_scoring
from guildtable.games.guilds_of_london.geometry import cell
from guildtable.games.guilds_of_london.scoring import adjacent_pairs, largest_group, reward_card_vp, symbol_sets

RED, BLUE = 1, 2


def card(card_id: str) -> RewardCard:
    return next(c for c in CONTENT.rewards if c.id == card_id)


def test_gl_t21_101_d31_master_pairs() -> None:
    """GL-T21, GL-101, GL-D31: masters at (0,1), (1,1), (1,2), (5,5) give 2; a 2×2 block gives 4."""
    assert adjacent_pairs({cell(0, 1), cell(1, 1), cell(1, 2), cell(5, 5)}) == 2
    assert adjacent_pairs({cell(0, 0), cell(1, 0), cell(0, 1), cell(1, 1)}) == 4
    assert adjacent_pairs({cell(0, 0), cell(1, 0), cell(2, 0)}) == 2


def test_gl_99_100_101_final_scoring_in_the_engine() -> None:
    """GL-99, GL-100, GL-101: unscored tiles are cleared; reward cards and master pairs score."""
    state = cleared(3)
    a, b = at(state, -1, 1), at(state, 0, 1)
    make_master(state, RED, a)
    make_master(state, RED, b)
    unscored = at(state, 2, -1)
    put(state, BLUE, unscored, 2)
    state.rewards[RED] = [card("mayor_21").index]  # 1 VP per controlled tile
    final_scoring(state, [])
    assert figures(state, unscored) == [0, 0, 0] and state.token[unscored] == -1
    assert state.vp[RED] == 2 + 1
    assert state.final is not None and state.final["master_pairs"][RED] == 1


def test_gl_102_103_t22_d32_winner_and_reward_card_tie_break() -> None:
    """GL-102, GL-103, GL-T22, GL-D32: equal VP → most reward cards wins; still equal → shared win."""
    state = cleared(3)
    state.vp = [30, 30, 10]
    state.rewards = [[0, 1, 2], [3, 4], []]
    state.stack = []
    assert state.winners() == [0]
    state.rewards = [[0, 1, 2], [3, 4, 5], []]
    assert state.winners() == [0, 1]


def test_gl_d37_one_tile_counts_for_several_cards() -> None:
    """GL-D37, GL-100: each card is scored on its own over the same controlled tiles."""
    state = cleared(3)
    tile = next(t for t in state.in_play if CONTENT.tiles[t].kind == "guild")
    make_master(state, RED, tile)
    state.rewards[RED] = [card("mayor_21").index, card("mayor_15").index]
    final_scoring(state, [])
    assert state.vp[RED] >= 1


def _score(card_id: str, tiles: list[str], cells: list[tuple[int, int]], guildhall=((0, 0),), buildings=()) -> int:
    indexes = [next(t.index for t in CONTENT.tiles if t.id == tile_id) for tile_id in tiles]
    cell_of = [0] * len(CONTENT.tiles)
    for index, (x, y) in zip(indexes, cells, strict=True):
        cell_of[index] = cell(x, y)
    return reward_card_vp(
        card(card_id), indexes, cell_of, {cell(x, y) for x, y in guildhall}, {cell(x, y) for x, y in buildings}
    )


def test_reward_type_per_controlled_with_symbol() -> None:
    assert _score("mayor_01", ["lamplighters", "globe_makers", "lock_keepers"], [(0, 1), (0, 2), (0, 3)]) == 4


def test_reward_type_set_of_symbols() -> None:
    """A building's 4 symbols can feed 4 different sets."""
    tiles = ["church_st_lawrence_jewry", "lock_keepers"]
    assert _score("mayor_06", tiles, [(2, 0), (5, 5)]) == 5  # compasses cross scythe crown + anchor
    assert symbol_sets([CONTENT.tiles[0]], ["compasses", "anchor"], 2) == 0


def test_reward_type_per_controlled_with_attribute() -> None:
    assert _score("mayor_10", ["lamplighters", "globe_makers"], [(0, 1), (0, 2)]) == 3  # minimum 2: 3 VP each


def test_reward_type_controls_building() -> None:
    assert _score("mayor_16", ["gog_magog", "lamplighters"], [(0, 1), (0, 2)]) == 4


def test_reward_type_near_location() -> None:
    """Guildhall neighbourhood (diagonal counts) and buildings (another building, edge-adjacent)."""
    assert _score("mayor_20", ["lamplighters", "globe_makers"], [(1, 1), (3, 3)]) == 2
    assert _score("mayor_17", ["lamplighters", "gog_magog"], [(2, 1), (2, 0)], buildings=[(2, 0)]) == 2


def test_reward_type_adjacent_group_and_caps() -> None:
    tiles = ["lamplighters", "globe_makers", "lock_keepers", "mudlarks"]
    cells = [(0, 1), (0, 2), (0, 3), (5, 5)]
    assert _score("mayor_18", tiles, cells) == 6
    assert largest_group({cell(0, 0)}) == 1
    assert _score("mayor_19", tiles, cells) == 4
    line = [(x, 0) for x in range(10)]
    many = [t.id for t in CONTENT.tiles[:10]]
    assert _score("mayor_19", many, line) == 12  # max_vp


def test_reward_type_per_controlled() -> None:
    assert _score("mayor_21", ["lamplighters", "globe_makers"], [(0, 1), (0, 2)]) == 2


def test_uncontrolled_master_tile_counts_for_nobody() -> None:
    """GL-D18: a master-side tile with no master scores no reward card and no pair."""
    state = cleared(3)
    a, b = at(state, -1, 1), at(state, 0, 1)
    make_master(state, RED, a)
    state.back[b] = 1
    state.rewards[RED] = [card("mayor_21").index]
    final_scoring(state, [])
    assert state.vp[RED] == 1


def test_plantation_liverymen_survive_final_scoring() -> None:
    state = cleared(3)
    put(state, RED, PL, 2)
    final_scoring(state, [])
    assert figures(state, PL)[RED] == 2

"""Setup (GL-23 to GL-41) and table geometry (GL-19 to GL-22, GL-D1, GL-D2, GL-D4, GL-D5)."""

from __future__ import annotations

import pytest
from gl_helpers import GH, at, fresh

from guildtable.games.guilds_of_london import GAME
from guildtable.games.guilds_of_london import actions as A
from guildtable.games.guilds_of_london import questions as Q
from guildtable.games.guilds_of_london.content import CONTENT
from guildtable.games.guilds_of_london.geometry import cell, neighbours, reading_key, xy
from guildtable.games.guilds_of_london.rules import GuildsState
from guildtable.kernel import BadRecord


def cells_of(state: GuildsState) -> set[tuple[int, int]]:
    return {xy(state.cell_of[t]) for t in state.in_play}


def test_gl_23_24_26_d1_d2_opening_city_for_3_and_4_players() -> None:
    """GL-1, GL-23, GL-24, GL-26, GL-D1, GL-D2: a 2-cell Guildhall at (0,0)-(1,0), the Church east at (2,0), and 9
    drawn tiles on the rest of the ring."""
    for players in (3, 4):
        state = GAME.new_state(players, seed=5)
        assert [xy(c) for c in state.guildhall_cells] == [(0, 0), (1, 0)]
        church = A.TILE_OF_ID["church_st_lawrence_jewry"]
        assert xy(state.cell_of[church]) == (2, 0)
        expected = {(-1, 1), (0, 1), (1, 1), (2, 1), (-1, 0), (-1, -1), (0, -1), (1, -1), (2, -1), (2, 0)}
        assert cells_of(state) == expected
        assert not any(state.back)  # VP side up
        assert len(state.pool) == 44 - 9  # GL-25


def test_gl_25_the_pool_is_the_other_44_tiles_shuffled() -> None:
    """GL-25, GL-26: the 4 other building tiles and the 40 guild tiles, each once, form the pool the 9 ring tiles are
    drawn from; the Church is never in it, and different seeds shuffle it differently."""
    church = A.TILE_OF_ID["church_st_lawrence_jewry"]
    others = sorted(t.index for t in CONTENT.tiles if t.index != church)
    assert len(others) == 44
    assert sum(1 for t in others if CONTENT.tiles[t].kind == "building") == 4
    orders = set()
    for seed in range(4):
        state = GAME.new_state(3, seed=seed)
        drawn = [t for t in state.in_play if t != church]
        assert sorted(drawn + list(state.pool)) == others
        orders.add(tuple(state.pool))
    assert len(orders) == 4


def test_gl_d2_tiles_fill_ring_cells_in_reading_order_of_draw() -> None:
    """GL-D2: draw order → ring cells in reading order."""
    pool = [t.id for t in CONTENT.tiles if t.id != "church_st_lawrence_jewry"]
    state = GAME.new_state(4, seed=0, setup={"tile_pool": pool})
    ring = sorted((cell(x, y) for x, y in CONTENT.layout["initial_ring_cells"]), key=reading_key)
    assert [CONTENT.tiles[state.cells[c]].id for c in ring] == pool[:9]


def test_gl_27_41_one_face_up_token_per_tile() -> None:
    """GL-27, GL-41: a token on each tile in play; the rest face down in the supply."""
    for players, tiles in ((2, 24), (3, 10), (4, 10)):
        state = GAME.new_state(players, seed=3)
        assert sum(1 for t in state.in_play if state.token[t] >= 0) == tiles
        assert len(state.token_supply) == 30 - tiles


def test_gl_28_beadle_starts_on_lowest_precedence() -> None:
    """GL-28."""
    for seed in range(5):
        state = GAME.new_state(3, seed=seed)
        assert state.beadle == min(state.in_play, key=lambda t: CONTENT.tiles[t].precedence)


def test_gl_30_31_cards_dealt_and_keep_one_reward_card_seat_by_seat() -> None:
    """GL-30, GL-31, GL-D29, Q-S1: 6 action cards each; keep 1 of 3 reward cards, asked seat by seat; earlier answers
    stay hidden, the returned cards are shuffled into the reward deck."""
    state = GAME.new_state(3, seed=11)
    assert [len(h) for h in state.hands] == [6, 6, 6]
    assert len(state.deck) == 105 - 18
    assert isinstance(state.stack[-1], Q.SetupKeep) and state.current_player == 0
    dealt_0 = list(state.rewards[0])
    events = state.apply(A.REWARD + dealt_0[1])
    public_text = str([e.to_json() for e in events if e.seats is None])
    assert CONTENT.rewards[dealt_0[1]].id not in public_text
    assert state.current_player == 1
    view_1 = state.view(1)
    assert CONTENT.rewards[dealt_0[1]].id not in str(view_1)
    assert view_1["reward_card_counts"][0] == 1
    for _seat in (1, 2):
        state.apply(state.legal_actions()[0])
    assert [len(r) for r in state.rewards] == [1, 1, 1]
    assert len(state.reward_deck) == 21 - 3
    assert isinstance(state.stack[-1], Q.Turn)


def test_gl_32_36_d11_neutrals_and_liverymen() -> None:
    """GL-6, GL-8, GL-32, GL-36, GL-D11: 2 neutrals per player; 4 liverymen on the Guildhall, 12 in the supply."""
    state = GAME.new_state(4, seed=2)
    assert state.neutrals == [2, 2, 2, 2]
    assert state.supply == [12] * 4
    assert state.fig[GH * 4 : GH * 4 + 4] == [4] * 4


def test_gl_33_52_t2_start_spaces_fix_the_first_round_order() -> None:
    """GL-33, GL-52, GL-T2: start spaces 1 = Red, 2 = Blue, 3 = Green give the order Red, Blue, Green."""
    state = fresh(3, seed=1, start_order=[1, 2, 0])
    assert state.order() == [1, 2, 0]
    assert state.current_player == 1


def test_gl_34_plantation_side_option() -> None:
    """GL-34: chosen by option, random by default."""
    assert GAME.new_state(3, seed=1, options={"plantation_side": "virginia"}).plantation == 1
    sides = {GAME.new_state(3, seed=s).plantation for s in range(12)}
    assert sides == {0, 1}


def test_gl_35_first_round() -> None:
    """GL-35, GL-49: the round marker starts on round 1."""
    assert fresh(4).round == 1


def test_gl_37_38_39_d4_d5_two_player_city() -> None:
    """GL-37, GL-38, GL-39, GL-40, GL-41, GL-D4, GL-D5: one Guildhall cell, Church east, the other 3 buildings
    around it, no Gog & Magog, 20 guild tiles filling a 5×5 square."""
    state = GAME.new_state(2, seed=4)
    assert [xy(c) for c in state.guildhall_cells] == [(0, 0)]
    assert CONTENT.tiles[at(state, 1, 0)].building_key == "church_st_lawrence_jewry"
    around = {CONTENT.tiles[at(state, x, y)].building_key for x, y in ((0, 1), (0, -1), (-1, 0))}
    assert around == {"gesellschaftssaal", "lord_mayors_parade", "university_of_london"}
    assert A.TILE_OF_ID["gog_magog"] not in state.in_play
    assert cells_of(state) == {(x, y) for x in range(-2, 3) for y in range(-2, 3)} - {(0, 0)}
    assert sum(1 for t in state.in_play if CONTENT.tiles[t].kind == "guild") == 20
    assert all(CONTENT.tiles[t].kind == "guild" for t in state.pool)


def test_gl_d4_two_player_building_options() -> None:
    """GL-D4 config: all_random may move the Church; fixed follows layout.json."""
    fixed = GAME.new_state(2, seed=1, options={"two_player_buildings": "fixed"})
    assert CONTENT.tiles[at(fixed, 0, 1)].building_key == "gesellschaftssaal"
    positions = set()
    for seed in range(20):
        state = GAME.new_state(2, seed=seed, options={"two_player_buildings": "all_random"})
        positions.add(CONTENT.tiles[at(state, 1, 0)].building_key)
    assert len(positions) > 1


def test_gl_19_20_21_22_grid_adjacency_and_reading_order() -> None:
    """GL-19, GL-20, GL-21, GL-22: y grows north; only edge neighbours are adjacent; reading order is top row first,
    left to right; Guildhall cells are not tiles."""
    assert xy(cell(3, -2)) == (3, -2)
    assert set(neighbours(cell(0, 0))) == {cell(0, 1), cell(1, 0), cell(0, -1), cell(-1, 0)}
    assert sorted([cell(0, 0), cell(1, 1), cell(-1, 1), cell(0, -1)], key=reading_key) == [
        cell(-1, 1),
        cell(1, 1),
        cell(0, 0),
        cell(0, -1),
    ]
    state = GAME.new_state(3, seed=1)
    assert all(state.cells[c] == -1 for c in state.guildhall_cells)
    assert len(state.reading_order()) == 10


def test_gl_42_43_44_45_d28_view_shows_public_state_and_own_cards_only() -> None:
    """GL-42, GL-43, GL-44, GL-45, GL-D27, GL-D28: counts are public, hands and reward cards private, pile orders
    hidden."""
    state = fresh(3, seed=9)
    view = state.view(0)
    assert view["hand_sizes"] == [len(h) for h in state.hands]
    assert view["reward_card_counts"] == [1, 1, 1]
    assert len(view["hand"]) == len(state.hands[0])
    assert "deck" not in view and "pool" not in view
    assert view["discard"] == []
    spectator = state.view(None)
    assert spectator["hand"] is None and spectator["reward_cards"] is None


def test_setup_keys_are_checked() -> None:
    with pytest.raises(BadRecord, match=r"setup\.tile_pool"):
        GAME.new_state(3, seed=0, setup={"tile_pool": ["lamplighters"]})
    with pytest.raises(BadRecord, match=r"setup\.colour"):
        GAME.new_state(3, seed=0, setup={"colour": 1})


def test_gl_5_7_9_10_29_40_scoreboard_markers_round_marker_and_beadle() -> None:
    """GL-5, GL-7, GL-9, GL-10, GL-29, GL-40: the scoreboard (the 2-player or 3–4 player side: VP track with stacking,
    round track with grey and scoring rounds, the ship space, neutral spaces, the reward deck) and the Beadle are in
    every view. The VP are the view's `scores` (as in every game) and the markers' stacking its `marker_heights`
    (issue 31: not `stack`, which names the question stack)."""
    for players, rounds in ((2, 16), (4, 12)):
        state = fresh(players, seed=2)
        view = state.view(None)
        assert view["rounds"] == rounds and view["round"] == 1
        assert view["scores"] == state.scores() and view["marker_heights"] == state.marker_height
        assert len(view["scores"]) == len(view["marker_heights"]) == players
        assert not {"vp", "stack", "prompt"} & set(view)
        assert view["plantation"]["name"] and view["neutrals"] == [2] * players
        assert view["reward_deck_size"] == 21 - players
        assert view["beadle"] is not None

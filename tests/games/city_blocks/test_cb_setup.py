"""Components and setup: CB-1 to CB-9, CB-T-14, CB-A-3, CB-A-11, and explicit setups."""

from __future__ import annotations

from collections import Counter

import pytest

from guildtable.games.city_blocks.content import (
    PLAYER_SET,
    SITE_STREETS,
    STREET_SITES,
    TILE_CODES,
    TILE_FACES,
    TILE_KINDS,
    Kind,
)
from guildtable.kernel import BadRecord
from guildtable.kernel.registry import get_game

GAME = get_game("city-blocks")
CB_T_14 = [7, 3, 12, 1, 9, 15, 4, 11, 2, 6, 14, 10, 8, 5, 13]


def test_cb_1_exactly_two_players() -> None:
    """CB-1: City Blocks is for exactly 2 players."""
    assert list(GAME.player_counts) == [2]
    for players in (1, 3):
        with pytest.raises(BadRecord, match="players"):
            GAME.new_state(players)


def test_cb_1_each_player_has_the_twenty_tile_set() -> None:
    """CB-1: 20 tiles per player: 5 houses, 5 stores, 5 factories, 2 schools, power plant, mall, courthouse."""
    kinds = Counter(TILE_KINDS[tile] for tile in PLAYER_SET)
    assert kinds == {
        Kind.HOUSE: 5,
        Kind.STORE: 5,
        Kind.FACTORY: 5,
        Kind.SCHOOL: 2,
        Kind.POWER: 1,
        Kind.MALL: 1,
        Kind.COURT: 1,
    }
    state = GAME.new_state(2, seed=3)
    for seat in (0, 1):
        assert Counter(state.hands[seat] + state.piles[seat]) == Counter(PLAYER_SET)


def test_cb_2_grid_of_30_sites_and_11_streets() -> None:
    """CB-2 / CB-A-15: 5 rows × 6 columns; every site lies in exactly one row and one column."""
    assert len(STREET_SITES) == 11
    assert [len(sites) for sites in STREET_SITES] == [6] * 5 + [5] * 6
    for site in range(30):
        containing = [street for street, sites in enumerate(STREET_SITES) if site in sites]
        assert containing == list(SITE_STREETS[site])


def test_cb_3_fifteen_distinct_value_tiles() -> None:
    """CB-3: the value tiles are $1..$15, each once: on slots or out of the game at the start."""
    state = GAME.new_state(2, seed=11)
    assert sorted([v for v in state.slots if v] + state.removed_values) == list(range(1, 16))


def test_cb_4_face_values() -> None:
    """CB-4: houses 1–5, stores 2–6, factories 3–7, specials 0."""
    faces = {kind: sorted(TILE_FACES[t] for t in range(19) if TILE_KINDS[t] is kind) for kind in Kind}
    assert faces[Kind.HOUSE] == [1, 2, 3, 4, 5]
    assert faces[Kind.STORE] == [2, 3, 4, 5, 6]
    assert faces[Kind.FACTORY] == [3, 4, 5, 6, 7]
    assert all(TILE_FACES[t] == 0 for t in range(19) if TILE_KINDS[t] > Kind.FACTORY)


def test_cb_5_a_placed_tile_belongs_to_its_colour() -> None:
    """CB-5: the tile on the board carries its owner's colour."""
    state = GAME.new_state(2, seed=5)
    mover = state.current_player
    action = state.legal_actions()[0]
    state.apply(action)
    placed = [cell for row in state.view(None)["board"] for cell in row if cell]
    assert placed == [{"owner": mover, "tile": TILE_CODES[action // 30]}]


def test_cb_t_14_setup_deal() -> None:
    """CB-T-14 / CB-6 / CB-7 / CB-8: the deal order, Blue draws $10 vs Red's $8 and starts, four tiles leave."""
    state = GAME.new_state(2, setup={"value_tiles": CB_T_14})
    slots = state.view(None)["slots"]
    assert slots == {
        "R5": 7,
        "R4": 3,
        "R3": 12,
        "R2": 1,
        "R1": 9,
        "C1": 15,
        "C2": 4,
        "C3": 11,
        "C4": 2,
        "C5": 6,
        "C6": 14,
    }
    assert state.start_draws == [10, 8]
    assert state.current_player == 0
    assert sorted(state.removed_values) == [5, 8, 10, 13]


def test_cb_a_11_dealing_order_left_edge_then_top_then_the_draws() -> None:
    """CB-A-11, CB-6: s[0..4] go to R5 up to R1, s[5..10] to C1 to C6, Blue draws s[11] and Red s[12]; s[13] and s[14]
    are never dealt nor drawn."""
    order = list(range(15, 0, -1))  # 15, 14, ..., 1
    state = GAME.new_state(2, setup={"value_tiles": order})
    slots = state.view(None)["slots"]
    assert [slots[f"R{r}"] for r in (5, 4, 3, 2, 1)] == order[0:5]
    assert [slots[f"C{c}"] for c in range(1, 7)] == order[5:11]
    assert state.start_draws == [order[11], order[12]]
    assert {order[13], order[14]}.isdisjoint(slots.values())
    assert sorted(state.removed_values) == sorted(order[11:])


def test_cb_7_higher_draw_starts() -> None:
    """CB-7: Red starts when Red's draw is higher."""
    order = [*CB_T_14[:11], 8, 10, *CB_T_14[13:]]
    state = GAME.new_state(2, setup={"value_tiles": order})
    assert state.current_player == 1


def test_cb_8_spare_value_tiles_never_return() -> None:
    """CB-8 / CB-A-3: the two drawn and the two undrawn tiles stay out of the game to the end."""
    from guildtable.kernel import Rng

    state = GAME.new_state(2, setup={"value_tiles": CB_T_14})
    rng = Rng(1)
    while not state.is_terminal:
        state.apply(rng.choice(state.legal_actions()))
    held = state.won[0] + state.won[1]
    assert not {5, 8, 10, 13} & set(held)


def test_cb_9_five_tile_hands_and_hidden_piles() -> None:
    """CB-9: each player draws 5; the opponent sees only hand and pile sizes."""
    state = GAME.new_state(2, seed=8)
    view = state.view(0)
    assert view["hand_sizes"] == [5, 5] and view["pile_sizes"] == [15, 15]
    assert len(view["hand"]) == 5
    assert "hands" not in view and "piles" not in view


def test_explicit_piles_fix_the_hands() -> None:
    """A setup may fix each player's pile, top first (for scenarios and bug reports)."""
    pile = ["CRT", "MALL", "PWR", "SCH", "SCH", *[TILE_CODES[t] for t in range(15)]]
    state = GAME.new_state(2, setup={"piles": [pile, list(reversed(pile))]})
    assert state.view(0)["hand"] == ["SCH", "SCH", "PWR", "MALL", "CRT"]
    assert state.view(1)["hand"] == ["F3", "F4", "F5", "F6", "F7"]


def test_explicit_slots_and_start_player() -> None:
    """A setup may give the slots directly, with the start player."""
    slots = {"R1": 1, "R2": 2, "R3": 3, "R4": 4, "R5": 5, "C1": 6, "C2": 7, "C3": 8, "C4": 9, "C5": 10, "C6": 11}
    state = GAME.new_state(2, setup={"slots": slots, "start_player": 1})
    assert state.view(None)["slots"] == slots
    assert state.current_player == 1
    assert sorted(state.removed_values) == [12, 13, 14, 15]


@pytest.mark.parametrize(
    ("setup", "field"),
    [
        ({"value_tiles": [1, 2, 3]}, "setup.value_tiles"),
        ({"value_tiles": CB_T_14, "start_player": 1}, "setup.start_player"),
        ({"slots": {"R1": 1}}, "setup.slots.R2"),
        ({"piles": [["H1"] * 20, ["H1"] * 20]}, "setup.piles[0]"),
        ({"piles": [["ZZ"]]}, "setup.piles"),
        ({"colour": "green"}, "setup.colour"),
    ],
)
def test_bad_setup_names_the_field(setup: dict[str, object], field: str) -> None:
    """A malformed explicit setup is refused with BadRecord naming the field."""
    with pytest.raises(BadRecord) as error:
        GAME.new_state(2, setup=setup)
    assert error.value.field == field

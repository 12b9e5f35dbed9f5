"""The courthouse: CB-13, CB-T-6, CB-T-9, CB-T-10, CB-A-2, CB-A-4, CB-A-14."""

from __future__ import annotations

import pytest
from cb_positions import position

from guildtable.games.city_blocks.actions import NO_SWAP, SWAP_BASE, parse, swap_action
from guildtable.kernel import IllegalAction


def test_cb_t_6_courthouse_build_offers_a_swap() -> None:
    """CB-T-6 / CB-13: building the courthouse asks its owner whether to swap two value tiles."""
    state = position(hands=(None, ["CRT"]), to_move=1)
    state.apply(parse("CRT R3C3"))
    assert state.current_player == 1 and state.stack[-1].kind == "swap"
    legal = state.legal_actions()
    assert NO_SWAP in legal and len(legal) == 55 + 1
    state.apply(parse("swap R1 C6"))
    assert state.slots[0] == 11 and state.slots[10] == 1
    assert state.current_player == 0


def test_cb_t_9_swap_happens_before_scoring() -> None:
    """CB-T-9: R3 holds $2, C4 holds $15; Red's courthouse completes R3 and swaps R3 ↔ C4: R3 is scored for $15."""
    board = {f"R3C{c}": code for c, code in enumerate(["B:S6", "B:S5", "R:H1", "B:S4", "R:H2"], start=1)}
    state = position(board, hands=(None, ["CRT"]), to_move=1, slots={"R3": 2, "C4": 15, "C6": 9})
    events = state.apply(parse("CRT R3C6"))
    assert not [e for e in events if e.kind == "award"]
    events = state.apply(parse("swap R3 C4"))
    award = next(e.data for e in events if e.kind == "award")
    assert award == {"street": "R3", "value": 15, "totals": [15, 3], "winner": 0}
    assert state.won[0] == [15] and state.slots[8] == 2


def test_cb_t_10_only_tiles_still_on_slots_can_be_swapped() -> None:
    """CB-T-10: a street whose tile was awarded or removed cannot take part in a swap."""
    state = position(won=([1], []), hands=(["CRT"], None), slots={"R2": 2, "R3": 3, "C1": 6})
    state.apply(parse("CRT R5C6"))
    assert swap_action(0, 1) not in state.legal_actions()
    with pytest.raises(IllegalAction, match=r"CB-13: Row 1 has already been scored, so it has no value tile to swap"):
        state.apply(parse("swap R1 R2"))
    before = state.snapshot()
    with pytest.raises(IllegalAction, match="CB-13"):
        state.apply(parse("H1 R1C1"))
    assert state.snapshot() == before


def test_cb_t_10_same_street_is_not_a_swap() -> None:
    """CB-T-10: swapping a street with itself is refused when typed."""
    with pytest.raises(IllegalAction, match="two different streets"):
        parse("swap R2 R2")


def test_cb_t_10_one_tile_left_no_swap_is_offered() -> None:
    """CB-T-10: with fewer than two value tiles on slots the courthouse asks nothing."""
    state = position(hands=(["CRT"], None), slots={"R1": 4})
    state.apply(parse("CRT R5C6"))
    assert state.current_player == 1 and state.stack[-1].kind == "place"


def test_cb_a_14_swap_allowed_without_completing_a_street_and_optional() -> None:
    """CB-A-14 / CB-A-4: the swap is optional: noswap leaves every slot as it was."""
    state = position(hands=(["CRT"], None))
    slots = list(state.slots)
    state.apply(parse("CRT R1C1"))
    state.apply(NO_SWAP)
    assert state.slots == slots


def test_cb_13_swap_only_right_after_the_courthouse() -> None:
    """CB-13: a swap action outside the courthouse decision is refused."""
    state = position(hands=(["H1"], None))
    with pytest.raises(IllegalAction, match="CB-13"):
        state.apply(SWAP_BASE)


def test_cb_a_2_courthouse_by_rebuild_swaps_by_default() -> None:
    """CB-A-2: laying the courthouse by a rebuild also grants the swap (default option)."""
    state = position({"R1C1": "B:H1"}, won=([12], []), hands=(["CRT"], None))
    state.apply(parse("CRT xR1C1"))
    assert state.stack[-1].kind == "swap"


def test_cb_a_2_option_off_forbids_the_courthouse_rebuild() -> None:
    """CB-A-2 with court_via_rebuild=false: the courthouse can only be built on an empty site."""
    state = position({"R1C1": "B:H1"}, won=([12], []), hands=(["CRT"], None), options={"court_via_rebuild": False})
    with pytest.raises(IllegalAction, match="CB-A-2"):
        state.apply(parse("CRT xR1C1"))
    assert parse("CRT xR1C1") not in state.legal_actions()
    assert parse("CRT R2C2") in state.legal_actions()

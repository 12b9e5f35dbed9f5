"""The turn: CB-10 to CB-15 (build, rebuild, drawing, passing), CB-T-4, CB-T-5, CB-T-13, CB-T-17, CB-A-5,
CB-A-7 to CB-A-9, CB-A-16."""

from __future__ import annotations

import pytest
from cb_positions import position

from guildtable.games.city_blocks.actions import NO_SWAP, PLACE_ACTIONS, parse
from guildtable.games.city_blocks.content import SITES
from guildtable.games.city_blocks.rules import CityBlocksState
from guildtable.kernel import IllegalAction


def test_cb_10_a_move_places_a_tile_from_hand_and_there_is_no_pass() -> None:
    """CB-10: every legal action places a hand tile; no pass exists while a tile can be placed (CB-A-5)."""
    state = position(hands=(["H1", "S2", "F3", "SCH", "CRT"], None))
    legal = state.legal_actions()
    assert legal and all(action < PLACE_ACTIONS for action in legal)
    assert NO_SWAP not in legal
    with pytest.raises(IllegalAction, match="CB-10"):
        state.apply(parse("H5 R1C1"))


def test_cb_11_build_on_any_empty_site() -> None:
    """CB-11 / CB-T-4: a build may go on any empty site, no adjacency needed."""
    state = position({"R3C3": "R:H1"}, hands=(["H1"], None))
    legal_sites = {action % SITES for action in state.legal_actions()}
    assert legal_sites == set(range(SITES)) - {14}
    state.apply(parse("H1 R5C6"))
    assert state.view(None)["board"][4][5] == {"owner": 0, "tile": "H1"}


def test_cb_t_5_rebuild() -> None:
    """CB-T-5 / CB-12 / CB-A-1: Blue with {$3, $8, $12} rebuilds its STORE 2 on R2C3 with HOUSE 4: pays $3, the store
    leaves,
    no street is scored even though R2 is otherwise complete, and Blue draws back to 5."""
    board = {f"R2C{c}": code for c, code in enumerate(["B:H1", "R:H1", "B:S2", "R:H2", "B:H2", "R:S2"], start=1)}
    state = position(board, won=([3, 8, 12], []), hands=(["H4", "F3", "F4", "F5", "F6"], None), slots={"R2": 1})
    pile_before = len(state.piles[0])
    events = state.apply(parse("H4 xR2C3"))
    assert state.won[0] == [8, 12]
    assert 3 in state.removed_values
    assert state.removed_tiles == [1 + 5]  # Blue's S2 (tile type 5)
    assert state.view(None)["board"][1][2] == {"owner": 0, "tile": "H4"}
    assert not [e for e in events if e.kind == "award"]  # CB-A-7
    assert state.slots[1] == 1
    assert len(state.hands[0]) == 5 and len(state.piles[0]) == pile_before - 1  # CB-14


def test_cb_t_13_rebuild_needs_a_value_tile() -> None:
    """CB-T-13: a player with no value tiles cannot rebuild."""
    state = position({"R1C1": "B:H1"}, hands=(["H2"], None))
    with pytest.raises(IllegalAction, match=r"CB-12: .*you have not won any value tile yet"):
        state.apply(parse("H2 xR1C1"))


def test_cb_t_13_no_rebuild_on_an_opponents_tile() -> None:
    """CB-T-13 / CB-A-8: never on the opponent's tile."""
    state = position({"R1C1": "R:H1"}, won=([5], []), hands=(["H2"], None))
    with pytest.raises(IllegalAction, match=r"CB-12: Row 1, column 1 holds your opponent's tile"):
        state.apply(parse("H2 R1C1"))


def test_cb_t_13_payment_is_always_the_lowest_value_tile() -> None:
    """CB-T-13 / CB-A-9: owning {$5, $11}, the rebuild costs $5."""
    state = position({"R1C1": "B:H1"}, won=([11, 5], []), hands=(["H2"], None))
    state.apply(parse("H2 xR1C1"))
    assert state.won[0] == [11]


def test_cb_a_8_rebuild_any_own_kind_even_in_a_scored_street() -> None:
    """CB-A-8: own specials and tiles in fully scored streets may be rebuilt."""
    board = {f"R1C{c}": f"B:{code}" for c, code in enumerate(["SCH", "PWR", "MALL", "H1", "H2", "H3"], start=1)}
    state = position(board, won=([1, 7], []), hands=(["S6"], None), slots={})
    state.apply(parse("S6 xR1C1"))
    assert state.view(None)["board"][0][0] == {"owner": 0, "tile": "S6"}


def test_cb_a_7_rebuild_never_scores_but_counts_for_the_crossing_street() -> None:
    """CB-A-7: a rebuild in a complete row scores nothing; the open column it sits in later counts the new tile."""
    board = {f"R1C{c}": code for c, code in enumerate(["B:H1", "R:H1", "B:S2", "R:H2", "B:H2", "R:S2"], start=1)}
    board.update({"R2C1": "R:F7", "R3C1": "R:F6", "R4C1": "R:F5"})
    state = position(board, won=([12], []), hands=(["S6", "F7"], ["H3", "H4", "H5", "S3", "S4"]), slots={"C1": 6})
    state.apply(parse("S6 xR1C1"))
    assert not state.awards
    state.apply(parse("H3 R2C2"))  # Red builds away from column 1
    assert not state.awards
    events = state.apply(parse("F7 R5C1"))
    award = next(e.data for e in events if e.kind == "award")
    assert award["street"] == "C1" and award["totals"] == [6 + 7, 18]


def test_cb_14_draw_up_to_five() -> None:
    """CB-14: after the move the hand is refilled to 5 from the own pile only."""
    state = position(hands=(["H1", "H2", "H3", "H4", "H5"], None))
    red_pile = list(state.piles[1])
    top = state.piles[0][0]
    events = state.apply(parse("H1 R1C1"))
    assert len(state.hands[0]) == 5 and top in state.hands[0]
    assert state.piles[1] == red_pile
    assert [e.data["count"] for e in events if e.kind == "draw"] == [1]


def test_cb_a_16_an_empty_pile_lets_the_hand_shrink() -> None:
    """CB-A-16: with an empty pile the hand simply shrinks."""
    state = position(hands=(["H1", "H2", "H3", "H4", "H5"], None))
    state.piles[0] = []
    state.apply(parse("H1 R1C1"))
    assert len(state.hands[0]) == 4


def _blue_has_placed_everything() -> dict[str, str]:
    """All 20 Blue tiles and 7 Red tiles on the board; R5C4..R5C6 empty."""
    blue = [
        "H1",
        "H2",
        "H3",
        "H4",
        "H5",
        "S2",
        "S3",
        "S4",
        "S5",
        "S6",
        "F3",
        "F4",
        "F5",
        "F6",
        "F7",
        "SCH",
        "SCH",
        "PWR",
        "MALL",
        "CRT",
    ]
    red = ["H1", "H2", "H3", "H4", "H5", "S2", "S3"]
    codes = [f"B:{c}" for c in blue] + [f"R:{c}" for c in red]
    sites = [f"R{r}C{c}" for r in range(1, 6) for c in range(1, 7)][:27]
    return dict(zip(sites, codes, strict=True))


def test_cb_t_17_an_empty_hand_skips_its_turns() -> None:
    """CB-T-17 / CB-15: Blue has placed all 20 tiles; Red takes consecutive turns until the board is full."""
    state = position(_blue_has_placed_everything(), hands=([], None), to_move=1)
    assert state.hands[0] == [] and state.piles[0] == []

    def build(state: CityBlocksState) -> int:
        return next(a for a in state.legal_actions() if not state.board[a % SITES])

    events = state.apply(build(state))
    assert [e.data for e in events if e.kind == "pass"] == [{"seat": 0, "reason": "no tiles left"}]
    assert state.current_player == 1
    state.apply(build(state))
    assert state.current_player == 1
    state.apply(build(state))
    assert state.is_terminal and all(state.board)


def test_cb_a_5_a_player_with_tiles_is_never_skipped() -> None:
    """CB-A-5: turns alternate while both players hold tiles."""
    state = position(hands=(["H1"], ["H1"]))
    state.apply(parse("H1 R1C1"))
    assert state.current_player == 1
    state.apply(parse("H1 R1C2"))
    assert state.current_player == 0

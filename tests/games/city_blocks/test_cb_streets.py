"""Street scoring: CB-16 to CB-19 and the rulebook's street examples CB-T-1 to CB-T-3, CB-T-7, CB-T-8, CB-T-11,
CB-T-12."""

from __future__ import annotations

import pytest
from cb_positions import full_row, position

from guildtable.games.city_blocks.actions import parse
from guildtable.games.city_blocks.scoring import street_totals, street_winner

# (id, Blue's tiles, Red's tiles, expected totals, expected winner)
EXAMPLES = [
    ("CB-T-1", ["H3", "S2"], ["CRT", "H1", "H2", "S3"], (5, 6), 1),
    ("CB-T-2", ["SCH", "H1"], ["F3", "F5", "F6", "F7"], (1, 0), 0),
    ("CB-T-3", ["S3", "H5", "F7"], ["PWR", "MALL", "H4"], (3, 0), 0),
    ("CB-T-7", ["H4", "S2", "CRT"], ["H1", "H2", "S3"], (6, 6), None),
    ("CB-T-8", ["MALL", "H5", "F7"], ["H4", "F6", "SCH"], (0, 0), None),
]


@pytest.mark.parametrize(("case", "blue", "red", "totals", "winner"), EXAMPLES, ids=[e[0] for e in EXAMPLES])
def test_cb_17_18_street_examples_totals(
    case: str, blue: list[str], red: list[str], totals: tuple[int, int], winner: int | None
) -> None:
    """CB-17/CB-18 on the rulebook's streets: modifiers, specials worth 0, ties remove the tile (CB-A-12: 0:0 too)."""
    state = position(full_row(1, blue, red))
    assert street_totals(state.board, 0) == totals
    assert street_winner(totals) == winner


@pytest.mark.parametrize(("case", "blue", "red", "totals", "winner"), EXAMPLES, ids=[e[0] for e in EXAMPLES])
def test_cb_16_completing_build_awards_the_value_tile(
    case: str, blue: list[str], red: list[str], totals: tuple[int, int], winner: int | None
) -> None:
    """CB-16 (CB-T-4): the build that fills a street's last empty site scores it at once."""
    row = full_row(2, blue, red)
    last_site, last_code = "R2C6", row.pop("R2C6")
    mover = "BR".index(last_code[0])
    hands: list[list[str] | None] = [None, None]
    hands[mover] = [last_code[2:]]
    state = position(row, hands=(hands[0], hands[1]), to_move=mover, slots={"R2": 9, "C6": 4})
    events = state.apply(parse(f"{last_code[2:]} {last_site}"))
    awards = [e.data for e in events if e.kind == "award"]
    assert awards == [{"street": "R2", "value": 9, "totals": list(totals), "winner": winner}]
    if winner is None:
        assert 9 in state.removed_values and state.won == [[], []]  # CB-18, CB-A-12
    else:
        assert state.won[winner] == [9]
    assert state.slots[1] == 0


def test_cb_t_12_modifiers_ignore_owner_and_do_not_stack() -> None:
    """CB-T-12 / CB-A-13: a red school cancels blue factories; two schools act like one."""
    one_school = position(full_row(1, ["F7", "F6", "S2"], ["SCH", "H1", "H2"]))
    assert street_totals(one_school.board, 0) == (2, 3)
    two_schools = position(full_row(1, ["F7", "SCH", "S2"], ["SCH", "H1", "H2"]))
    assert street_totals(two_schools.board, 0) == (2, 3)


def test_cb_4_specials_are_worth_zero() -> None:
    """CB-4: school, power plant, mall and courthouse always count 0."""
    state = position(full_row(1, ["SCH", "PWR", "CRT"], ["SCH", "MALL", "CRT"]))
    assert street_totals(state.board, 0) == (0, 0)


def test_cb_17_stores_always_count() -> None:
    """CB-17: a mall zeroes houses and factories but never stores."""
    state = position(full_row(1, ["MALL", "S6", "H5"], ["F7", "S5", "S4"]))
    assert street_totals(state.board, 0) == (6, 9)


def test_cb_t_11_double_completion_scores_both_independently() -> None:
    """CB-T-11 / CB-19: one build completes R2 (Blue 9 : Red 4) and C5 (3 : 3); the row is scored first, Blue takes
    R2's tile and C5's is removed."""
    board = {
        "R2C1": "B:H5",
        "R2C2": "R:H1",
        "R2C3": "R:H3",
        "R2C4": "B:H1",
        "R2C6": "B:CRT",
        "R1C5": "R:S3",
        "R3C5": "B:SCH",
        "R4C5": "R:SCH",
        "R5C5": "B:PWR",
    }
    # Blue's S3 on R2C5: R2 = 5 + 1 + 3 = 9 vs 4; C5 = 3 vs 3.
    state = position(board, hands=(["S3"], None), to_move=0, slots={"R2": 12, "C5": 7})
    events = state.apply(parse("S3 R2C5"))
    awards = [e.data for e in events if e.kind == "award"]
    assert awards == [
        {"street": "R2", "value": 12, "totals": [9, 4], "winner": 0},
        {"street": "C5", "value": 7, "totals": [3, 3], "winner": None},
    ]
    assert state.won[0] == [12] and 7 in state.removed_values


def test_cb_16_a_street_is_not_scored_before_its_last_site() -> None:
    """CB-16: five of six sites built scores nothing."""
    row = full_row(3, ["H1", "H2", "H3"], ["S2", "S3", "S4"])
    del row["R3C6"]
    state = position(row, hands=(["F7"], None), to_move=0)
    events = state.apply(parse("F7 R1C1"))
    assert not [e for e in events if e.kind == "award"]
    assert state.slots[2] == 3

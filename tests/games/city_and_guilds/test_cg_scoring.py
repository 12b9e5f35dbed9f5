"""Scoring arithmetic of City and Guilds: block value and payouts, tracks, chains, guild control, final payouts
(CG-26 to CG-41, CG-44; CG-T-1 to CG-T-4, CG-T-6 to CG-T-11, CG-T-14 to CG-T-16)."""

from __future__ import annotations

import pytest

from guildtable.games.city_and_guilds import scoring
from guildtable.games.city_and_guilds.board import board_for
from guildtable.games.city_and_guilds.content import EMPTY, MARKET, MINSTREL, TAVERN, ceil_half, chain_bonus

BAKER, WEAVER, CANDLE, SMITH = range(4)
BOARD = board_for("default")


def test_ceil_half_identities():
    """§0: halving the rounded value again equals dividing by 4 or 8, rounded up."""
    for x in range(500):
        assert ceil_half(ceil_half(x)) == -(-x // 4)
        assert ceil_half(ceil_half(ceil_half(x))) == -(-x // 8)


def test_cg_32_block_value():
    """CG-32: 8 + 2 per market + 5 per minstrel house + 5 per tavern; figures make no difference."""
    tiles = [EMPTY] * BOARD.lots
    lots = BOARD.block_lots[0]
    for lot, tile in zip(lots, (MARKET, MARKET + 1, MINSTREL, TAVERN, BAKER, SMITH, SMITH, CANDLE), strict=True):
        tiles[lot] = tile
    assert scoring.block_value(tiles, lots) == (8 + 4 + 5 + 5, 2, 1, 1)


@pytest.mark.parametrize(
    ("value", "first", "second", "third", "two", "alone"),
    [
        (8, 4, 2, 1, (5, 3), 8),
        (13, 7, 4, 2, (8, 5), 13),
        (16, 8, 4, 2, (9, 5), 16),
        (17, 9, 5, 3, (10, 6), 17),
        (18, 9, 5, 3, (10, 6), 18),
        (21, 11, 6, 3, (12, 7), 21),
        (26, 13, 7, 4, (14, 8), 26),
        (33, 17, 9, 5, (18, 10), 33),
    ],
)
def test_cg_33_payout_table(value, first, second, third, two, alone):
    """CG-33 / §5.1 reference table."""
    assert scoring.block_payouts(value, 3, 0, 1, 2) == [(0, first, "1st"), (1, second, "2nd"), (2, third, "3rd")]
    assert [p for _, p, _ in scoring.block_payouts(value, 2, 0, 1, None)] == list(two)
    assert scoring.block_payouts(value, 1, 0, -1, None) == [(0, alone, "alone")]


def test_cg_t_1_block_21_three_or_more_present():
    """CG-T-1: V = 21 → 11 / 6 / 3."""
    assert [p for _, p, _ in scoring.block_payouts(21, 4, 0, 1, 2)] == [11, 6, 3]


def test_cg_t_2_block_21_alone():
    """CG-T-2: one player present scores the full 21."""
    assert scoring.block_payouts(21, 1, 3, -1, None) == [(3, 21, "alone")]


def test_cg_t_3_block_21_two_present():
    """CG-T-3: exactly two present → 12 and 7."""
    assert [p for _, p, _ in scoring.block_payouts(21, 2, 0, 1, None)] == [12, 7]


def test_cg_t_11_two_present_even_first_share_and_cg_a_6_option():
    """CG-T-11: V = 16 → 9/5, V = 8 → 5/3; the S2 arithmetic option gives 9/6 and 5/4 (CG-A-6)."""
    assert [p for _, p, _ in scoring.block_payouts(16, 2, 0, 1, None)] == [9, 5]
    assert [p for _, p, _ in scoring.block_payouts(8, 2, 0, 1, None)] == [5, 3]
    assert [p for _, p, _ in scoring.block_payouts(16, 2, 0, 1, None, s2_second=True)] == [9, 6]
    assert [p for _, p, _ in scoring.block_payouts(8, 2, 0, 1, None, s2_second=True)] == [5, 4]
    assert [p for _, p, _ in scoring.block_payouts(21, 2, 0, 1, None, s2_second=True)] == [12, 7]


def test_cg_t_10_tie_for_third_and_no_bonus():
    """CG-T-10 / CG-30 / CG-A-19: V = 17, A (3,3) white, B (2,3) black, C and D (1,1) tie → 9 and 5 only."""
    strengths = [(3, 3), (2, 3), (1, 1), (1, 1)]
    third = scoring.third_place(strengths, 0, 1)
    assert third is None
    assert scoring.block_payouts(17, 4, 0, 1, third) == [(0, 9, "1st"), (1, 5, "2nd")]


def test_cg_30_unique_third():
    """CG-30: the strictly strongest unmarked present player is 3rd; absent players never count."""
    assert scoring.third_place([(2, 2), (1, 2), (1, 1), (0, 0)], 0, 1) == 2
    assert scoring.third_place([(2, 2), (1, 2), (0, 0), (0, 0)], 0, 1) is None
    assert scoring.third_place([(2, 2), (2, 3), (1, 2), (1, 1), (0, 0)], 1, 0) == 2


def test_cg_33_nobody_present():
    """CG-33 / CG-T-12: no player present → no block-control points."""
    assert scoring.block_payouts(30, 0, -1, -1, None) == []


def test_cg_t_13_marker_sequence():
    """CG-T-13 / CG-29: the white and black markers through six placements in one block."""
    red, yellow, blue, green = 0, 1, 2, 3
    strengths = [(0, 0)] * 4
    white = black = -1

    def step(seat, strength):
        nonlocal white, black
        strengths[seat] = strength
        white, black = scoring.update_markers(strengths, white, black, seat)
        return white, black, scoring.third_place(strengths, white, black)

    assert step(red, (1, 1)) == (red, -1, None)
    assert step(blue, (1, 2)) == (blue, red, None)
    assert step(yellow, (1, 1)) == (blue, red, yellow)  # Red keeps black on the tie
    assert step(green, (1, 1)) == (blue, red, None)  # Yellow and Green tie for 3rd
    assert step(yellow, (2, 2)) == (yellow, blue, None)  # Red (1,1) and Green (1,1) tie
    assert step(red, (2, 2)) == (yellow, red, blue)  # Red ties Yellow, beats Blue; Blue (1,2) > Green (1,1)


def test_cg_29_white_holder_keeps_on_tie_and_second_entrant_takes_black():
    """CG-29 steps 2, 3 and 5, CG-A-16 (d)/(e): ties never move a marker; the second entrant is black at once."""
    assert scoring.update_markers([(1, 1), (1, 1)], 0, -1, 1) == (0, 1)
    assert scoring.update_markers([(1, 2), (1, 2), (1, 2)], 0, 1, 2) == (0, 1)
    assert scoring.update_markers([(1, 1), (1, 2)], 0, -1, 1) == (1, 0)
    assert scoring.update_markers([(2, 2), (1, 1)], 0, 1, 0) == (0, 1)


def _track(entries, players=5):
    """(values, stamps) from (seat, value) in arrival order."""
    values, stamps = [0] * players, [0] * players
    for clock, (seat, value) in enumerate(entries, start=1):
        values[seat], stamps[seat] = value, clock
    return values, stamps


def test_cg_t_6_investment_order():
    """CG-T-6 / CG-26 / CG-27 / CG-A-3: arriving at a value puts the marker behind those already there."""
    red, yellow, green = 0, 1, 3
    values, stamps = _track([(red, 3), (yellow, 4), (green, 5)])
    assert scoring.ranking(values, stamps) == [green, yellow, red]
    one = values.copy(), stamps.copy()
    one[0][red], one[1][red] = 4, 99
    assert scoring.ranking(*one) == [green, yellow, red]
    two = values.copy(), stamps.copy()
    two[0][red], two[1][red] = 5, 99
    assert scoring.ranking(*two) == [green, red, yellow]


def test_cg_t_7_full_value_blocks_one_step():
    """CG-T-7 / CG-26: value 3 holds Green, Red, Blue; Purple at 2 cannot advance 1 but can advance 2."""
    red, blue, green, purple = 0, 2, 3, 4
    values, stamps = _track([(purple, 2), (green, 3), (red, 3), (blue, 3)])
    assert scoring.ranking(values, stamps) == [green, red, blue, purple]
    assert not scoring.can_advance(values, purple, 1)
    assert scoring.can_advance(values, purple, 2)
    values[purple], stamps[purple] = 4, 99
    assert scoring.ranking(values, stamps) == [purple, green, red, blue]


def test_cg_26_value_zero_holds_any_number_and_cg_27_excludes_it():
    """CG-26: value 0 is unlimited; CG-27 / CG-T-15: players at 0 are never ranked."""
    values, stamps = _track([(0, 1)])
    assert scoring.ranking(values, stamps) == [0]
    assert scoring.can_advance([1, 1, 1, 0, 0], 3, 1) is False
    assert scoring.can_advance([1, 1, 0, 0, 0], 3, 1) is True


def test_cg_t_4_and_cg_35_guild_payout_with_two_investors():
    """CG-T-4 / CG-35: only two ranked players → 4 and 2, no bonus (checked through `ranking` and the 4/2/1 list)."""
    values, stamps = _track([(1, 2), (2, 1)])
    ranked = scoring.ranking(values, stamps)
    assert list(zip(ranked, (4, 2, 1), strict=False)) == [(1, 4), (2, 2)]


def test_cg_t_9_and_cg_40_chain_bonus_table():
    """CG-T-9 / CG-40 / CG-A-2: 1..8 blocks → 1, 3, 6, 10, 15, 21, 28, 36 (35 with the S1 option)."""
    assert [chain_bonus(k) for k in range(1, 9)] == [1, 3, 6, 10, 15, 21, 28, 36]
    assert chain_bonus(8, 35) == 35
    assert chain_bonus(9) == 45
    assert scoring.chain_value((10, 8, ()), 36) == 46
    assert scoring.final_shares(46, "full_half_quarter") == (46, 23, 12)
    assert scoring.final_shares(45, "full_half_quarter") == (45, 23, 12)


def test_cg_t_8_chain_example():
    """CG-T-8: size 6 over 3 blocks → 12 → 12/6/3; the what-if chains 3/3 (9) and 2/2 (5) → the size-3 one."""
    assert scoring.chain_value((6, 3, ())) == 12
    assert scoring.final_shares(12, "full_half_quarter") == (12, 6, 3)
    chain = scoring.scoring_chain([(3, 3, ()), (2, 2, ())], "size_then_value", 36)
    assert chain is not None and scoring.chain_value(chain) == 9
    assert scoring.final_shares(9, "full_half_quarter") == (9, 5, 3)


def test_cg_t_16_and_cg_41_scoring_chain_selection():
    """CG-T-16 / CG-41 / CG-A-15: longest first, then value; the max_value option prefers value."""
    chain = scoring.scoring_chain([(5, 1, ()), (5, 3, ())], "size_then_value", 36)
    assert chain is not None and scoring.chain_value(chain) == 11
    chain = scoring.scoring_chain([(6, 1, ()), (4, 4, ())], "size_then_value", 36)
    assert chain is not None and scoring.chain_value(chain) == 7
    chain = scoring.scoring_chain([(6, 1, ()), (4, 4, ())], "max_value", 36)
    assert chain is not None and scoring.chain_value(chain) == 14
    assert scoring.scoring_chain([], "size_then_value", 36) is None


def test_cg_44_final_payout_option():
    """CG-44 / CG-A-7: full/half/quarter by default, half/quarter/eighth with the S2 option."""
    assert scoring.final_shares(12, "full_half_quarter") == (12, 6, 3)
    assert scoring.final_shares(12, "half_quarter_eighth") == (6, 3, 2)


def _lot(name):
    return BOARD.lot_by_name[name]


def test_cg_38_chains_follow_adjacency_and_are_broken_by_other_tiles():
    """CG-38 / CG-39: connected g-tiles under CG-8 (across streets too); a minstrel house breaks the line."""
    tiles = [EMPTY] * BOARD.lots
    # A(3,2)=A7 is adjacent to B(6,2)=B4 across the trough; B4-B5 inside B.
    for name in ("A7", "B4", "B5"):
        tiles[_lot(name)] = CANDLE
    tiles[_lot("A6")] = MARKET + CANDLE
    chains = scoring.guild_chains(tiles, BOARD, CANDLE)
    assert [(size, blocks) for size, blocks, _ in chains] == [(4, 2)]
    tiles[_lot("A7")] = MINSTREL
    chains = sorted(scoring.guild_chains(tiles, BOARD, CANDLE))
    assert [(size, blocks) for size, blocks, _ in chains] == [(1, 1), (2, 1)]
    assert scoring.guild_chains(tiles, BOARD, BAKER) == []


TIE_BREAK_MAP = "\n".join(
    [
        "..............",
        ".CC.AAA.BB....",
        ".CC.AAA.BB....",
        "..............",
    ]
)


def _layout(board, baker, smith):
    tiles = [EMPTY] * board.lots
    for name in baker:
        tiles[board.lot_by_name[name]] = BAKER
    for name in smith:
        tiles[board.lot_by_name[name]] = SMITH
    return tiles


def test_cg_t_14_guild_control_tie_breaks():
    """CG-T-14 / CG-34 / CG-A-16(a): block A has 3 BAKER and 3 SMITH tiles. Longest chain through A wins; on equal
    size the chain touching more blocks wins; a full tie means no guild controls A."""
    board = board_for(TIE_BREAK_MAP)
    block_a = board.block_letters.index("A")
    # A1 A2 A3 / A4 A5 A6; C2-A1, C4-A4, A3-B1 and A6-B3 face each other across streets.
    tiles = _layout(board, ["A1", "A2", "A3", "B1", "B2"], ["A4", "A5", "A6", "B3"])
    control, keys = scoring.guild_control(tiles, board, block_a)
    assert keys == {BAKER: (3, 5, 2), SMITH: (3, 4, 2)}
    assert control == BAKER
    tiles = _layout(board, ["A1", "A2", "A3", "C2", "B1"], ["A4", "A5", "A6", "B3", "B4"])
    control, keys = scoring.guild_control(tiles, board, block_a)
    assert keys == {BAKER: (3, 5, 3), SMITH: (3, 5, 2)}
    assert control == BAKER
    tiles = _layout(board, ["A1", "A2", "A3", "C2", "B1"], ["A4", "A5", "A6", "C4", "B3"])
    control, keys = scoring.guild_control(tiles, board, block_a)
    assert keys == {BAKER: (3, 5, 3), SMITH: (3, 5, 3)}
    assert control is None


def test_cg_34_count_decides_first():
    """CG-34: the guild with more tiles in the block controls it, whatever the chains elsewhere."""
    board = board_for(TIE_BREAK_MAP)
    tiles = _layout(board, ["A1", "A2"], ["A3", "B1", "B2", "B3", "B4"])
    control, keys = scoring.guild_control(tiles, board, board.block_letters.index("A"))
    assert keys == {BAKER: (2, 2, 1), SMITH: (1, 5, 2)}
    assert control == BAKER


def test_cg_34_full_tie_means_no_guild_control():
    """CG-34 / CG-A-16(a): equal keys → no guild controls; no guild tile → none either."""
    board = board_for("\n".join(["......", ".AAAA.", ".AAAA.", "......", ".BB...", "......"]))
    tiles = [EMPTY] * board.lots
    control, keys = scoring.guild_control(tiles, board, 0)
    assert control is None and keys == {}
    tiles[board.lot_by_name["A1"]] = BAKER
    tiles[board.lot_by_name["A4"]] = SMITH
    control, keys = scoring.guild_control(tiles, board, 0)
    assert keys == {BAKER: (1, 1, 1), SMITH: (1, 1, 1)}
    assert control is None


def test_cg_a_21_tracks_are_unbounded_with_three_per_value():
    """CG-A-21: values have no maximum; the 3-marker limit applies per value, however high."""
    assert scoring.can_advance([40, 40, 40, 38], 3, 2) is False
    assert scoring.can_advance([40, 40, 40, 38], 3, 1) is True
    assert scoring.ranking([41, 40, 0, 39], [3, 1, 0, 2]) == [0, 1, 3]

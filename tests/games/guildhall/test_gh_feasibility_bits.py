"""The bit-set fast paths of `feasibility` (used by legal-answer generation in random playouts) give exactly the
answers of the reference functions they replace (GH-34, GH-D7, GH-D11, GH-D12, GH-81, GH-88, GH-103)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from guildtable.games.guildhall import feasibility as fz

masks_st = st.lists(st.sampled_from([0, 1, 3, 15, 30, 29, 7, 16, 31 - 8, 5]), min_size=6, max_size=6)
pool_st = st.lists(st.integers(0, 29), min_size=0, max_size=8)


@settings(max_examples=150, deadline=None)
@given(masks=masks_st, pool=pool_st, gives=st.integers(0, 3), takes=st.integers(0, 3))
def test_gh_d7_give_then_take_bits_match_reference(masks: list[int], pool: list[int], gives: int, takes: int) -> None:
    """GH-D7, GH-81, GH-88: give `gives` face-up cards, then take `takes` from the pool."""
    hall, present = fz.hall_bits(masks), fz.presence(pool)
    expected = fz.can_give_then_take(masks, fz.hand_counts(pool), gives, takes)
    assert fz.give_then_take_fast(hall, present, pool, gives, takes) == expected
    counts = fz.hand_counts(pool)
    assert fz.give_take_bits(hall, counts, present, gives, takes) == expected
    assert counts == fz.hand_counts(pool)  # restored
    assert fz.take_bits(hall, counts, present, takes) == fz.can_take(masks, counts, takes)


@settings(max_examples=100, deadline=None)
@given(masks=masks_st, pool=pool_st, prof=st.integers(0, 5), takes=st.integers(0, 3))
def test_gh_79_chapter_then_take_bits_match_reference(masks: list[int], pool: list[int], prof: int, takes: int) -> None:
    """GH-79: a whole chapter goes out, then the takes."""
    expected = fz.chapter_then_take(masks, fz.hand_counts(pool), prof, takes)
    assert fz.chapter_then_take_fast(fz.hall_bits(masks), fz.presence(pool), pool, prof, takes) == expected


@settings(max_examples=150, deadline=None)
@given(mine=masks_st, theirs=masks_st, data=st.data())
def test_gh_103_swap_bits_match_reference(mine: list[int], theirs: list[int], data: st.DataObject) -> None:
    """GH-103, GH-D12: the swap check with and without the answers already given."""
    mine_bits, theirs_bits = fz.hall_bits(mine), fz.hall_bits(theirs)
    assert fz.swap_ok(mine_bits, theirs_bits) == fz.can_swap_one_for_two(mine, theirs)
    give = data.draw(st.integers(0, 29))
    taken = tuple(data.draw(st.lists(st.integers(0, 29), max_size=3)))
    assert fz.swap_ok(mine_bits, theirs_bits, give, taken) == fz.can_swap_one_for_two(mine, theirs, give, taken)
    up = fz.face_up(theirs)
    if up:
        taken = tuple(data.draw(st.lists(st.sampled_from(up), max_size=2)))
        assert fz.swap_ok(mine_bits, theirs_bits, give, taken) == fz.can_swap_one_for_two(mine, theirs, give, taken)


@settings(max_examples=50, deadline=None)
@given(masks=masks_st)
def test_gh_19_hall_bits_list_the_face_up_cards(masks: list[int]) -> None:
    """GH-19: the bit set holds exactly the face-up identities."""
    assert fz.bit_cards(fz.hall_bits(masks)) == fz.face_up(masks)

"""The "can it still be carried out completely?" checks (GH-34, GH-D7, GH-D11, GH-D12) against brute force: every
order of every choice is tried on small random guildhalls and piles."""

from __future__ import annotations

from itertools import combinations, permutations

from hypothesis import given, settings
from hypothesis import strategies as st

from guildtable.games.guildhall import feasibility as fz

# Few professions and cards keep the brute force small while still hitting completions and duplicates.
masks_st = st.lists(st.sampled_from([0, 1, 3, 15, 30, 29, 7, 16]), min_size=6, max_size=6)
cards_st = st.lists(st.integers(0, 14), min_size=0, max_size=5)


def sequence_ok(masks: list[int], cards: tuple[int, ...]) -> bool:
    for card in cards:
        if not fz.legal_in(masks, card):
            return False
        masks = fz.placed(masks, card)
    return True


def brute_take(masks: list[int], pool: list[int], k: int) -> bool:
    return any(sequence_ok(masks, order) for order in permutations(pool, k))


def brute_give_take(masks: list[int], pool: list[int], gives: int, takes: int) -> bool:
    for gift in combinations(fz.face_up(masks), gives):
        after = list(masks)
        for card in gift:
            after = fz.without(after, card)
        if brute_take(after, pool, takes):
            return True
    return False


@settings(max_examples=150, deadline=None)
@given(masks=masks_st, pool=cards_st, k=st.integers(0, 3))
def test_gh_d7_can_take_matches_brute_force(masks: list[int], pool: list[int], k: int) -> None:
    """GH-D7, GH-D11: some order of k cards from the pile places legally."""
    assert fz.can_take(masks, fz.hand_counts(pool), k) == brute_take(masks, pool, k)


@settings(max_examples=120, deadline=None)
@given(masks=masks_st, pool=cards_st, n=st.integers(1, 2))
def test_gh_d12_give_then_take_matches_brute_force(masks: list[int], pool: list[int], n: int) -> None:
    """GH-D12, GH-81, GH-88: outgoing cards leave first, then the incoming are placed one at a time."""
    assert fz.can_give_then_take(masks, fz.hand_counts(pool), n, n) == brute_give_take(masks, pool, n, n)


@settings(max_examples=150, deadline=None)
@given(masks=masks_st, cards=st.lists(st.integers(0, 14), min_size=0, max_size=4))
def test_gh_63_can_place_all_matches_brute_force(masks: list[int], cards: list[int]) -> None:
    """GH-63: some order places all of the cards."""
    expected = any(sequence_ok(masks, order) for order in permutations(cards))
    assert fz.can_place_all(masks, cards) == expected


@settings(max_examples=100, deadline=None)
@given(mine=masks_st, theirs=masks_st)
def test_gh_103_swap_matches_brute_force(mine: list[int], theirs: list[int]) -> None:
    """GH-103, GH-D12: one of mine for two of theirs."""
    expected = False
    for give in fz.face_up(mine):
        for pair in combinations(fz.face_up(theirs), 2):
            theirs_after = fz.without(fz.without(theirs, pair[0]), pair[1])
            mine_after = fz.without(mine, give)
            if fz.legal_in(theirs_after, give) and any(sequence_ok(mine_after, o) for o in permutations(pair)):
                expected = True
    assert fz.can_swap_one_for_two(mine, theirs) == expected

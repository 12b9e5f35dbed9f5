"""Can an ability still be carried out completely? (GH-34, GH-D7)

A guildhall is 6 colour masks (one per profession, bit c = the colour-c card is face up). Placing one card at a time
follows GH-62: it is legal when the identical card is not face up, and a chapter of 5 colours completes at once
(GH-49), which empties it. These pure functions answer "is there at least one legal way to finish?" so that every
question offers only answers that cannot lead to a dead end. They never mutate their arguments.

Fast path (used almost always): placing cards of pairwise different identities that are all legal now can never
become illegal later (a placement only adds a colour or empties a chapter), so "enough distinct legal cards" settles
it. Otherwise a small exhaustive search (at most 3 cards deep) decides.
"""

# Compiled by mypyc at install (setup.py): see "Compiled engines" in src/guildtable/games/README.md.
from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from guildtable.games.guildhall.content import COLOURS, FULL_CHAPTER, IDENTITIES, PROFESSIONS

_PROF: Final = tuple(card // COLOURS for card in range(IDENTITIES))
_BIT: Final = tuple(1 << card % COLOURS for card in range(IDENTITIES))


def legal_in(masks: list[int], card: int) -> bool:
    """GH-54/GH-56: `card` may be placed by choice (no identical face-up card)."""
    return not masks[card // COLOURS] & (1 << card % COLOURS)


def placed(masks: Sequence[int], card: int) -> list[int]:
    """The masks after placing a legal `card` (with GH-49 completion)."""
    after = list(masks)
    prof = card // COLOURS
    mask = after[prof] | (1 << card % COLOURS)
    after[prof] = 0 if mask == FULL_CHAPTER else mask
    return after


def without(masks: Sequence[int], card: int) -> list[int]:
    after = list(masks)
    after[card // COLOURS] &= ~(1 << card % COLOURS)
    return after


def face_up(masks: Sequence[int]) -> list[int]:
    """The face-up cards of a guildhall, as identities."""
    return [
        prof * COLOURS + colour
        for prof in range(PROFESSIONS)
        if masks[prof]
        for colour in range(COLOURS)
        if masks[prof] >> colour & 1
    ]


def count_face_up(masks: Sequence[int]) -> int:
    return sum(bin(mask).count("1") for mask in masks)


def can_place_all(masks: list[int], cards: Sequence[int]) -> bool:
    """Some order places every card of `cards` legally, one at a time (GH-63, GH-D11)."""
    if not cards:
        return True
    tried = set()
    for index, card in enumerate(cards):
        if card in tried or not legal_in(masks, card):
            continue
        tried.add(card)
        if can_place_all(placed(masks, card), [*cards[:index], *cards[index + 1 :]]):
            return True
    return False


def can_take(masks: Sequence[int], counts: Sequence[int], k: int) -> bool:
    """`k` cards chosen from the multiset `counts` (per identity) can be placed legally one at a time."""
    if k <= 0:
        return True
    legal = [
        card for card in range(IDENTITIES) if counts[card] and not masks[_PROF[card]] & _BIT[card]
    ]  # inlined legal_in: this is the hot path of every Hunter and Peddler question
    if len(legal) >= k:
        return True
    if not legal:
        return False
    for card in legal:
        rest = list(counts)
        rest[card] -= 1
        if can_take(placed(masks, card), rest, k - 1):
            return True
    return False


def can_give_then_take(masks: Sequence[int], counts: Sequence[int], gives: int, takes: int, low: int = 0) -> bool:
    """Hunter levels 0/2 (GH-80): remove `gives` face-up cards, then take `takes` from `counts`."""
    if gives == 0:
        return can_take(masks, counts, takes)
    cards = face_up(masks)
    if len(cards) < gives:
        return False
    if sum(1 for card in range(IDENTITIES) if counts[card] and not masks[_PROF[card]] & _BIT[card]) >= takes:
        return True  # enough distinct legal cards stay legal whatever is removed (see the module docstring)
    return any(
        can_give_then_take(without(masks, card), counts, gives - 1, takes, card + 1) for card in cards if card >= low
    )


def can_give_chapter_then_take(masks: Sequence[int], counts: Sequence[int], takes: int) -> bool:
    """Hunter level 4 (GH-79): give one whole chapter, then take `takes` cards."""
    return any(chapter_then_take(masks, counts, prof, takes) for prof in range(PROFESSIONS) if masks[prof])


def chapter_then_take(masks: Sequence[int], counts: Sequence[int], prof: int, takes: int) -> bool:
    after = list(masks)
    after[prof] = 0
    return can_take(after, counts, takes)


def hand_counts(cards: Sequence[int]) -> list[int]:
    counts = [0] * IDENTITIES
    for card in cards:
        counts[card] += 1
    return counts


def can_swap_one_for_two(
    mine: Sequence[int], theirs: Sequence[int], give: int | None = None, taken: tuple[int, ...] = ()
) -> bool:
    """The 3-VP swap (GH-103, GH-D12): one of my cards for two of theirs, both sides leaving first. `give` and
    `taken` fix the answers already given."""
    gives = [give] if give is not None else face_up(mine)
    cards = face_up(theirs)
    pairs = [(first, second) for index, first in enumerate(cards) for second in cards[index + 1 :]]
    if taken:
        pairs = [pair for pair in pairs if all(card in pair for card in taken)]
    for mine_card in gives:
        mine_after = without(mine, mine_card)
        for first, second in pairs:
            if legal_in(without(without(theirs, first), second), mine_card) and can_place_all(
                mine_after, [first, second]
            ):
                return True
    return False


# --- bit-set fast paths ----------------------------------------------------------------------------------------------
# The same answers as the functions above, settled on 30-bit ints (bit `card` = that identity is face up / present)
# whenever the first checks of those functions already decide; only a rare undecided case runs the exhaustive search.
# Legal-answer generation runs these at almost every question of a random playout.

CHAPTER_BITS: Final = tuple(FULL_CHAPTER << prof * COLOURS for prof in range(PROFESSIONS))
CARD_BITS: Final = tuple(1 << card for card in range(IDENTITIES))
assert (PROFESSIONS, COLOURS) == (6, 5), "hall_bits spells out six chapters of five colours"


def hall_bits(masks: list[int]) -> int:
    """The face-up identities of a guildhall (6 colour masks) as one int."""
    return masks[0] | masks[1] << 5 | masks[2] << 10 | masks[3] << 15 | masks[4] << 20 | masks[5] << 25


def presence(cards: list[int]) -> int:
    """The identities present in `cards` as one int."""
    bits = 0
    for card in cards:
        bits |= 1 << card
    return bits


# The set bits of every 10-bit slice, offset to its place: three lookups list a 30-bit set.
_SLICE: Final = 1 << 10
_LOW: Final = tuple(tuple(bit for bit in range(10) if value >> bit & 1) for value in range(_SLICE))
_MID: Final = tuple(tuple(bit + 10 for bit in bits) for bits in _LOW)
_HIGH: Final = tuple(tuple(bit + 20 for bit in bits) for bits in _LOW)
assert IDENTITIES <= 30


_ONES: Final = tuple(len(bits) for bits in _LOW)


def ones(bits: int) -> int:
    """How many identities a bit set holds (`int.bit_count`, which compiled code calls as a Python method)."""
    return _ONES[bits & 1023] + _ONES[bits >> 10 & 1023] + _ONES[bits >> 20 & 1023]


def bit_cards(bits: int) -> list[int]:
    """The identities of a bit set, ascending (the order of `face_up`)."""
    return [*_LOW[bits & 1023], *_MID[bits >> 10 & 1023], *_HIGH[bits >> 20 & 1023]]


def take_settled(hall: int, present: int, k: int) -> bool | None:
    """What counting alone settles about taking `k` cards of `present` into `hall`: True, False, or None when the
    cards must be tried one by one."""
    if k <= 0:
        return True
    found = ones(present & ~hall)
    if found >= k:
        return True
    return None if found else False


def give_take_settled(hall: int, present: int, gives: int, takes: int) -> bool | None:
    """`take_settled` for giving `gives` cards of `hall` away first."""
    if gives == 0:
        return take_settled(hall, present, takes)
    if ones(hall) < gives:
        return False
    if ones(present & ~hall) >= takes:
        return True
    return None


def take_bits(hall: int, counts: list[int], present: int, k: int) -> bool:
    """`can_take` on bits: `present` holds the identities with `counts[card] > 0` (`counts` is restored on return)."""
    settled = take_settled(hall, present, k)
    if settled is not None:
        return settled
    for card in bit_cards(present & ~hall):
        rest = present if counts[card] > 1 else present & ~(1 << card)
        counts[card] -= 1
        ok = take_bits(placed_bits(hall, card), counts, rest, k - 1)
        counts[card] += 1
        if ok:
            return True
    return False


def give_take_bits(hall: int, counts: list[int], present: int, gives: int, takes: int, low: int = 0) -> bool:
    """`can_give_then_take` on bits (same preconditions as `take_bits`)."""
    if gives == 0:
        return take_bits(hall, counts, present, takes)
    settled = give_take_settled(hall, present, gives, takes)
    if settled is not None:
        return settled
    return any(
        give_take_bits(hall & ~(1 << card), counts, present, gives - 1, takes, card + 1)
        for card in bit_cards(hall)
        if card >= low
    )


def give_then_take_fast(hall: int, present: int, cards: Sequence[int], gives: int, takes: int) -> bool:
    """`can_give_then_take(masks, hand_counts(cards), gives, takes)`, where `hall == hall_bits(masks)` and
    `present == presence(cards)`; the counts are built only when counting alone does not settle it."""
    settled = give_take_settled(hall, present, gives, takes)
    return give_take_bits(hall, hand_counts(cards), present, gives, takes) if settled is None else settled


def chapter_then_take_fast(hall: int, present: int, cards: Sequence[int], prof: int, takes: int) -> bool:
    """`chapter_then_take(masks, hand_counts(cards), prof, takes)` (same preconditions as `give_then_take_fast`)."""
    hall &= ~CHAPTER_BITS[prof]
    settled = take_settled(hall, present, takes)
    return take_bits(hall, hand_counts(cards), present, takes) if settled is None else settled


def placed_bits(hall: int, card: int) -> int:
    """`hall` after placing a legal `card` (GH-49: a full chapter empties)."""
    hall |= 1 << card
    chapter = CHAPTER_BITS[card // COLOURS]
    return hall & ~chapter if hall & chapter == chapter else hall


def _place_two_ok(hall: int, first: int, second: int) -> bool:
    """`can_place_all(masks, [first, second])` for two different identities, on bits."""
    first_bit, second_bit = 1 << first, 1 << second
    if not hall & first_bit and not placed_bits(hall, first) & second_bit:
        return True
    return not hall & second_bit and not placed_bits(hall, second) & first_bit


def swap_ok(mine: int, theirs: int, give: int | None = None, taken: tuple[int, ...] = ()) -> bool:
    """`can_swap_one_for_two` on hall bits (GH-103, GH-D12): some card of mine (or `give`) for a pair of theirs
    containing every card of `taken`, each side legal once both outgoing sets have left."""
    gives = [give] if give is not None else bit_cards(mine)
    cards = bit_cards(theirs)
    need = sorted(set(taken))
    if len(need) > 2 or any(not theirs >> card & 1 for card in need):
        return False
    if len(need) == 2:
        pairs = [(need[0], need[1])]
    elif need:
        pairs = [(need[0], other) for other in cards if other != need[0]]
    else:
        pairs = [(first, second) for index, first in enumerate(cards) for second in cards[index + 1 :]]
    for mine_card in gives:
        mine_bit = 1 << mine_card
        mine_after = mine & ~mine_bit
        for first, second in pairs:
            if not theirs & ~(1 << first) & ~(1 << second) & mine_bit and _place_two_ok(mine_after, first, second):
                return True
    return False

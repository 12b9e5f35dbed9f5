"""Can an ability still be carried out completely? (GH-34, GH-D7)

A guildhall is 6 colour masks (one per profession, bit c = the colour-c card is face up). Placing one card at a time
follows GH-62: it is legal when the identical card is not face up, and a chapter of 5 colours completes at once
(GH-49), which empties it. These pure functions answer "is there at least one legal way to finish?" so that every
question offers only answers that cannot lead to a dead end. They never mutate their arguments.

Fast path (used almost always): placing cards of pairwise different identities that are all legal now can never
become illegal later (a placement only adds a colour or empties a chapter), so "enough distinct legal cards" settles
it. Otherwise a small exhaustive search (at most 3 cards deep) decides.
"""

from __future__ import annotations

from collections.abc import Sequence

from guildtable.games.guildhall.content import COLOURS, FULL_CHAPTER, IDENTITIES, PROFESSIONS

_PROF = tuple(card // COLOURS for card in range(IDENTITIES))
_BIT = tuple(1 << card % COLOURS for card in range(IDENTITIES))


def legal_in(masks: Sequence[int], card: int) -> bool:
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


def can_place_all(masks: Sequence[int], cards: Sequence[int]) -> bool:
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

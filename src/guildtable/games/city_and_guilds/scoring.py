"""The scoring arithmetic of City and Guilds, as pure functions over plain lists so that each rule can be tested on
its own: block value (CG-32), block places (CG-30), block control payouts (CG-33), guild tracks (CG-26, CG-27),
chains (CG-38 to CG-41), guild control (CG-34) and the final guild payout (CG-44)."""

from __future__ import annotations

from collections.abc import Sequence

from guildtable.games.city_and_guilds.board import Board
from guildtable.games.city_and_guilds.content import (
    BLOCK_BASE,
    GUILD_COUNT,
    MARKET,
    MARKET_POINTS,
    MAX_PER_VALUE,
    MINSTREL,
    MINSTREL_POINTS,
    TAVERN,
    TAVERN_POINTS,
    ceil_half,
    chain_bonus,
)

Strength = tuple[int, int]  # (tiles with own figures, figures) in one block (CG-28)


def block_value(tiles: Sequence[int], lots: Sequence[int]) -> tuple[int, int, int, int]:
    """CG-32: (V, markets, minstrel houses, taverns) of the block made of `lots`."""
    markets = minstrels = taverns = 0
    for lot in lots:
        tile = tiles[lot]
        if MARKET <= tile < MINSTREL:
            markets += 1
        elif tile == MINSTREL:
            minstrels += 1
        elif tile == TAVERN:
            taverns += 1
    value = BLOCK_BASE + MARKET_POINTS * markets + MINSTREL_POINTS * minstrels + TAVERN_POINTS * taverns
    return value, markets, minstrels, taverns


def update_markers(strengths: Sequence[Strength], white: int, black: int, seat: int) -> tuple[int, int]:
    """CG-29: the (white, black) holders after `seat` put figures into a block; -1 = no marker. A challenger must be
    strictly stronger; an overtaken white holder takes black (CG-A-16 (d), (e))."""
    mine = strengths[seat]
    if white < 0:
        return seat, black
    if white == seat:
        return white, black
    if mine > strengths[white]:
        return seat, white
    if black == seat:
        return white, black
    if black < 0 or mine > strengths[black]:
        return white, seat
    return white, black


def third_place(strengths: Sequence[Strength], white: int, black: int) -> int | None:
    """CG-30: among present players holding no marker, the one strictly strongest; None if none or tied."""
    best: Strength = (0, 0)
    third: int | None = None
    tied = False
    for seat, strength in enumerate(strengths):
        if seat in (white, black) or strength[1] == 0:
            continue
        if strength > best:
            best, third, tied = strength, seat, False
        elif strength == best:
            tied = True
    return None if tied else third


def block_payouts(
    value: int, present: int, white: int, black: int, third: int | None, s2_second: bool = False
) -> list[tuple[int, int, str]]:
    """CG-33: (seat, points, place) for block control. `s2_second` is the ⚙ two_player_bonus_second alternative
    (CG-A-6): with exactly two present, the 2nd's share is computed from the 1st's share including its bonus."""
    if present == 0:
        return []
    if present == 1:
        return [(white, value, "alone")]
    half = ceil_half(value)
    if present == 2:
        second = ceil_half(half + 1) + 1 if s2_second else ceil_half(half) + 1
        return [(white, half + 1, "1st of two"), (black, second, "2nd of two")]
    result = [(white, half, "1st"), (black, ceil_half(half), "2nd")]
    if third is not None:
        result.append((third, ceil_half(ceil_half(half)), "3rd"))
    return result


def can_advance(values: Sequence[int], seat: int, steps: int) -> bool:
    """CG-26: the target value may hold at most 3 markers (value 0 is never a target)."""
    target = values[seat] + steps
    return sum(1 for other, value in enumerate(values) if value == target and other != seat) < MAX_PER_VALUE


def ranking(values: Sequence[int], stamps: Sequence[int]) -> list[int]:
    """CG-27: seats with value ≥ 1, highest value first, earlier arrival first on equal value."""
    ranked = [seat for seat, value in enumerate(values) if value >= 1]
    ranked.sort(key=lambda seat: (-values[seat], stamps[seat]))
    return ranked


Chain = tuple[int, int, tuple[int, ...]]  # (size, blocks touched, lots)


def guild_chains(tiles: Sequence[int], board: Board, guild: int, starts: Sequence[int] | None = None) -> list[Chain]:
    """CG-38/CG-39: the maximal connected sets of `guild`'s buildings and markets under CG-8 adjacency; with
    `starts`, only the chains containing one of those lots."""
    building, market = guild, MARKET + guild
    neighbours, lot_block = board.neighbours, board.lot_block
    seen: set[int] = set()
    chains: list[Chain] = []
    for start in range(len(tiles)) if starts is None else starts:
        tile = tiles[start]
        if (tile != building and tile != market) or start in seen:
            continue
        seen.add(start)
        stack, members = [start], [start]
        while stack:
            for other in neighbours[stack.pop()]:
                if other not in seen and (tiles[other] == building or tiles[other] == market):
                    seen.add(other)
                    stack.append(other)
                    members.append(other)
        chains.append((len(members), len({lot_block[lot] for lot in members}), tuple(sorted(members))))
    return chains


def chain_value(chain: Chain, bonus_8: int = 36) -> int:
    """CG-40: size + BONUS[blocks]."""
    return chain[0] + chain_bonus(chain[1], bonus_8)


def guild_control(tiles: Sequence[int], board: Board, block: int) -> tuple[int | None, dict[int, tuple[int, int, int]]]:
    """CG-34: the guild controlling `block` (None on a full tie or no guild tile) and every guild's key
    (count in the block, size and block count of its best chain through the block)."""
    lots = board.block_lots[block]
    counts = [0] * GUILD_COUNT
    for lot in lots:
        tile = tiles[lot]
        if 0 <= tile < MINSTREL:
            counts[tile % MARKET] += 1
    keys: dict[int, tuple[int, int, int]] = {}
    for guild in range(GUILD_COUNT):
        if counts[guild]:
            best = max((size, blocks) for size, blocks, _ in guild_chains(tiles, board, guild, lots))
            keys[guild] = (counts[guild], *best)
    if not keys:
        return None, keys
    top = max(keys.values())
    leaders = [guild for guild, key in keys.items() if key == top]
    return (leaders[0] if len(leaders) == 1 else None), keys


def scoring_chain(chains: Sequence[Chain], selection: str, bonus_8: int) -> Chain | None:
    """CG-41 / CG-A-15: the longest chain, ties by value (`size_then_value`), or the most valuable (`max_value`)."""
    if not chains:
        return None
    if selection == "max_value":
        return max(chains, key=lambda chain: (chain_value(chain, bonus_8), chain[0]))
    return max(chains, key=lambda chain: (chain[0], chain_value(chain, bonus_8)))


def final_shares(value: int, payout: str) -> tuple[int, int, int]:
    """CG-44 / CG-A-7: V, ⌈V/2⌉, ⌈V/4⌉ (S1) or ⌈V/2⌉, ⌈V/4⌉, ⌈V/8⌉ (S2)."""
    half = ceil_half(value)
    if payout == "half_quarter_eighth":
        return half, ceil_half(half), ceil_half(ceil_half(half))
    return value, half, ceil_half(half)

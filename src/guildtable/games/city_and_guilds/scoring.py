"""City and Guilds points (CG-26 to CG-45).

The scoring arithmetic, as pure functions over plain lists so that each rule can be tested on its own: block value
(CG-32), block places (CG-30), block control payouts (CG-33), guild tracks (CG-26, CG-27), chains (CG-38 to CG-41),
guild control (CG-34) and the final guild payout (CG-44). Then what the public scoring ledger adds up to: the score
breakdown and the end screen's score sheet. Crediting the points when a block is completed or the game ends is the
flow's (flow.py).
"""

# Compiled by mypyc at install (setup.py): see "Compiled engines" in src/guildtable/games/README.md.
from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TypedDict

from guildtable.games.city_and_guilds.board import Board
from guildtable.games.city_and_guilds.content import (
    BLOCK_BASE,
    GUILD_COUNT,
    GUILDS,
    MARKET,
    MARKET_POINTS,
    MAX_PER_VALUE,
    MINSTREL,
    MINSTREL_POINTS,
    SEAT_NAMES,
    TAVERN,
    TAVERN_POINTS,
    ceil_half,
    chain_bonus,
)
from guildtable.games.city_and_guilds.final import FinalView, Row
from guildtable.games.city_and_guilds.state import CityAndGuildsPosition, LedgerEntry
from guildtable.kernel.i18n import N_, domain
from guildtable.kernel.scoresheet import ScoreCategory, ScoreLine, ScoreSheet

_ = domain("city_and_guilds").gettext

Strength = tuple[int, int]  # (tiles with own figures, figures) in one block (CG-28)


def block_value(tiles: list[int], lots: tuple[int, ...]) -> tuple[int, int, int, int]:
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


def update_markers(strengths: list[Strength], white: int, black: int, seat: int) -> tuple[int, int]:
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


def third_place(strengths: list[Strength], white: int, black: int) -> int | None:
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


def can_advance(values: list[int], seat: int, steps: int) -> bool:
    """CG-26: the target value may hold at most 3 markers (value 0 is never a target)."""
    target = values[seat] + steps
    return sum(1 for other, value in enumerate(values) if value == target and other != seat) < MAX_PER_VALUE


def ranking(values: list[int], stamps: list[int]) -> list[int]:
    """CG-27: seats with value ≥ 1, highest value first, earlier arrival first on equal value."""
    ranked = [seat for seat, value in enumerate(values) if value >= 1]
    ranked.sort(key=lambda seat: (-values[seat], stamps[seat]))
    return ranked


Chain = tuple[int, int, tuple[int, ...]]  # (size, blocks touched, lots)


def guild_chains(tiles: list[int], board: Board, guild: int, starts: tuple[int, ...] | None = None) -> list[Chain]:
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


def guild_control(tiles: list[int], board: Board, block: int) -> tuple[int | None, dict[int, tuple[int, int, int]]]:
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


# --- the ledger added up ---------------------------------------------------------------------------------------------
class SourcePoints(TypedDict):
    """One seat's points by the ledger's source."""

    block: int
    guild: int
    final: int
    penalty: int


class CityAndGuildsBreakdown(TypedDict):
    """The score breakdown (`breakdown`)."""

    seats: list[str]
    by_source: list[SourcePoints]
    """Per seat."""
    entries: list[Row]
    """Every ledger entry, [source, seat, points, why]."""
    blocks_scored: list[str]
    """Block letters in the order they were scored."""
    final: FinalView | None
    totals: list[float]
    winners: list[int]


def breakdown(state: CityAndGuildsPosition) -> CityAndGuildsBreakdown:
    """Where every point came from: per seat by source (block, guild, final, penalty), the ledger's entries, the blocks
    in the order they were scored and the final scoring's details."""
    sums = [dict.fromkeys(("block", "guild", "final", "penalty"), 0) for _seat in range(state.num_players)]
    for source, seat, amount, _why in state.ledger:
        sums[seat][source] += amount
    by_source: list[SourcePoints] = [
        {"block": points["block"], "guild": points["guild"], "final": points["final"], "penalty": points["penalty"]}
        for points in sums
    ]
    return {
        "seats": list(SEAT_NAMES[: state.num_players]),
        "by_source": by_source,
        "entries": [list(entry) for entry in state.ledger],
        "blocks_scored": [state.board.block_letters[block] for block in state.scored],
        "final": state.final,
        "totals": state.scores(),
        "winners": state.winners(),
    }


# The end screen's score sheet (CG-31 to CG-45), built from the public scoring ledger. Each ledger entry is (source,
# seat, points, why); the sheet groups the entries by what was scored (a block, a guild's control of a block, a guild's
# final chain, unused figures) so each line shows what every player got from it.
GUILD_WORDS = {"BAKER": N_("Bakers"), "WEAVER": N_("Weavers"), "CANDLE": N_("Candle makers"), "SMITH": N_("Smiths")}
assert set(GUILD_WORDS) == set(GUILDS)

CATEGORIES = (
    ("block", N_("Blocks completed")),
    ("guild", N_("Guild control of completed blocks")),
    ("final", N_("Final guild chains")),
    ("penalty", N_("Unused figures (−1 each)")),
)


def _guild_words(code: str) -> str:
    return _(GUILD_WORDS[code]) if code in GUILD_WORDS else code


def _thing(source: str, why: str) -> str:
    """What an entry scored, in words: "Block D", "Block D: the Candle makers", "The Smiths' chain"."""
    if source == "block" and (m := re.match(r"block (\w+)", why)):
        return _("Block {block}", block=m.group(1))
    if source == "guild" and (m := re.match(r"block (\w+): (\w+) controls", why)):
        return _("Block {block}: the {guilds} control it", block=m.group(1), guilds=_guild_words(m.group(2)))
    if source == "final" and (m := re.match(r"final (\w+) chain", why)):
        return _("The {guilds}' chain of tiles", guilds=_guild_words(m.group(1)))
    if source == "penalty":
        return _("Figures left unplaced")
    return why


def sheet_of_ledger(ledger: Sequence[LedgerEntry], seats: int, scores: Sequence[float]) -> ScoreSheet:
    """The score sheet: one category per source, one line per thing scored, what each seat got from it."""
    lines: dict[str, dict[str, list[float]]] = {source: {} for source, _title in CATEGORIES}
    for source, seat, amount, why in ledger:
        points = lines.setdefault(source, {}).setdefault(_thing(source, why), [0.0] * seats)
        points[seat] += amount
    categories = tuple(
        ScoreCategory(_(title), tuple(ScoreLine(label, tuple(points)) for label, points in lines[source].items()))
        for source, title in CATEGORIES
    )
    return ScoreSheet(categories, tuple(float(score) for score in scores))

"""The end screen's score sheet for City and Guilds (CG-31 to CG-45), built from the public scoring ledger.

Each ledger entry is (source, seat, points, why); the sheet groups the entries by what was scored (a block, a guild's
control of a block, a guild's final chain, unused figures) so each line shows what every player got from it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from guildtable.games.city_and_guilds.content import GUILDS
from guildtable.kernel.scoresheet import ScoreCategory, ScoreLine, ScoreSheet

GUILD_WORDS = {"BAKER": "Bakers", "WEAVER": "Weavers", "CANDLE": "Candle makers", "SMITH": "Smiths"}
assert set(GUILD_WORDS) == set(GUILDS)

CATEGORIES = (
    ("block", "Blocks completed"),
    ("guild", "Guild control of completed blocks"),
    ("final", "Final guild chains"),
    ("penalty", "Unused figures (−1 each)"),
)


def _thing(source: str, why: str) -> str:
    """What an entry scored, in words: "Block D", "Block D: the Candle makers", "The Smiths' chain"."""
    if source == "block" and (m := re.match(r"block (\w+)", why)):
        return f"Block {m.group(1)}"
    if source == "guild" and (m := re.match(r"block (\w+): (\w+) controls", why)):
        return f"Block {m.group(1)}: the {GUILD_WORDS.get(m.group(2), m.group(2))} control it"
    if source == "final" and (m := re.match(r"final (\w+) chain", why)):
        return f"The {GUILD_WORDS.get(m.group(1), m.group(1))}' chain of tiles"
    if source == "penalty":
        return "Figures left unplaced"
    return why


def sheet_of_ledger(ledger: Sequence[tuple[str, int, int, str]], seats: int, scores: Sequence[float]) -> ScoreSheet:
    lines: dict[str, dict[str, list[float]]] = {source: {} for source, _ in CATEGORIES}
    for source, seat, amount, why in ledger:
        points = lines.setdefault(source, {}).setdefault(_thing(source, why), [0.0] * seats)
        points[seat] += amount
    categories = tuple(
        ScoreCategory(title, tuple(ScoreLine(label, tuple(points)) for label, points in lines[source].items()))
        for source, title in CATEGORIES
    )
    return ScoreSheet(categories, tuple(float(score) for score in scores))

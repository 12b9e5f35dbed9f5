"""The end screen's score sheet for City and Guilds (CG-31 to CG-45), built from the public scoring ledger.

Each ledger entry is (source, seat, points, why); the sheet groups the entries by what was scored (a block, a guild's
control of a block, a guild's final chain, unused figures) so each line shows what every player got from it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from guildtable.games.city_and_guilds.content import GUILDS
from guildtable.kernel.i18n import N_, domain
from guildtable.kernel.scoresheet import ScoreCategory, ScoreLine, ScoreSheet

_ = domain("city_and_guilds").gettext

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


def sheet_of_ledger(ledger: Sequence[tuple[str, int, int, str]], seats: int, scores: Sequence[float]) -> ScoreSheet:
    lines: dict[str, dict[str, list[float]]] = {source: {} for source, _title in CATEGORIES}
    for source, seat, amount, why in ledger:
        points = lines.setdefault(source, {}).setdefault(_thing(source, why), [0.0] * seats)
        points[seat] += amount
    categories = tuple(
        ScoreCategory(_(title), tuple(ScoreLine(label, tuple(points)) for label, points in lines[source].items()))
        for source, title in CATEGORIES
    )
    return ScoreSheet(categories, tuple(float(score) for score in scores))

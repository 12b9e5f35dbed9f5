"""Points: the vote and second place on a tile (GL-77 to GL-84, GL-D13, GL-D15), plantation places (GL-90 to GL-92),
master pairs (GL-101, GL-D31) and the mayoral reward cards (GL-100, DESIGN.md §6.1), the scores and winners
(GL-102, GL-103, GL-D32), the score breakdown and the end screen's score sheet.

They read plain values (counts, sets of cells) or a position and never change a state: the final scoring that pays
these points is a step of flow.py.
"""

# Compiled by mypyc at install (setup.py): see "Compiled engines" in src/guildtable/games/README.md.
from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypedDict

from guildtable.games.guilds_of_london import words as W
from guildtable.games.guilds_of_london.content import BUILDING_KEYS, CONTENT, SYMBOL_BIT, RewardCard, Tile
from guildtable.games.guilds_of_london.geometry import neighbours, ring
from guildtable.games.guilds_of_london.records import FinalScoring, TileResult
from guildtable.games.guilds_of_london.state import GuildsPosition, VpSource
from guildtable.kernel.i18n import N_, domain
from guildtable.kernel.scoresheet import ScoreCategory, ScoreLine, ScoreSheet

_ = domain("guilds_of_london").gettext


def vote_winner(
    counts: Sequence[int], adjacent_masters: Callable[[int], int], order: Sequence[int], unresolved: str
) -> int | None:
    """The vote winner (GL-77, GL-78): most liverymen; a tie adds +1 per adjacent tile with the player's master.
    Still tied: nobody (GL-D13, `no_score`) or the earliest in turn order (`turn_order_wins`)."""
    best = max(counts)
    if best <= 0:
        return None  # GL-80
    tied = [p for p, n in enumerate(counts) if n == best]
    if len(tied) == 1:
        return tied[0]
    totals = {p: best + adjacent_masters(p) for p in tied}
    top = max(totals.values())
    still = [p for p in tied if totals[p] == top]
    if len(still) == 1:
        return still[0]
    if unresolved == "turn_order_wins":
        return next(p for p in order if p in still)
    return None


def second_place(counts: Sequence[int], winner: int) -> int | None:
    """GL-D15: the single non-winner with the highest raw count ≥ 1; a tie means nobody (GL-84)."""
    best = max((n for p, n in enumerate(counts) if p != winner), default=0)
    if best <= 0:
        return None
    holders = [p for p, n in enumerate(counts) if p != winner and n == best]
    return holders[0] if len(holders) == 1 else None


def plantation_places(counts: Sequence[int]) -> tuple[list[int], list[int]]:
    """Who gets the left and who the right plantation reward (GL-90 to GL-92)."""
    best = max(counts)
    if best <= 0:
        return [], []
    top = [p for p, n in enumerate(counts) if n == best]
    if len(top) > 1:
        return [], top  # GL-91: every tied player gets the right reward
    runner = max((n for p, n in enumerate(counts) if p != top[0]), default=0)
    if runner <= 0:
        return top, []  # GL-90: alone on the plantation
    seconds = [p for p, n in enumerate(counts) if p != top[0] and n == runner]
    return top, (seconds if len(seconds) == 1 else [])  # GL-92


def adjacent_pairs(cells: set[int]) -> int:
    """Orthogonally adjacent pairs among `cells` = shared edges (GL-D31)."""
    return sum(1 for c in cells for n in neighbours(c)[:2] if n in cells)


def master_pairs(controlled: Sequence[int], cell_of: Sequence[int]) -> list[tuple[int, int]]:
    """GL-101, GL-D31: the pairs of `controlled` tiles that share an edge, each once, as (tile, tile): the pairs
    `adjacent_pairs` counts, so that the score sheet can name them."""
    at = {cell_of[tile]: tile for tile in controlled}
    return [(tile, at[n]) for tile in controlled for n in neighbours(cell_of[tile])[:2] if n in at]


def largest_group(cells: set[int]) -> int:
    seen: set[int] = set()
    best = 0
    for start in cells:
        if start in seen:
            continue
        size, frontier = 0, [start]
        seen.add(start)
        while frontier:
            current = frontier.pop()
            size += 1
            for n in neighbours(current):
                if n in cells and n not in seen:
                    seen.add(n)
                    frontier.append(n)
        best = max(best, size)
    return best


def symbol_sets(tiles: Sequence[Tile], pool: Sequence[str], size: int) -> int:
    """The most disjoint sets of `size` different symbols from `pool` the tiles' symbols can form."""
    counts = [sum(1 for t in tiles if t.back & SYMBOL_BIT[s]) for s in pool]
    k = 0
    while sum(min(n, k + 1) for n in counts) >= size * (k + 1):
        k += 1
    return k


def reward_card_vp(
    card: RewardCard, controlled: Sequence[int], cell_of: Sequence[int], guildhall: set[int], buildings: set[int]
) -> int:
    """The VP one mayoral card gives for the tiles in `controlled` (tile indexes with the player's master)."""
    params = card.params
    tiles = [CONTENT.tiles[t] for t in controlled]
    each = params["vp_each"]
    kind = card.kind
    if kind == "per_controlled_with_symbol":
        value = each * sum(1 for t in tiles if t.back & SYMBOL_BIT[params["symbol"]])
    elif kind == "set_of_symbols":
        value = each * symbol_sets(tiles, params["symbols"], params["set_size"])
    elif kind == "per_controlled_with_attribute":
        low, high = params["min"], params["max"]

        def attribute(t: Tile) -> int:
            if params["attribute"] == "minimum":
                return t.minimum
            if params["attribute"] == "precedence":
                return t.precedence
            return bin(t.back).count("1")

        value = each * sum(
            1 for t in tiles if (low is None or attribute(t) >= low) and (high is None or attribute(t) <= high)
        )
    elif kind == "controls_building":
        wanted = BUILDING_KEYS if params["buildings"] == "any" else params["buildings"]
        value = each * sum(1 for t in tiles if t.building_key in wanted)
    elif kind == "near_location":
        count = 0
        for t in controlled:
            around = ring(cell_of[t]) if params["diagonal"] else neighbours(cell_of[t])
            targets = guildhall if params["location"] == "guildhall" else buildings - {cell_of[t]}
            count += any(c in targets for c in around)
        value = each * count
    elif kind == "adjacent_group":
        cells = {cell_of[t] for t in controlled}
        if params["measure"] == "pairs":
            value = each * adjacent_pairs(cells)
        else:
            size = largest_group(cells)
            value = each * size if size >= params.get("min_size", 1) else 0
    else:  # per_controlled
        value = each * len(tiles)
    cap = params.get("max_vp")
    return int(min(value, cap) if cap is not None else value)


# --- the scores of a position ----------------------------------------------------------------------------------------


def scores(st: GuildsPosition) -> list[float]:
    return [float(v) for v in st.vp]


def winners(st: GuildsPosition) -> list[int]:
    """GL-102, GL-103: most VP, then most reward cards; a remaining tie is a shared win (GL-D32)."""
    if not st.is_terminal:
        return []
    best = max((st.vp[p], len(st.rewards[p])) for p in range(st.num_players))
    return [p for p in range(st.num_players) if (st.vp[p], len(st.rewards[p])) == best]


class GuildsScoreBreakdown(TypedDict):
    """`State.score_breakdown`: the VP track, every tile's vote, the final scoring (None before the end), the
    winners and where every point came from (`state.VpSource`, in the order scored)."""

    vp: list[int]
    tiles: list[TileResult]
    final: FinalScoring | None
    winners: list[int]
    sources: list[VpSource]


def score_breakdown(st: GuildsPosition) -> GuildsScoreBreakdown:
    return {
        "vp": list(st.vp),
        "tiles": list(st.results),
        "final": st.final,
        "winners": winners(st),
        "sources": list(st.ledger),
    }


# The end screen's score sheet (GL-77 to GL-101), built from where every point came from (`GuildsPosition.ledger`,
# all of it public: votes, second places and their tokens, plantation votes and action cards played for their
# effect; the mayoral reward cards and the master pairs are revealed by the final scoring). One category per kind of
# source, one line per thing that scored: each tile, token, plantation vote, action card (by name), reward card and
# pair of masters, with what every player got from it; the columns say whose points they are.
SHEET = (
    ("tiles", N_("Tiles scored (first and second place)")),
    ("tokens", N_("Reward tokens (second place)")),
    ("plantation", N_("Plantation votes")),
    ("cards", N_("Action card effects")),
    ("reward_cards", N_("Mayoral reward cards")),
    ("pairs", N_("Masters side by side (1 VP a pair)")),
    ("other", N_("Other points")),
)
CATEGORY_OF_KIND = {
    "first": "tiles",
    "second": "tiles",
    "token": "tokens",
    "plantation": "plantation",
    "card": "cards",
    "reward_card": "reward_cards",
    "pairs": "pairs",
}
TILE_OF_ID = {tile.id: tile for tile in CONTENT.tiles}
TOKEN_OF_ID = {token.id: token for token in CONTENT.tokens}
CARD_OF_NUMBER = {str(card.number): card for card in CONTENT.cards}
REWARD_OF_ID = {card.id: card for card in CONTENT.rewards}


def _tile_words(tile_id: str) -> str:
    tile = TILE_OF_ID.get(tile_id)
    return W.tile_label(tile.index) if tile else tile_id


def source_label(kind: str, what: str) -> str:
    """What one `state.VpSource` scored, in the reader's words, short enough for a phone's column: "Lamplighters",
    "Gold Chain (on Lamplighters)", "Round 4" (under "Plantation votes"), "Quick Step", "Patron of the River" (the
    board shows the reward cards' conditions at the end), "Lamplighters and Tea Blenders"; never an id or a seat: the
    sheet's columns say whose points they are."""
    parts = what.split()
    if kind in ("first", "second"):
        return _tile_words(what)
    if kind == "token" and len(parts) == 2 and parts[0] in TOKEN_OF_ID:
        return _("{token} (on {tile})", token=_(TOKEN_OF_ID[parts[0]].name), tile=_tile_words(parts[1]))
    if kind == "plantation" and parts and parts[0].isdigit():
        return _("Round {round}", round=int(parts[0]))
    if kind == "card" and what in CARD_OF_NUMBER:
        return _(CARD_OF_NUMBER[what].name)
    if kind == "reward_card" and what in REWARD_OF_ID:
        return _(REWARD_OF_ID[what].name)
    if kind == "pairs" and len(parts) == 2:
        return _("{tile} and {other}", tile=_tile_words(parts[0]), other=_tile_words(parts[1]))
    return _("Other points")


def score_sheet(st: GuildsPosition) -> ScoreSheet:
    """GL-77 to GL-101: every point by what scored it (`source_label`), in the order scored, one category per kind of
    source; each mayoral reward card held at the end has its line even when it gave nothing. Points with no recorded
    source (a position set up by hand, a snapshot older than the ledger) are "Other points", so the sheet always adds
    up to the scores."""
    n = st.num_players
    lines: dict[str, dict[str, list[float]]] = {key: {} for key, _title in SHEET}
    itemised = [0] * n
    for seat, vp, kind, what in st.ledger:
        itemised[seat] += vp
        if kind == "reward_card" and st.final is not None:
            continue  # from the final scoring below, with the cards that gave nothing
        category = CATEGORY_OF_KIND.get(kind, "other")
        lines[category].setdefault(source_label(kind, what), [0.0] * n)[seat] += vp
    if st.final is not None:
        for seat in range(n):
            for entry in st.final["reward_cards"][seat]:
                points = lines["reward_cards"].setdefault(source_label("reward_card", entry["card"]), [0.0] * n)
                points[seat] += entry["vp"]
    rest = [st.vp[seat] - itemised[seat] for seat in range(n)]
    if any(rest):
        other = lines["other"].setdefault(_("Other points"), [0.0] * n)
        for seat, missing in enumerate(rest):
            other[seat] += missing
    categories = tuple(
        ScoreCategory(_(title), tuple(ScoreLine(label, tuple(points)) for label, points in lines[key].items()))
        for key, title in SHEET
    )
    return ScoreSheet(categories, tuple(float(score) for score in scores(st)))

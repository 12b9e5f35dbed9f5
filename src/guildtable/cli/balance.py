"""`guildtable balance`: a balance report of Guilds of London's stand-in content with bots: how often each tile is
won once it is in play, how often each action card's effect is used (and by the eventual winners), and the mean
final score of each mayoral reward card; cards and tiles far from the others are named.

Run: `guildtable balance --games 40` (greedy bots, 2–4 players in turn). A tool for whoever tunes the content data
(`games/guilds_of_london/data/DESIGN.md` §12), so it speaks English only, like `guildtable catalogues`.
"""

from __future__ import annotations

import statistics
from collections import Counter, defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import typer

from guildtable.bots.greedy import GreedyBot
from guildtable.cli.common import fail
from guildtable.games.guilds_of_london.content import CONTENT
from guildtable.games.guilds_of_london.game import GuildsOfLondon
from guildtable.games.guilds_of_london.rules import GuildsState
from guildtable.kernel import Rng, State

# The command's help (`guildtable balance --help`); a developers' tool, not translated.
HELP = "Play Guilds of London with greedy bots and report how its stand-in content is balanced (for developers)."

Chooser = Callable[[State], int]


@dataclass
class BalanceReport:
    games: int = 0
    tile_in_play: Counter[str] = field(default_factory=Counter)
    tile_won: Counter[str] = field(default_factory=Counter)
    effect_uses: Counter[str] = field(default_factory=Counter)
    effect_uses_by_winners: Counter[str] = field(default_factory=Counter)
    effect_in_hand_turns: Counter[str] = field(default_factory=Counter)
    reward_scores: dict[str, list[int]] = field(default_factory=lambda: defaultdict(list))
    outliers: list[str] = field(default_factory=list)

    def tile_rates(self) -> dict[str, float]:
        return {t: self.tile_won[t] / n for t, n in self.tile_in_play.items() if n}

    def reward_means(self) -> dict[str, float]:
        return {c: statistics.fmean(v) for c, v in self.reward_scores.items() if v}


def _default_bots(players: int, seed: int) -> list[Chooser]:
    return [GreedyBot(seed * 10 + seat).choose for seat in range(players)]


def play_one(
    game: GuildsOfLondon, players: int, seed: int, report: BalanceReport, bots: Sequence[Chooser] | None = None
) -> None:
    """Play one game and add what happened to `report`."""
    state = game.new_state(players, seed=seed)
    assert isinstance(state, GuildsState)
    choosers = list(bots) if bots is not None else _default_bots(players, seed)
    uses: list[tuple[int, str]] = []
    seen: set[int] = set()
    while not state.is_terminal:
        seat = state.current_player
        assert seat is not None
        for event in state.apply(choosers[seat](state)):
            if event.kind == "play" and event.data["use"] == "effect":
                card = CONTENT.card_by_number(event.data["card"])
                assert card is not None
                uses.append((event.data["seat"], card.effect_id))
            elif event.kind == "master":
                report.tile_won[event.data["tile"]] += 1
        seen.update(state.in_play)
    winners = set(state.winners())
    for tile in seen:
        report.tile_in_play[CONTENT.tiles[tile].id] += 1
    for seat, effect_id in uses:
        report.effect_uses[effect_id] += 1
        if seat in winners:
            report.effect_uses_by_winners[effect_id] += 1
    assert state.final is not None
    for cards in state.final["reward_cards"]:
        for entry in cards:
            report.reward_scores[entry["card"]].append(entry["vp"])
    report.games += 1


def _flag(values: dict[str, float], what: str, low: float, high: float) -> list[str]:
    if len(values) < 3:
        return []
    middle = statistics.median(values.values())
    notes = []
    for name, value in sorted(values.items()):
        if middle > 0 and (value > middle * high or value < middle * low):
            notes.append(f"{what} {name}: {value:.2f} against a median of {middle:.2f}")
    return notes


def balance_report(games: int = 20, seed: int = 0, player_counts: Sequence[int] = (2, 3, 4)) -> BalanceReport:
    """Play `games` games with greedy bots (player counts in turn) and collect the statistics."""
    game = GuildsOfLondon()
    report = BalanceReport()
    for index in range(games):
        play_one(game, player_counts[index % len(player_counts)], seed + index, report)
    copies = Counter(card.effect_id for card in CONTENT.cards if card.effect)
    per_copy = {e: report.effect_uses[e] / copies[e] / max(1, report.games) for e in copies}
    report.outliers = (
        _flag(report.tile_rates(), "tile win rate", 0.4, 2.0)
        + _flag(per_copy, "effect uses per copy per game", 0.25, 3.0)
        + _flag(report.reward_means(), "reward card mean VP", 0.5, 2.0)
    )
    return report


def format_report(report: BalanceReport) -> str:
    copies = Counter(card.effect_id for card in CONTENT.cards if card.effect)
    lines = [f"Guilds of London balance report — {report.games} games with greedy bots (stand-in content)", ""]
    lines.append("Tiles: won / games in play")
    for tile, rate in sorted(report.tile_rates().items(), key=lambda item: -item[1]):
        lines.append(f"  {tile:28} {report.tile_won[tile]:4} / {report.tile_in_play[tile]:4}  {rate:5.2f}")
    lines += ["", "Action-card effects: uses (by winners), uses per copy per game"]
    for effect_id in sorted(copies, key=lambda e: -report.effect_uses[e]):
        uses = report.effect_uses[effect_id]
        rate = uses / copies[effect_id] / max(1, report.games)
        lines.append(f"  {effect_id:20} {uses:5} ({report.effect_uses_by_winners[effect_id]:4})  {rate:5.2f}")
    lines += ["", "Mayoral reward cards: mean VP at the end (times held)"]
    for card, mean in sorted(report.reward_means().items(), key=lambda item: -item[1]):
        lines.append(f"  {card:10} {mean:6.2f}  ({len(report.reward_scores[card])})")
    lines += ["", "Far outside the others:"] + ([f"  {note}" for note in report.outliers] or ["  nothing"])
    return "\n".join(lines)


def random_bots(players: int, seed: int) -> list[Chooser]:
    """Uniform random choosers (for quick checks of the report itself)."""
    rng = Rng(seed)
    return [lambda state: rng.choice(state.legal_actions()) for _ in range(players)]


def summary(report: BalanceReport) -> dict[str, Any]:
    """The report as JSON-ready data."""
    return {
        "games": report.games,
        "tile_win_rates": report.tile_rates(),
        "effect_uses": dict(report.effect_uses),
        "effect_uses_by_winners": dict(report.effect_uses_by_winners),
        "reward_card_means": report.reward_means(),
        "outliers": list(report.outliers),
    }


def balance(
    games: int = typer.Option(20, min=1, help="Number of games."),
    seed: int = typer.Option(0, help="Seed of the first game; game i uses seed+i."),
    players: str = typer.Option("2,3,4", help="Player counts used in turn, e.g. 4 or 3,4."),
) -> None:
    counts = _player_counts(players)
    typer.echo(format_report(balance_report(games, seed, counts)))


def _player_counts(text: str) -> tuple[int, ...]:
    """`--players` as a tuple of counts, or a one-line error (never a traceback)."""
    try:
        counts = tuple(int(part) for part in text.split(","))
    except ValueError:
        fail(f"--players takes player counts separated by commas, such as 2,3,4, not {text!r}")
    low, high = GuildsOfLondon.min_players, GuildsOfLondon.max_players
    for count in counts:
        if not low <= count <= high:
            fail(f"--players: Guilds of London is for {low}–{high} players, not {count}")
    return counts

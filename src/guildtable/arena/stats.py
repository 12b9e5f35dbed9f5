"""Tournament statistics: per entrant wins, scores, seats and thinking time; the head-to-head win-rate matrix;
game lengths. Plain numbers, ready for tables, JSON and plots."""

from __future__ import annotations

import statistics
from dataclasses import dataclass, field

from guildtable.arena.tournament import MatchResult


@dataclass(slots=True)
class EntrantStats:
    """What one entrant did. A k-way shared win counts 1/k."""

    label: str
    games: int = 0
    wins: float = 0.0
    scores: list[float] = field(default_factory=list)
    seat_games: list[int] = field(default_factory=list)
    seat_wins: list[float] = field(default_factory=list)
    move_seconds: list[float] = field(default_factory=list)

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def mean_score(self) -> float:
        return statistics.fmean(self.scores) if self.scores else 0.0

    @property
    def score_sd(self) -> float:
        return statistics.pstdev(self.scores) if len(self.scores) > 1 else 0.0

    @property
    def median_move_seconds(self) -> float:
        return statistics.median(self.move_seconds) if self.move_seconds else 0.0

    def seat_win_rate(self, seat: int) -> float | None:
        return self.seat_wins[seat] / self.seat_games[seat] if self.seat_games[seat] else None


@dataclass(slots=True)
class Summary:
    entrants: list[EntrantStats]
    matrix: list[list[float | None]]
    """matrix[a][b]: the share of games with both a and b where a finished ahead of b (a tie counts one half)."""
    pair_games: list[list[int]]
    lengths: list[int]
    seat_wins: list[float]
    """Wins (shared 1/k) by seat over all games: the first-player advantage, if any."""

    @property
    def games(self) -> int:
        return len(self.lengths)

    @property
    def mean_length(self) -> float:
        return statistics.fmean(self.lengths) if self.lengths else 0.0


def summarize(results: list[MatchResult], labels: list[str], players: int) -> Summary:
    count = len(labels)
    entrants = [EntrantStats(label, seat_games=[0] * players, seat_wins=[0.0] * players) for label in labels]
    ahead = [[0.0] * count for _ in range(count)]
    together = [[0] * count for _ in range(count)]
    seat_wins = [0.0] * players
    lengths = []
    for result in sorted(results, key=lambda result: result.index):
        lengths.append(result.length)
        for seat, entrant in enumerate(result.lineup):
            stats = entrants[entrant]
            stats.games += 1
            stats.wins += result.returns[seat]
            stats.scores.append(result.scores[seat])
            stats.seat_games[seat] += 1
            stats.seat_wins[seat] += result.returns[seat]
            stats.move_seconds.extend(result.move_seconds[seat])
            seat_wins[seat] += result.returns[seat]
            for other_seat, other in enumerate(result.lineup):
                if other == entrant:
                    continue
                together[entrant][other] += 1
                mine, theirs = result.scores[seat], result.scores[other_seat]
                ahead[entrant][other] += 1.0 if mine > theirs else (0.5 if mine == theirs else 0.0)
    matrix: list[list[float | None]] = [
        [ahead[a][b] / together[a][b] if together[a][b] else None for b in range(count)] for a in range(count)
    ]
    return Summary(entrants, matrix, together, lengths, seat_wins)

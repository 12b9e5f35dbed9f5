"""openskill ratings (Plackett-Luce) from a tournament's games, fed in game order so they do not depend on which
worker finished first. Each game ranks its seats by final score; equal scores share a rank."""

from __future__ import annotations

from dataclasses import dataclass

from openskill.models import PlackettLuce

from guildtable.arena.tournament import MatchResult


@dataclass(frozen=True, slots=True)
class Rating:
    """mu is the skill estimate, sigma its uncertainty; ordinal = mu - 3 sigma is a cautious figure to sort by."""

    mu: float
    sigma: float

    @property
    def ordinal(self) -> float:
        return self.mu - 3.0 * self.sigma


def rate(results: list[MatchResult], entrants: int) -> list[Rating]:
    """One rating per entrant after all `results` (in index order)."""
    model = PlackettLuce()
    ratings = [model.rating() for _ in range(entrants)]
    for result in sorted(results, key=lambda result: result.index):
        teams = [[ratings[entrant]] for entrant in result.lineup]
        updated = model.rate(teams, scores=list(result.scores))
        for seat, entrant in enumerate(result.lineup):
            ratings[entrant] = updated[seat][0]
    return [Rating(float(rating.mu), float(rating.sigma)) for rating in ratings]

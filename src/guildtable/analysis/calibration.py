"""From a search's value to a winning chance (issue 19).

The search's value of a move is the mean result of its playouts, and a playout cut short is scored by the game's
evaluation, a guess: so the raw value is not a chance of winning. Measured against how often players went on to win,
it was pessimistic (City Blocks: 0.35 of the games were won from positions valued 0.15).

Each game and player count has a map fitted on bot games (`benchmarks/analysis_validation.py fit`: logistic
regression, checked on games it was not fitted on). It works on log-odds measured from the even chance of the
`players` seats: with `base = logit(1 / players)`,

    chance = sigmoid(base + slope * (logit(value) - base) + shift)

so `shift` says how much more (or less) likely to win a seat is than the search thinks at an even position, and
`slope` how much the search's confidence should be stretched (above 1) or damped (below 1). Without a fitted map
the raw value stands.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

# Values are clamped this far from 0 and 1 before taking log-odds (a search can value a move at exactly 0 or 1).
EDGE = 0.001


def logit(p: float) -> float:
    p = min(max(p, EDGE), 1.0 - EDGE)
    return math.log(p / (1.0 - p))


def sigmoid(z: float) -> float:
    if z >= 0:
        return 1.0 / (1.0 + math.exp(-z))
    e = math.exp(z)
    return e / (1.0 + e)


@dataclass(frozen=True, slots=True)
class Calibration:
    """A game's map from search values to winning chances: `slope` stretches the log-odds away from the even
    chance, `shift` moves them."""

    slope: float
    shift: float

    def chance(self, value: float, players: int) -> float:
        base = logit(1.0 / players)
        return sigmoid(base + self.slope * (logit(value) - base) + self.shift)


# Game -> player count -> its map, fitted by `benchmarks/analysis_validation.py fit` (benchmarks/README.md has the
# run and its figures).
CALIBRATIONS: dict[str, dict[int, Calibration]] = {}


def winning_chance(game: str, players: int, value: float) -> float:
    """The winning chance the analysis reports for a search value of a move in `game` at `players` seats."""
    calibration = CALIBRATIONS.get(game, {}).get(players)
    return value if calibration is None else calibration.chance(value, players)

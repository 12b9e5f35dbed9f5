"""From a search's value to a winning chance (issue 19).

The search's value of a move is the mean result of its playouts, and a playout cut short is scored by the game's
evaluation, a guess: so the raw value is not a chance of winning. Measured against how often players went on to win,
it was pessimistic in City Blocks and optimistic in the other games, the more so the more players (held out, the
expected calibration error fell from 0.059 to 0.035 in City Blocks, 0.173 to 0.015 in City and Guilds, 0.090 to 0.023
in Guildhall and 0.125 to 0.028 in Guilds of London).

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
CALIBRATIONS: dict[str, dict[int, Calibration]] = {
    "city-and-guilds": {
        3: Calibration(0.7377, -0.3827),
        4: Calibration(0.9152, -0.9291),
        5: Calibration(0.8751, -1.0651),
    },
    "city-blocks": {2: Calibration(0.9495, 0.6394)},
    "guildhall": {2: Calibration(1.7151, -0.0964), 3: Calibration(1.0919, -0.57), 4: Calibration(1.1678, -0.9992)},
    "guilds-of-london": {
        2: Calibration(2.1999, -0.2108),
        3: Calibration(2.0226, -1.3262),
        4: Calibration(1.8509, -1.614),
    },
}


def winning_chance(game: str, players: int, value: float) -> float:
    """The winning chance the analysis reports for a search value of a move in `game` at `players` seats."""
    calibration = CALIBRATIONS.get(game, {}).get(players)
    return value if calibration is None else calibration.chance(value, players)

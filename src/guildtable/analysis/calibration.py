"""From a search's value to a winning chance (issue 19).

The search's value of a move is the mean result of its playouts, and a playout cut short is scored by the game's
evaluation, a guess: so the raw value is not a chance of winning. Measured against how often players went on to win,
it was pessimistic in City Blocks and optimistic in the other games, the more so the more players (held out, the
expected calibration error fell from 0.059 to 0.035 in City Blocks, 0.173 to 0.015 in City and Guilds, 0.090 to 0.023
in Guildhall and 0.125 to 0.028 in Guilds of London).

Each game and player count has a map fitted on bot games (`benchmarks/analysis_validation.py fit`: logistic
regression, checked on games it was not fitted on), kept by the game as `Game.win_calibration`. It works on
log-odds measured from the even chance of the `players` seats: with `base = logit(1 / players)`,

    chance = sigmoid(base + slope * (logit(value) - base) + shift)

so `shift` says how much more (or less) likely to win a seat is than the search thinks at an even position, and
`slope` how much the search's confidence should be stretched (above 1) or damped (below 1). Without a fitted map
the raw value stands.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from guildtable.kernel import Game
from guildtable.kernel.registry import get_game

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


def calibration_of(game: Game, players: int) -> Calibration | None:
    """`game`'s fitted map at `players` seats, or None where it has none."""
    fitted = game.win_calibration.get(players)
    return None if fitted is None else Calibration(*fitted)


def winning_chance(game: str, players: int, value: float) -> float:
    """The winning chance the analysis reports for a search value of a move in `game` at `players` seats."""
    calibration = calibration_of(get_game(game), players)
    return value if calibration is None else calibration.chance(value, players)

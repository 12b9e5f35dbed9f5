"""After the game (issue 19): every decision judged from the deciding player's information set, marks for the moves
that gave chances away, and each player's estimated winning chance over the game.

`judge.py` judges one decision; `game.py` a whole record; `plot.py` draws the winning-chance graph as a PNG.
"""

from guildtable.analysis.game import Analysis, Step, analyse
from guildtable.analysis.judge import DEFAULT_SPEC, THRESHOLDS, Judgement, judge, mark_of

__all__ = ["DEFAULT_SPEC", "THRESHOLDS", "Analysis", "Judgement", "Step", "analyse", "judge", "mark_of"]

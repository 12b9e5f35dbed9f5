"""The winning-chance graph of an analysed game as a PNG (matplotlib, Agg backend: no display needed)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt
from matplotlib.ticker import PercentFormatter

from guildtable.analysis.game import Analysis
from guildtable.kernel.i18n import gettext as _

# The seat palette of the web pages (Okabe-Ito: blue, vermilion, bluish green, reddish purple, orange).
SEAT_COLOURS = ("#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00")
MARKERS = {"inaccuracy": "o", "mistake": "s", "blunder": "X"}


def write_graph(analysis: Analysis, names: Sequence[str], path: Path, title: str = "") -> Path:
    """Each player's estimated winning chance after every move, with the marked moves on their player's line."""
    figure, axes = plt.subplots(figsize=(8, 4))
    moves = range(len(analysis.steps) + 1)
    for seat in range(analysis.players):
        colour = SEAT_COLOURS[seat % len(SEAT_COLOURS)]
        line = [1.0 / analysis.players] + [step.chances[seat] for step in analysis.steps]
        axes.plot(moves, line, color=colour, label=names[seat], linewidth=1.8)
        for index, step in enumerate(analysis.steps, start=1):
            mark = step.judgement.mark
            if mark is not None and step.judgement.seat == seat:
                axes.plot(index, line[index], marker=MARKERS[mark], color=colour, markersize=8, linestyle="none")
    axes.set_ylim(0, 1)
    axes.yaxis.set_major_formatter(PercentFormatter(1.0))
    axes.set_xlim(0, max(1, len(analysis.steps)))
    axes.set_xlabel(_("Move"))
    axes.set_ylabel(_("Estimated chance of winning"))
    axes.set_title(title or _("Winning chances"))
    axes.grid(alpha=0.3)
    axes.legend(loc="upper left", fontsize="small")
    figure.tight_layout()
    figure.savefig(path, dpi=110)
    plt.close(figure)
    return path

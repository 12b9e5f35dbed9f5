"""Tournament plots as PNG files (matplotlib, Agg backend: no display needed): ratings with error bars, score
distributions, and win rate by seat."""

from __future__ import annotations

from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt

from guildtable.arena.ratings import Rating
from guildtable.arena.stats import Summary


def write_plots(directory: Path, title: str, summary: Summary, ratings: list[Rating]) -> list[Path]:
    """Write ratings.png, scores.png and seats.png into `directory`; return their paths."""
    labels = [entrant.label for entrant in summary.entrants]
    paths = [directory / "ratings.png", directory / "scores.png", directory / "seats.png"]

    figure, axes = plt.subplots(figsize=(7, 4))
    order = sorted(range(len(labels)), key=lambda i: ratings[i].mu)
    axes.errorbar(
        [ratings[i].mu for i in order],
        range(len(order)),
        xerr=[2 * ratings[i].sigma for i in order],
        fmt="o",
        capsize=4,
    )
    axes.set_yticks(range(len(order)), [labels[i] for i in order])
    axes.set_xlabel("openskill mu (bars: ±2 sigma)")
    axes.set_title(f"{title}: ratings")
    figure.tight_layout()
    figure.savefig(paths[0], dpi=100)
    plt.close(figure)

    figure, axes = plt.subplots(figsize=(7, 4))
    axes.boxplot([entrant.scores or [0.0] for entrant in summary.entrants])
    axes.set_xticks(range(1, len(labels) + 1), labels, rotation=20)
    axes.set_ylabel("final score")
    axes.set_title(f"{title}: score distributions")
    figure.tight_layout()
    figure.savefig(paths[1], dpi=100)
    plt.close(figure)

    seats = len(summary.seat_wins)
    figure, axes = plt.subplots(figsize=(7, 4))
    width = 0.8 / max(1, len(labels))
    for number, entrant in enumerate(summary.entrants):
        rates = [entrant.seat_win_rate(seat) or 0.0 for seat in range(seats)]
        axes.bar([seat + number * width for seat in range(seats)], rates, width, label=entrant.label)
    axes.set_xticks([seat + 0.4 - width / 2 for seat in range(seats)], [f"seat {seat + 1}" for seat in range(seats)])
    axes.set_ylabel("win rate")
    axes.set_ylim(0, 1)
    axes.set_title(f"{title}: win rate by seat")
    axes.legend(fontsize="small")
    figure.tight_layout()
    figure.savefig(paths[2], dpi=100)
    plt.close(figure)
    return paths

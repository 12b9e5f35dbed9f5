"""A tournament's results on disk: `results.json` (everything, every game), `games.csv` (one row per game) and
`summary.csv` (one row per entrant)."""

from __future__ import annotations

import csv
import json
from dataclasses import asdict
from pathlib import Path
from typing import Any

from guildtable.arena.ratings import Rating
from guildtable.arena.stats import Summary
from guildtable.arena.tournament import MatchResult, Tournament


def summary_rows(summary: Summary, ratings: list[Rating]) -> list[dict[str, Any]]:
    """One dict per entrant, best rating first."""
    rows = []
    for index, entrant in enumerate(summary.entrants):
        rows.append(
            {
                "entrant": entrant.label,
                "mu": round(ratings[index].mu, 3),
                "sigma": round(ratings[index].sigma, 3),
                "ordinal": round(ratings[index].ordinal, 3),
                "games": entrant.games,
                "wins": entrant.wins,
                "win_rate": round(entrant.win_rate, 4),
                "mean_score": round(entrant.mean_score, 3),
                "score_sd": round(entrant.score_sd, 3),
                "median_move_seconds": round(entrant.median_move_seconds, 4),
            }
        )
    return sorted(rows, key=lambda row: -row["mu"])


def results_json(
    tournament: Tournament, summary: Summary, ratings: list[Rating], results: list[MatchResult]
) -> dict[str, Any]:
    labels = [entrant.label for entrant in summary.entrants]
    return {
        "tournament": {**asdict(tournament), "bots": list(tournament.bots), "labels": labels},
        "entrants": summary_rows(summary, ratings),
        "win_rate_matrix": {
            "rows": labels,
            "columns": labels,
            "ahead_share": summary.matrix,
            "games_together": summary.pair_games,
        },
        "win_rate_by_seat": {
            entrant.label: [entrant.seat_win_rate(seat) for seat in range(tournament.players)]
            for entrant in summary.entrants
        },
        "seat_wins": summary.seat_wins,
        "game_length": {
            "mean": summary.mean_length,
            "min": min(summary.lengths, default=0),
            "max": max(summary.lengths, default=0),
        },
        "games": [result.to_json() for result in sorted(results, key=lambda result: result.index)],
    }


def write_reports(
    directory: Path, tournament: Tournament, summary: Summary, ratings: list[Rating], results: list[MatchResult]
) -> list[Path]:
    directory.mkdir(parents=True, exist_ok=True)
    data = results_json(tournament, summary, ratings, results)
    json_path = directory / "results.json"
    json_path.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    labels = [entrant.label for entrant in summary.entrants]
    games_path = directory / "games.csv"
    with games_path.open("w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        seats = range(tournament.players)
        writer.writerow(
            ["game", "seed", "length", *(f"seat{s + 1}_bot" for s in seats), *(f"seat{s + 1}_score" for s in seats)]
            + [f"seat{s + 1}_return" for s in seats]
        )
        for result in sorted(results, key=lambda result: result.index):
            writer.writerow(
                [result.index, result.seed, result.length, *(labels[e] for e in result.lineup), *result.scores]
                + [round(value, 4) for value in result.returns]
            )
    summary_path = directory / "summary.csv"
    rows = data["entrants"]
    with summary_path.open("w", newline="", encoding="utf-8") as handle:
        dict_writer = csv.DictWriter(handle, fieldnames=list(rows[0]))
        dict_writer.writeheader()
        dict_writer.writerows(rows)
    return [json_path, games_path, summary_path]

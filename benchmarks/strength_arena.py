"""Strength benchmark: arena tables for the bot levels on every game that exists (a report, never a test).

Aims (issue 6): in City Blocks and 2-player Guildhall, `hard` beats `greedy` in at least 75% of their games and
`random` in at least 95%; in 4-player City and Guilds, `hard` has the top rating of a field of hard, medium, greedy
and random; `hard` takes at most 2 s per move (median).

    .venv/bin/python benchmarks/strength_arena.py --games 60 [--only city-blocks] [--workers 2]

Writes each tournament's JSON/CSV/plots under `arena-results/strength-<game>-<players>p/` and prints the tables and a
line per aim.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from guildtable.arena.backends import run_tasks
from guildtable.arena.plots import write_plots
from guildtable.arena.ratings import rate
from guildtable.arena.report import write_reports
from guildtable.arena.stats import Summary, summarize
from guildtable.arena.tournament import Tournament, schedule
from guildtable.cli.arena import show
from guildtable.kernel.registry import all_games

FIELDS: dict[tuple[str, int], tuple[str, ...]] = {
    ("city-blocks", 2): ("hard", "greedy", "random"),
    ("guildhall", 2): ("hard", "greedy", "random"),
    ("city-and-guilds", 4): ("hard", "medium", "greedy", "random"),
    ("guilds-of-london", 2): ("hard", "greedy", "random"),
}


def head_to_head(summary: Summary, row: str, column: str) -> float | None:
    labels = [entrant.label for entrant in summary.entrants]
    return summary.matrix[labels.index(row)][labels.index(column)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=60, help="games per tournament")
    parser.add_argument("--workers", type=int, default=None, help="worker processes (default: all cores)")
    parser.add_argument("--seed", type=int, default=1000)
    parser.add_argument("--only", default=None, help="one game name")
    parser.add_argument("--hard", default="hard", help="the spec standing in for hard (to try settings)")
    parser.add_argument("--out", type=Path, default=Path("arena-results"))
    args = parser.parse_args()
    known = {game.name for game in all_games()}
    for (name, players), field in FIELDS.items():
        if name not in known or (args.only and name != args.only):
            continue
        bots = tuple(args.hard if spec == "hard" else spec for spec in field)
        tournament = Tournament(name, players, bots, args.games, seed=args.seed)
        tournament.check()
        start = time.perf_counter()
        results = list(run_tasks(schedule(tournament), "local", args.workers))
        elapsed = time.perf_counter() - start
        summary = summarize(results, tournament.labels, players)
        ratings = rate(results, len(tournament.labels))
        title = f"{name} ({players} players)"
        show(title, summary, ratings)
        directory = args.out / f"strength-{name}-{players}p"
        write_reports(directory, tournament, summary, ratings, results)
        write_plots(directory, title, summary, ratings)
        hard = summary.entrants[0]
        print(f"{title}: {args.games} games in {elapsed:.0f} s; hard median {hard.median_move_seconds:.2f} s/move")
        if players == 2:
            for rival, aim in (("greedy", 0.75), ("random", 0.95)):
                share = head_to_head(summary, bots[0], rival)
                verdict = "met" if share is not None and share >= aim else "NOT met"
                print(f"  aim hard beats {rival} >= {aim:.0%}: {share:.1%} -> {verdict}")
        else:
            top = max(range(len(ratings)), key=lambda index: ratings[index].mu)
            print(
                f"  aim hard has the top rating: top is {tournament.labels[top]} -> {'met' if top == 0 else 'NOT met'}"
            )
        print(f"  aim hard median <= 2 s/move: {hard.median_move_seconds:.2f} s")


if __name__ == "__main__":
    main()

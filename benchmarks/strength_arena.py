"""Strength benchmark: arena tables for the bot levels on every game that exists (a report, never a test).

Aims (issue 6): in City Blocks and 2-player Guildhall, `hard` beats `greedy` in at least 75% of their games and
`random` in at least 95%; in 4-player City and Guilds, `hard` has the top rating of a field of hard, medium, greedy
and random; `hard` takes at most 2 s per move (median).

    .venv/bin/python benchmarks/strength_arena.py --games 60 [--only city-blocks] [--workers 2]

Writes each tournament's JSON/CSV/plots under `arena-results/strength-<game>-<players>p/` and prints the tables and a
line per aim.

Aims of issue 35 (`--expert`): in City Blocks, 2-player Guildhall and 2-player Guilds of London, `expert` (the
level: `hard`'s search judging its leaves with the shipped network) at `hard`'s budget scores at least 55% of at
least 200 games against `hard` given 4x its iterations, the 95% interval's lower bound above 50%. Every deal is
played twice, each side in each seat, so both sides get the same deals and seats:

    .venv/bin/python benchmarks/strength_arena.py --expert --deals 100 [--only city-blocks] [--expert-spec ...]
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
from guildtable.arena.tournament import MatchTask, Tournament, schedule
from guildtable.cli.arena import show
from guildtable.kernel.registry import all_games
from guildtable.learn.duel import wilson

FIELDS: dict[tuple[str, int], tuple[str, ...]] = {
    ("city-blocks", 2): ("hard", "greedy", "random"),
    ("guildhall", 2): ("hard", "greedy", "random"),
    ("city-and-guilds", 4): ("hard", "medium", "greedy", "random"),
    ("guilds-of-london", 2): ("hard", "greedy", "random"),
}


def head_to_head(summary: Summary, row: str, column: str) -> float | None:
    labels = [entrant.label for entrant in summary.entrants]
    return summary.matrix[labels.index(row)][labels.index(column)]


EXPERT_GAMES: tuple[tuple[str, int], ...] = (("city-blocks", 2), ("guildhall", 2), ("guilds-of-london", 2))
FOUR_TIMES_HARD = "hard:iterations=8000,ms=6000"


def expert_duels(args: argparse.Namespace) -> None:
    """The expert aims: each deal played with the expert in each seat against `hard` given 4x its iterations."""
    for name, players in EXPERT_GAMES:
        if args.only and name != args.only:
            continue
        specs = (args.expert_spec, args.rival_spec)
        tasks = [
            MatchTask(2 * deal + seat, name, args.seed + deal, lineup, tuple(specs[entrant] for entrant in lineup), {})
            for deal in range(args.deals)
            for seat, lineup in enumerate(((0, 1), (1, 0)))
        ]
        start = time.perf_counter()
        results = list(run_tasks(tasks, "local", args.workers))
        score = sum(result.returns[result.lineup.index(0)] for result in results)
        low, high = wilson(score, len(results))
        share = score / len(results)
        met = share >= 0.55 and low > 0.5 and len(results) >= 200
        print(
            f"{name} ({players} players): {args.expert_spec} against {args.rival_spec}: {share:.1%} of {len(results)} "
            f"games (95% interval {low:.1%}-{high:.1%}) in {time.perf_counter() - start:.0f} s -> "
            f"{'met' if met else 'NOT met'}"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=60, help="games per tournament")
    parser.add_argument("--workers", type=int, default=None, help="worker processes (default: all cores)")
    parser.add_argument("--seed", type=int, default=1000)
    parser.add_argument("--only", default=None, help="one game name")
    parser.add_argument("--hard", default="hard", help="the spec standing in for hard (to try settings)")
    parser.add_argument("--out", type=Path, default=Path("arena-results"))
    parser.add_argument("--expert", action="store_true", help="the expert aims of issue 35 instead")
    parser.add_argument("--deals", type=int, default=100, help="deals of each expert duel (two games each)")
    parser.add_argument("--expert-spec", default="expert", help="the expert's spec")
    parser.add_argument("--rival-spec", default=FOUR_TIMES_HARD, help="the spec it must beat")
    args = parser.parse_args()
    if args.expert:
        expert_duels(args)
        return
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
                games = [result for result in results if set(result.lineup) == {0, bots.index(rival)}]
                low, high = wilson(sum(result.returns[result.lineup.index(0)] for result in games), len(games))
                verdict = "met" if share is not None and share >= aim else "NOT met"
                print(
                    f"  aim hard beats {rival} >= {aim:.0%}: {share:.1%} of {len(games)} games "
                    f"(95% interval {low:.1%}-{high:.1%}) -> {verdict}"
                )
        else:
            top = max(range(len(ratings)), key=lambda index: ratings[index].mu)
            print(
                f"  aim hard has the top rating: top is {tournament.labels[top]} -> {'met' if top == 0 else 'NOT met'}"
            )
        print(f"  aim hard median <= 2 s/move: {hard.median_move_seconds:.2f} s")


if __name__ == "__main__":
    main()

"""`guildtable arena GAME --players N --bots easy,medium,hard,greedy --games 1000`: a bot tournament.

Seats are rotated and lineups drawn fairly (see `arena.tournament.schedule`); games run on every local core (or on a
Ray cluster with `--backend ray`); then openskill ratings, a win-rate matrix, mean scores, seats and game lengths
are printed and saved as JSON, CSV and PNG plots.
"""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import typer
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn
from rich.table import Table

from guildtable.arena.backends import BACKENDS, run_tasks
from guildtable.arena.ratings import Rating, rate
from guildtable.arena.report import summary_rows, write_reports
from guildtable.arena.stats import Summary, summarize
from guildtable.arena.tournament import MatchResult, Tournament, schedule
from guildtable.cli.common import console, fail, find_game, game_options
from guildtable.kernel import GuildtableError


def arena(
    game_name: str = typer.Argument(..., metavar="GAME", help="A game name from `guildtable games`."),
    players: int | None = typer.Option(None, help="Seats per game (default: the game's smallest count)."),
    bots: str = typer.Option("easy,medium,hard,greedy", help="Comma-separated bot specs or levels (the entrants)."),
    games: int = typer.Option(100, min=1, help="Number of games."),
    seed: int = typer.Option(0, help="Tournament seed: game i uses seed+i."),
    option: list[str] = typer.Option([], "--option", "-o", help="Game option NAME=VALUE."),
    backend: str = typer.Option("local", help=f"Where games run: {' or '.join(BACKENDS)}."),
    address: str | None = typer.Option(None, help="Ray cluster address (with --backend ray)."),
    workers: int | None = typer.Option(None, min=1, help="Worker processes (default: all local cores)."),
    out: Path | None = typer.Option(None, help="Directory for results.json, CSVs and plots."),
    plots: bool = typer.Option(True, help="Write PNG plots."),
) -> None:
    """Run a bot tournament and report ratings, win rates, scores and game lengths."""
    game = find_game(game_name)
    options = game_options(game, option)
    specs = tuple(spec.strip() for spec in bots.split(",") if spec.strip())
    tournament = Tournament(game.name, players or game.min_players, specs, games, seed, options)
    try:
        tournament.check()
    except GuildtableError as error:
        fail(str(error))
    tasks = schedule(tournament)
    results: list[MatchResult] = []
    with Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        TextColumn("ETA"),
        TimeRemainingColumn(),
        console=console,
    ) as progress:
        bar = progress.add_task(f"{game.title}, {tournament.players} seats", total=len(tasks))
        try:
            for result in run_tasks(tasks, backend, workers, address):
                results.append(result)
                progress.advance(bar)
        except GuildtableError as error:
            fail(str(error))
    labels = tournament.labels
    summary = summarize(results, labels, tournament.players)
    ratings = rate(results, len(labels))
    show(game.title, summary, ratings)
    directory = out or Path("arena-results") / f"{game.name}-{datetime.now(UTC):%Y%m%d-%H%M%S}"
    written = write_reports(directory, tournament, summary, ratings, results)
    if plots:
        from guildtable.arena.plots import write_plots

        written += write_plots(directory, game.title, summary, ratings)
    console.print("Saved: " + ", ".join(str(path) for path in written))


def show(title: str, summary: Summary, ratings: list[Rating]) -> None:
    """The ratings table, the win-rate matrix, seats and lengths."""
    table = Table(title=f"{title}: {summary.games} games", header_style="bold")
    for column in ("Entrant", "Rating (mu ± sigma)", "Games", "Win rate", "Mean score", "Median s/move"):
        table.add_column(column, justify="left" if column == "Entrant" else "right")
    for row in summary_rows(summary, ratings):
        table.add_row(
            row["entrant"],
            f"{row['mu']:.1f} ± {row['sigma']:.1f}",
            str(row["games"]),
            f"{row['win_rate']:.1%}",
            f"{row['mean_score']:.2f} ± {row['score_sd']:.2f}",
            f"{row['median_move_seconds']:.3f}",
        )
    console.print(table)
    labels = [entrant.label for entrant in summary.entrants]
    matrix = Table(title="Head to head: how often the row finished ahead of the column", header_style="bold")
    matrix.add_column("")
    for label in labels:
        matrix.add_column(label, justify="right")
    for row_index, label in enumerate(labels):
        cells = [
            "—" if share is None else f"{share:.0%} ({summary.pair_games[row_index][column]})"
            for column, share in enumerate(summary.matrix[row_index])
        ]
        matrix.add_row(label, *cells)
    console.print(matrix)
    seats = len(summary.seat_wins)
    by_seat = Table(title="Win rate by seat", header_style="bold")
    by_seat.add_column("Entrant")
    for seat in range(seats):
        by_seat.add_column(f"Seat {seat + 1}", justify="right")
    for entrant in summary.entrants:
        rates = [entrant.seat_win_rate(seat) for seat in range(seats)]
        by_seat.add_row(entrant.label, *("—" if rate is None else f"{rate:.0%}" for rate in rates))
    console.print(by_seat)
    console.print(
        f"Game length: mean {summary.mean_length:.1f} moves (min {min(summary.lengths)}, max {max(summary.lengths)}); "
        "wins by seat: " + ", ".join(f"{wins:g}" for wins in summary.seat_wins)
    )

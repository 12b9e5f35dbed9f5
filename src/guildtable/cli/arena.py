"""`guildtable arena GAME --players N --bots easy,medium,hard,greedy --games 1000`: a bot tournament.

Seats are rotated and lineups drawn fairly (see `arena.tournament.schedule`); games run on every local core (or on a
Ray cluster with `--backend ray`); then openskill ratings, a win-rate matrix, mean scores, seats and game lengths
are printed and saved as JSON, CSV and PNG plots.

The output directory is chosen and created first: its `tournament.json` holds the parameters and `games.jsonl` gets
each game the moment it ends (see `arena.journal`). So Ctrl-C or a crash loses only the games in flight, and
`guildtable arena --resume DIR` plays the missing games (same seeds, same seats) and reports exactly what an
uninterrupted run would have.
"""

from __future__ import annotations

import shlex
from contextlib import closing
from datetime import UTC, datetime
from pathlib import Path

import typer
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn
from rich.table import Table

from guildtable.arena.backends import BACKENDS, run_tasks
from guildtable.arena.journal import (
    JOURNAL_FILE,
    Journal,
    has_tournament,
    load_tournament,
    recover_journal,
    start_tournament,
)
from guildtable.arena.ratings import Rating, rate
from guildtable.arena.report import summary_rows, write_reports
from guildtable.arena.stats import Summary, summarize
from guildtable.arena.tournament import MatchResult, MatchTask, Tournament, schedule
from guildtable.cli.common import console, errors, fail, find_game, game_options, join_specs, split_specs
from guildtable.kernel import GuildtableError
from guildtable.kernel.i18n import N_, ngettext, number, percent
from guildtable.kernel.i18n import gettext as _
from guildtable.kernel.options import parse_option_pairs

DEFAULT_BOTS = "easy,medium,hard,greedy"
DEFAULT_GAMES = 100
# The command's help (`guildtable arena --help`), translated when shown.
HELP = N_("Run a bot tournament and report ratings, win rates, scores and game lengths.")


def arena(
    game_name: str | None = typer.Argument(
        None, metavar="[GAME]", help=N_("A game name from `guildtable games` (optional with --resume).")
    ),
    players: int | None = typer.Option(None, help=N_("Seats per game (default: the game's smallest count).")),
    bots: str | None = typer.Option(
        None,
        help=N_(
            "Bot specs or levels (the entrants), separated by commas; a spec keeps its parameters: "
            "hard,hard:iterations=8000,ms=6000 (or separate them with semicolons)."
        ),
        show_default=DEFAULT_BOTS,
    ),
    games: int | None = typer.Option(None, min=1, help=N_("Number of games."), show_default=str(DEFAULT_GAMES)),
    seed: int | None = typer.Option(None, help=N_("Tournament seed: game i uses seed+i."), show_default="0"),
    option: list[str] = typer.Option([], "--option", "-o", help=N_("Game option NAME=VALUE.")),  # noqa: B008
    backend: str = typer.Option(
        "local", help=N_("Where games run: this machine's cores or a Ray cluster."), metavar="|".join(BACKENDS)
    ),
    address: str | None = typer.Option(None, help=N_("Ray cluster address (with --backend ray).")),
    workers: int | None = typer.Option(None, min=1, help=N_("Worker processes (default: all local cores).")),
    out: Path | None = typer.Option(
        None,
        help=N_("Directory for the journal, results.json, CSVs and plots (default: arena-results/GAME-TIME)."),  # noqa: B008
    ),
    plots: bool = typer.Option(True, help=N_("Write PNG plots.")),
    resume: Path | None = typer.Option(
        None,
        metavar="DIR",
        help=N_("Continue the interrupted tournament saved in DIR (no other arguments needed)."),  # noqa: B008
    ),
) -> None:
    if backend not in BACKENDS:
        fail(
            _("unknown backend {backend}; the backends are: {known}", backend=repr(backend), known=", ".join(BACKENDS))
        )
    if resume is not None:
        directory = resume
        tournament = resumed_tournament(resume, game_name, players, bots, games, seed, option, out)
    else:
        if game_name is None:
            fail(_("name a GAME to play, or --resume DIR to continue a tournament"))
        tournament = new_tournament(game_name, players, bots, games, seed, option)
        directory = out or Path("arena-results") / f"{tournament.game}-{datetime.now(UTC):%Y%m%d-%H%M%S}"
        if has_tournament(directory):
            command = resume_command(directory)
            fail(
                _(
                    "{directory} already holds a tournament: continue it with `{command}`, or use another --out",
                    directory=directory,
                    command=command,
                )
            )
        try:
            start_tournament(directory, tournament)
        except (GuildtableError, OSError) as error:
            fail(_("cannot start the tournament in {directory}: {reason}", directory=directory, reason=error))
    game = find_game(tournament.game)
    tasks = schedule(tournament)
    try:
        results = recover_journal(directory, tasks)
    except GuildtableError as error:
        fail(str(error))
    done = {result.index for result in results}
    missing = [task for task in tasks if task.index not in done]
    where = _("Tournament directory: {directory}", directory=directory)
    if resume is not None:
        played = ngettext(
            "({done} of {n} game already played)", "({done} of {n} games already played)", len(tasks), done=len(results)
        )
        where = f"{where} {played}"
    console.print(where, markup=False, soft_wrap=True)
    play_missing(directory, game.title, tournament, tasks, missing, results, backend, workers, address)
    labels = tournament.labels
    summary = summarize(results, labels, tournament.players)
    ratings = rate(results, len(labels))
    show(game.title, summary, ratings)
    written = write_reports(directory, tournament, summary, ratings, results)
    if plots:
        from guildtable.arena.plots import write_plots

        written += write_plots(directory, game.title, summary, ratings)
    saved = _("Saved: {files}", files=", ".join(str(path) for path in written))
    console.print(saved, markup=False, soft_wrap=True)


def new_tournament(
    game_name: str, players: int | None, bots: str | None, games: int | None, seed: int | None, option: list[str]
) -> Tournament:
    game = find_game(game_name)
    tournament = Tournament(
        game.name,
        players or game.min_players,
        tuple(split_specs(bots if bots is not None else DEFAULT_BOTS)),
        games if games is not None else DEFAULT_GAMES,
        seed if seed is not None else 0,
        game_options(game, option),
    )
    try:
        tournament.check()
    except GuildtableError as error:
        fail(str(error))
    return tournament


def resumed_tournament(
    directory: Path,
    game_name: str | None,
    players: int | None,
    bots: str | None,
    games: int | None,
    seed: int | None,
    option: list[str],
    out: Path | None,
) -> Tournament:
    """The tournament saved in `directory`. Arguments given as well must say the same as the saved ones: a resumed
    tournament is the same tournament, or its results would mix two."""
    try:
        saved = load_tournament(directory)
        saved.check()
    except GuildtableError as error:
        fail(_("cannot resume: {reason}", reason=error))

    def contradicts(flag: str, given: object, kept: object) -> None:
        fail(
            _(
                "{flag} {given} contradicts the tournament saved in {directory} ({kept}); leave it out to resume",
                flag=flag,
                given=given,
                directory=directory,
                kept=kept,
            )
        )

    if game_name is not None and find_game(game_name).name != saved.game:
        contradicts("GAME", game_name, saved.game)
    if players is not None and players != saved.players:
        contradicts("--players", players, ngettext("{n} player", "{n} players", saved.players))
    if bots is not None and tuple(split_specs(bots)) != saved.bots:
        contradicts("--bots", bots, _("bots {bots}", bots=join_specs(saved.bots)))
    if games is not None and games != saved.games:
        contradicts("--games", games, ngettext("{n} game", "{n} games", saved.games))
    if seed is not None and seed != saved.seed:
        contradicts("--seed", seed, _("seed {seed}", seed=saved.seed))
    if option:
        given = game_options(find_game(saved.game), option)
        try:
            names = parse_option_pairs(option)
        except GuildtableError as error:
            fail(str(error))
        for name in names:
            if given[name] != saved.options.get(name):
                contradicts("--option", f"{name}={names[name]}", f"{name}={saved.options.get(name)!r}")
    if out is not None and out.resolve() != directory.resolve():
        contradicts("--out", out, _("a resumed tournament reports into its own directory"))
    return saved


def resume_command(directory: Path) -> str:
    return f"guildtable arena --resume {shlex.quote(str(directory))}"


def play_missing(
    directory: Path,
    title: str,
    tournament: Tournament,
    tasks: list[MatchTask],
    missing: list[MatchTask],
    results: list[MatchResult],
    backend: str,
    workers: int | None,
    address: str | None,
) -> None:
    """Play `missing`, journaling and appending each result to `results` as it ends. Ctrl-C, a backend error or a
    crash stops the run with what is saved and the command that continues it."""
    if not missing:
        console.print(
            ngettext(
                "The {n} game is already played; reporting.", "All {n} games are already played; reporting.", len(tasks)
            )
        )
        return
    try:
        with (
            Journal(directory) as journal,
            Progress(
                TextColumn("{task.description}"),
                BarColumn(),
                MofNCompleteColumn(),
                TimeElapsedColumn(),
                TextColumn(escape(_("ETA"))),
                TimeRemainingColumn(),
                console=console,
            ) as progress,
        ):
            seats = ngettext("{title}, {n} seat", "{title}, {n} seats", tournament.players, title=title)
            bar = progress.add_task(escape(seats), total=len(tasks), completed=len(results))
            # Closing the backend's generator, however the loop ends, stops its workers.
            with closing(run_tasks(missing, backend, workers, address)) as finished:
                for result in finished:
                    journal.record(result)
                    results.append(result)
                    progress.advance(bar)
    except KeyboardInterrupt:
        stopped(_("Interrupted"), tasks, directory)
        raise typer.Exit(130) from None
    except GuildtableError as error:
        stopped(_("Stopped"), tasks, directory)
        fail(str(error))
    except Exception:
        stopped(_("Stopped by the error below"), tasks, directory)
        raise


def stopped(why: str, tasks: list[MatchTask], directory: Path) -> None:
    """What is saved and the command that continues, each on one unwrapped line so the command can be copied. The
    count is read from the journal itself (closed by now): a Ctrl-C can land between writing a game and counting it."""
    journal = directory / JOURNAL_FILE
    saved = journal.read_bytes().count(b"\n") if journal.is_file() else 0
    errors.print(
        ngettext(
            "{why}: {saved} of {n} game is saved in {journal}.",
            "{why}: {saved} of {n} games are saved in {journal}.",
            len(tasks),
            why=why,
            saved=saved,
            journal=journal,
        ),
        markup=False,
        soft_wrap=True,
    )
    errors.print(_("Continue with: {command}", command=resume_command(directory)), markup=False, soft_wrap=True)


def show(title: str, summary: Summary, ratings: list[Rating]) -> None:
    """The ratings table, the win-rate matrix, seats and lengths."""
    table = Table(
        title=ngettext("{title}: {n} game", "{title}: {n} games", summary.games, title=title), header_style="bold"
    )
    table.add_column(_("Entrant"), justify="left")
    for column in (_("Rating (mu ± sigma)"), _("Games"), _("Win rate"), _("Mean score"), _("Median s/move")):
        table.add_column(column, justify="right")
    for row in summary_rows(summary, ratings):
        table.add_row(
            row["entrant"],
            f"{number(row['mu'], 1)} ± {number(row['sigma'], 1)}",
            str(row["games"]),
            percent(row["win_rate"], 1),
            f"{number(row['mean_score'], 2)} ± {number(row['score_sd'], 2)}",
            number(row["median_move_seconds"], 3),
        )
    console.print(table)
    labels = [entrant.label for entrant in summary.entrants]
    matrix = Table(title=_("Head to head: how often the row finished ahead of the column"), header_style="bold")
    matrix.add_column("")
    for label in labels:
        matrix.add_column(label, justify="right")
    for row_index, label in enumerate(labels):
        cells = [
            "—" if share is None else f"{percent(share)} ({summary.pair_games[row_index][column]})"
            for column, share in enumerate(summary.matrix[row_index])
        ]
        matrix.add_row(label, *cells)
    console.print(matrix)
    seats = len(summary.seat_wins)
    by_seat = Table(title=_("Win rate by seat"), header_style="bold")
    by_seat.add_column(_("Entrant"))
    for seat in range(seats):
        by_seat.add_column(_("Seat {n}", n=seat + 1), justify="right")
    for entrant in summary.entrants:
        rates = [entrant.seat_win_rate(seat) for seat in range(seats)]
        by_seat.add_row(entrant.label, *("—" if rate is None else percent(rate) for rate in rates))
    console.print(by_seat)
    console.print(
        _(
            "Game length: mean {mean} moves (min {low}, max {high}); wins by seat: {wins}",
            mean=number(summary.mean_length, 1),
            low=min(summary.lengths),
            high=max(summary.lengths),
            wins=", ".join(f"{wins:g}" for wins in summary.seat_wins),
        )
    )

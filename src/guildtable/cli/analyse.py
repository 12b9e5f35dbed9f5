"""`guildtable analyse RECORD`: judge every move of a finished game from its player's information set, print where
each player lost their chances, and draw the winning-chance graph as a PNG."""

from __future__ import annotations

from pathlib import Path

import typer
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from guildtable.analysis.game import Analysis, analyse
from guildtable.analysis.judge import DEFAULT_SPEC, spec_with
from guildtable.analysis.plot import write_graph
from guildtable.cli.common import console, fail
from guildtable.kernel import GuildtableError
from guildtable.kernel.i18n import N_
from guildtable.kernel.i18n import gettext as _
from guildtable.kernel.records import load_record

# The command's help (`guildtable analyse --help`), translated when shown.
HELP = N_(
    "Judge every move of a finished game from what its player could know: the best move a search finds, the chance "
    "each move gave away, and inaccuracies (5 points of winning chance), mistakes (10) and blunders (20)."
)
MARK_WORDS = {"inaccuracy": N_("inaccuracy"), "mistake": N_("mistake"), "blunder": N_("blunder")}


def analyse_command(
    file: Path = typer.Argument(..., help=N_("A game record (JSON) of a finished game.")),  # noqa: B008
    ms: int = typer.Option(
        0, "--ms", min=0, max=600_000, help=N_("Milliseconds of search per move (0: by iterations).")
    ),
    iterations: int = typer.Option(
        400, "--iterations", min=1, max=1_000_000, help=N_("Search iterations per move (with --ms: at most).")
    ),
    seed: int = typer.Option(
        0, "--seed", min=0, help=N_("Seed of the search (the same seed gives the same analysis).")
    ),
    png: Path | None = typer.Option(None, "--png", help=N_("Write the winning-chance graph to this PNG file.")),  # noqa: B008
    every: bool = typer.Option(False, "--all", help=N_("List every move, not only the marked ones.")),
) -> None:
    try:
        record = load_record(file)
    except GuildtableError as error:
        fail(f"{file}: {error}")
    spec = spec_with(DEFAULT_SPEC, iterations=iterations, ms=ms)
    names = [player.name for player in record.players]
    try:
        with Progress(
            TextColumn(escape(_("Analysing"))),
            BarColumn(),
            MofNCompleteColumn(),
            TimeRemainingColumn(),
            console=console,
        ) as bar:
            task = bar.add_task("moves", total=len(record.actions))
            result = analyse(
                record, spec=spec, seed=seed, progress=lambda done, _total: bar.update(task, completed=done)
            )
    except GuildtableError as error:
        fail(f"{file}: {error}")
    show(result, names, every)
    if png is not None:
        write_graph(result, names, png)
        console.print(_("Graph written to {path}.", path=escape(str(png))))


def show(result: Analysis, names: list[str], every: bool) -> None:
    moves = Table(title=_("Moves"), show_lines=False)
    for heading in (_("Move"), _("Player"), _("Played"), _("Best found"), _("Chance lost"), _("Mark")):
        moves.add_column(heading)
    for number, step in enumerate(result.steps, start=1):
        judgement = step.judgement
        if not every and judgement.mark is None:
            continue
        best = "" if judgement.best == judgement.played else step.best_label
        moves.add_row(
            str(number),
            escape(names[judgement.seat]),
            escape(step.played_label),
            escape(best),
            "" if judgement.forced else f"{judgement.loss * 100:.1f}",
            _(MARK_WORDS[judgement.mark]) if judgement.mark else "",
        )
    console.print(moves)
    summary = Table(title=_("Where the chances went"))
    for heading in (
        _("Player"),
        _("Decisions"),
        _("Chance lost in all"),
        _("Inaccuracies"),
        _("Mistakes"),
        _("Blunders"),
    ):
        summary.add_column(heading)
    for seat, name in enumerate(names):
        marks = result.marks(seat)
        summary.add_row(
            escape(name),
            str(result.decisions(seat)),
            f"{result.total_loss(seat) * 100:.1f}",
            str(marks["inaccuracy"]),
            str(marks["mistake"]),
            str(marks["blunder"]),
        )
    console.print(summary)

"""`guildtable bench [GAME]`: random-playout speed, clone() and legal_actions() rates, medians of several runs.

A benchmark reports; it never fails. Numbers on a shared machine are noisy, so compare medians from one run.
"""

from __future__ import annotations

import statistics
import time

import typer
from rich import box
from rich.table import Table

from guildtable.cli.common import console, fail, find_game
from guildtable.kernel import Game, Rng, State
from guildtable.kernel.i18n import N_, ngettext, number
from guildtable.kernel.i18n import gettext as _
from guildtable.kernel.registry import all_games

# The command's help (`guildtable bench --help`), translated when shown.
HELP = N_("Measure random-playout games/s and steps/s, clone()/s and legal_actions()/s (medians of several runs).")


def measure(game: Game, players: int, seconds: float, seed: int) -> dict[str, float]:
    """One run: random playouts for about `seconds`, then clone() and legal_actions() on positions they passed."""
    rng = Rng(seed)
    samples: list[State] = []
    played = steps = 0
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline or played == 0:
        state = game.new_state(players, seed=rng.below(2**31))
        length = 0
        while not state.is_terminal:
            state.apply(rng.choice(state.legal_actions()))
            length += 1
            if length % 7 == 0 and len(samples) < 200:
                samples.append(state.clone())
        played += 1
        steps += length
    elapsed = time.perf_counter() - start
    repeats = 50
    begin = time.perf_counter()
    for _repeat in range(repeats):
        for sample in samples:
            sample.clone()
    clone_rate = repeats * len(samples) / (time.perf_counter() - begin)
    begin = time.perf_counter()
    for _repeat in range(repeats):
        for sample in samples:
            sample.legal_actions()
    legal_rate = repeats * len(samples) / (time.perf_counter() - begin)
    return {
        "games_per_s": played / elapsed,
        "steps_per_s": steps / elapsed,
        "steps_per_game": steps / played,
        "clones_per_s": clone_rate,
        "legal_actions_per_s": legal_rate,
    }


def _rate(value: float) -> str:
    """A rate short enough for an 80-column table: 1,954 / 84.3k / 1.05M."""
    if value >= 1e6:
        return number(value / 1e6, 2) + "M"
    if value >= 1e4:
        return number(value / 1e3, 1) + "k"
    return number(value)


def default_players(game: Game) -> int:
    return 4 if 4 in game.player_counts else game.max_players


def bench(
    game_name: str | None = typer.Argument(None, metavar="[GAME]", help=N_("One game (default: every game).")),
    players: int | None = typer.Option(None, help=N_("Player count (default: 4 where allowed, else the maximum).")),
    runs: int = typer.Option(5, min=1, help=N_("Runs per game; medians are reported.")),
    seconds: float = typer.Option(1.0, min=0.05, help=N_("Seconds of random playouts per run.")),
    seed: int = typer.Option(0, help=N_("Seed of the first run; run i uses seed+i.")),
) -> None:
    chosen = [find_game(game_name)] if game_name else all_games()
    title = ngettext(
        "guildtable bench — medians of {n} run of {seconds} s, one core",
        "guildtable bench — medians of {n} runs of {seconds} s, one core",
        runs,
        seconds=f"{seconds:g}",
    )
    table = Table(
        title=title,
        caption=_("Length: steps per game. Clones/s, Legal/s: clone() and legal_actions() calls per second."),
        box=box.SIMPLE_HEAD,
        header_style="bold",
    )
    table.add_column(_("Game"), no_wrap=True)
    for column in (_("Seats"), _("Games/s"), _("Steps/s"), _("Length"), _("Clones/s"), _("Legal/s")):
        table.add_column(column, justify="right", no_wrap=True)
    for game in chosen:
        count = players or default_players(game)
        if count not in game.player_counts:
            fail(_("{game} is for {low}–{high} players", game=game.title, low=game.min_players, high=game.max_players))
        results = [measure(game, count, seconds, seed + run) for run in range(runs)]

        def median(key: str, results: list[dict[str, float]] = results) -> float:
            return statistics.median(result[key] for result in results)

        table.add_row(
            game.name,
            str(count),
            _rate(median("games_per_s")),
            _rate(median("steps_per_s")),
            f"{median('steps_per_game'):.0f}",
            _rate(median("clones_per_s")),
            _rate(median("legal_actions_per_s")),
        )
    console.print(table)

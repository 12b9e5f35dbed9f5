"""`guildtable bench [GAME]`: random-playout speed, clone() and legal_actions() rates, medians of several runs.

With `--compare openspiel` (the `openspiel` extra), OpenSpiel's C++ Hearts and gin rummy are measured in the same
rounds, the same way, through pyspiel, and each game's steps/s is shown next to theirs with the ratio (issue 36).
Every round measures each subject once in turn, so a machine's changing load falls on all of them alike.

A benchmark reports; it never fails. Numbers on a shared machine are noisy, so compare medians from one run.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from functools import partial
from typing import Any

import typer
from rich import box
from rich.table import Table

from guildtable import compiled
from guildtable.cli.common import console, fail, find_game
from guildtable.kernel import Game, Rng
from guildtable.kernel.i18n import N_, ngettext, number
from guildtable.kernel.i18n import gettext as _
from guildtable.kernel.registry import all_games

# The command's help (`guildtable bench --help`), translated when shown.
HELP = N_(
    "Measure random-playout games/s and steps/s, clone()/s and legal_actions()/s (medians of several runs); with "
    "--compare openspiel, beside OpenSpiel's C++ Hearts and gin rummy."
)

OPENSPIEL_GAMES = (("hearts", "Hearts"), ("gin_rummy", "gin rummy"))
"""OpenSpiel's games measured beside ours by `--compare openspiel`: (pyspiel name, how the table names it)."""
SAMPLE_EVERY = 7
SAMPLES = 200
REPEATS = 50

Playout = Callable[[Rng, list[Any]], int]
"""Plays one random game to the end and returns its length, keeping a copy of every SAMPLE_EVERY-th position in the
list (up to SAMPLES)."""


def rates(playout: Playout, seconds: float, seed: int) -> dict[str, float]:
    """One run: random playouts for about `seconds`, then `clone()` and `legal_actions()` on positions they passed
    (our states and pyspiel's have both)."""
    rng = Rng(seed)
    samples: list[Any] = []
    played = steps = 0
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline or played == 0:
        steps += playout(rng, samples)
        played += 1
    elapsed = time.perf_counter() - start
    begin = time.perf_counter()
    for _repeat in range(REPEATS):
        for sample in samples:
            sample.clone()
    clone_rate = REPEATS * len(samples) / (time.perf_counter() - begin)
    begin = time.perf_counter()
    for _repeat in range(REPEATS):
        for sample in samples:
            sample.legal_actions()
    legal_rate = REPEATS * len(samples) / (time.perf_counter() - begin)
    return {
        "games_per_s": played / elapsed,
        "steps_per_s": steps / elapsed,
        "steps_per_game": steps / played,
        "clones_per_s": clone_rate,
        "legal_actions_per_s": legal_rate,
    }


def measure(game: Game, players: int, seconds: float, seed: int) -> dict[str, float]:
    """One run of one of our games: each move is a random legal one, applied through the checked `apply`."""

    def playout(rng: Rng, samples: list[Any]) -> int:
        state = game.new_state(players, seed=rng.below(2**31))
        length = 0
        while not state.is_terminal:
            state.apply(rng.choice(state.legal_actions()))
            length += 1
            if length % SAMPLE_EVERY == 0 and len(samples) < SAMPLES:
                samples.append(state.clone())
        return length

    return rates(playout, seconds, seed)


def measure_openspiel(name: str, seconds: float, seed: int) -> dict[str, float]:
    """One run of an OpenSpiel game through pyspiel, measured as `measure` measures ours: the same random moves
    (the same generator), chance outcomes drawn by their probabilities, and every step counted, chance ones too."""
    import pyspiel  # type: ignore[import-not-found,unused-ignore]

    game = pyspiel.load_game(name)

    def playout(rng: Rng, samples: list[Any]) -> int:
        state = game.new_initial_state()
        length = 0
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(chance_outcome(state.chance_outcomes(), rng))
            else:
                state.apply_action(rng.choice(state.legal_actions()))
            length += 1
            if length % SAMPLE_EVERY == 0 and len(samples) < SAMPLES:
                samples.append(state.clone())
        return length

    return rates(playout, seconds, seed)


def chance_outcome(outcomes: list[tuple[int, float]], rng: Rng) -> int:
    """An outcome of a chance node drawn by its probability."""
    point = rng.random()
    for action, probability in outcomes:
        point -= probability
        if point < 0:
            return action
    return outcomes[-1][0]


def _rate(value: float) -> str:
    """A rate short enough for an 80-column table: 1,954 / 84.3k / 1.05M."""
    if value >= 1e6:
        return number(value / 1e6, 2) + "M"
    if value >= 1e4:
        return number(value / 1e3, 1) + "k"
    return number(value)


def default_players(game: Game) -> int:
    return 4 if 4 in game.player_counts else game.max_players


def engine_words() -> str:
    """Which engine ran: compiled (how many modules) or pure Python."""
    count = len(compiled.compiled_modules())
    if count:
        return ngettext("Engine: compiled by mypyc ({n} module).", "Engine: compiled by mypyc ({n} modules).", count)
    return _("Engine: pure Python.")


def bench(
    game_name: str | None = typer.Argument(None, metavar="[GAME]", help=N_("One game (default: every game).")),
    players: int | None = typer.Option(None, help=N_("Player count (default: 4 where allowed, else the maximum).")),
    runs: int = typer.Option(5, min=1, help=N_("Runs per game; medians are reported.")),
    seconds: float = typer.Option(1.0, min=0.05, help=N_("Seconds of random playouts per run.")),
    seed: int = typer.Option(0, help=N_("Seed of the first run; run i uses seed+i.")),
    compare: str | None = typer.Option(
        None,
        metavar="openspiel",
        help=N_("Measure OpenSpiel's C++ Hearts and gin rummy in the same rounds (needs the openspiel extra)."),
    ),
) -> None:
    if compare is not None and compare != "openspiel":
        fail(_("--compare takes {value}, not {given}", value="openspiel", given=repr(compare)))
    if compare:
        try:
            import pyspiel  # type: ignore[import-not-found,unused-ignore]  # noqa: F401
        except ImportError:
            fail(
                _(
                    "--compare openspiel needs OpenSpiel: install guildtable with its openspiel extra ({command})",
                    command="pip install 'guildtable[openspiel]'",
                )
            )
    chosen = [find_game(game_name)] if game_name else all_games()
    # (name in the table, seats, one run from a seed)
    subjects: list[tuple[str, str, Callable[[int], dict[str, float]]]] = []
    for game in chosen:
        count = players or default_players(game)
        if count not in game.player_counts:
            fail(_("{game} is for {low}–{high} players", game=game.title, low=game.min_players, high=game.max_players))
        subjects.append((game.name, str(count), partial(measure, game, count, seconds)))
    theirs: list[str] = []
    if compare:
        for name, label in OPENSPIEL_GAMES:
            subject = _("{game} (C++)", game=label)
            theirs.append(subject)
            subjects.append((subject, "", partial(measure_openspiel, name, seconds)))
    results: dict[str, list[dict[str, float]]] = {name: [] for name, _seats, _one in subjects}
    for run in range(runs):  # a round measures every subject once, so that load falls on all alike
        for name, _seats, one in subjects:
            results[name].append(one(seed + run))

    def median(name: str, key: str) -> float:
        return statistics.median(result[key] for result in results[name])

    title = ngettext(
        "guildtable bench — medians of {n} run of {seconds} s, one core",
        "guildtable bench — medians of {n} runs of {seconds} s, one core",
        runs,
        seconds=f"{seconds:g}",
    )
    caption = _("Clones/s, Legal/s: clone() and legal_actions() calls per second.")
    if theirs:
        caption += " " + _(
            "(C++): OpenSpiel's, through pyspiel. × Hearts, × gin: steps/s as a multiple of theirs in the same rounds."
        )
    else:
        caption = _("Length: steps per game.") + " " + caption
    table = Table(title=title, caption=f"{caption} {engine_words()}", box=box.SIMPLE_HEAD, header_style="bold")
    table.add_column(_("Game"), no_wrap=True)
    # Beside OpenSpiel's games the ratios take the place of games/s and length (steps/s is one over the other), so
    # that the table still fits 80 columns.
    if theirs:
        columns = [_("Seats"), _("Steps/s"), _("× Hearts"), _("× gin"), _("Clones/s"), _("Legal/s")]
    else:
        columns = [_("Seats"), _("Games/s"), _("Steps/s"), _("Length"), _("Clones/s"), _("Legal/s")]
    for column in columns:
        table.add_column(column, justify="right", no_wrap=True)
    for name, seats, _one in subjects:
        steps = median(name, "steps_per_s")
        if theirs:
            shown = [_rate(steps), *(f"{steps / median(other, 'steps_per_s'):.2f}" for other in theirs)]
        else:
            shown = [_rate(median(name, "games_per_s")), _rate(steps), f"{median(name, 'steps_per_game'):.0f}"]
        table.add_row(
            name, seats, *shown, _rate(median(name, "clones_per_s")), _rate(median(name, "legal_actions_per_s"))
        )
    console.print(table)

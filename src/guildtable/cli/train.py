"""`guildtable train GAME --players N`: learn an evaluation by self-play (issue 35; needs the `train` extra).

Generations of self-play, training and a gate (`learn.pipeline`), with progress bars; the run's folder holds its
checkpoints, and `--resume` goes on from the last finished generation. The report (`report.json`, `report.png`)
shows the loss curves and the strength by generation against `hard`'s evaluation at the same budget.
"""

from __future__ import annotations

import shlex
from pathlib import Path

import numpy as np
import typer
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TaskID, TextColumn, TimeElapsedColumn

from guildtable.arena.backends import BACKENDS
from guildtable.cli.common import console, fail, find_game
from guildtable.kernel.i18n import N_
from guildtable.kernel.i18n import gettext as _
from guildtable.learn.pipeline import RUN_FILE, Phase, RunSettings, Workers, run_training

HELP = N_("Learn an evaluation for a game by self-play: generations of self-play, training and a gate.")


def train(
    game_name: str | None = typer.Argument(None, metavar="[GAME]", help=N_("A game name (optional with --resume).")),
    players: int | None = typer.Option(None, help=N_("Seats per game (default: the game's smallest count).")),
    out: Path = typer.Option("training", help=N_("The run's folder (its checkpoints and report).")),  # noqa: B008
    resume: bool = typer.Option(False, help=N_("Go on with the run in --out from its last finished generation.")),
    generations: int | None = typer.Option(
        None, min=1, max=1000, help=N_("Generations to reach (default 10; with --resume, the run's own).")
    ),
    games: int = typer.Option(200, min=1, max=100_000, help=N_("Self-play games a generation.")),
    iterations: int = typer.Option(200, min=10, max=100_000, help=N_("Search iterations a move.")),
    gate_deals: int = typer.Option(20, min=1, max=10_000, help=N_("Deals of each gate (each played in every seat).")),
    epochs: int = typer.Option(8, min=1, max=1000, help=N_("Training epochs a generation.")),
    window: int = typer.Option(4, min=1, max=1000, help=N_("Generations of samples trained on.")),
    hidden: str = typer.Option("256,128", help=N_("Hidden layer sizes, separated by commas.")),
    value_mix: float = typer.Option(
        0.5, min=0.0, max=1.0, help=N_("Share of the search's own value in the value target (the rest: the result).")
    ),
    residual: bool = typer.Option(
        True, help=N_("The network corrects the game's own evaluation rather than judging from scratch.")
    ),
    policy_weight: float = typer.Option(
        1.0, min=0.0, max=100.0, help=N_("Weight of the move prior's loss beside the value's (0: the value alone).")
    ),
    grouped: bool = typer.Option(
        False,
        help=N_(
            "One small network shared by the like parts of a position (City Blocks: its streets) rather than one "
            "over the whole position; it learns the value alone."
        ),
    ),
    rate: float = typer.Option(1e-3, min=1e-6, max=1.0, help=N_("The training's learning rate.")),
    seed: int = typer.Option(1, help=N_("The run's seed.")),
    backend: str = typer.Option("local", help=N_("Where games run: local or ray.")),
    workers: int | None = typer.Option(None, min=1, help=N_("Worker processes (default: every core).")),
    address: str | None = typer.Option(None, help=N_("A Ray cluster's address (with --backend ray).")),
) -> None:
    if backend not in BACKENDS:
        fail(
            _("unknown backend {backend}; the backends are: {known}", backend=repr(backend), known=", ".join(BACKENDS))
        )
    settings: RunSettings | None = None
    if resume:
        if not (out / RUN_FILE).is_file():
            fail(_("{folder} holds no training run to resume", folder=str(out)))
    else:
        if game_name is None:
            fail(_("name a game, or resume a run with --resume"))
        if (out / RUN_FILE).is_file():
            fail(
                _(
                    "{folder} already holds a training run: resume it with --resume, or choose another --out",
                    folder=str(out),
                )
            )
        game = find_game(game_name)
        count = players or game.min_players
        if count not in game.player_counts:
            fail(_("{game} is for {low}–{high} players", game=game.title, low=game.min_players, high=game.max_players))
        try:
            sizes = tuple(int(part) for part in hidden.split(",") if part.strip())
        except ValueError:
            fail(_("--hidden takes whole numbers separated by commas, such as 256,128"))
        if not sizes or any(size < 1 or size > 4096 for size in sizes):
            fail(_("--hidden takes layer sizes from 1 to 4096, such as 256,128"))
        if grouped:
            from guildtable.kernel.observation import observer_for

            observer = observer_for(game, count)
            if observer.groups(np.zeros((1, observer.size), np.float32)) is None:
                fail(
                    _("{game}'s positions have no like parts to share a network: leave out --grouped", game=game.title)
                )
            if len(sizes) != 1:
                fail(_("a grouped network has one hidden layer: give --hidden one size, such as 32"))
            policy_weight = 0.0
        # The command that makes this run again (what the README quotes for a shipped network).
        words = [
            *("guildtable", "train", game.name, "--players", str(count), "--generations", str(generations or 10)),
            *("--games", str(games), "--iterations", str(iterations), "--gate-deals", str(gate_deals)),
            *("--epochs", str(epochs), "--window", str(window), "--hidden", ",".join(map(str, sizes))),
            *("--value-mix", str(value_mix), "--residual" if residual else "--no-residual"),
            *("--policy-weight", str(policy_weight), "--rate", str(rate), "--seed", str(seed)),
            *(["--grouped"] if grouped else []),
        ]
        command = " ".join(shlex.quote(word) for word in words)
        settings = RunSettings(
            game=game.name,
            players=count,
            generations=generations or 10,
            games=games,
            iterations=iterations,
            gate_deals=gate_deals,
            hidden=sizes,
            epochs=epochs,
            window=window,
            value_mix=value_mix,
            seed=seed,
            command=command,
            residual=residual,
            policy_weight=policy_weight,
            rate=rate,
            grouped=grouped,
        )
    try:
        import torch  # type: ignore[import-not-found,unused-ignore]  # noqa: F401
    except ImportError:
        fail(_("training needs PyTorch: {command}", command="pip install -e '.[train]'"))
    phases = {
        "self-play": _("generation {g}: self-play"),
        "training": _("generation {g}: training"),
        "strength": _("generation {g}: against hard"),
        "gate": _("generation {g}: gate"),
    }
    with Progress(
        TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(), console=console
    ) as bars:
        shown: dict[tuple[str, int], TaskID] = {}

        def progress(phase: Phase, generation: int, done: int, total: int) -> None:
            if (phase, generation) not in shown:
                shown[phase, generation] = bars.add_task(phases[phase].format(g=generation), total=total)
            bars.update(shown[phase, generation], completed=done)

        on = Workers(backend, workers, address, progress)
        run = run_training(out, settings, generations, on)
    for generation in run.generations:
        console.print(
            _(
                "generation {g}: {positions} positions, score against hard {share:.0%} "
                "({low:.0%}–{high:.0%}), gate {gate:.0%} → {verdict}",
                g=generation.generation,
                positions=generation.positions,
                share=generation.strength,
                low=generation.strength_low,
                high=generation.strength_high,
                gate=generation.gate_score,
                verdict=_("kept") if generation.kept else _("not kept"),
            ),
            markup=False,
        )
    console.print(_("report: {path}", path=str(out / "report.png")), markup=False)

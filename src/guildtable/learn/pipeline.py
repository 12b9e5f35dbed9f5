"""A training run (`guildtable train`): generations of self-play, training and a gate, resumable (issue 35).

Each generation:
1. **Self-play**: `games` games by the search, judging with the kept network (at first: the game's own evaluation,
   which is what `hard` uses), on the local cores or a Ray cluster (`arena.backends.run_calls`).
2. **Training**: the candidate network (the last one trained, or a fresh one) is fitted to the samples of the last
   `window` generations (`trainer.fit`).
3. **Gate**: the candidate duels the kept judge on `gate_deals` deals, every seat each; it is kept only if it scores
   more than `gate_share` of the games. Its duel with `hard`'s evaluation at the same budget is the run's strength by
   generation (the same duel while nothing is kept yet).

A grouped network (`--grouped`, for a game whose observation is a sum over like parts: City Blocks' streets) shares
its weights across the parts (`bots.network.GroupedNetwork`) and learns from the games' results alone (`--value-mix 0`)
without memorising them.

Everything lives in the run's folder: `run.json` (the settings and each finished generation's figures), the samples
of each generation (`samples-<g>.npz`), each candidate (`candidate-<g>.npz`), the kept network (`kept.npz`), and the
report (`report.json`, `report.png`). A run stopped at any point resumes with `--resume` from the last finished
generation, and a generation's samples already in the folder (of the same deals) are not played again.
"""

from __future__ import annotations

import json
import platform
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path
from typing import Any, Literal, TypeVar

import numpy as np

from guildtable.arena.backends import run_calls
from guildtable.bots.network import AnyNetwork, GroupedNetwork, Network, NetworkInfo, Training, load_network
from guildtable.kernel.observation import Encoder, observer_for
from guildtable.kernel.registry import get_game
from guildtable.learn.duel import DuelResult, duel_tasks, play_duel, wilson
from guildtable.learn.selfplay import GameSamples, SelfPlayTask, play_selfplay
from guildtable.learn.trainer import Samples, fit

RUN_FILE = "run.json"
KEPT_FILE = "kept.npz"


@dataclass(frozen=True, slots=True)
class RunSettings:
    game: str
    players: int
    generations: int = 10
    games: int = 200
    iterations: int = 200
    gate_deals: int = 20
    gate_share: float = 0.55
    hidden: tuple[int, ...] = (256, 128)
    epochs: int = 8
    window: int = 4
    value_mix: float = 0.5
    seed: int = 1
    command: str = ""
    residual: bool = False  # the network corrects the game's own evaluation (`bots.network`)
    policy_weight: float = 1.0
    rate: float = 1e-3  # Adam's learning rate
    grouped: bool = False  # a network over the game's `Encoder.groups` (`bots.network.GroupedNetwork`)


@dataclass(slots=True)
class Generation:
    """What one finished generation did and measured."""

    generation: int
    games: int
    positions: int
    seconds: float
    curves: dict[str, Any]
    gate_score: float
    gate_games: int
    kept: bool
    strength: float  # the candidate's share against hard's evaluation at the same budget
    strength_low: float
    strength_high: float
    strength_games: int


@dataclass(slots=True)
class Run:
    settings: RunSettings
    machine: str = field(default_factory=lambda: f"{platform.machine()}, {platform.processor() or 'cpu'}")
    generations: list[Generation] = field(default_factory=list)
    kept_generation: int = 0  # 0: nothing kept yet, the game's own evaluation judges
    seconds: float = 0.0

    def save(self, folder: Path) -> None:
        (folder / RUN_FILE).write_text(json.dumps(asdict(self), indent=1) + "\n", encoding="utf-8")

    @classmethod
    def load(cls, folder: Path) -> Run:
        raw = json.loads((folder / RUN_FILE).read_text(encoding="utf-8"))
        settings = RunSettings(**{**raw["settings"], "hidden": tuple(raw["settings"]["hidden"])})
        return cls(
            settings,
            raw["machine"],
            [Generation(**generation) for generation in raw["generations"]],
            raw["kept_generation"],
            raw["seconds"],
        )


Task = TypeVar("Task")
Result = TypeVar("Result")
Phase = Literal["self-play", "training", "strength", "gate"]
Progress = Callable[[Phase, int, int, int], None]
"""Told (phase, generation, done, of) as a phase of a generation advances."""


def _save_samples(path: Path, games: list[GameSamples]) -> None:
    np.savez_compressed(
        path,
        observations=np.concatenate([game.observations for game in games]),
        policies=np.concatenate([game.policies for game in games]),
        legal=np.concatenate([game.legal for game in games]),
        values=np.concatenate([game.values for game in games]),
        searched=np.concatenate([game.searched for game in games]),
        evaluations=np.concatenate([game.evaluations for game in games]),
        games=np.concatenate([np.full(len(game.values), game.seed, np.int64) for game in games]),
    )


def _load_samples(paths: list[Path]) -> Samples:
    parts = [dict(np.load(path)) for path in paths]
    for part in parts:  # samples saved before the game's evaluations were kept
        part.setdefault("evaluations", np.zeros(len(part["values"]), np.float32))
    return Samples(
        *(
            np.concatenate([part[name] for part in parts])
            for name in ("observations", "policies", "legal", "values", "searched", "evaluations", "games")
        )
    )


@dataclass(frozen=True, slots=True)
class Workers:
    """Where a run's games are played (`arena.backends.run_calls`), and whom to tell how far they are."""

    backend: str = "local"
    workers: int | None = None
    address: str | None = None
    progress: Progress = lambda _phase, _generation, _done, _of: None

    def gather(self, play: Callable[[Task], Result], tasks: list[Task], phase: Phase, generation: int) -> list[Result]:
        gathered: list[Result] = []
        self.progress(phase, generation, 0, len(tasks))
        for result in run_calls(play, tasks, self.backend, self.workers, self.address):
            gathered.append(result)
            self.progress(phase, generation, len(gathered), len(tasks))
        return gathered


def run_training(
    folder: Path, settings: RunSettings | None, generations: int | None = None, on: Workers | None = None
) -> Run:
    """Start a run in `folder` with `settings`, or resume the one there (`settings` None), up to `generations` (by
    default the run's own); returns it finished."""
    on = on or Workers()
    folder.mkdir(parents=True, exist_ok=True)
    run = Run(settings) if settings is not None else Run.load(folder)
    if generations is not None and generations != run.settings.generations:
        run.settings = replace(run.settings, generations=generations)
    settings = run.settings
    game = get_game(settings.game)
    observer = observer_for(game, settings.players)
    info = NetworkInfo(
        settings.game,
        settings.players,
        observer.size,
        game.num_distinct_actions(settings.players),
        settings.hidden,
        residual=settings.residual or settings.grouped,
        grouped=settings.grouped,
    )
    for number in range(len(run.generations) + 1, settings.generations + 1):
        start = time.perf_counter()
        kept = str(folder / KEPT_FILE) if run.kept_generation else None
        seed = settings.seed * 1_000_003 + number * 10_007
        tasks = [
            SelfPlayTask(settings.game, settings.players, seed + index, settings.iterations, kept)
            for index in range(settings.games)
        ]
        played_path = folder / f"samples-{number}.npz"
        if _played_already(played_path, [task.seed for task in tasks], observer.size):
            on.progress("self-play", number, len(tasks), len(tasks))
            positions = len(np.load(played_path)["values"])
        else:
            played = sorted(on.gather(play_selfplay, tasks, "self-play", number), key=lambda samples: samples.seed)
            _save_samples(played_path, played)
            positions = int(sum(len(game.values) for game in played))
        window = [folder / f"samples-{g}.npz" for g in range(max(1, number - settings.window + 1), number + 1)]
        samples = _load_samples(window)
        previous = folder / f"candidate-{number - 1}.npz"
        start_from = load_network(previous) if previous.is_file() else _fresh(info, observer, settings.seed)
        on.progress("training", number, 0, 1)
        trained, curves = fit(
            start_from,
            samples,
            epochs=settings.epochs,
            rate=settings.rate,
            mix=settings.value_mix,
            policy_weight=settings.policy_weight,
            seed=seed,
        )
        on.progress("training", number, 1, 1)
        hours = (run.seconds + time.perf_counter() - start) / 3600
        made = Training(settings.command, settings.seed, round(hours, 2), run.machine, number, len(samples.values))
        candidate = trained
        candidate.info = replace(info, training=made)
        candidate_path = str(folder / f"candidate-{number}.npz")
        candidate.save(Path(candidate_path))

        strength = _duel(settings, on, candidate_path, None, seed + 1, "strength", number)
        gate = strength if kept is None else _duel(settings, on, candidate_path, kept, seed + 2, "gate", number)
        gate_score = sum(result.score for result in gate) / len(gate)
        keep = gate_score > settings.gate_share
        if keep:
            candidate.save(folder / KEPT_FILE)
            run.kept_generation = number
        wins = sum(result.score for result in strength)
        low, high = wilson(wins, len(strength))
        seconds = time.perf_counter() - start
        run.seconds += seconds
        run.generations.append(
            Generation(
                number,
                len(tasks),
                positions,
                seconds,
                asdict(curves),
                gate_score,
                len(gate),
                keep,
                wins / len(strength),
                low,
                high,
                len(strength),
            )
        )
        run.save(folder)
        write_report(folder, run)
    return run


def _played_already(path: Path, seeds: list[int], size: int) -> bool:
    """Whether `path` holds the self-play samples of exactly these deals (a run stopped after its self-play, or
    started in a folder given them): the same games, observations of this size."""
    if not path.is_file():
        return False
    with np.load(path) as data:
        return bool(
            data["observations"].shape[1] == size and np.array_equal(np.unique(data["games"]), np.unique(seeds))
        )


def _fresh(info: NetworkInfo, observer: Encoder, seed: int) -> AnyNetwork:
    """Generation 0's network: it judges as the game's own evaluation (residual or grouped) or at random."""
    if not info.grouped:
        return Network.random(info, seed)
    groups = observer.groups(np.zeros((1, observer.size), np.float32))
    if groups is None:
        raise ValueError(f"{info.game}'s observation has no groups: train a perceptron (--no-grouped)")
    return GroupedNetwork.random(info, groups.features.shape[2], groups.context.shape[1], seed)


def _duel(
    settings: RunSettings, on: Workers, candidate: str, rival: str | None, seed: int, phase: Phase, generation: int
) -> list[DuelResult]:
    deals, iterations = settings.gate_deals, settings.iterations
    tasks = duel_tasks(settings.game, settings.players, deals, seed, iterations, candidate, rival)
    return on.gather(play_duel, tasks, phase, generation)


def write_report(folder: Path, run: Run) -> None:
    """`report.json` (the run as `run.json` has it, plus the kept network's training) and `report.png`: the value's
    and (when it is trained) the move prior's loss curves of every generation, each on its own scale, and strength by
    generation against hard's evaluation with 95% intervals."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    (folder / "report.json").write_text(json.dumps(asdict(run), indent=1) + "\n", encoding="utf-8")
    curves = [("value", "value"), ("policy", "move prior")]
    if run.settings.policy_weight == 0:  # a value-only fit leaves the prior untrained: its flat curve says nothing
        curves = curves[:1]
    figure, axes = plt.subplots(1, len(curves) + 1, figsize=(5.5 * (len(curves) + 1), 4))
    for axis, (name, label) in zip(axes[:-1], curves, strict=True):  # the last panel is the strength's
        offset = 0
        for index, generation in enumerate(run.generations):
            held = generation.curves[f"held_{name}"]
            epochs = range(offset, offset + len(held))
            first = index == 0
            axis.plot(epochs, generation.curves[f"train_{name}"], color="tab:blue", label="training" if first else None)
            axis.plot(epochs, held, color="tab:orange", ls="--", label="held out" if first else None)
            offset += len(held)
        axis.set_xlabel("epoch (all generations)")
        axis.set_ylabel(f"{label} loss")
        axis.legend()
    strength = axes[-1]
    generations = [generation.generation for generation in run.generations]
    shares = [generation.strength for generation in run.generations]
    below = [generation.strength - generation.strength_low for generation in run.generations]
    above = [generation.strength_high - generation.strength for generation in run.generations]
    strength.errorbar(generations, shares, yerr=[below, above], fmt="o-", capsize=3)
    strength.axhline(0.5, color="grey", lw=0.8)
    strength.set_ylim(0, 1)
    strength.set_xticks(generations)
    strength.set_xlim(min(generations, default=1) - 0.5, max(generations, default=1) + 0.5)
    strength.set_xlabel("generation")
    strength.set_ylabel("score against hard's evaluation (95% interval)")
    title = f"{run.settings.game}, {run.settings.players} players, {run.settings.iterations} iterations a move"
    figure.suptitle(title)
    figure.tight_layout()
    figure.savefig(folder / "report.png", dpi=100)
    plt.close(figure)

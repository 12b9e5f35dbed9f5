"""Validation of the game analysis (issue 19), a report, never a test. Three commands:

- `strength --game G`: games of `hard` against `random`, where most of the total loss of winning chance should be
  `random`'s, and `hard` self-play, where the mean loss per decision should be small;
- `collect --game G`: games between bots of mixed strength at every player count in turn, and for a sample of each
  game's decisions the search's raw value of the move played next to how that seat's game ended; written to
  `OUT/calibration-G.jsonl` (one line per game);
- `fit`: from every collected game, each game's calibration map per player count (`analysis/calibration.py`),
  checked by two-fold cross-fitting (fitted on the games of even seed and judged on the odd ones, and the other way
  round): the Brier score and the expected calibration error in ten bins, raw and calibrated, a reliability plot per
  game (`OUT/reliability-G.png`), and each game's `win_calibration` to paste into its `game.py`, fitted on all games.

Games are played and analysed in worker processes (`--workers`), every one seeded, so a run is reproducible. The
search is the analysis's own (`DEFAULT_SPEC`) at `--iterations` per search.

    .venv/bin/python benchmarks/analysis_validation.py strength --game city-blocks [--hard-games 10] [--self-play 4]
    .venv/bin/python benchmarks/analysis_validation.py collect --game guildhall [--games 200] [--judge expert]
    .venv/bin/python benchmarks/analysis_validation.py fit [--out artifacts/analysis-validation]
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass
from pathlib import Path

import matplotlib
import numpy as np

matplotlib.use("Agg")
import matplotlib.pyplot as plt

from guildtable.analysis.calibration import Calibration, logit
from guildtable.analysis.game import positions
from guildtable.analysis.judge import DEFAULT_SPEC, judge, searcher, spec_with
from guildtable.bots.spec import make_bot
from guildtable.kernel import Rng
from guildtable.kernel.records import parse_record, record_of
from guildtable.kernel.registry import all_games, get_game

BINS = 10


@dataclass(frozen=True, slots=True)
class Prediction:
    """One judged decision: the deciding seat, the search's raw value of the move played and its loss next to the
    best move found, and that seat's final result (a win 1, a shared win its share)."""

    seat: int
    value: float
    loss: float
    outcome: float


@dataclass(frozen=True, slots=True)
class GameResult:
    """One played and analysed game: its bots, each seat's decisions (not forced), and the judged sample of them."""

    game: str
    seed: int
    bots: tuple[str, ...]
    decisions: tuple[int, ...]
    predictions: tuple[Prediction, ...]

    def loss_per_decision(self, seat: int) -> float | None:
        """The seat's mean loss per judged decision."""
        losses = [p.loss for p in self.predictions if p.seat == seat]
        return statistics.fmean(losses) if losses else None


def play_and_judge(
    game_name: str, bots: tuple[str, ...], seed: int, iterations: int, sample: int, judge_spec: str = DEFAULT_SPEC
) -> GameResult:
    """Play one seeded game between `bots`, then judge `sample` of its decisions chosen at random (0: all of them),
    with the search's raw values."""
    game = get_game(game_name)
    state = game.new_state(len(bots), seed=seed)
    players = [make_bot(spec, seed * 10 + seat) for seat, spec in enumerate(bots)]
    while not state.is_terminal:
        state.apply(players[state.current_player or 0].choose(state))
    outcome = state.returns()
    record = parse_record(record_of(state, [(spec, spec) for spec in bots]))
    choices = [index for index, (position, _) in enumerate(positions(record)) if len(position.legal_actions()) > 1]
    decisions = [0] * len(bots)
    for index, (position, _) in enumerate(positions(record)):
        if index in choices:
            decisions[position.current_player or 0] += 1
    if sample and sample < len(choices):
        Rng(seed).shuffle(choices)
        choices = choices[:sample]
    chosen = set(choices)
    spec = spec_with(judge_spec, iterations=iterations)
    predictions = []
    for index, (position, action) in enumerate(positions(record)):
        if index in chosen:
            judged = judge(position, action, searcher(spec, seed + index), calibrated=False)
            assert judged.value_played is not None
            predictions.append(Prediction(judged.seat, judged.value_played, judged.loss, outcome[judged.seat]))
    return GameResult(game_name, seed, bots, tuple(decisions), tuple(predictions))


def run(
    pool: ProcessPoolExecutor,
    game: str,
    games: list[tuple[int, tuple[str, ...]]],
    iterations: int,
    sample: int,
    judge_spec: str = DEFAULT_SPEC,
) -> Iterator[GameResult]:
    futures = [pool.submit(play_and_judge, game, bots, seed, iterations, sample, judge_spec) for seed, bots in games]
    for future in futures:
        yield future.result()


def strength(args: argparse.Namespace) -> None:
    game = get_game(args.game)
    players = game.min_players
    with ProcessPoolExecutor(args.workers) as pool:
        print(f"{args.game}, analysis at {args.iterations} iterations per search")
        hard = [
            (seed, (("hard", "random") if seed % 2 == 0 else ("random", "hard")) + ("random",) * (players - 2))
            for seed in range(args.hard_games)
        ]
        results = list(run(pool, args.game, hard, args.iterations, args.sample))
        if results:
            total = {bot: 0.0 for bot in ("hard", "random")}
            per_decision: dict[str, list[float]] = {bot: [] for bot in total}
            for result in results:
                for seat, bot in enumerate(result.bots):
                    mean = result.loss_per_decision(seat)
                    if mean is not None:  # the loss over all decisions, estimated from the sample
                        total[bot] += mean * result.decisions[seat]
                        per_decision[bot].append(mean * 100)
            share = total["random"] / (sum(total.values()) or 1.0)
            hard_mean, random_mean = (statistics.fmean(per_decision[bot]) for bot in ("hard", "random"))
            print(
                f"hard vs random ({len(results)} games): random's share of the total loss {share:.1%}; "
                f"per decision hard {hard_mean:.2f}, random {random_mean:.2f} points"
            )
        selfplay = [(1000 + seed, ("hard",) * players) for seed in range(args.self_play)]
        results = list(run(pool, args.game, selfplay, args.iterations, args.sample))
        if results:
            losses = [
                mean for r in results for seat in range(players) if (mean := r.loss_per_decision(seat)) is not None
            ]
            mean = statistics.fmean(losses) * 100
            print(f"hard self-play ({len(results)} games): mean loss per decision {mean:.2f} points")


def collect(args: argparse.Namespace) -> None:
    game = get_game(args.game)
    counts = list(range(game.min_players, game.max_players + 1))
    mixes = [tuple(pair.split(":")) for pair in args.bots.split(",")]
    games = []
    for seed in range(args.games):
        players = counts[seed % len(counts)]
        mix = mixes[(seed // len(counts)) % len(mixes)]
        games.append((seed, tuple(mix[seat % len(mix)] for seat in range(players))))
    args.out.mkdir(parents=True, exist_ok=True)
    path = args.out / f"calibration-{args.game}.jsonl"
    started = time.perf_counter()
    with ProcessPoolExecutor(args.workers) as pool, path.open("w") as out:
        for done, result in enumerate(run(pool, args.game, games, args.iterations, args.sample, args.judge), 1):
            out.write(json.dumps(asdict(result)) + "\n")
            out.flush()
            if done % 20 == 0:
                print(f"{done}/{len(games)} games, {time.perf_counter() - started:.0f} s", flush=True)
    print(f"{path}: {len(games)} games in {time.perf_counter() - started:.0f} s")


def load(path: Path) -> list[GameResult]:
    results = []
    for line in path.read_text().splitlines():
        row = json.loads(line)
        predictions = tuple(Prediction(**p) for p in row.pop("predictions"))
        results.append(GameResult(row["game"], row["seed"], tuple(row["bots"]), tuple(row["decisions"]), predictions))
    return results


Samples = tuple[np.ndarray, np.ndarray, np.ndarray]  # raw values, player counts, outcomes


def samples(results: list[GameResult]) -> Samples:
    rows = [(p.value, len(r.bots), p.outcome) for r in results for p in r.predictions]
    values, players, outcomes = (np.array(column, dtype=float) for column in zip(*rows, strict=True))
    return values, players, outcomes


def fit_calibration(values: np.ndarray, players: np.ndarray, outcomes: np.ndarray) -> Calibration:
    """The slope and shift of `calibration.py`'s map by maximum likelihood (Newton's method on the log-loss; the
    outcomes may be shares of a win)."""
    base = np.log(1 / (players - 1))  # logit(1 / players)
    x = np.array([logit(v) for v in values]) - base
    params = np.zeros(2)  # slope, shift
    for _ in range(50):
        z = base + params[0] * x + params[1]
        p = 1 / (1 + np.exp(-z))
        gradient = np.array([np.sum((p - outcomes) * x), np.sum(p - outcomes)])
        w = p * (1 - p)
        hessian = np.array([[np.sum(w * x * x), np.sum(w * x)], [np.sum(w * x), np.sum(w)]]) + 1e-9 * np.eye(2)
        step = np.linalg.solve(hessian, gradient)
        params -= step
        if np.max(np.abs(step)) < 1e-10:
            break
    return Calibration(round(float(params[0]), 4), round(float(params[1]), 4))


def apply(calibration: Calibration | None, values: np.ndarray, players: np.ndarray) -> np.ndarray:
    if calibration is None:
        return values
    return np.array([calibration.chance(float(v), int(n)) for v, n in zip(values, players, strict=True)])


def scores(predicted: np.ndarray, outcomes: np.ndarray) -> tuple[float, float, list[tuple[float, float, int]]]:
    """Brier score, expected calibration error and the bins (mean predicted, observed share, count)."""
    brier = float(np.mean((predicted - outcomes) ** 2))
    index = np.minimum((predicted * BINS).astype(int), BINS - 1)
    bins = [
        (float(predicted[index == b].mean()), float(outcomes[index == b].mean()), int((index == b).sum()))
        for b in range(BINS)
        if (index == b).any()
    ]
    ece = sum(count / len(predicted) * abs(p - o) for p, o, count in bins)
    return brier, ece, bins


def fit(args: argparse.Namespace) -> None:
    table: dict[str, dict[int, Calibration]] = {}
    for game in sorted(game.name for game in all_games()):
        path = args.out / f"calibration-{game}.jsonl"
        if not path.exists():
            continue
        results = load(path)
        counts = sorted({len(r.bots) for r in results})
        print(f"\n{game}: {len(results)} games at {', '.join(map(str, counts))} players")
        figure, axes = plt.subplots(figsize=(5.2, 5.2))
        axes.plot([0, 1], [0, 1], linestyle="--", color="#888888", label="perfectly calibrated")
        held_out: dict[str, list[np.ndarray]] = {"raw": [], "calibrated": []}
        outcomes_held: list[np.ndarray] = []
        for players in counts:
            games = [r for r in results if len(r.bots) == players]
            table.setdefault(game, {})[players] = fit_calibration(*samples(games))
            for k in (0, 1):  # fitted on one half of the games, judged on the other
                fitted = fit_calibration(*samples([r for r in games if r.seed % 2 == k]))
                values, seats, outcomes = samples([r for r in games if r.seed % 2 != k])
                held_out["raw"].append(values)
                held_out["calibrated"].append(apply(fitted, values, seats))
                outcomes_held.append(outcomes)
            line = []
            for kind in ("raw", "calibrated"):
                predicted = np.concatenate(held_out[kind][-2:])
                brier, ece, _bins = scores(predicted, np.concatenate(outcomes_held[-2:]))
                line.append(f"{kind} Brier {brier:.3f}, error {ece:.3f}")
            print(
                f"  {players} players ({len(games)} games, {sum(len(o) for o in outcomes_held[-2:])} predictions, "
                f"held out): " + "; ".join(line)
            )
        outcomes = np.concatenate(outcomes_held)
        for kind, colour in (("raw", "#D55E00"), ("calibrated", "#0072B2")):
            brier, ece, bins = scores(np.concatenate(held_out[kind]), outcomes)
            print(f"  all ({len(outcomes)} predictions, held out): {kind} Brier {brier:.3f}, error {ece:.3f}")
            xs, ys, _counts = zip(*bins, strict=True)
            label = "search value" if kind == "raw" else "calibrated chance"
            axes.plot(xs, ys, color=colour, marker="o", label=f"{label}: error {ece:.3f}")
        axes.set_xlabel("predicted chance of winning (after the move played)")
        axes.set_ylabel("observed share of wins")
        axes.set_title(
            f"{game}: reliability on held-out games\n{len(results)} games, {len(outcomes)} predictions",
            fontsize="medium",
        )
        axes.set_xlim(0, 1)
        axes.set_ylim(0, 1)
        axes.legend(loc="upper left", fontsize="small")
        figure.tight_layout()
        figure.savefig(args.out / f"reliability-{game}.png", dpi=110)
        plt.close(figure)
    print("\nEach game's `win_calibration`, to paste into its game.py:")
    for game, by_count in table.items():
        maps = ", ".join(f"{n}: ({c.slope}, {c.shift})" for n, c in by_count.items())
        print(f"    {game}: win_calibration = {{{maps}}}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    commands = parser.add_subparsers(dest="command", required=True)
    for name in ("strength", "collect", "fit"):
        command = commands.add_parser(name)
        command.add_argument("--out", type=Path, default=Path("artifacts/analysis-validation"))
        if name == "fit":
            continue
        command.add_argument("--game", default="city-blocks", choices=sorted(game.name for game in all_games()))
        command.add_argument("--iterations", type=int, default=100, help="search iterations per judged move")
        command.add_argument("--workers", type=int, default=2)
    strength_parser = commands.choices["strength"]
    strength_parser.add_argument("--hard-games", type=int, default=10)
    strength_parser.add_argument("--self-play", type=int, default=4)
    strength_parser.add_argument("--sample", type=int, default=0, help="decisions judged per game (0: all)")
    collect_parser = commands.choices["collect"]
    collect_parser.add_argument("--games", type=int, default=200)
    collect_parser.add_argument("--sample", type=int, default=12, help="decisions judged per game (0: all)")
    collect_parser.add_argument(
        "--judge", default=DEFAULT_SPEC, help="the judging search's spec (a level such as expert, or ismcts:...)"
    )
    collect_parser.add_argument(
        "--bots",
        default="greedy:random,random:greedy,greedy:greedy,random:random,easy:greedy,greedy:easy",
        help="the games' seat bots, in turn (joined by ':', repeated round the table)",
    )
    args = parser.parse_args()
    {"strength": strength, "collect": collect, "fit": fit}[args.command](args)


if __name__ == "__main__":
    main()

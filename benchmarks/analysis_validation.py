"""Validation of the game analysis (issue 19), a report, never a test:

1. games of `hard` against `random`: most of the total loss of winning chance should be `random`'s;
2. `hard` self-play: the mean loss per decision should be small;
3. calibration: over at least 200 games between bots of mixed strength, the predicted winning chances (each seat's
   estimate after each of its moves) against how often that seat went on to win, in ten bins, with the Brier score,
   the expected calibration error and a reliability plot.

Games are played and analysed in worker processes (`--workers`), every one seeded, so a run is reproducible.

    .venv/bin/python benchmarks/analysis_validation.py [--game city-blocks] [--calibration-games 200]
        [--hard-games 10] [--self-play-games 4] [--iterations 100] [--out artifacts/analysis-validation]
"""

from __future__ import annotations

import argparse
import statistics
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt

from guildtable.analysis import analyse
from guildtable.analysis.judge import DEFAULT_SPEC, spec_with
from guildtable.bots.spec import make_bot
from guildtable.kernel.records import parse_record, record_of
from guildtable.kernel.registry import get_game

BINS = 10


@dataclass(frozen=True, slots=True)
class GameResult:
    """One analysed game: its bots, each seat's total loss and decisions, and every (prediction, outcome) pair."""

    bots: tuple[str, ...]
    loss: tuple[float, ...]
    decisions: tuple[int, ...]
    predictions: tuple[tuple[float, float], ...]


def play_and_analyse(game_name: str, bots: tuple[str, ...], seed: int, iterations: int) -> GameResult:
    game = get_game(game_name)
    state = game.new_state(len(bots), seed=seed)
    players = [make_bot(spec, seed * 10 + seat) for seat, spec in enumerate(bots)]
    while not state.is_terminal:
        state.apply(players[state.current_player or 0].choose(state))
    record = parse_record(record_of(state, [(spec, spec) for spec in bots]))
    outcome = state.returns()
    result = analyse(record, spec=spec_with(DEFAULT_SPEC, iterations=iterations), seed=seed)
    predictions = tuple(
        (step.judgement.value_played, outcome[step.judgement.seat])
        for step in result.steps
        if step.judgement.value_played is not None
    )
    seats = range(len(bots))
    return GameResult(
        bots,
        tuple(result.total_loss(seat) for seat in seats),
        tuple(result.decisions(seat) for seat in seats),
        predictions,  # type: ignore[arg-type]
    )


def run(pool: ProcessPoolExecutor, game: str, pairings: list[tuple[str, ...]], iterations: int) -> list[GameResult]:
    futures = [pool.submit(play_and_analyse, game, bots, seed, iterations) for seed, bots in enumerate(pairings)]
    return [future.result() for future in futures]


def loss_share(results: list[GameResult], bot: str) -> float:
    mine = sum(r.loss[s] for r in results for s in range(len(r.bots)) if r.bots[s] == bot)
    total = sum(sum(r.loss) for r in results)
    return mine / total if total else 0.0


def calibration(results: list[GameResult], path: Path) -> tuple[float, float, int]:
    pairs = [pair for result in results for pair in result.predictions]
    brier = statistics.fmean((p - o) ** 2 for p, o in pairs)
    bins: list[list[tuple[float, float]]] = [[] for _ in range(BINS)]
    for p, o in pairs:
        bins[min(BINS - 1, int(p * BINS))].append((p, o))
    ece = sum(
        len(b) / len(pairs) * abs(statistics.fmean(p for p, _ in b) - statistics.fmean(o for _, o in b))
        for b in bins
        if b
    )
    figure, axes = plt.subplots(figsize=(5, 5))
    axes.plot([0, 1], [0, 1], linestyle="--", color="#888888", label="perfectly calibrated")
    xs = [statistics.fmean(p for p, _ in b) for b in bins if b]
    ys = [statistics.fmean(o for _, o in b) for b in bins if b]
    sizes = [max(10, min(200, len(b) / 5)) for b in bins if b]
    axes.scatter(xs, ys, s=sizes, color="#0072B2", label="predicted vs observed (size: positions)")
    axes.plot(xs, ys, color="#0072B2")
    axes.set_xlabel("predicted chance of winning (after the move played)")
    axes.set_ylabel("observed share of wins")
    pairings = sorted({" vs ".join(result.bots) for result in results})
    axes.set_title(f"Reliability of the analysis ({len(results)} games)\n{', '.join(pairings)}", fontsize="medium")
    axes.set_xlim(0, 1)
    axes.set_ylim(0, 1)
    axes.legend(loc="upper left", fontsize="small")
    figure.tight_layout()
    figure.savefig(path, dpi=110)
    plt.close(figure)
    return brier, ece, len(pairs)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", default="city-blocks")
    parser.add_argument("--calibration-games", type=int, default=200)
    parser.add_argument("--hard-games", type=int, default=10)
    parser.add_argument("--self-play-games", type=int, default=4)
    parser.add_argument("--iterations", type=int, default=100, help="search iterations per judged move")
    parser.add_argument(
        "--calibration-bots",
        default="greedy:random,random:greedy,random:random,greedy:greedy",
        help="the calibration games' pairings, in turn (seat bots joined by ':')",
    )
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--out", type=Path, default=Path("artifacts/analysis-validation"))
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    players = get_game(args.game).min_players
    started = time.perf_counter()
    with ProcessPoolExecutor(args.workers) as pool:
        print(f"{args.game}, analysis at {args.iterations} iterations per search")
        hard = [("hard", "random") if i % 2 == 0 else ("random", "hard") for i in range(args.hard_games)]
        hard_results = run(pool, args.game, [bots + ("random",) * (players - 2) for bots in hard], args.iterations)
        if hard_results:
            share = loss_share(hard_results, "random")
            per_decision = {
                bot: statistics.fmean(
                    r.loss[s] / r.decisions[s] for r in hard_results for s in range(players) if r.bots[s] == bot
                )
                * 100
                for bot in ("hard", "random")
            }
            print(
                f"hard vs random ({len(hard_results)} games): random's share of the total loss {share:.1%}; "
                f"per decision hard {per_decision['hard']:.2f}, random {per_decision['random']:.2f} points"
            )
        selfplay = run(pool, args.game, [("hard",) * players] * args.self_play_games, args.iterations)
        if selfplay:
            losses = [r.loss[s] / r.decisions[s] for r in selfplay for s in range(players) if r.decisions[s]]
            mean = statistics.fmean(losses) * 100
            print(f"hard self-play ({len(selfplay)} games): mean loss per decision {mean:.2f} points")
        mixes = [tuple(pair.split(":")) for pair in args.calibration_bots.split(",")]
        pairings = [mixes[i % len(mixes)] + ("random",) * (players - 2) for i in range(args.calibration_games)]
        mixed = run(pool, args.game, pairings, args.iterations)
    brier, ece, count = calibration(mixed, args.out / "reliability.png")
    print(f"calibration ({len(mixed)} games, {count} predictions): Brier {brier:.3f}, calibration error {ece:.3f}")
    print(f"reliability plot: {args.out / 'reliability.png'}; wall time {time.perf_counter() - started:.0f} s")


if __name__ == "__main__":
    main()

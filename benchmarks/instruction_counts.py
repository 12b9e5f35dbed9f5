"""Instructions per random-playout step and per iteration of `hard`'s search, counted by callgrind (issue 36).

A machine's load changes times but not instruction counts, so this compares two engines (compiled and pure, or two
commits) on a shared machine. Each figure is the difference of two runs under `valgrind --tool=callgrind`, one doing
the work and one doing all but it (importing, setting up), divided by the steps or iterations done:

    .venv/bin/python benchmarks/instruction_counts.py                    # every game, the engine installed here
    GUILDTABLE_PURE=1 .venv/bin/python benchmarks/instruction_counts.py  # the same rules from their sources
    PYTHONPATH=/path/to/other/checkout/src .venv/bin/python benchmarks/instruction_counts.py --only city-blocks

Needs valgrind. A report, never a test.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys

from guildtable.bots.ismcts import IsmctsBot
from guildtable.bots.spec import make_bot
from guildtable.kernel import Rng
from guildtable.kernel.registry import get_game

SUBJECTS: tuple[tuple[str, int, int, int], ...] = (
    # game, players, random games to play, search iterations
    ("city-blocks", 2, 40, 1000),
    ("city-and-guilds", 4, 6, 300),
    ("guildhall", 4, 6, 300),
    ("guilds-of-london", 4, 6, 300),
)


def playout(name: str, players: int, games: int) -> int:
    """Random games with seeds 0.. (moves drawn by `Rng.below`); the steps played."""
    game = get_game(name)
    rng = Rng(11)
    steps = 0
    for seed in range(games):
        state = game.new_state(players, seed=seed)
        while not state.is_terminal:
            legal = state.legal_actions()
            state.apply(legal[rng.below(len(legal))])
            steps += 1
    return steps


def search(name: str, players: int, iterations: int) -> int:
    """One search of `hard` (no time limit) from a seeded position six random moves in; the iterations run. (The
    baseline is a search of one iteration, so that the root's one-ply evaluations count in neither.)"""
    game = get_game(name)
    state = game.new_state(players, seed=3)
    rng = Rng(5)
    for _ in range(6):
        state.apply(rng.choice(state.legal_actions()))
    bot = make_bot(f"hard:iterations={iterations},ms=0", seed=1)
    assert isinstance(bot, IsmctsBot)
    return bot.search(state).iterations


def counted(*args: str) -> tuple[int, int]:
    """(instructions, units of work) of this script run under callgrind with `args`."""
    command = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable, __file__, *args]
    env = {**os.environ, "PYTHONHASHSEED": "0", "OPENBLAS_NUM_THREADS": "1"}
    result = subprocess.run(command, capture_output=True, text=True, env=env, check=True)
    found = re.search(r"Collected : (\d+)", result.stderr)
    assert found, result.stderr[-2000:]
    return int(found.group(1)), int(result.stdout.split()[-1])


def per_unit(kind: str, name: str, players: int, amount: int) -> float:
    """Instructions per step (`playout`: `amount` games against none) or per iteration (`search`: `amount` + 1
    iterations against one)."""
    first = 0 if kind == "playout" else 1
    base, base_units = counted("--work", kind, name, str(players), str(first))
    total, units = counted("--work", kind, name, str(players), str(amount + first))
    return (total - base) / max(units - base_units, 1)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--only", default=None, help="one game name")
    parser.add_argument("--work", nargs=4, metavar=("KIND", "GAME", "PLAYERS", "AMOUNT"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.work:
        kind, name, players, amount = args.work
        done = (playout if kind == "playout" else search)(name, int(players), int(amount))
        print(done)
        return
    if shutil.which("valgrind") is None:
        sys.exit("valgrind is not installed")
    engine = "pure" if os.environ.get("GUILDTABLE_PURE") == "1" else "as installed"
    print(f"instructions (callgrind), engine {engine}:")
    for name, players, games, iterations in SUBJECTS:
        if args.only and name != args.only:
            continue
        step = per_unit("playout", name, players, games)
        iteration = per_unit("search", name, players, iterations)
        print(f"  {name} ({players}): {step / 1e3:8.1f}k a playout step, {iteration / 1e6:6.2f}M a `hard` iteration")


if __name__ == "__main__":
    main()

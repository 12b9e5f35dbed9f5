"""The cost of one observation tensor: each game's compiled twin (`observer_twin.pyx`) next to its Python encoder
(`observer.py`), in µs per tensor and, under callgrind, in instructions per tensor (issue 36: the twins stay unless
the Python encoders, compiled, come within 1.5× of them). A report, never a test.

The positions are fixed: every 7th position of 6 seeded random games (the final one included), each encoded for
every seat, in that order (so the Python encoders' memos, `guildtable.kernel.observation.Memo`, help as much as they
would for an environment that steps 7 moves between two tensors of a seat). µs are medians of `--runs` runs of
wall time, so a shared machine shows in them; instructions do not depend on the load:

    .venv/bin/python benchmarks/encoder_cost.py [--game GAME] [--players N] [--runs 5]
    PYTHONHASHSEED=0 valgrind --tool=callgrind --toggle-collect=functools_reduce --callgrind-out-file=/dev/null \\
        .venv/bin/python benchmarks/encoder_cost.py --game guildhall --players 4 --count twin

With `--count twin|python` the script encodes the positions once inside `functools.reduce`, which is all that
callgrind counts (`--toggle-collect`), and prints how many tensors that was: instructions per tensor are callgrind's
"Collected" over that number. `GUILDTABLE_PURE=1` runs the rules engine from its sources (the positions are the same);
the twins are Cython either way.
"""

from __future__ import annotations

import argparse
import functools
import statistics
import time

from guildtable.kernel import Game, Rng, State
from guildtable.kernel.registry import all_games, get_game
from guildtable.rl.encoders import Encoder, new_encoder


def positions(game: Game, players: int, games: int = 6, every: int = 7, seed: int = 5) -> list[State]:
    """Every `every`-th position of `games` seeded random games, the final positions included."""
    rng = Rng(seed)
    found: list[State] = []
    for _ in range(games):
        state = game.new_state(players, seed=rng.below(1 << 62))
        for move in range(10**6):
            if move % every == 0:
                found.append(state.clone())
            if state.is_terminal:
                break
            state.apply(rng.choice(state.legal_actions()))
    return found


def microseconds(encoder: Encoder, calls: list[tuple[State, int]], runs: int, repeats: int = 3) -> float:
    """The median over `runs` of the wall time per tensor of encoding `calls` `repeats` times."""
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        for _ in range(repeats):
            for state, seat in calls:
                encoder.encode(state, seat)
        times.append((time.perf_counter() - start) / (repeats * len(calls)) * 1e6)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", help="one game (default: every game)")
    parser.add_argument("--players", type=int, help="player count (default: each game's fewest and most)")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--count", choices=("twin", "python"), help="encode once, for callgrind to count")
    args = parser.parse_args()
    games = [get_game(args.game)] if args.game else all_games()
    if args.count:
        if len(games) != 1 or args.players is None:
            parser.error("--count needs --game and --players")
        encoder = new_encoder(games[0], args.players, compiled=args.count == "twin")
        if (encoder.compiled is not None) != (args.count == "twin"):
            parser.error(f"{games[0].name}'s twin was not built")
        calls = [(state, seat) for state in positions(games[0], args.players) for seat in range(args.players)]
        functools.reduce(lambda _, call: encoder.encode(*call), calls, None)
        print(f"{len(calls)} tensors")
        return
    print(f"{'game':<18}{'seats':>6}{'tensors':>9}{'twin µs':>9}{'python µs':>11}{'ratio':>8}")
    for game in games:
        for players in [args.players] if args.players else sorted({game.min_players, game.max_players}):
            calls = [(state, seat) for state in positions(game, players) for seat in range(players)]
            twin = new_encoder(game, players)
            python = new_encoder(game, players, compiled=False)
            fast = microseconds(twin, calls, args.runs) if twin.compiled is not None else float("nan")
            slow = microseconds(python, calls, args.runs)
            print(f"{game.name:<18}{players:>6}{len(calls):>9}{fast:>9.2f}{slow:>11.2f}{slow / fast:>7.1f}×")


if __name__ == "__main__":
    main()

"""Refit the street odds of the City Blocks evaluation (`games/city_blocks/heuristics.py`: SCALE and EDGE).

Plays greedy self-play games (one move in ten at random, for variety) and records, after every placement, each open
street that has at least one tile: the empty sites left (k), the lead of the player to move, and who finally won the
street. For each k it fits  outcome ≈ tanh((lead + EDGE[k]) / SCALE[k])  by least squares (a grid search, so numpy
is all it needs) and prints the tuples to paste into heuristics.py. A report, never a test.

    .venv/bin/python benchmarks/fit_city_blocks_street_odds.py --games 3000
"""

from __future__ import annotations

import argparse
import random
from collections import defaultdict
from multiprocessing import Pool

import numpy as np

from guildtable.bots.spec import make_bot
from guildtable.games.city_blocks.content import STREET_NAMES, STREET_SITES, STREETS
from guildtable.games.city_blocks.scoring import street_totals
from guildtable.kernel.registry import get_game

Sample = tuple[int, int, int]  # (empty sites, lead of the player to move, outcome for that player: 1, 0 or -1)


def play(seed: int) -> list[Sample]:
    state = get_game("city-blocks").new_state(2, seed=seed)
    bots = [make_bot("greedy", seed=2 * seed), make_bot("greedy", seed=2 * seed + 1)]
    chance = random.Random(seed)
    pending: list[tuple[int, int, int, int]] = []  # (street, empty, lead, player to move)
    while not state.is_terminal:
        legal = state.legal_actions()
        player = state.current_player
        assert player is not None
        state.apply(chance.choice(legal) if chance.random() < 0.1 else bots[player].choose(state))
        if state.is_terminal or state.pending[-1].kind != "place":
            continue
        mover = state.pending[-1].seat
        for street in range(STREETS):
            if state.slots[street] and state.open_sites[street] < len(STREET_SITES[street]):
                totals = street_totals(state.board, street)
                pending.append((street, state.open_sites[street], totals[mover] - totals[1 - mover], mover))
    winners = {award["street"]: award["winner"] for award in state.awards}
    samples = []
    for street, empty, lead, mover in pending:
        winner = winners[STREET_NAMES[street]]
        samples.append((empty, lead, 0 if winner is None else (1 if winner == mover else -1)))
    return samples


def fit(leads: np.ndarray, outcomes: np.ndarray) -> tuple[float, float, float]:
    """The (edge, scale) minimising the squared error of tanh((lead + edge) / scale), and that error."""
    best = (0.0, 1.0, float("inf"))
    for edge in np.arange(-1.0, 3.0, 0.05):
        for scale in np.arange(1.0, 16.0, 0.05):
            error = float(np.mean((np.tanh((leads + edge) / scale) - outcomes) ** 2))
            if error < best[2]:
                best = (float(edge), float(scale), error)
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=3000)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    with Pool(args.workers) as pool:
        games = pool.map(play, range(args.games), chunksize=20)
    by_empty: dict[int, list[tuple[int, int]]] = defaultdict(list)
    for samples in games:
        for empty, lead, outcome in samples:
            by_empty[empty].append((lead, outcome))
    # A street with a tile in it has at most 5 empty sites (a 6-site row); index 0 (a full street) is never used.
    edges, scales = [0.0], [1.0]
    for empty in range(1, 6):
        rows = np.array(by_empty[empty], dtype=float)
        edge, scale, error = fit(rows[:, 0], rows[:, 1])
        print(f"k={empty}: {len(rows):7d} samples, edge {edge:.2f}, scale {scale:.2f}, mse {error:.3f}")
        edges.append(edge)
        scales.append(scale)
    print("SCALE =", tuple(round(value, 2) for value in scales))
    print("EDGE =", tuple(round(value, 2) for value in edges))


if __name__ == "__main__":
    main()

"""Our ISMCTS next to OpenSpiel's own (`open_spiel.python.algorithms.ismcts`) on the same games and positions, through
the adapter in `guildtable.interop.openspiel_game` (needs the `openspiel` extra). A report, never a test.

1. Iterations per second on the same positions: OpenSpiel's ISMCTS (random-rollout evaluator, the standard setup),
   ours configured the same way (random playouts to the end, no widening), and ours as the `hard` level plays it.
2. A head-to-head match at equal time per move: ours (`hard` settings with `ms=T`) against OpenSpiel's ISMCTS given
   as many simulations as it runs in T on that game (measured in step 1). Seats alternate.

    .venv/bin/python benchmarks/openspiel_ismcts.py --game city-blocks --games 20 --ms 250
"""

from __future__ import annotations

import argparse
import statistics
import time
from typing import Any

import numpy as np
from open_spiel.python.algorithms import ismcts, mcts

from guildtable.bots.ismcts import IsmctsBot, SearchSettings
from guildtable.bots.spec import level_settings
from guildtable.interop.openspiel_game import SpielGame, SpielState, load
from guildtable.kernel import Rng

UCT_C = 0.7  # returns lie in [0, 1] for both searches


def openspiel_bot(game: SpielGame, simulations: int, seed: int) -> Any:
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(seed))
    return ismcts.ISMCTSBot(
        game,
        evaluator,
        UCT_C,
        max(1, simulations),
        random_state=np.random.RandomState(seed + 1),
        allow_inconsistent_action_sets=True,
    )


def positions(game: SpielGame, count: int, seed: int) -> list[SpielState]:
    """Positions with a real choice, from seeded random games."""
    rng = Rng(seed)
    found: list[SpielState] = []
    deal = 0
    while len(found) < count:
        state = game.new_initial_state()
        state.apply_action(deal)
        deal += 1
        target = rng.below(30) + 2
        for _ in range(target):
            if state.is_terminal():
                break
            state.apply_action(rng.choice(state.legal_actions()))
        if not state.is_terminal() and len(state.legal_actions()) > 1:
            found.append(state)
    return found


def rate_openspiel(game: SpielGame, spots: list[SpielState], simulations: int) -> float:
    elapsed = 0.0
    for index, spot in enumerate(spots):
        bot = openspiel_bot(game, simulations, index)
        start = time.perf_counter()
        bot.step(spot)
        elapsed += time.perf_counter() - start
    return simulations * len(spots) / elapsed


def rate_ours(spots: list[SpielState], settings: SearchSettings) -> float:
    iterations = 0
    elapsed = 0.0
    for index, spot in enumerate(spots):
        result = IsmctsBot(index, settings).search(spot.ours)
        iterations += result.iterations
        elapsed += result.seconds
    return iterations / elapsed


def hard_settings(game: SpielGame, **overrides: str) -> SearchSettings:
    """`hard` as it plays this game (with the game's tuning of the level)."""
    return level_settings("hard", dict(overrides), game.ours)


def match(game: SpielGame, games: int, ms: float, simulations: int) -> tuple[float, list[float], list[float]]:
    """Ours (seat alternating) against OpenSpiel's ISMCTS; returns our total outcome and both sides' move times."""
    ours_total = 0.0
    ours_times: list[float] = []
    theirs_times: list[float] = []
    settings = hard_settings(game, iterations="0", ms=str(ms))
    for index in range(games):
        state = game.new_initial_state()
        state.apply_action(10_000 + index)
        me = index % game.num_players()
        ours = IsmctsBot(index, settings)
        theirs = openspiel_bot(game, simulations, index)
        while not state.is_terminal():
            player = state.current_player()
            start = time.perf_counter()
            if player == me:
                action = ours.choose(state.ours)
                ours_times.append(time.perf_counter() - start)
            else:
                action = int(theirs.step(state))
                theirs_times.append(time.perf_counter() - start)
            state.apply_action(action)
        ours_total += state.returns()[me]
        print(f"  game {index + 1}: ours {'won' if state.returns()[me] == 1 else state.returns()[me]}", flush=True)
    return ours_total, ours_times, theirs_times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", default="city-blocks")
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--positions", type=int, default=6)
    parser.add_argument("--simulations", type=int, default=150, help="OpenSpiel simulations per timed search")
    parser.add_argument("--iterations", type=int, default=1500, help="our iterations per timed search")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--ms", type=float, default=250.0, help="time per move in the match")
    args = parser.parse_args()
    game = load(args.game, args.players)
    spots = positions(game, args.positions, seed=7)
    theirs = rate_openspiel(game, spots, args.simulations)
    same = rate_ours(spots, SearchSettings(iterations=args.iterations, c=UCT_C, rollout=-1, widen=0, prior_depth=0))
    hard = rate_ours(spots, hard_settings(game, iterations=str(args.iterations), ms="0"))
    print(f"{args.game}, {game.num_players()} players, {len(spots)} positions — iterations per second (one core):")
    print(f"  OpenSpiel ISMCTS (random rollouts):        {theirs:8.0f}")
    print(f"  ours, same setup (random playouts to end): {same:8.0f}  ({same / theirs:.1f}x)")
    print(f"  ours, as `hard` plays:                     {hard:8.0f}  ({hard / theirs:.1f}x)")
    if args.games <= 0:
        return
    simulations = max(1, round(theirs * args.ms / 1000.0))
    print(f"Match at {args.ms:.0f} ms per move: ours (hard, ms={args.ms:.0f}) vs OpenSpiel ({simulations} simulations)")
    total, ours_times, theirs_times = match(game, args.games, args.ms, simulations)
    print(
        f"  ours won {total:g} of {args.games} games ({total / args.games:.0%}); median move time ours "
        f"{statistics.median(ours_times):.3f} s, OpenSpiel {statistics.median(theirs_times):.3f} s"
    )


if __name__ == "__main__":
    main()

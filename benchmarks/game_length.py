"""How long a game of each game takes (issue 33), a report, never a test: the lobby's "typical length" of each game
(`Game.play_minutes`). None of the rulebooks in ../shared/rulebooks gives a playing time (no "Spieldauer"), so the
figure is measured: seeded games of greedy bots at every player count, each decision timed as a person plays it online.

A person's turn costs `--think` seconds for its first decision (what to do) and `--follow` seconds for each further
decision in the same turn (where to put it, which card to give up); a step with a single legal answer costs nothing.
A game's length is the sum over its turns; the range printed is the mean length at the game's fewest players to the
mean at its most, widened to at least ±20% around the middle for a game of one player count (a rough range, as Board
Game Arena states one), in whole 5 minutes.

    .venv/bin/python benchmarks/game_length.py [--games 20] [--think 20] [--follow 5]
"""

from __future__ import annotations

import argparse
import math
import statistics

from guildtable.bots.greedy import GreedyBot
from guildtable.kernel import Game
from guildtable.kernel.registry import all_games


def seconds(game: Game, players: int, seed: int, think: float, follow: float) -> tuple[float, int]:
    """One seeded game of greedy bots: a person's time for it, and its number of turns."""
    state = game.new_state(players, seed=seed)
    bots = [GreedyBot(seed * 10 + seat) for seat in range(players)]
    total = 0.0
    turns = 0
    last: int | None = None
    while not state.is_terminal and state.current_player is not None:
        seat = state.current_player
        if seat != last:
            turns += 1
            last = seat
            first = True
        if len(state.legal_actions()) > 1:
            total += think if first else follow
            first = False
        state.apply(bots[seat].choose(state))
    return total, turns


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=20, help="seeded games per player count")
    parser.add_argument("--think", type=float, default=20.0, help="seconds for a turn's first decision")
    parser.add_argument("--follow", type=float, default=5.0, help="seconds for each further decision of a turn")
    arguments = parser.parse_args()
    for game in all_games():
        means = []
        for players in game.player_counts:
            timing = (arguments.think, arguments.follow)
            played = [seconds(game, players, seed, *timing) for seed in range(arguments.games)]
            minutes = statistics.mean(length for length, _turns in played) / 60
            turns = statistics.mean(count for _length, count in played)
            means.append(minutes)
            print(f"{game.name:18} {players} players: {turns:5.1f} turns, about {minutes:5.1f} minutes")
        low, high = min(means), max(means)
        middle = (low + high) / 2
        low, high = min(low, middle * 0.8), max(high, middle * 1.2)
        rounded = (max(5, 5 * math.floor(low / 5)), 5 * math.ceil(high / 5))
        print(f"{game.name:18} play_minutes = {rounded}")


if __name__ == "__main__":
    main()

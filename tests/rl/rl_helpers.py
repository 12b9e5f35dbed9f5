"""Shared by the RL tests: every (game, player count), seeded random positions, and the determinization check."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import numpy as np

from guildtable.kernel import Game, Rng, State
from guildtable.kernel.registry import all_games
from guildtable.rl.encoders import Encoder, Tensor

CASES = [(game, players) for game in all_games() for players in game.player_counts]
CASE_IDS = [f"{game.name}-{players}p" for game, players in CASES]


def positions(
    game: Game, players: int, count: int, seed: int, options: dict[str, Any] | None = None, every: int = 1
) -> Iterator[State]:
    """`count` positions of seeded random games (every `every`-th decision, the final positions included)."""
    rng = Rng(seed)
    found = 0
    deal = 0
    while found < count:
        state = game.new_state(players, seed=seed * 1000 + deal, options=options)
        deal += 1
        step = 0
        while found < count:
            if step % every == 0 or state.is_terminal:
                yield state
                found += 1
            if state.is_terminal:
                break
            state.apply(rng.choice(state.legal_actions()))
            step += 1


def first_leak(encoder: Encoder, states: Iterator[State], worlds: int, seed: int) -> str | None:
    """The first (position, seat) whose tensor differs in some determinization for that seat, named with the slices
    that differ; None when every tensor is the same in `worlds` determinizations of every checked position."""
    rng = Rng(seed)
    for state in states:
        for seat in range(state.num_players):
            tensor = encoder.encode(state, seat)
            for _ in range(worlds):
                other = encoder.encode(state.determinize(seat, rng), seat)
                if not np.array_equal(tensor, other):
                    where = f"move {len(state.history)} of seed {state.seed}, seat {seat}"
                    return f"{where}: {differing(encoder, tensor, other)}"
    return None


def differing(encoder: Encoder, tensor: Tensor, other: Tensor) -> str:
    """The names of the slices of `encoder`'s layout where two of its tensors differ."""
    differ = np.flatnonzero(tensor != other)
    return ", ".join(
        sorted({part.name for part in encoder.layout.slices for i in differ if part.start <= i < part.stop})
    )

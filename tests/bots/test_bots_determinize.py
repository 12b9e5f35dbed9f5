"""Determinization consistency for every registered game: from any seat, a determinized copy keeps that seat's view
exactly, keeps the legal moves of the seat to move, conserves the hidden components (the same multiset of named
pieces, only redistributed among hidden places), rebuilds from its own snapshot, and leaves the original untouched."""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import pytest

from guildtable.kernel import Game, Rng
from guildtable.kernel.conformance import canonical
from guildtable.kernel.registry import all_games

GAMES = all_games()


def string_leaves(data: Any) -> Counter[str]:
    """Every string in a JSON tree: card and tile names, so a reshuffle keeps the multiset."""
    found: Counter[str] = Counter()
    stack = [data]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            found[item] += 1
        elif isinstance(item, dict):
            stack.extend(item.values())
        elif isinstance(item, list | tuple):
            stack.extend(item)
    return found


def positions(game: Game, players: int, seed: int, every: int = 7, limit: int = 400) -> list[Any]:
    """Positions along a seeded random game."""
    state = game.new_state(players, seed=seed)
    rng = Rng(seed + 99)
    found = [state.clone()]
    for step in range(limit):
        if state.is_terminal:
            break
        state.apply(rng.choice(state.legal_actions()))
        if step % every == 0:
            found.append(state.clone())
    return found


@pytest.mark.parametrize("game", GAMES, ids=[game.name for game in GAMES])
def test_determinize_keeps_every_observers_view_and_conserves_hidden_pieces(game: Game) -> None:
    rng = Rng(7)
    for players in game.player_counts:
        for state in positions(game, players, seed=players * 31)[:25]:
            before = canonical(state.snapshot())
            pieces = string_leaves(state.snapshot())
            for seat in range(players):
                world = state.determinize(seat, rng)
                assert canonical(world.view(seat)) == canonical(state.view(seat)), f"seat {seat}'s view changed"
                assert string_leaves(world.snapshot()) == pieces, "hidden pieces were not conserved"
                rebuilt = game.from_snapshot(json.loads(json.dumps(world.snapshot())))
                assert canonical(rebuilt.snapshot()) == canonical(world.snapshot())
                if seat == state.current_player:
                    assert world.legal_actions() == state.legal_actions()
                assert world.current_player == state.current_player
            assert canonical(state.snapshot()) == before, "determinize changed the original"


@pytest.mark.parametrize("game", GAMES, ids=[game.name for game in GAMES])
def test_determinized_worlds_play_to_the_end(game: Game) -> None:
    """A determinized copy is a real position: it can be played out to a finished game."""
    rng = Rng(3)
    state = positions(game, game.min_players, seed=5)[-1]
    if state.is_terminal:
        return
    world = state.determinize(state.current_player or 0, rng)
    for _ in range(100_000):
        if world.is_terminal:
            break
        world.apply(rng.choice(world.legal_actions()))
    assert world.is_terminal

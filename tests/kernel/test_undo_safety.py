"""Undo stops where Board Game Arena's does (issue 16): a move may be taken back only while it showed its mover
nothing hidden and left nothing to chance. The engines say which of their events reveal (`Game.revealing_events`,
and every private event); this test checks them against the truth over thousands of positions of every game and
player count: for a move the engine calls safe to take back, every determinization of what its mover could not see
gives the mover exactly the same events and view after it."""

from __future__ import annotations

from collections import Counter

import pytest

from guildtable.kernel import Game, Rng
from guildtable.kernel.conformance import canonical
from guildtable.kernel.registry import all_games

GAMES = all_games()
WORLDS = 3


def surprises(game: Game, players: int, seed: int, moves: int = 300) -> tuple[int, Counter[str]]:
    """Along a seeded random game: how many moves were called safe to take back, and the event kinds of those whose
    outcome for the mover differed between determinizations (each is a missing `revealing_events` entry)."""
    state = game.new_state(players, seed=seed)
    rng = Rng(seed + 1)
    safe = 0
    missed: Counter[str] = Counter()
    for _ in range(moves):
        if state.is_terminal:
            break
        mover = state.current_player
        assert mover is not None
        action = rng.choice(state.legal_actions())
        after = state.clone()
        events = after.apply(action)
        if game.takes_back(events):
            safe += 1
            seen = [canonical(event.to_json()) for event in events if event.visible_to(mover)]
            view = canonical(after.view(mover))
            for _world in range(WORLDS):
                world = state.determinize(mover, rng)
                world_events = world.apply(action)
                if [canonical(e.to_json()) for e in world_events if e.visible_to(mover)] != seen or (
                    canonical(world.view(mover)) != view
                ):
                    missed.update(event.kind for event in events)
                    break
        state = after
    return safe, missed


@pytest.mark.parametrize("game", GAMES, ids=[game.name for game in GAMES])
def test_a_move_called_safe_to_take_back_shows_its_mover_nothing_hidden(game: Game) -> None:
    """Issue 16 (undo): no determinization changes what a takeback-safe move showed its mover."""
    checked = 0
    for players in game.player_counts:
        for seed in range(4):
            safe, missed = surprises(game, players, seed=1000 * players + seed)
            checked += safe
            assert not missed, f"{game.name}, {players} players, seed {seed}: these events reveal: {dict(missed)}"
    # Enough moves were checked to mean something (City Blocks, which draws on almost every move, has the fewest).
    assert checked > 20

"""Invariants over many seeded random games (hypothesis): conservation, hand limits, scores, replays, views and
determinization, plus the shared protocol contract of `kernel.conformance`."""

from __future__ import annotations

import json
from collections import Counter

from hypothesis import given
from hypothesis import strategies as st

from guildtable.games.city_blocks.content import PLAYER_SET, TILE_CODES, TILE_TYPES, VALUE_TILES
from guildtable.games.city_blocks.rules import CityBlocksState
from guildtable.kernel import Event, Rng
from guildtable.kernel.conformance import canonical, check_replay, random_playthrough
from guildtable.kernel.registry import get_game

GAME = get_game("city-blocks")
seeds = st.integers(min_value=0, max_value=2**31 - 1)


def _check_invariants(state: CityBlocksState) -> None:
    # CB-3: value tiles on slots + held + out of the game are always the 15.
    values = [v for v in state.slots if v] + state.won[0] + state.won[1] + state.removed_values
    assert sorted(values) == list(VALUE_TILES)
    for seat in (0, 1):
        # CB-1: each player's 20 tiles are on the board, removed, in hand or in the pile.
        placed = [
            (c - 1) % TILE_TYPES for c in state.board + state.removed_tiles if c and (c - 1) // TILE_TYPES == seat
        ]
        assert Counter(placed + state.hands[seat] + state.piles[seat]) == Counter(PLAYER_SET)
        assert len(state.hands[seat]) <= 5  # CB-14
        assert state.scores()[seat] == sum(state.won[seat])  # CB-22


@given(seed=seeds)
def test_random_games_end_with_every_site_built_and_everything_conserved(seed: int) -> None:
    """CB-16/CB-21: all 30 sites built, all 11 street tiles held or removed, never lost or duplicated; hands ≤ 5;
    each score is the sum of that player's value tiles; the record replays to the same final snapshot."""
    state = GAME.new_state(2, seed=seed)
    rng = Rng(seed)
    while not state.is_terminal:
        state.apply(rng.choice(state.legal_actions()))
        _check_invariants(state)
    assert all(state.board)
    assert not any(state.slots)
    street_tiles = [award["value"] for award in state.awards]
    assert len(street_tiles) == len(set(street_tiles)) == 11
    for award in state.awards:
        holder = award["winner"]
        # A won tile may since have paid for a rebuild (CB-12), which puts it out of the game.
        assert award["value"] in (state.removed_values if holder is None else state.won[holder] + state.removed_values)
    check_replay(state)


@given(seed=seeds)
def test_views_never_show_the_opponents_hand_or_any_pile_order(seed: int) -> None:
    """CB-9 / CB-A-10: no view or event a seat receives holds the opponent's hand or either pile's order."""
    state = GAME.new_state(2, seed=seed)
    rng = Rng(seed)
    received: dict[int, list[Event]] = {0: [], 1: []}
    while not state.is_terminal:
        for seat in (0, 1):
            _assert_hides(state, seat, received[seat])
        events = state.apply(rng.choice(state.legal_actions()))
        for seat in (0, 1):
            received[seat].extend(e for e in events if e.visible_to(seat))
    spectator = state.view(None)
    assert spectator["hand"] is None


def _assert_hides(state: CityBlocksState, seat: int, events: list[Event]) -> None:
    view = state.view(seat)
    assert view["hand"] == [TILE_CODES[t] for t in state.hands[seat]]
    text = canonical(view)
    assert "pile" not in json.dumps([k for k in view if k != "pile_sizes"])
    assert "hands" not in view
    # The opponent's draws are only counts; "drew" events are private to the drawer.
    for event in events:
        if event.kind == "drew":
            assert event.data["seat"] == seat
    # Any two views that differ only in hidden cards look the same to this seat.
    world = state.determinize(seat, Rng(len(text)))
    assert canonical(world.view(seat)) == text


@given(seed=seeds)
def test_determinize_keeps_the_view_and_conserves_tiles(seed: int) -> None:
    """determinize(seat) leaves view(seat) unchanged and only reshuffles hidden tiles."""
    state = GAME.new_state(2, seed=seed)
    rng = Rng(seed)
    for _ in range(rng.below(28)):
        state.apply(rng.choice(state.legal_actions()))
    for seat in (0, 1):
        world = state.determinize(seat, rng)
        assert canonical(world.view(seat)) == canonical(state.view(seat))
        _check_invariants(world)
        assert world.hands[seat] == state.hands[seat]
        assert sorted(world.piles[seat]) == sorted(state.piles[seat])


def test_protocol_contract_on_several_seeds() -> None:
    """The shared per-position contract (kernel.conformance) at every step of a few games, with both options."""
    for seed in range(4):
        state = random_playthrough(GAME, 2, seed, options={"court_via_rebuild": seed % 2 == 0})
        check_replay(state)

"""Invariants over many random games with 2, 3 and 4 players: the protocol contract (conformance), the 120 cards
conserved (GH-1), no identical cards in a guildhall (GH-54), VP never going down (GH-115), views that leak nothing
hidden (GH-19 to GH-22), and replays that reproduce the game."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from guildtable.games.guildhall import GAME
from guildtable.games.guildhall.content import CONTENT
from guildtable.games.guildhall.rules import GuildhallState
from guildtable.kernel import Rng
from guildtable.kernel.conformance import canonical, check_replay, random_playthrough
from guildtable.kernel.events import Event

FULL = Counter(CONTENT.full_deck())
PRIVATE_KINDS = {"selected", "drew_cards", "put_back_card", "hand_revealed", "discard_pile_revealed"}


def census(state: GuildhallState) -> Counter[int]:
    """Every profession card wherever it is: deck, discard, hands, action areas, guildhalls, completed chapters and
    cards held by an unfinished ability."""
    cards = list(state.deck) + state.discard + state.cards_in_transit()
    for seat in range(state.num_players):
        cards += state.hands[seat] + state.areas[seat]
        cards += [p * 5 + c for p in range(6) for c in range(5) if state.halls[seat * 6 + p] >> c & 1]
        cards += [p * 5 + c for p in state.completed[seat] for c in range(5)]
    return Counter(cards)


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("seed", [0, 1])
def test_gh_conformance_random_playthrough_and_replay(players: int, seed: int) -> None:
    """The kernel contract at every few steps, then the record replays exactly (GH-9: 2-4 players)."""
    state = random_playthrough(GAME, players, seed, every=5)
    assert state.is_terminal
    check_replay(state)


def test_gh_conformance_with_other_options() -> None:
    """GH-D1, GH-D3, GH-D4, GH-D9, GH-D11 alternatives keep the contract too."""
    options = {
        "small_game_removal": "per_value",
        "discard_draw_caps_hand": False,
        "robber_random": "any_then_discard",
        "placement_order": "deck_order",
        "tax_collector_model": "single_scaled",
    }
    for players in (2, 3):
        state = random_playthrough(GAME, players, 11, options=options, every=7)
        check_replay(state)


def play_checked(players: int, seed: int) -> GuildhallState:
    state = GAME.new_state(players, seed=seed)
    rng = Rng(seed * 7 + players)
    vp = [0] * players
    while not state.is_terminal:
        events = state.apply(rng.choice(state.legal_actions()))
        assert census(state) == FULL  # GH-1
        for seat in range(players):
            hall = state.snapshot()["halls"][seat] if rng.below(20) == 0 else None
            if hall is not None:
                assert len(hall) == len(set(hall))  # GH-54
            now = state.vp(seat)
            assert now >= vp[seat]  # GH-115
            vp[seat] = now
            assert len(state.completed[seat]) <= 3 or state.current_player == seat  # GH-53
        check_events(state, events)
    return state


def check_events(state: GuildhallState, events: list[Event]) -> None:
    """GH-D18/D19/D20: secrets travel only in events for one seat; public events carry no hidden cards."""
    for event in events:
        if event.kind in PRIVATE_KINDS:
            assert event.seats is not None and len(event.seats) == 1, event
        else:
            assert event.seats is None, event
        if event.kind in ("discard_draw", "setup_redraw", "drew", "put_back", "discarded_from_hand"):
            assert "cards" not in event.data


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.sampled_from([2, 3, 4]))
def test_gh_cards_conserved_no_duplicates_vp_monotone(seed: int, players: int) -> None:
    """GH-1, GH-54, GH-115, GH-53 over random games."""
    state = play_checked(players, seed)
    assert state.winners()


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.sampled_from([2, 3, 4]))
def test_gh_views_leak_nothing_hidden(seed: int, players: int) -> None:
    """GH-19 to GH-22, GH-D18 to GH-D21: a seat's view is the same in every world consistent with what it knows
    (hands, deck order and discard pile below the top resampled), and a spectator sees no hand at all."""
    state = GAME.new_state(players, seed=seed)
    rng = Rng(seed)
    step = 0
    while not state.is_terminal:
        if step % 9 == 0:
            for seat in range(players):
                mine = canonical(state.view(seat))
                for _ in range(2):
                    assert canonical(state.determinize(seat, rng).view(seat)) == mine
            spectator = state.view(None)
            assert spectator["hand"] is None
            for key in ("discard_pile", "target_hand", "deck_top_known", "selected", "completed_professions"):
                assert key not in spectator
            for seat in range(players):
                view = state.view(seat)
                assert all(set(p) >= {"hand_size"} and "hand" not in p for p in view["players"])
        state.apply(rng.choice(state.legal_actions()))
        step += 1


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.sampled_from([2, 3, 4]))
def test_gh_replay_reproduces_the_game(seed: int, players: int) -> None:
    """Records: the same seed and actions give the same final snapshot."""
    state = GAME.new_state(players, seed=seed)
    rng = Rng(seed + 1)
    while not state.is_terminal:
        state.apply(rng.choice(state.legal_actions()))
    check_replay(state)
    again = GAME.new_state(players, seed=seed)
    for action in state.history:
        again.apply(action)
    assert canonical(again.snapshot()) == canonical(state.snapshot())

"""Invariants over many seeded games with 2, 3 and 4 players: liverymen and neutrals conserved (GL-6, GL-8), every tile
scored at most once (GL-72), VP never fall, views and events leak no hidden card or pile order (GL-42, GL-43, GL-D28),
and records replay exactly."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from guildtable.games.guilds_of_london import GAME
from guildtable.games.guilds_of_london import actions as A
from guildtable.games.guilds_of_london.content import CONTENT
from guildtable.games.guilds_of_london.questions import Negotiate
from guildtable.games.guilds_of_london.rules import GuildsState
from guildtable.kernel import Rng
from guildtable.kernel.conformance import check_replay
from guildtable.kernel.events import Event


def busy_choice(state: GuildsState, rng: Rng) -> int:
    """Random, but passing or stopping only now and then, so tiles fill up and get scored."""
    legal = state.legal_actions()
    if isinstance(state.stack[-1], Negotiate) and rng.random() < 0.7:
        return A.STOP
    others = [a for a in legal if a not in (A.PASS, A.STOP)]
    if others and rng.random() < 0.85:
        return rng.choice(others)
    return rng.choice(legal)


def check_invariants(state: GuildsState) -> None:
    players = state.num_players
    for seat in range(players):
        on_board = sum(state.fig[location * 4 + seat] for location in range(A.N_LOCATIONS))
        assert on_board + state.supply[seat] == 16
        assert state.neutrals[seat] + state.neutral_out[seat] == 2
    for tile in state.in_play:
        if state.back[tile]:
            assert sum(state.fig[tile * 4 : tile * 4 + players]) <= 1  # at most the master


def check_view(state: GuildsState, seat: int, events: list[Event]) -> None:
    view = state.view(seat)
    assert [c["number"] for c in view["hand"]] == [CONTENT.cards[c].number for c in state.hands[seat]]
    assert view["reward_cards"] == [CONTENT.rewards[c].id for c in state.rewards[seat]]
    text = json.dumps(view)
    for other in range(state.num_players):
        if other == seat or state.is_terminal:
            continue
        for card in state.rewards[other]:
            assert f'"{CONTENT.rewards[card].id}"' not in text
    assert "deck" not in view and "pool" not in view
    known = {CONTENT.rewards[c].id for c, who in zip(state.reward_deck, state.reward_known, strict=True) if who == seat}
    assert set(view["under_reward_deck"]) == known
    for event in events:
        if event.seats is not None:
            assert event.seats == frozenset({event.data["seat"]})


def play(players: int, seed: int, watch: bool = True) -> GuildsState:
    state = GAME.new_state(players, seed=seed)
    assert isinstance(state, GuildsState)
    rng = Rng(seed * 7 + 1)
    flips = [0] * A.N_TILES
    previous_vp = list(state.vp)
    steps = 0
    while not state.is_terminal:
        backs = list(state.back)
        events = state.apply(busy_choice(state, rng))
        steps += 1
        for tile in range(A.N_TILES):
            if state.back[tile] and not backs[tile]:
                flips[tile] += 1
            assert state.back[tile] >= backs[tile], "a scored tile never turns back"
        assert all(now >= before for now, before in zip(state.vp, previous_vp, strict=True))
        previous_vp = list(state.vp)
        if watch:
            check_invariants(state)
            if steps % 5 == 0:
                check_view(state, steps % players, events)
    assert max(flips) <= 1
    check_invariants(state)
    return state


@pytest.mark.parametrize("players", [2, 3, 4])
def test_invariants_hold_through_busy_random_games(players: int) -> None:
    scored = 0
    for seed in range(3):
        state = play(players, seed)
        check_replay(state)
        scored += sum(state.back)
    assert scored > 0, "busy games score tiles"


@settings(max_examples=12, deadline=None)
@given(players=st.integers(min_value=2, max_value=4), seed=st.integers(min_value=0, max_value=10_000))
def test_invariants_hold_for_any_seed(players: int, seed: int) -> None:
    play(players, seed, watch=False)


def test_determinized_worlds_keep_the_view_and_hide_what_changes() -> None:
    """GL-43: determinization may reorder decks, others' hands, the pool and tokens; the observer sees no change."""
    state = GAME.new_state(4, seed=3)
    rng = Rng(9)
    for _ in range(60):
        state.apply(busy_choice(state, rng))
    seat = state.current_player
    assert seat is not None
    world = state.determinize(seat, rng)
    assert world.view(seat) == state.view(seat)
    assert world.hands[seat] == state.hands[seat]
    assert sorted(world.deck + [c for p, h in enumerate(world.hands) if p != seat for c in h]) == sorted(
        state.deck + [c for p, h in enumerate(state.hands) if p != seat for c in h]
    )


def test_snapshot_round_trip_and_tampering_is_refused() -> None:
    from guildtable.kernel import BadRecord

    state = GAME.new_state(3, seed=4)
    rng = Rng(1)
    for _ in range(40):
        state.apply(busy_choice(state, rng))
    data = json.loads(json.dumps(state.snapshot()))
    again = GAME.from_snapshot(data)
    assert again.snapshot() == state.snapshot()
    data["supply"][0] += 1
    with pytest.raises(BadRecord):
        GAME.from_snapshot(data)


def test_kernel_no_leak_check_over_a_game() -> None:
    """GL-42, GL-43, GL-D28 with the kernel's check: no seat's view or event stream holds another seat's reward cards
    or the next cards of the action deck."""
    from guildtable.kernel.conformance import check_no_leak

    def hidden(state: GuildsState, seat: int) -> list[str]:
        secrets = [
            f'"{CONTENT.rewards[c].id}"' for p in range(state.num_players) if p != seat for c in state.rewards[p]
        ]
        top = [CONTENT.cards[c].number for c in reversed(state.deck[-3:])]
        if len(top) == 3:
            secrets.append('"cards":' + json.dumps(top, separators=(",", ":")))
        return secrets

    for players in (2, 4):
        state = GAME.new_state(players, seed=21)
        assert isinstance(state, GuildsState)
        rng = Rng(5)
        seen: dict[int | None, list[Event]] = {seat: [] for seat in range(players)}
        for step in range(400):
            if state.is_terminal:
                break
            events = state.apply(busy_choice(state, rng))
            for seat in range(players):
                seen[seat].extend(e for e in events if e.visible_to(seat))
            if step % 25 == 0:
                check_no_leak(state, seen, hidden)


@pytest.mark.parametrize("players", [2, 4])
def test_the_decision_and_its_prompt_are_the_same_for_every_seat_and_name_nothing_hidden(players: int) -> None:
    """Issue 31, GL-42, GL-43, GL-D28: the view's `decision` (the kernel's, with its prompt) is the same for every seat
    and the spectator, and every other seat's determinized worlds (other hands, reward cards, decks reshuffled) give
    it unchanged: a prompt names only what everyone may see."""
    state = GAME.new_state(players, seed=11)
    rng = Rng(5)
    while not state.is_terminal:
        decision = state.view(None)["decision"]
        assert decision is not None and decision["prompt"] == state.prompt()
        for seat in range(players):
            assert state.view(seat)["decision"] == decision
            if seat != decision["seat"]:
                assert state.determinize(seat, rng).view(seat)["decision"] == decision
        state.apply(busy_choice(state, rng))
    assert state.view(None)["decision"] is None

"""Checks every game must pass, shared by each game's tests: a seeded random playthrough that verifies the protocol
contract at every step (legal actions agree with `why_illegal`, rejected moves change nothing, clones and snapshots
are faithful, determinization keeps the observer's view, records replay exactly, hidden facts stay hidden).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import Any

from guildtable.kernel.errors import IllegalAction
from guildtable.kernel.events import Event
from guildtable.kernel.protocol import Game, State
from guildtable.kernel.records import parse_record, record_of, replay_record
from guildtable.kernel.rng import Rng

HiddenFacts = Callable[[State, int], list[str]]
"""For a state and a seat, JSON fragments that seat must never see (another hand's cards, a pile's order)."""


def canonical(data: Any) -> str:
    return json.dumps(data, sort_keys=True, separators=(",", ":"))


def random_playthrough(
    game: Game,
    players: int,
    seed: int,
    *,
    options: Mapping[str, object] | None = None,
    max_steps: int = 100_000,
    every: int = 1,
    on_step: Callable[[State, int, list[Event]], None] | None = None,
) -> State:
    """Play a seeded random game through the protocol, checking the contract every `every` steps."""
    state = game.new_state(players, seed=seed, options=options)
    rng = Rng(seed ^ 0x5EED)
    size = game.num_distinct_actions(players)
    for step in range(max_steps):
        if state.is_terminal:
            assert state.legal_actions() == [], "a finished game has no legal actions"
            assert state.current_player is None
            return state
        legal = state.legal_actions()
        assert legal, f"step {step}: no legal action but the game is not over"
        assert legal == sorted(set(legal)), "legal_actions must be ascending and unique"
        assert all(0 <= a < size for a in legal)
        if step % every == 0:
            check_position(state, rng, legal)
        action = rng.choice(legal)
        events = state.apply(action)
        if on_step is not None:
            on_step(state, action, events)
    raise AssertionError(f"no end after {max_steps} steps")


def check_position(state: State, rng: Rng, legal: list[int]) -> None:
    """The per-position contract."""
    size = state.game.num_distinct_actions(state.num_players)
    legal_set = set(legal)
    before = canonical(state.snapshot())
    # why_illegal agrees with legal_actions on a sample of actions, and rejecting changes nothing.
    for _ in range(8):
        action = rng.below(size)
        reason = state.why_illegal(action)
        assert (reason is None) == (action in legal_set), f"why_illegal({action}) disagrees with legal_actions"
        if reason is not None:
            assert reason[1], "an illegal action needs a message"
            try:
                state.apply(action)
            except IllegalAction:
                pass
            else:
                raise AssertionError(f"illegal action {action} was accepted")
            assert canonical(state.snapshot()) == before, "a rejected move changed the state"
    for bad in (-1, size, "x", 1.5, True):
        try:
            state.apply(bad)
        except IllegalAction:
            pass
        else:
            raise AssertionError(f"{bad!r} was accepted as an action")
    assert canonical(state.snapshot()) == before
    # Codecs round-trip.
    for action in legal[:: max(1, len(legal) // 6)]:
        assert state.action_from_json(state.action_to_json(action)) == action
        assert state.action_from_notation(state.action_to_notation(action)) == action
    # Clones are independent and equal.
    copy = state.clone()
    assert canonical(copy.snapshot()) == before
    copy.apply(legal[0])
    assert canonical(state.snapshot()) == before, "applying to a clone changed the original"
    # Snapshots round-trip.
    again = state.game.from_snapshot(json.loads(json.dumps(state.snapshot())))
    assert canonical(again.snapshot()) == before
    assert again.legal_actions() == legal
    # Determinization keeps what the observer knows.
    seat = state.current_player
    assert seat is not None
    world = state.determinize(seat, rng)
    assert canonical(world.view(seat)) == canonical(state.view(seat)), "determinize changed the observer's view"
    assert world.legal_actions() == legal


def check_replay(state: State) -> None:
    """The record of a finished game replays to the same final snapshot."""
    record = parse_record(json.dumps(record_of(state)))
    replayed = replay_record(record)
    assert canonical(replayed.snapshot()) == canonical(state.snapshot())


def check_no_leak(state: State, events_by_seat: dict[int | None, list[Event]], hidden: HiddenFacts) -> None:
    """No seat's view or received events contain a fact hidden from it."""
    for seat in range(state.num_players):
        secrets = hidden(state, seat)
        text = canonical(state.view(seat)) + canonical([e.to_json() for e in events_by_seat.get(seat, [])])
        for secret in secrets:
            assert secret not in text, f"seat {seat} can see hidden {secret}"

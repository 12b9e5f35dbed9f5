"""Scenario positions for the Guildhall tests: say what matters (guildhalls, hands, piles), the rest of the 120 cards
fills the draw deck (and, when the deck must be small, a spare hand), and the state is built through
`from_snapshot`, so each scenario is also a snapshot test."""

from __future__ import annotations

from collections import Counter
from typing import Any

from guildtable.games.guildhall import GAME
from guildtable.games.guildhall.content import CARD_NAMES, CONTENT, card_of
from guildtable.games.guildhall.rules import GuildhallState
from guildtable.kernel.events import Event


def ids(names: list[str]) -> list[int]:
    result = []
    for name in names:
        card = card_of(name)
        assert card is not None, name
        result.append(card)
    return result


def scenario(
    players: int = 2,
    *,
    halls: dict[int, list[str]] | None = None,
    hands: dict[int, list[str]] | None = None,
    discard: list[str] | None = None,  # top first
    deck_top: list[str] | None = None,  # top first
    deck_size: int | None = None,
    spare: int = 1,  # the seat whose hand takes the cards that do not fit in a small deck
    completed: dict[int, list[str]] | None = None,
    areas: dict[int, list[str]] | None = None,
    played: list[str] | None = None,
    tokens: dict[int, int] | None = None,
    row: list[str] | None = None,
    prestige_deck: list[str] | None = None,
    active: int = 0,
    actions_left: int = 1,
    stack: list[list[Any]] | None = None,
    options: dict[str, Any] | None = None,
) -> GuildhallState:
    """A mid-turn position: by default `active` is asked for an action with `actions_left` more to come."""
    base = GAME.new_state(players, seed=7, options=options)
    snap = base.snapshot()
    halls = halls or {}
    hands = hands or {}
    completed = completed or {}
    areas = areas or {}
    used: list[int] = ids(discard or []) + ids(deck_top or [])
    for seat in range(players):
        used += ids(halls.get(seat, [])) + ids(hands.get(seat, [])) + ids(areas.get(seat, []))
        for prof in completed.get(seat, []):
            card = card_of(f"red {prof}")
            assert card is not None
            used += [card - card % 5 + c for c in range(5)]
    pool = Counter(CONTENT.full_deck()) - Counter(used)
    assert sum((Counter(used) - Counter(CONTENT.full_deck())).values()) == 0, "more than 4 copies used"
    rest = sorted(pool.elements())
    top = list(deck_top or [])
    keep = len(rest) if deck_size is None else deck_size - len(top)
    deck = top + [CARD_NAMES[c] for c in rest[:keep]]
    overflow = [CARD_NAMES[c] for c in rest[keep:]]
    hand_lists = [list(hands.get(seat, [])) for seat in range(players)]
    hand_lists[spare] += overflow
    snap.update(
        deck=deck,
        discard=list(discard or []),
        hands=hand_lists,
        selected=[],
        areas=[list(areas.get(seat, [])) for seat in range(players)],
        halls=[list(halls.get(seat, [])) for seat in range(players)],
        completed=[list(completed.get(seat, [])) for seat in range(players)],
        tokens=[(tokens or {}).get(seat, 0) for seat in range(players)],
        active=active,
        actions_left=actions_left,
        played=list(played or []),
        turn=1,
        prepared=players,
        known=[0] * players,
        history=[],
        stack=stack if stack is not None else [["action", active]],
    )
    if row is not None:
        everything = snap["row"] + snap["prestige_deck"]
        for type_id in row:
            everything.remove(type_id)
        snap["row"] = list(row)
        snap["prestige_deck"] = everything if prestige_deck is None else list(prestige_deck)
        if prestige_deck is not None:
            snap["prestige_removed"] = snap["prestige_removed"] + everything
    return GAME.from_snapshot(snap)


def play(state: GuildhallState, *moves: str) -> list[Event]:
    """Apply typed moves in order; returns all events."""
    events: list[Event] = []
    for move in moves:
        events += state.apply(state.action_from_notation(move))
    return events


def legal(state: GuildhallState) -> set[str]:
    return set(state.legal_notations())


def kind(state: GuildhallState) -> str:
    decision = state.view(None)["decision"]
    return "" if decision is None else str(decision["kind"])


def hall(state: GuildhallState, seat: int) -> dict[str, list[str]]:
    return dict(state.view(None)["players"][seat]["guildhall"])

"""Issue 37: a Guilds of London position rebuilt from one seat's view (what a remote bot thinks on) shows that seat
the very view it was built from, offers it the same moves, lets a bot choose and play on, and is the same whatever
the hidden cards, tiles and tokens really were (GL-42 to GL-44, GL-D27, GL-D28: what a seat may know)."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from guildtable.bots import make_bot
from guildtable.games.guilds_of_london.rules import GuildsState
from guildtable.kernel import BadRecord, Rng, State
from guildtable.kernel.i18n import GERMAN, use_language
from guildtable.kernel.registry import get_game

GAME = get_game("guilds-of-london")


def _wire(state: State, seat: int | None) -> Any:
    return json.loads(json.dumps(state.view(seat)))  # as it crosses the network


def _rebuilt(view: Any, seed: int) -> GuildsState:
    rebuilt = GAME.seat_state(view, Rng(seed))
    assert isinstance(rebuilt, GuildsState)
    return rebuilt


@pytest.mark.parametrize(("players", "seed"), [(2, 0), (2, 1), (3, 2), (3, 3), (4, 4), (4, 5)])
def test_the_rebuilt_position_shows_the_seat_its_view_and_offers_its_moves(players: int, seed: int) -> None:
    """At every position of a random game, for every seat: the rebuilt view is the view (the setup's keep questions,
    turns, costs, moves, negotiations, rewards and the plantation included), and the seat on turn has the same legal
    moves; now and then a random playout from the rebuilt position reaches the game's end (the steps under the
    question on top carry on)."""
    rng = random.Random(seed)
    state = GAME.new_state(players, seed=seed)
    kinds = set()
    plies = 0
    while True:
        for seat in range(players):
            view = _wire(state, seat)
            rebuilt = _rebuilt(view, rng.randrange(1 << 30))
            assert _wire(rebuilt, seat) == view
            if state.current_player == seat:
                assert rebuilt.legal_actions() == state.legal_actions()
                kinds.add(view["decision"]["kind"])
                if plies % 97 == 0:
                    while not rebuilt.is_terminal:
                        rebuilt.apply(rng.choice(rebuilt.legal_actions()))
        if state.is_terminal:
            break
        state.apply(rng.choice(state.legal_actions()))
        plies += 1
    assert {"setup_keep", "turn", "move_from", "move_to", "negotiate", "first_reward"} <= kinds


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_bot_chooses_on_the_rebuilt_position(players: int) -> None:
    """The client's bots think on the rebuilt position: `greedy` and a short `hard` choose one of the real
    position's moves."""
    rng = random.Random(players)
    state = GAME.new_state(players, seed=players)
    greedy, hard = make_bot("greedy", 1), make_bot("hard:iterations=50,ms=0", 1)
    plies = 0
    while not state.is_terminal and plies < 400:
        seat = state.current_player
        if plies % 23 == 0:
            rebuilt = _rebuilt(_wire(state, seat), plies)
            for bot in (greedy, hard):
                assert bot.choose(rebuilt.clone()) in state.legal_actions()
        state.apply(rng.choice(state.legal_actions()))
        plies += 1


@pytest.mark.parametrize("players", [2, 4])
def test_the_rebuild_does_not_depend_on_the_hidden_truth(players: int) -> None:
    """GL-42, GL-43, GL-D28: two real positions that differ only in what the seat cannot see (the others' hands and
    reward cards, the decks, the tile pool, the token bag: a determinization) show it the same view, and the same
    draws rebuild the very same position from either."""
    rng = random.Random(players)
    state = GAME.new_state(players, seed=7)
    plies = 0
    while not state.is_terminal:
        if plies % 41 == 0:
            for seat in range(players):
                other = state.determinize(seat, Rng(plies + seat))
                assert other.snapshot() != state.snapshot() or plies == 0
                view = _wire(state, seat)
                assert _wire(other, seat) == view
                one, two = _rebuilt(view, plies), _rebuilt(_wire(other, seat), plies)
                assert one.snapshot() == two.snapshot()
        state.apply(rng.choice(state.legal_actions()))
        plies += 1


def test_a_spectators_view_rebuilds_nothing() -> None:
    view = _wire(GAME.new_state(3, seed=1), None)
    with pytest.raises(BadRecord):
        GAME.seat_state(view, Rng(1))


def test_a_view_worded_in_another_language_rebuilds_too() -> None:
    """The server words a view's prompts in its reader's language, the client may speak another: the question on
    top is still found (its details read off the German prompt) and offers the same moves."""
    rng = random.Random(9)
    state = GAME.new_state(3, seed=9)
    plies = 0
    while not state.is_terminal:
        if plies % 5 == 0:
            seat = state.current_player
            with use_language(GERMAN):
                view = _wire(state, seat)
            rebuilt = _rebuilt(view, plies)
            assert rebuilt.legal_actions() == state.legal_actions()
            with use_language(GERMAN):
                assert _wire(rebuilt, seat) == view
        state.apply(rng.choice(state.legal_actions()))
        plies += 1

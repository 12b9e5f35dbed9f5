"""The moves a state has played (`State.history`), kept as a past its copies share and a few recent moves of its own
(issue 36): every copy still has exactly its own history, whatever was played before and after the copy."""

from __future__ import annotations

from guildtable.kernel import Rng
from guildtable.kernel.protocol import RECENT_MOVES
from guildtable.kernel.registry import get_game


def test_copies_keep_their_own_moves_before_and_after_the_copy() -> None:
    """A long game cloned at every move: each copy's history is the moves up to its copy, then its own moves."""
    game = get_game("guildhall")
    state = game.new_state(2, seed=4)
    rng = Rng(9)
    played: list[int] = []
    copies = []
    while not state.is_terminal and len(played) < 5 * RECENT_MOVES:
        copies.append((state.clone(), list(played)))
        action = rng.choice(state.legal_actions())
        state.apply(action)
        played.append(action)
        assert state.history == played
        assert state.moves_played == len(played)
        assert state.last_action == action
    assert len(played) > 2 * RECENT_MOVES  # the past has been folded more than once
    for copy, before in copies[::7]:
        assert copy.history == before
        own = list(before)
        for _ in range(RECENT_MOVES + 3):
            if copy.is_terminal:
                break
            action = rng.choice(copy.legal_actions())
            copy.apply(action)
            own.append(action)
        assert copy.history == own
        assert copy.moves_played == len(own)
    assert state.history == played  # the copies' moves did not reach the original


def test_history_is_a_new_list_and_can_be_set() -> None:
    """Changing the list `history` returns changes nothing; setting it (a snapshot's restore) replaces the moves."""
    game = get_game("city-blocks")
    state = game.new_state(2, seed=1)
    assert state.history == [] and state.moves_played == 0 and state.last_action == -1
    action = state.legal_actions()[0]
    state.apply(action)
    state.history.append(99)
    assert state.history == [action]
    state.history = [5, 6]
    assert state.history == [5, 6] and state.moves_played == 2 and state.last_action == 6

"""Issue 36: `State.legal_actions()` may hand out the state's own list (Guildhall keeps its legal answers until the next
move and returns that very list, which its `why_illegal` trusts), so a caller reads the list and never changes it.

Every caller in guildtable that receives the list (the table's legal moves, views and prompts, the bots, the RL
action mask) leaves it as it was; and were a caller to change it, the side-by-side comparison of the compiled and the
pure engine (`test_compiled_engine.py`), which hashes the lists handed out once the whole game is played, would show
the difference.
"""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np
import pytest
from pure_engine import digest, record
from test_compiled_engine import PureEngine, compiled_or_skip

from guildtable.bots.base import bot_actions
from guildtable.bots.spec import make_bot
from guildtable.kernel import Game, Rng
from guildtable.kernel.registry import all_games, get_game
from guildtable.rl.masks import action_mask

GAMES = all_games()


@pytest.fixture(scope="module")
def pure_engine() -> Iterator[PureEngine]:
    compiled_or_skip()
    engine = PureEngine()
    yield engine
    engine.close()


def test_guildhall_hands_out_its_kept_legal_answers() -> None:
    """The reason for the rule: Guildhall returns the list it keeps until the next move, not a copy."""
    state = get_game("guildhall").new_state(4, seed=3)
    assert state.legal_actions() is state.legal_actions()


@pytest.mark.parametrize("game", GAMES, ids=[game.name for game in GAMES])
def test_no_caller_changes_the_legal_actions_it_is_given(game: Game) -> None:
    """At every step of a random game, what guildtable does with the list `legal_actions()` returned leaves it, and
    the state's legal actions, as they were."""
    chooser = Rng(11)
    bots = [make_bot("random", seed=1), make_bot("greedy", seed=2)]
    search = make_bot("hard:iterations=12,ms=0", seed=3)
    state = game.new_state(game.max_players, seed=5)
    step = 0
    while not state.is_terminal:
        legal = state.legal_actions()
        before = list(legal)
        seat = state.current_player
        state.legal_moves()
        state.view(seat)
        state.prompt()
        bot_actions(state)
        action_mask(legal, state.num_actions, np.int8)
        for bot in bots:
            bot.choose(state)
        if step % 40 == 0:
            search.choose(state)
            state.determinize(seat or 0, Rng(step))
        assert legal == before and state.legal_actions() == before, f"step {step}: the legal actions changed"
        state.apply(chooser.choice(legal))
        step += 1


def test_a_changed_legal_list_shows_in_the_compiled_and_pure_comparison(pure_engine: PureEngine) -> None:
    """A caller breaking the rule, after the game is played, changes what the comparison hashes: the last
    position's legal actions then differ from the pure engine's, and nothing before them."""
    table = {"game": "guildhall", "players": 4, "seed": 7, "options": {}}
    state = get_game("guildhall").new_state(4, seed=7)
    chooser = Rng(3)
    records = [record(state, [])]
    actions: list[int] = []
    for _ in range(40):
        action = chooser.choice(state.legal_actions())
        actions.append(action)
        records.append(record(state, state.apply(action)))
    state.legal_actions().append(-1)  # the caller breaking the rule
    theirs = pure_engine.ask({**table, "actions": actions})["digests"]
    ours = [digest(entry) for entry in records]
    assert ours[:-1] == theirs[:-1]
    assert ours[-1] != theirs[-1]

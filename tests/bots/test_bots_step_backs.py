"""A game's step-backs (`Game.step_backs`: City and Guilds' putting a picked tile back, CG-16) are a person's
convenience: bots never choose them, so that a search that liked one cannot pick and put back for ever (issue 37: a
`hard` seat at a small City and Guilds table did exactly that, and its game never ended)."""

from __future__ import annotations

import random

from guildtable.bots.base import bot_actions
from guildtable.bots.hint import search_moves
from guildtable.bots.ismcts import IsmctsBot, SearchSettings
from guildtable.bots.spec import make_bot
from guildtable.games.city_and_guilds.actions import PUT_BACK
from guildtable.kernel import State
from guildtable.kernel.registry import all_games, get_game

# Three blocks of three lots: the table at which `hard` went round in circles (seed 2).
SMALL_MAP = "\n".join(["........", ".AAA.BBB", "........", "..CCC...", "........"])


def at_a_picked_tile(seed: int) -> State:
    """A three-player game on the small map at its first question where the player has picked a tile (CG-16)."""
    state = get_game("city-and-guilds").new_state(3, seed=seed, options={"map": SMALL_MAP})
    while PUT_BACK not in state.legal_actions():
        state.apply(state.legal_actions()[0])
    return state


def test_only_city_and_guilds_has_step_backs_and_they_are_legal_moves() -> None:
    """CG-16: a picked tile may be put back before its lot is chosen; the other games take nothing back this way."""
    assert {game.name: set(game.step_backs) for game in all_games() if game.step_backs} == {
        "city-and-guilds": {PUT_BACK}
    }
    state = at_a_picked_tile(2)
    assert PUT_BACK in state.legal_actions() and PUT_BACK not in bot_actions(state)
    assert set(bot_actions(state)) == set(state.legal_actions()) - {PUT_BACK}


def test_no_bot_puts_a_picked_tile_back() -> None:
    """CG-16: the random bot, the search and the greedy bot all place the picked tile."""
    state = at_a_picked_tile(2)
    for seed in range(30):
        assert make_bot("random", seed).choose(state) != PUT_BACK
    assert make_bot("hard:iterations=100", 1).choose(state) != PUT_BACK
    assert make_bot("greedy", 1).choose(state) != PUT_BACK
    result = IsmctsBot(3, SearchSettings(iterations=100)).search(state)
    assert PUT_BACK not in result.visits


def test_a_hard_seat_at_the_small_table_finishes_its_game() -> None:
    """The game that never ended: seat 0 plays its first legal move, seat 1 `hard`, seat 2 random (CG-16)."""
    state = get_game("city-and-guilds").new_state(3, seed=2, options={"map": SMALL_MAP})
    hard, chance = make_bot("hard:iterations=200", 2), random.Random(2)
    for _move in range(200):
        if state.is_terminal:
            break
        seat, legal = state.current_player, state.legal_actions()
        action = legal[0] if seat == 0 else hard.choose(state) if seat == 1 else chance.choice(legal)
        assert seat != 1 or action != PUT_BACK
        state.apply(action)
    assert state.is_terminal


def test_the_analysis_still_weighs_a_put_back_a_person_played() -> None:
    """A person may put a tile back (CG-16): judging that move searches it beside the best one."""
    state = at_a_picked_tile(2)
    duel = search_moves(state, IsmctsBot(4, SearchSettings(iterations=60)), focus=(PUT_BACK, state.legal_actions()[0]))
    assert PUT_BACK in duel.visits
